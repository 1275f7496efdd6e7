import { randomInt, randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log.js';
import type { StaffRole as Role } from '../contract/staff.js';
import type { Db } from '../db/database.js';
import { err, ok, type Result } from '../platform/result.js';
import type { Permission } from '../contract/permissions.js';
import { effectivePermissions } from './permission-presets.js';
import { hashPin, pinProblem, verifyPin } from './pin-hash.js';
import { judgePin, pinRefusal, type PinVerdict } from './pin-lock.js';
import { ManagerApproval, type ApprovalContext } from './manager-approval.js';
import { toMember, type StaffError, type StaffMember, type StaffRow } from './staff-member.js';
import { StaffReplica } from './staff-replica.js';
import { LAST_ACTIVE_MANAGER } from './active-managers.js';

export type { StaffRole as Role } from '../contract/staff.js';
export type { StaffError, StaffMember } from './staff-member.js';

/** A first-manager set-up once a manager exists: new staff then need a manager's session. */
export const MANAGER_EXISTS: StaffError = { code: 'MANAGER_EXISTS', message: 'A manager already exists; ask a manager to add staff' };

export { LOCK_BASE_MS, MAX_PIN_FAILURES } from './pin-lock.js';

/**
 * Asks the store server to judge a PIN attempt on one of the store's accounts (it counts wrong
 * PINs across all its counters). null: it could not be asked, and this counter judges alone.
 */
export type StorePinCheck = (staffId: string, pin: string, purpose: string | null) => Promise<PinVerdict | { kind: 'unknown' } | null>;

/**
 * Cashier and manager accounts. A person is their name and PIN together: sign-in and manager
 * approvals name the person, so two people may share a PIN and nothing ever says whether a
 * PIN is someone else's. Names are unique among active staff. PINs are scrypt-hashed; wrong
 * PINs are counted per account and lock it with a growing delay, until a manager unlocks it.
 * Every sign-in, failure, lock, change, reset, unlock and re-enable is audited.
 */
export class StaffService {
  private readonly approvals: ManagerApproval;
  /** A hash to check PINs against when there is no account, so an unknown id costs what a known one does. */
  private decoy: Promise<string> | null = null;
  /**
   * PIN checks run one at a time. Each reads a failure count, awaits scrypt, then writes the
   * count + 1; run side by side, a burst of guesses would all read the same count and never lock.
   */
  private pinChecks: Promise<unknown> = Promise.resolve();

  /** The members as a store's counters share them (store-link/staff-mirror.ts). */
  readonly replica: StaffReplica;
  /** Set on a store's counter: the store judges PINs, so wrong ones count across its counters. */
  private storeCheck: StorePinCheck | null = null;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => number,
  ) {
    this.replica = new StaffReplica(db, now);
    this.approvals = new ManagerApproval({
      db,
      audit,
      now,
      row: (staffId) => this.row(staffId),
      checkPin: (staffId, pin, purpose) => this.checkPin(staffId, pin, purpose),
      decoyHash: () => this.decoyHash(),
    });
  }

  /** From now on PIN attempts on accounts are judged by the store (`check`), or here when it cannot be asked. */
  judgePinsWith(check: StorePinCheck): void {
    this.storeCheck = check;
  }

  list(): StaffMember[] {
    return this.db.prepare<[], StaffRow>('SELECT * FROM staff ORDER BY disabled_at IS NOT NULL, name').all().map(toMember);
  }

  /** The name to print beside a staff id (reports, receipts); a removed record still reads as something. */
  nameOf(staffId: string): string {
    return this.row(staffId)?.name ?? `Staff ${staffId.slice(0, 8)}`;
  }

  hasManager(): boolean {
    return this.db.prepare("SELECT 1 FROM staff WHERE role = 'manager' AND disabled_at IS NULL LIMIT 1").get() !== undefined;
  }

  /**
   * `firstManager`: only while no manager exists. Checked again after the PIN is hashed (the
   * await two set-ups could race across), in the same synchronous step as the insert.
   */
  async create(input: { name: string; role: Role; pin: string }, actor: string | null, options: { firstManager?: boolean } = {}): Promise<Result<StaffMember, StaffError>> {
    const name = input.name.trim().replace(/\s+/g, ' ');
    if (name.length < 1 || name.length > 60) return err({ code: 'INVALID_NAME', message: 'Enter a name of 1 to 60 characters' });
    const clash = this.nameClash(name, null);
    if (clash) return err(clash);
    const weak = pinProblem(input.pin);
    if (weak) return err({ code: 'WEAK_PIN', message: weak });
    const member: StaffRow = {
      id: randomUUID(),
      name,
      role: input.role,
      pin_hash: await hashPin(input.pin),
      failed_attempts: 0,
      locked_until: null,
      created_at: this.now(),
      disabled_at: null,
      must_change_pin: 0,
      permissions: null,
    };
    if (options.firstManager && this.hasManager()) return err(MANAGER_EXISTS);
    this.db
      .prepare('INSERT INTO staff (id, name, role, pin_hash, failed_attempts, locked_until, created_at, disabled_at) VALUES (@id, @name, @role, @pin_hash, 0, NULL, @created_at, NULL)')
      .run(member);
    this.audit.append({ actor, action: 'staff.created', details: { staffId: member.id, name, role: input.role } });
    return ok(toMember(member));
  }

  /** The signed-in person chooses a new PIN, proving the current one (a wrong one counts toward the lock). */
  changePin(staffId: string, currentPin: string, newPin: string): Promise<Result<StaffMember, StaffError>> {
    return this.oneAtATime(async () => {
      const weak = pinProblem(newPin);
      if (weak) return err({ code: 'WEAK_PIN', message: weak });
      if (newPin === currentPin) return err({ code: 'SAME_PIN', message: 'Choose a PIN different from the one you have now' });
      const checked = await this.checkPin(staffId, currentPin, 'change PIN');
      if (!checked.ok) return checked;
      this.db.prepare('UPDATE staff SET pin_hash = ?, must_change_pin = 0 WHERE id = ?').run(await hashPin(newPin), staffId);
      this.audit.append({ actor: staffId, action: 'staff.pin_changed', details: { staffId } });
      return ok(toMember(this.row(staffId)!));
    });
  }

  /** A manager gives someone a temporary PIN (forgotten, or seen by others): it must be changed at the next sign-in. Unlocks too. */
  async resetPin(staffId: string, newPin: string, actor: string): Promise<Result<StaffMember, StaffError>> {
    const row = this.row(staffId);
    if (!row || row.disabled_at !== null) return err({ code: 'UNKNOWN_STAFF', message: 'No such active staff member' });
    const weak = pinProblem(newPin);
    if (weak) return err({ code: 'WEAK_PIN', message: weak });
    const hash = await hashPin(newPin);
    this.db.prepare('UPDATE staff SET pin_hash = ?, must_change_pin = 1, failed_attempts = 0, locked_until = NULL WHERE id = ?').run(hash, staffId);
    this.clearOfflineCount(staffId);
    this.audit.append({ actor, action: 'staff.pin_reset', details: { staffId } });
    return ok(toMember(this.row(staffId)!));
  }

  /** A manager lifts a lock after too many wrong PINs (the failure count starts again). */
  unlock(staffId: string, actor: string): Result<StaffMember, StaffError> {
    const row = this.row(staffId);
    if (!row || row.disabled_at !== null) return err({ code: 'UNKNOWN_STAFF', message: 'No such active staff member' });
    if (row.locked_until === null || row.locked_until <= this.now()) return err({ code: 'NOT_LOCKED', message: `${row.name} is not locked out` });
    this.db.prepare('UPDATE staff SET failed_attempts = 0, locked_until = NULL WHERE id = ?').run(staffId);
    this.clearOfflineCount(staffId);
    this.audit.append({ actor, action: 'staff.unlocked', details: { staffId } });
    return ok(toMember(this.row(staffId)!));
  }

  /** Wrong PINs counted here while the store was away are settled: a right PIN, an unlock, a new PIN, re-enabled. */
  private clearOfflineCount(staffId: string): void {
    this.db.prepare('UPDATE staff SET offline_failures = 0, offline_locked_until = NULL WHERE id = ?').run(staffId);
  }

  /** A manager brings back someone who was removed (their PIN is as it was; reset it if it may be known). */
  enable(staffId: string, actor: string): Result<StaffMember, StaffError> {
    const row = this.row(staffId);
    if (!row) return err({ code: 'UNKNOWN_STAFF', message: 'No such staff member' });
    if (row.disabled_at === null) return err({ code: 'NOT_DISABLED', message: `${row.name} is already active` });
    const clash = this.nameClash(row.name, staffId);
    if (clash) return err(clash);
    this.db.prepare('UPDATE staff SET disabled_at = NULL, failed_attempts = 0, locked_until = NULL WHERE id = ?').run(staffId);
    this.clearOfflineCount(staffId);
    this.audit.append({ actor, action: 'staff.enabled', details: { staffId } });
    return ok(toMember(this.row(staffId)!));
  }

  /**
   * A manager chooses what a person may do (null: back to the role's preset). A manager cannot
   * take managing staff away from the last person who has it, or from themselves.
   */
  setPermissions(staffId: string, permissions: readonly Permission[] | null, actor: string): Result<StaffMember, StaffError> {
    const row = this.row(staffId);
    if (!row || row.disabled_at !== null) return err({ code: 'UNKNOWN_STAFF', message: 'No such active staff member' });
    const next = effectivePermissions(row.role as Role, permissions === null ? null : JSON.stringify(permissions));
    if (!next.includes('manageStaff') && toMember(row).permissions.includes('manageStaff')) {
      if (staffId === actor) return err({ code: 'LAST_MANAGER', message: 'You cannot take managing staff away from yourself; ask another manager' });
      const others = this.list().filter((m) => m.id !== staffId && m.disabledAt === null && m.permissions.includes('manageStaff'));
      if (others.length === 0) return err({ code: 'LAST_MANAGER', message: 'Someone must be able to manage staff; give that to another person first' });
    }
    this.db.prepare('UPDATE staff SET permissions = ? WHERE id = ?').run(permissions === null ? null : JSON.stringify(next), staffId);
    this.audit.append({ actor, action: 'staff.permissions_changed', details: { staffId, permissions: permissions === null ? 'role preset' : next } });
    return ok(toMember(this.row(staffId)!));
  }

  /** Active staff are told apart by name at sign-in and approval, so a name is used once (any case). */
  private nameClash(name: string, except: string | null): StaffError | null {
    const taken = this.db
      .prepare<[string, string], { id: string }>('SELECT id FROM staff WHERE disabled_at IS NULL AND lower(name) = lower(?) AND id <> ?')
      .get(name, except ?? '');
    return taken ? { code: 'NAME_IN_USE', message: `There is already someone called ${name}; add a surname or an initial` } : null;
  }

  disable(staffId: string, actor: string): Result<StaffMember, StaffError> {
    const row = this.row(staffId);
    if (!row || row.disabled_at !== null) return err({ code: 'UNKNOWN_STAFF', message: 'No such active staff member' });
    if (row.role === 'manager') {
      const managers = this.db.prepare("SELECT count(*) AS n FROM staff WHERE role = 'manager' AND disabled_at IS NULL").get() as { n: number };
      if (managers.n <= 1) return err(LAST_ACTIVE_MANAGER);
    }
    this.db.prepare('UPDATE staff SET disabled_at = ? WHERE id = ?').run(this.now(), staffId);
    this.audit.append({ actor, action: 'staff.disabled', details: { staffId } });
    return ok(toMember(this.row(staffId)!));
  }

  /** Checks a staff member's PIN, counting failures and locking after too many. */
  signIn(staffId: string, pin: string): Promise<Result<StaffMember, StaffError>> {
    return this.oneAtATime(() => this.checkSignIn(staffId, pin));
  }

  private oneAtATime<T>(check: () => Promise<T>): Promise<T> {
    const result = this.pinChecks.then(check);
    this.pinChecks = result.catch(() => undefined);
    return result;
  }

  private checkSignIn(staffId: string, pin: string): Promise<Result<StaffMember, StaffError>> {
    return this.checkPin(staffId, pin, null);
  }

  /**
   * Checks `staffId`'s PIN, counting a wrong one toward the account's lock. `purpose` null is a
   * sign-in (audited as one); otherwise what the PIN was given for (a PIN change, an approval).
   */
  private async checkPin(staffId: string, pin: string, purpose: string | null): Promise<Result<StaffMember, StaffError>> {
    const row = this.row(staffId);
    if (!row || row.disabled_at !== null) return this.unknownStaff(pin);
    const now = this.now();
    const fromStore = (await this.storeCheck?.(staffId, pin, purpose)) ?? null;
    const verdict = fromStore ?? (await judgePin({ failedAttempts: row.failed_attempts, lockedUntil: row.locked_until }, now, () => verifyPin(pin, row.pin_hash)));
    if (verdict.kind === 'unknown') return this.unknownStaff(null);
    // A store's counter judging on its own (the store away) also counts the wrong PIN apart, so
    // the store's figures, which never saw it, are raised by it rather than wipe it out
    // (StaffReplica.applyLocks); a right PIN, here or at the store, clears that count.
    if (this.storeCheck && verdict.kind === 'right') this.clearOfflineCount(staffId);
    else if (this.storeCheck && !fromStore && verdict.kind === 'wrong') {
      this.db
        .prepare('UPDATE staff SET offline_failures = offline_failures + 1, offline_locked_until = coalesce(?, offline_locked_until) WHERE id = ?')
        .run(verdict.newlyLocked ? verdict.lock.lockedUntil : null, staffId);
    }
    if (fromStore) this.replica.applyLocks([{ id: staffId, ...verdict.lock }]);
    else this.db.prepare('UPDATE staff SET failed_attempts = ?, locked_until = ? WHERE id = ?').run(verdict.lock.failedAttempts, verdict.lock.lockedUntil, staffId);
    if (verdict.kind === 'right') {
      if (purpose === null) this.audit.append({ actor: staffId, action: 'staff.signed_in', details: { role: row.role } });
      return ok(toMember({ ...row, failed_attempts: 0, locked_until: null }));
    }
    if (verdict.kind === 'wrong') {
      const failures = verdict.lock.failedAttempts;
      this.audit.append({ actor: staffId, action: 'staff.sign_in_failed', details: purpose === null ? { failures } : { failures, for: purpose } });
      if (verdict.newlyLocked) this.audit.append({ actor: staffId, action: 'staff.locked', details: { until: verdict.lock.lockedUntil } });
    }
    return err(pinRefusal(verdict, now));
  }

  /** No such active account. `pin` given: the same scrypt work as a real attempt, so ids cannot be told apart by timing. */
  private async unknownStaff(pin: string | null): Promise<Result<never, StaffError>> {
    if (pin !== null) await verifyPin(pin, await this.decoyHash());
    return err({ code: 'UNKNOWN_STAFF', message: 'Choose your name from the list' });
  }

  private decoyHash(): Promise<string> {
    return (this.decoy ??= hashPin(String(randomInt(10_000_000, 100_000_000))));
  }

  /** A manager's name (or, on older screens, their PIN alone) approves a protected action: see ManagerApproval. */
  approveByManagerPin(pin: string, context: ApprovalContext = { what: 'approval', for: null }, approverId: string | null = null): Promise<Result<StaffMember, StaffError>> {
    return this.oneAtATime(() => this.approvals.approve(pin, context, approverId));
  }

  private row(id: string): StaffRow | undefined {
    return this.db.prepare<[string], StaffRow>('SELECT * FROM staff WHERE id = ?').get(id);
  }
}
