import { randomInt, randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log.js';
import type { StaffRole as Role } from '../contract/staff.js';
import type { Db } from '../db/database.js';
import { err, ok, type Result } from '../platform/result.js';
import type { Permission } from '../contract/permissions.js';
import { effectivePermissions } from './permission-presets.js';
import { hashPin, pinProblem, verifyPin } from './pin-hash.js';
import { countWrongPin, judgePin, MAX_PIN_FAILURES, pinRefusal, triesLeft, type PinVerdict } from './pin-lock.js';
import { StaffReplica } from './staff-replica.js';
import { LAST_ACTIVE_MANAGER } from './active-managers.js';

export type { StaffRole as Role } from '../contract/staff.js';

export interface StaffMember {
  id: string;
  name: string;
  role: Role;
  createdAt: number;
  disabledAt: number | null;
  lockedUntil: number | null;
  /** A manager reset the PIN: nothing but choosing a new one until it is changed. */
  mustChangePin: boolean;
  /** What they may do: their role's preset unless a manager chose otherwise. */
  permissions: Permission[];
  /** True when a manager chose this person's permissions (rather than the role's preset). */
  customPermissions: boolean;
}

export interface StaffError {
  code:
    | 'INVALID_PIN'
    | 'LOCKED'
    | 'UNKNOWN_STAFF'
    | 'WEAK_PIN'
    | 'INVALID_NAME'
    | 'NAME_IN_USE'
    | 'LAST_MANAGER'
    | 'SAME_PIN'
    | 'NOT_LOCKED'
    | 'NOT_DISABLED'
    | 'APPROVER_REQUIRED'
    | 'NOT_A_MANAGER'
    | 'MANAGER_EXISTS';
  message: string;
}

/** A first-manager set-up once a manager exists: new staff then need a manager's session. */
export const MANAGER_EXISTS: StaffError = { code: 'MANAGER_EXISTS', message: 'A manager already exists; ask a manager to add staff' };

export { LOCK_BASE_MS, MAX_PIN_FAILURES } from './pin-lock.js';

/**
 * Asks the store server to judge a PIN attempt on one of the store's accounts (it counts wrong
 * PINs across all its counters). null: it could not be asked, and this counter judges alone.
 */
export type StorePinCheck = (staffId: string, pin: string, purpose: string | null) => Promise<PinVerdict | { kind: 'unknown' } | null>;

interface StaffRow {
  id: string;
  name: string;
  role: string;
  pin_hash: string;
  failed_attempts: number;
  locked_until: number | null;
  created_at: number;
  disabled_at: number | null;
  must_change_pin: number;
  permissions: string | null;
}

const toMember = (r: StaffRow): StaffMember => ({
  id: r.id,
  name: r.name,
  role: r.role as Role,
  createdAt: r.created_at,
  disabledAt: r.disabled_at,
  lockedUntil: r.locked_until,
  mustChangePin: r.must_change_pin === 1,
  permissions: effectivePermissions(r.role as Role, r.permissions),
  customPermissions: r.permissions !== null,
});

/**
 * Cashier and manager accounts. A person is their name and PIN together: sign-in and manager
 * approvals name the person, so two people may share a PIN and nothing ever says whether a
 * PIN is someone else's. Names are unique among active staff. PINs are scrypt-hashed; wrong
 * PINs are counted per account and lock it with a growing delay, until a manager unlocks it.
 * Every sign-in, failure, lock, change, reset, unlock and re-enable is audited.
 */
export class StaffService {
  /** Wrong manager PINs given for approvals, counter-wide: such a PIN names no account to lock. */
  private approvals: { failures: number; lockedUntil: number | null } | null = null;
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
    if (pin !== null) {
      this.decoy ??= hashPin(String(randomInt(10_000_000, 100_000_000)));
      await verifyPin(pin, await this.decoy);
    }
    return err({ code: 'UNKNOWN_STAFF', message: 'Choose your name from the list' });
  }

  /**
   * A manager approves a protected action at the counter (reprint, reveal …) with their name
   * and PIN, audited as `manager.approved` with what it was for. Named, a wrong PIN counts
   * toward that manager's own lock. Without a name (older screens) the PIN alone must match
   * exactly one manager; a wrong one matches no account, so those failures are counted for the
   * counter as a whole and lock approvals like an account — the count is kept in the audit log,
   * so restarting the app does not reset it.
   */
  approveByManagerPin(
    pin: string,
    context: { what: string; for: string | null } = { what: 'approval', for: null },
    approverId: string | null = null,
  ): Promise<Result<StaffMember, StaffError>> {
    return this.oneAtATime(() => (approverId ? this.checkNamedApproval(approverId, pin, context) : this.checkApproval(pin, context)));
  }

  private async checkNamedApproval(approverId: string, pin: string, context: { what: string; for: string | null }): Promise<Result<StaffMember, StaffError>> {
    const locked = this.approvalsLocked();
    if (locked) return locked;
    const row = this.row(approverId);
    if (row && row.disabled_at === null && row.role !== 'manager') return err({ code: 'NOT_A_MANAGER', message: `${row.name} is not a manager; choose a manager to approve` });
    const now = this.now();
    if (row && row.locked_until !== null && row.locked_until > now) {
      const minutes = Math.ceil((row.locked_until - now) / 60_000);
      return err({ code: 'LOCKED', message: `${row.name} is locked out after too many wrong PINs (${minutes} minute${minutes === 1 ? '' : 's'} left); another manager can approve.` });
    }
    // An unknown or disabled approver costs the same scrypt work, so ids cannot be told apart by time.
    this.decoy ??= hashPin(String(randomInt(10_000_000, 100_000_000)));
    const matches = row && row.disabled_at === null ? await verifyPin(pin, row.pin_hash) : (await verifyPin(pin, await this.decoy), false);
    if (!matches || !row) return this.approvalFailed(context, 'That PIN does not match the manager chosen', { approverId });
    this.approvals = { failures: 0, lockedUntil: null };
    this.audit.append({ actor: approverId, action: 'manager.approved', details: { what: context.what, for: context.for } });
    return ok(toMember(row));
  }

  private async checkApproval(pin: string, context: { what: string; for: string | null }): Promise<Result<StaffMember, StaffError>> {
    const locked = this.approvalsLocked();
    if (locked) return locked;
    const matching = await this.managersWithPin(pin);
    if (matching.length > 1) return err({ code: 'APPROVER_REQUIRED', message: 'Choose the approving manager’s name, then type their PIN' });
    const member = matching[0];
    if (!member) return this.approvalFailed(context, 'That is not a manager PIN', {});
    const signedIn = await this.checkPin(member.id, pin, context.what);
    if (signedIn.ok) {
      this.approvals = { failures: 0, lockedUntil: null };
      this.audit.append({ actor: member.id, action: 'manager.approved', details: { what: context.what, for: context.for } });
    }
    return signedIn;
  }

  private approvalsLocked(): Result<never, StaffError> | null {
    const state = this.approvalState();
    const now = this.now();
    if (state.lockedUntil === null || state.lockedUntil <= now) return null;
    const minutes = Math.ceil((state.lockedUntil - now) / 60_000);
    return err({ code: 'LOCKED', message: `Too many wrong manager PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
  }

  /**
   * A wrong approval PIN counts against approvals at this counter, not against the manager's own
   * account: otherwise anyone at the till could lock the manager out of signing in.
   */
  private approvalFailed(context: { what: string; for: string | null }, message: string, extra: Record<string, unknown>): Result<never, StaffError> {
    const state = this.approvalState();
    const now = this.now();
    const counted = countWrongPin({ failedAttempts: state.failures, lockedUntil: state.lockedUntil }, now);
    const { failedAttempts: failures, lockedUntil } = counted.lock;
    this.approvals = { failures, lockedUntil };
    this.audit.append({ actor: context.for, action: 'manager.approval_failed', details: { what: context.what, failures, lockedUntil, ...extra } });
    if (counted.newlyLocked && lockedUntil !== null) {
      return err({ code: 'LOCKED', message: `Too many wrong manager PINs. Approvals are locked for ${Math.round((lockedUntil - now) / 60_000)} minutes.` });
    }
    return err({ code: 'INVALID_PIN', message: `${message} (${triesLeft(MAX_PIN_FAILURES - (failures % MAX_PIN_FAILURES))} before approvals lock)` });
  }

  /** Read once from the audit log (the last failure or approval), then kept in memory. */
  private approvalState(): { failures: number; lockedUntil: number | null } {
    if (!this.approvals) {
      const last = this.audit.latest(['manager.approval_failed', 'manager.approved']);
      const failures = last?.action === 'manager.approval_failed' ? last.details['failures'] : 0;
      const lockedUntil = last?.action === 'manager.approval_failed' ? last.details['lockedUntil'] : null;
      this.approvals = {
        failures: typeof failures === 'number' && Number.isInteger(failures) && failures >= 0 ? failures : 0,
        lockedUntil: typeof lockedUntil === 'number' ? lockedUntil : null,
      };
    }
    return this.approvals;
  }

  /** Active managers whose PIN is `pin` (a few scrypt checks: a counter has a handful of managers). */
  private async managersWithPin(pin: string): Promise<StaffRow[]> {
    const rows = this.db.prepare<[], StaffRow>("SELECT * FROM staff WHERE disabled_at IS NULL AND role = 'manager'").all();
    const matching: StaffRow[] = [];
    for (const row of rows) if (await verifyPin(pin, row.pin_hash)) matching.push(row);
    return matching;
  }

  private row(id: string): StaffRow | undefined {
    return this.db.prepare<[string], StaffRow>('SELECT * FROM staff WHERE id = ?').get(id);
  }
}
