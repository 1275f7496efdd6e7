import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { CORE_METHODS, type CoreMethodName } from '../../contract/index.js';
import { STAFF_NOT_PERMITTED, STAFF_SESSION_HEADER, STAFF_SIGN_IN_NEEDED } from '../../store-link/store-wire.js';
import type { CounterIdentity } from '../counters/counter-credentials.js';
import type { Pool, PoolClient } from '../database/pool.js';
import type { Permission } from '../../contract/permissions.js';
import { effectivePermissions } from '../../staff/permission-presets.js';

/**
 * How long a staff session at the store lasts at most: one long shift. The counter ends it
 * sooner, when its person signs out or its screen locks after inactivity.
 */
export const STAFF_SESSION_HOURS = 12;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const HEADER = STAFF_SESSION_HEADER.toLowerCase();

/** The session token a request carries; null when it carries none, or something that cannot be one. */
export function staffTokenOf(req: IncomingMessage): string | null {
  const header = req.headers[HEADER];
  return typeof header === 'string' && /^[A-Za-z0-9_-]{20,200}$/.test(header) ? header : null;
}

/** Opens a session for `staffId` at `counter`, in the transaction that found their PIN right. */
export async function openStaffSession(tx: PoolClient, counter: CounterIdentity, staffId: string): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const opened = await tx.query<{ expires_at: Date }>(
    `INSERT INTO staff_sessions (token_hash, staff_id, counter_id, expires_at) VALUES ($1, $2, $3, now() + make_interval(hours => $4)) RETURNING expires_at`,
    [sha256(token), staffId, counter.id, STAFF_SESSION_HOURS],
  );
  return { token, expiresAt: opened.rows[0]!.expires_at.getTime() };
}

/**
 * The person behind a request's session token: opened at this very counter, not ended, not
 * expired, and still an active member of this store. null otherwise.
 */
export async function staffOfRequest(pool: Pool, req: IncomingMessage, counter: CounterIdentity): Promise<string | null> {
  const token = staffTokenOf(req);
  if (!token) return null;
  const found = await pool.query<{ staff_id: string }>(
    `SELECT s.staff_id FROM staff_sessions s JOIN staff m ON m.id = s.staff_id
      WHERE s.token_hash = $1 AND s.counter_id = $2 AND s.ended_at IS NULL AND s.expires_at > now()
        AND m.store_id = $3 AND m.disabled_at IS NULL`,
    [sha256(token), counter.id, counter.storeId],
  );
  return found.rows[0]?.staff_id ?? null;
}

export type StaffCheck = { ok: true; staffId: string } | { ok: false; status: 403; code: string; message: string };

/**
 * Whether the request's person may do what the bridge method `method` does, at the store's
 * word: the permission is the one the contract declares for it, the same rule the counter's
 * bridge applies, declared once.
 */
export async function staffPermitted(pool: Pool, req: IncomingMessage, counter: CounterIdentity, method: CoreMethodName): Promise<StaffCheck> {
  const staffId = await staffOfRequest(pool, req, counter);
  if (!staffId) return { ok: false, status: 403, ...STAFF_SIGN_IN_NEEDED };
  const access = CORE_METHODS[method].access;
  // Every method the store serves for a person names a permission; one that does not is open to any signed-in person.
  if (access !== 'none' && access !== 'signedIn' && !(await staffMay(pool, counter.storeId, staffId, access))) {
    return { ok: false, status: 403, code: STAFF_NOT_PERMITTED.code, message: `${STAFF_NOT_PERMITTED.message} (${access})` };
  }
  return { ok: true, staffId };
}

/** Ends the request's session (its person signed out at the counter); false when it had none open. */
export async function endStaffSession(pool: Pool, req: IncomingMessage, counter: CounterIdentity): Promise<boolean> {
  const token = staffTokenOf(req);
  if (!token) return false;
  const ended = await pool.query('UPDATE staff_sessions SET ended_at = now() WHERE token_hash = $1 AND counter_id = $2 AND ended_at IS NULL', [sha256(token), counter.id]);
  return ended.rowCount === 1;
}

/** How long a manager's approval typed at a counter may wait for the action it approves. */
export const APPROVAL_SECONDS = 120;

/** Records a right approval PIN (`purpose` is what it was given for), in the transaction that judged it. */
export async function giveApproval(tx: PoolClient, counter: CounterIdentity, staffId: string, purpose: string): Promise<{ token: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const given = await tx.query<{ expires_at: Date }>(
    `INSERT INTO staff_approvals (token_hash, staff_id, counter_id, purpose, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5)) RETURNING expires_at`,
    [sha256(token), staffId, counter.id, purpose, APPROVAL_SECONDS],
  );
  return { token, expiresAt: given.rows[0]!.expires_at.getTime() };
}

/** Uses up `approvedBy`'s approval given at this counter; false when there is none fresh and unused. */
export async function useApproval(pool: Pool, counter: CounterIdentity, approvedBy: string, token: string): Promise<boolean> {
  const used = await pool.query(
    'UPDATE staff_approvals SET used_at = now() WHERE token_hash = $1 AND counter_id = $2 AND staff_id = $3 AND used_at IS NULL AND expires_at > now()',
    [sha256(token), counter.id, approvedBy],
  );
  return used.rowCount === 1;
}

/** Ends every open session of these people (their PIN was reset by a manager, or they were disabled). */
export async function endSessionsOf(tx: PoolClient, staffIds: string[]): Promise<void> {
  if (staffIds.length > 0) await tx.query('UPDATE staff_sessions SET ended_at = now() WHERE staff_id = ANY($1) AND ended_at IS NULL', [staffIds]);
}

/** Whether an active member of this store's staff holds `permission`. */
export async function staffMay(db: Pick<Pool, 'query'>, storeId: string, staffId: string | null, permission: Permission): Promise<boolean> {
  if (!staffId) return false;
  const found = await db.query<{ role: 'cashier' | 'manager'; permissions: string | null }>(
    'SELECT role, permissions FROM staff WHERE id = $1 AND store_id = $2 AND disabled_at IS NULL',
    [staffId, storeId],
  );
  const row = found.rows[0];
  return row !== undefined && effectivePermissions(row.role, row.permissions).includes(permission);
}
