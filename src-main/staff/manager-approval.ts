import type { AuditLog } from '../audit/audit-log.js';
import type { Db } from '../db/database.js';
import { err, ok, type Result } from '../platform/result.js';
import { verifyPin } from './pin-hash.js';
import { countWrongPin, MAX_PIN_FAILURES, triesLeft } from './pin-lock.js';
import { toMember, type StaffError, type StaffMember, type StaffRow } from './staff-member.js';

/** What a manager approves: the action, and who asked for it (the signed-in person, if anyone). */
export interface ApprovalContext {
  what: string;
  for: string | null;
}

/** What approvals take from StaffService: its accounts and their own PIN check. */
export interface ManagerApprovalDeps {
  db: Db;
  audit: AuditLog;
  now: () => number;
  row: (staffId: string) => StaffRow | undefined;
  /** An account's PIN check, counting a wrong one toward that account's lock (`purpose`: what it was given for). */
  checkPin: (staffId: string, pin: string, purpose: string) => Promise<Result<StaffMember, StaffError>>;
  /** StaffService's decoy: what a PIN is checked against when there is no account. */
  decoyHash: () => Promise<string>;
}

/**
 * A manager approves a protected action at the counter (reprint, reveal …) with their name
 * and PIN, audited as `manager.approved` with what it was for. Named, a wrong PIN counts
 * toward that manager's own lock. Without a name (older screens) the PIN alone must match
 * exactly one manager; a wrong one matches no account, so those failures are counted for the
 * counter as a whole and lock approvals like an account — the count is kept in the audit log,
 * so restarting the app does not reset it. The caller runs one check at a time (StaffService's
 * PIN checks).
 */
export class ManagerApproval {
  /** Wrong manager PINs given for approvals, counter-wide: such a PIN names no account to lock. */
  private approvals: { failures: number; lockedUntil: number | null } | null = null;

  constructor(private readonly deps: ManagerApprovalDeps) {}

  approve(pin: string, context: ApprovalContext, approverId: string | null): Promise<Result<StaffMember, StaffError>> {
    return approverId ? this.checkNamedApproval(approverId, pin, context) : this.checkApproval(pin, context);
  }

  private async checkNamedApproval(approverId: string, pin: string, context: ApprovalContext): Promise<Result<StaffMember, StaffError>> {
    const locked = this.approvalsLocked();
    if (locked) return locked;
    const row = this.deps.row(approverId);
    if (row && row.disabled_at === null && row.role !== 'manager') return err({ code: 'NOT_A_MANAGER', message: `${row.name} is not a manager; choose a manager to approve` });
    const now = this.deps.now();
    if (row && row.locked_until !== null && row.locked_until > now) {
      const minutes = Math.ceil((row.locked_until - now) / 60_000);
      return err({ code: 'LOCKED', message: `${row.name} is locked out after too many wrong PINs (${minutes} minute${minutes === 1 ? '' : 's'} left); another manager can approve.` });
    }
    // An unknown or disabled approver costs the same scrypt work, so ids cannot be told apart by time.
    const decoy = this.deps.decoyHash();
    const matches = row && row.disabled_at === null ? await verifyPin(pin, row.pin_hash) : (await verifyPin(pin, await decoy), false);
    if (!matches || !row) return this.approvalFailed(context, 'That PIN does not match the manager chosen', { approverId });
    this.approvals = { failures: 0, lockedUntil: null };
    this.deps.audit.append({ actor: approverId, action: 'manager.approved', details: { what: context.what, for: context.for } });
    return ok(toMember(row));
  }

  private async checkApproval(pin: string, context: ApprovalContext): Promise<Result<StaffMember, StaffError>> {
    const locked = this.approvalsLocked();
    if (locked) return locked;
    const matching = await this.managersWithPin(pin);
    if (matching.length > 1) return err({ code: 'APPROVER_REQUIRED', message: 'Choose the approving manager’s name, then type their PIN' });
    const member = matching[0];
    if (!member) return this.approvalFailed(context, 'That is not a manager PIN', {});
    const signedIn = await this.deps.checkPin(member.id, pin, context.what);
    if (signedIn.ok) {
      this.approvals = { failures: 0, lockedUntil: null };
      this.deps.audit.append({ actor: member.id, action: 'manager.approved', details: { what: context.what, for: context.for } });
    }
    return signedIn;
  }

  private approvalsLocked(): Result<never, StaffError> | null {
    const state = this.approvalState();
    const now = this.deps.now();
    if (state.lockedUntil === null || state.lockedUntil <= now) return null;
    const minutes = Math.ceil((state.lockedUntil - now) / 60_000);
    return err({ code: 'LOCKED', message: `Too many wrong manager PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` });
  }

  /**
   * A wrong approval PIN counts against approvals at this counter, not against the manager's own
   * account: otherwise anyone at the till could lock the manager out of signing in.
   */
  private approvalFailed(context: ApprovalContext, message: string, extra: Record<string, unknown>): Result<never, StaffError> {
    const state = this.approvalState();
    const now = this.deps.now();
    const counted = countWrongPin({ failedAttempts: state.failures, lockedUntil: state.lockedUntil }, now);
    const { failedAttempts: failures, lockedUntil } = counted.lock;
    this.approvals = { failures, lockedUntil };
    this.deps.audit.append({ actor: context.for, action: 'manager.approval_failed', details: { what: context.what, failures, lockedUntil, ...extra } });
    if (counted.newlyLocked && lockedUntil !== null) {
      return err({ code: 'LOCKED', message: `Too many wrong manager PINs. Approvals are locked for ${Math.round((lockedUntil - now) / 60_000)} minutes.` });
    }
    return err({ code: 'INVALID_PIN', message: `${message} (${triesLeft(MAX_PIN_FAILURES - (failures % MAX_PIN_FAILURES))} before approvals lock)` });
  }

  /** Read once from the audit log (the last failure or approval), then kept in memory. */
  private approvalState(): { failures: number; lockedUntil: number | null } {
    if (!this.approvals) {
      const last = this.deps.audit.latest(['manager.approval_failed', 'manager.approved']);
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
    const rows = this.deps.db.prepare<[], StaffRow>("SELECT * FROM staff WHERE disabled_at IS NULL AND role = 'manager'").all();
    const matching: StaffRow[] = [];
    for (const row of rows) if (await verifyPin(pin, row.pin_hash)) matching.push(row);
    return matching;
  }
}
