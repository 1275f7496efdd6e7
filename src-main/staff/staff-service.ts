import { randomInt, randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log.js';
import type { StaffRole as Role } from '../contract/staff.js';
import type { Db } from '../db/database.js';
import { err, ok, type Result } from '../platform/result.js';
import { hashPin, pinProblem, verifyPin } from './pin-hash.js';

export type { StaffRole as Role } from '../contract/staff.js';

export interface StaffMember {
  id: string;
  name: string;
  role: Role;
  createdAt: number;
  disabledAt: number | null;
  lockedUntil: number | null;
}

export interface StaffError {
  code: 'INVALID_PIN' | 'LOCKED' | 'UNKNOWN_STAFF' | 'WEAK_PIN' | 'INVALID_NAME' | 'PIN_IN_USE' | 'LAST_MANAGER';
  message: string;
}

/** After this many wrong PINs in a row an account (or manager approval at the counter) is locked, for longer each time. */
export const MAX_PIN_FAILURES = 5;
export const LOCK_BASE_MS = 5 * 60_000;

interface StaffRow {
  id: string;
  name: string;
  role: string;
  pin_hash: string;
  failed_attempts: number;
  locked_until: number | null;
  created_at: number;
  disabled_at: number | null;
}

const toMember = (r: StaffRow): StaffMember => ({
  id: r.id,
  name: r.name,
  role: r.role as Role,
  createdAt: r.created_at,
  disabledAt: r.disabled_at,
  lockedUntil: r.locked_until,
});

/**
 * Cashier and manager accounts. PINs are scrypt-hashed and unique among active staff (so a
 * manager approval can be given by PIN alone); wrong PINs are counted per account and lock
 * it with a growing delay. Every sign-in, failure and lock is audited.
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

  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly now: () => number,
  ) {}

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

  async create(input: { name: string; role: Role; pin: string }, actor: string | null): Promise<Result<StaffMember, StaffError>> {
    const name = input.name.trim().replace(/\s+/g, ' ');
    if (name.length < 1 || name.length > 60) return err({ code: 'INVALID_NAME', message: 'Enter a name of 1 to 60 characters' });
    const weak = pinProblem(input.pin);
    if (weak) return err({ code: 'WEAK_PIN', message: weak });
    if (await this.findByPin(input.pin)) return err({ code: 'PIN_IN_USE', message: 'Choose another PIN: this one is already in use' });
    const member: StaffRow = {
      id: randomUUID(),
      name,
      role: input.role,
      pin_hash: await hashPin(input.pin),
      failed_attempts: 0,
      locked_until: null,
      created_at: this.now(),
      disabled_at: null,
    };
    this.db
      .prepare('INSERT INTO staff (id, name, role, pin_hash, failed_attempts, locked_until, created_at, disabled_at) VALUES (@id, @name, @role, @pin_hash, 0, NULL, @created_at, NULL)')
      .run(member);
    this.audit.append({ actor, action: 'staff.created', details: { staffId: member.id, name, role: input.role } });
    return ok(toMember(member));
  }

  disable(staffId: string, actor: string): Result<StaffMember, StaffError> {
    const row = this.row(staffId);
    if (!row || row.disabled_at !== null) return err({ code: 'UNKNOWN_STAFF', message: 'No such active staff member' });
    if (row.role === 'manager') {
      const managers = this.db.prepare("SELECT count(*) AS n FROM staff WHERE role = 'manager' AND disabled_at IS NULL").get() as { n: number };
      if (managers.n <= 1) return err({ code: 'LAST_MANAGER', message: 'Add another manager before removing the last one' });
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

  private async checkSignIn(staffId: string, pin: string): Promise<Result<StaffMember, StaffError>> {
    const row = this.row(staffId);
    if (!row || row.disabled_at !== null) {
      // Same scrypt work as a real attempt: answering at once would tell ids apart by timing.
      this.decoy ??= hashPin(String(randomInt(10_000_000, 100_000_000)));
      await verifyPin(pin, await this.decoy);
      return err({ code: 'UNKNOWN_STAFF', message: 'Choose your name from the list' });
    }
    const now = this.now();
    if (row.locked_until !== null && row.locked_until > now) {
      const minutes = Math.ceil((row.locked_until - now) / 60_000);
      return err({ code: 'LOCKED', message: `Too many wrong PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} or ask a manager.` });
    }
    if (await verifyPin(pin, row.pin_hash)) {
      this.db.prepare('UPDATE staff SET failed_attempts = 0, locked_until = NULL WHERE id = ?').run(staffId);
      this.audit.append({ actor: staffId, action: 'staff.signed_in', details: { role: row.role } });
      return ok(toMember({ ...row, failed_attempts: 0, locked_until: null }));
    }
    const failures = row.failed_attempts + 1;
    const locks = Math.floor(failures / MAX_PIN_FAILURES);
    const lockedUntil = failures % MAX_PIN_FAILURES === 0 ? now + LOCK_BASE_MS * 2 ** (locks - 1) : row.locked_until;
    this.db.prepare('UPDATE staff SET failed_attempts = ?, locked_until = ? WHERE id = ?').run(failures, lockedUntil, staffId);
    this.audit.append({ actor: staffId, action: 'staff.sign_in_failed', details: { failures } });
    if (lockedUntil !== row.locked_until && lockedUntil !== null) {
      this.audit.append({ actor: staffId, action: 'staff.locked', details: { until: lockedUntil } });
      return err({ code: 'LOCKED', message: `Too many wrong PINs. This account is locked for ${Math.round((lockedUntil - now) / 60_000)} minutes.` });
    }
    return err({ code: 'INVALID_PIN', message: `Wrong PIN (${MAX_PIN_FAILURES - (failures % MAX_PIN_FAILURES)} tries left before a lock)` });
  }

  /**
   * A manager's PIN given at the counter to approve a protected action (reprint, reveal …),
   * audited as `manager.approved` with what it was for. A wrong PIN matches no account, so
   * the failures are counted for the counter as a whole and lock approvals like an account;
   * the count is kept in the audit log, so restarting the app does not reset it.
   */
  approveByManagerPin(pin: string, context: { what: string; for: string | null } = { what: 'approval', for: null }): Promise<Result<StaffMember, StaffError>> {
    return this.oneAtATime(() => this.checkApproval(pin, context));
  }

  private async checkApproval(pin: string, context: { what: string; for: string | null }): Promise<Result<StaffMember, StaffError>> {
    const state = this.approvalState();
    const now = this.now();
    if (state.lockedUntil !== null && state.lockedUntil > now) {
      const minutes = Math.ceil((state.lockedUntil - now) / 60_000);
      return err({ code: 'LOCKED', message: `Too many wrong manager PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
    }
    const member = await this.findByPin(pin, 'manager');
    if (!member) {
      const failures = state.failures + 1;
      const lockedUntil = failures % MAX_PIN_FAILURES === 0 ? now + LOCK_BASE_MS * 2 ** (failures / MAX_PIN_FAILURES - 1) : state.lockedUntil;
      this.approvals = { failures, lockedUntil };
      this.audit.append({ actor: context.for, action: 'manager.approval_failed', details: { what: context.what, failures, lockedUntil } });
      if (lockedUntil !== state.lockedUntil && lockedUntil !== null) {
        return err({ code: 'LOCKED', message: `Too many wrong manager PINs. Approvals are locked for ${Math.round((lockedUntil - now) / 60_000)} minutes.` });
      }
      return err({ code: 'INVALID_PIN', message: 'That is not a manager PIN' });
    }
    const signedIn = await this.checkSignIn(member.id, pin);
    if (signedIn.ok) {
      this.approvals = { failures: 0, lockedUntil: null };
      this.audit.append({ actor: member.id, action: 'manager.approved', details: { what: context.what, for: context.for } });
    }
    return signedIn;
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

  private async findByPin(pin: string, role?: Role): Promise<StaffRow | undefined> {
    const rows = this.db
      .prepare<[], StaffRow>('SELECT * FROM staff WHERE disabled_at IS NULL')
      .all()
      .filter((r) => !role || r.role === role);
    for (const row of rows) if (await verifyPin(pin, row.pin_hash)) return row;
    return undefined;
  }

  private row(id: string): StaffRow | undefined {
    return this.db.prepare<[string], StaffRow>('SELECT * FROM staff WHERE id = ?').get(id);
  }
}
