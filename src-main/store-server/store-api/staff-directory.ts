import { isActiveManager, LAST_ACTIVE_MANAGER, type StaffPush, type StoreStaffRow } from '../../store-link/store-wire.js';
import { inTransaction, type Pool } from '../database/pool.js';
import { endSessionsOf, staffMay } from './staff-sessions.js';

export async function listStaff(pool: Pool, storeId: string): Promise<StoreStaffRow[]> {
  const rows = await pool.query<Omit<StoreStaffRow, 'created_at' | 'disabled_at'> & { created_at: string; disabled_at: string | null }>(
    'SELECT id, name, role, pin_hash, created_at, disabled_at, must_change_pin, permissions FROM staff WHERE store_id = $1 ORDER BY created_at',
    [storeId],
  );
  return rows.rows.map((r) => ({ ...r, created_at: Number(r.created_at), disabled_at: r.disabled_at === null ? null : Number(r.disabled_at) }));
}

export type StaffPushRefusal = 'STORE_HAS_MANAGER' | 'FORBIDDEN' | 'VALIDATION_FAILED' | 'STAFF_ID_IN_USE' | typeof LAST_ACTIVE_MANAGER.code;
export type StaffPushResult = { ok: true } | { ok: false; code: StaffPushRefusal; message: string };

const FORBIDDEN = 'Only staff with the manageStaff permission may change staff';
const LOCK_CLEARED = '(staff.pin_hash <> EXCLUDED.pin_hash OR (staff.disabled_at IS NOT NULL AND EXCLUDED.disabled_at IS NULL))';

/**
 * A counter's staff changes, applied whole-row, each decided under a lock on the store so that
 * pushes from several counters are judged one after another. The first set-up needs no one
 * signed in, so it is taken only while the store has no staff at all: staff exist only once a
 * manager was set up, and a store that has somehow lost every active manager must not be open
 * to any paired counter. It names an active manager, and may bring a joining counter's other
 * staff (its manager authorised them there). Later changes need a person allowed to make them,
 * and none may leave the store without an active manager.
 */
export async function pushStaff(
  pool: Pool,
  storeId: string,
  counterId: string,
  push: StaffPush,
  actor: { staffId: string | null },
): Promise<StaffPushResult> {
  return inTransaction<StaffPushResult>(pool, async (tx) => {
    await tx.query('SELECT id FROM stores WHERE id = $1 FOR UPDATE', [storeId]);
    if (push.firstManager) {
      if (!push.rows.some(isActiveManager)) return { ok: false, code: 'VALIDATION_FAILED', message: 'A first set-up names an active manager' };
      const staffed = await tx.query('SELECT 1 FROM staff WHERE store_id = $1 LIMIT 1', [storeId]);
      if (staffed.rowCount) return { ok: false, code: 'STORE_HAS_MANAGER', message: 'This store has a manager already: sign in with their name and PIN' };
    } else {
      const managers = await tx.query<{ id: string }>("SELECT id FROM staff WHERE store_id = $1 AND role = 'manager' AND disabled_at IS NULL", [storeId]);
      if (!managers.rowCount) return { ok: false, code: 'FORBIDDEN', message: 'This store has no manager yet: set one up first' };
      const may = (await staffMay(tx, storeId, actor.staffId, 'manageStaff')) || (push.rows.length === 1 && (await isOwnPinChange(tx, storeId, actor.staffId, push.rows[0]!)));
      if (!may) return { ok: false, code: 'FORBIDDEN', message: FORBIDDEN };
      if (!keepsAnActiveManager(managers.rows.map((r) => r.id), push.rows)) return { ok: false, ...LAST_ACTIVE_MANAGER };
    }
    const before = await tx.query<{ id: string; pin_hash: string; disabled_at: string | null }>('SELECT id, pin_hash, disabled_at FROM staff WHERE id = ANY($1) AND store_id = $2 FOR UPDATE', [
      push.rows.map((r) => r.id),
      storeId,
    ]);
    const was = new Map(before.rows.map((r) => [r.id, r]));
    // Someone disabled, or given a PIN by a manager (others know it), is signed out at every counter.
    const signedOut = push.rows.filter((r) => {
      const old = was.get(r.id);
      return old !== undefined && ((r.disabled_at !== null && old.disabled_at === null) || (r.must_change_pin && r.pin_hash !== old.pin_hash));
    });
    await endSessionsOf(tx, signedOut.map((r) => r.id));
    for (const r of push.rows) {
      const written = await tx.query(
        `INSERT INTO staff (id, store_id, name, role, pin_hash, created_at, disabled_at, must_change_pin, permissions, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, pin_hash = EXCLUDED.pin_hash, disabled_at = EXCLUDED.disabled_at,
           must_change_pin = EXCLUDED.must_change_pin, permissions = EXCLUDED.permissions, updated_at = now(), updated_by = EXCLUDED.updated_by,
           -- A new PIN (reset or changed) or a return from disabled starts the wrong-PIN count again, as on the counter.
           failed_attempts = CASE WHEN ${LOCK_CLEARED} THEN 0 ELSE staff.failed_attempts END,
           locked_until = CASE WHEN ${LOCK_CLEARED} THEN NULL ELSE staff.locked_until END
         WHERE staff.store_id = EXCLUDED.store_id`,
        [r.id, storeId, r.name, r.role, r.pin_hash, r.created_at, r.disabled_at, r.must_change_pin, r.permissions, counterId],
      );
      // The id is another store's staff member (stores of a chain share the table): the whole push is undone.
      if (written.rowCount !== 1) throw new StaffIdInUse(r.id);
    }
    await tx.query('INSERT INTO store_audit (store_id, counter_id, action, details) VALUES ($1, $2, $3, $4)', [
      storeId,
      counterId,
      push.firstManager ? 'staff.first_manager' : 'staff.changed',
      { staffIds: push.rows.map((r) => r.id), by: actor.staffId },
    ]);
    return { ok: true };
  }).catch((error: unknown): StaffPushResult => {
    if (error instanceof StaffIdInUse) return { ok: false, code: 'STAFF_ID_IN_USE', message: error.message };
    throw error;
  });
}

/** Whether the store still has an active manager once `rows` are written over its active managers' `managerIds`. */
function keepsAnActiveManager(managerIds: readonly string[], rows: readonly StoreStaffRow[]): boolean {
  const written = new Set(rows.map((r) => r.id));
  return managerIds.some((id) => !written.has(id)) || rows.some(isActiveManager);
}

class StaffIdInUse extends Error {
  constructor(id: string) {
    super(`Staff id ${id} belongs to another store; nothing was changed`);
  }
}

/**
 * Changing one's own PIN needs no permission: the row must be the actor's own, active, and
 * differ from the stored one only in its PIN hash and must-change-PIN flag.
 */
async function isOwnPinChange(tx: Pick<Pool, 'query'>, storeId: string, staffId: string | null, row: StoreStaffRow): Promise<boolean> {
  if (!staffId || row.id !== staffId) return false;
  const found = await tx.query<{ name: string; role: string; created_at: string; disabled_at: string | null; permissions: string | null }>(
    'SELECT name, role, created_at, disabled_at, permissions FROM staff WHERE id = $1 AND store_id = $2 AND disabled_at IS NULL',
    [staffId, storeId],
  );
  const stored = found.rows[0];
  return (
    stored !== undefined &&
    stored.name === row.name &&
    stored.role === row.role &&
    Number(stored.created_at) === row.created_at &&
    row.disabled_at === null &&
    stored.permissions === row.permissions
  );
}
