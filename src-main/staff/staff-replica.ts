import type { Db } from '../db/database.js';
import type { StaffLocks, StoreStaffRow } from '../store-link/store-wire.js';
import type { StaffRole as Role } from '../contract/staff.js';
import type { StaffRow } from './staff-member.js';

/**
 * This counter's staff table as the store shares it: read whole, and written from the store's
 * copy. Wrong-PIN counts and locks are the store's to keep (it counts across counters): they
 * are taken from it, never sent; only those this counter counted while the store was away are
 * kept beside them (applyLocks).
 */
export class StaffReplica {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Every member as a store's counters share them: no count of wrong PINs (the store keeps its own). */
  rows(): StoreStaffRow[] {
    return this.db
      .prepare<[], StaffRow>('SELECT * FROM staff ORDER BY created_at, id')
      .all()
      .map((r) => ({
        id: r.id,
        name: r.name,
        role: r.role as Role,
        pin_hash: r.pin_hash,
        created_at: r.created_at,
        disabled_at: r.disabled_at,
        must_change_pin: r.must_change_pin === 1,
        permissions: r.permissions,
      }));
  }

  /**
   * Takes the store's copy of these members (sign-in then knows a PIN changed at another
   * counter). A member's wrong-PIN count and lock here are kept. Members this counter has that
   * the rows do not name are kept (`keep`), deleted (`remove`: undoing a change the store
   * refused), or disabled (`disable`: people of this counter from before it joined a store
   * that has its own staff; their names stay for the sales they made).
   */
  apply(rows: readonly StoreStaffRow[], others: 'keep' | 'remove' | 'disable' = 'keep'): void {
    const upsert = this.db.prepare(
      `INSERT INTO staff (id, name, role, pin_hash, failed_attempts, locked_until, created_at, disabled_at, must_change_pin, permissions)
       VALUES (@id, @name, @role, @pin_hash, 0, NULL, @created_at, @disabled_at, @must_change_pin, @permissions)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, role = excluded.role, pin_hash = excluded.pin_hash, disabled_at = excluded.disabled_at,
         must_change_pin = excluded.must_change_pin, permissions = excluded.permissions`,
    );
    this.db.transaction(() => {
      for (const r of rows) upsert.run({ ...r, must_change_pin: r.must_change_pin ? 1 : 0 });
      if (others === 'keep') return;
      const named = new Set(rows.map((r) => r.id));
      for (const { id } of this.db.prepare<[], { id: string }>('SELECT id FROM staff').all()) {
        if (named.has(id)) continue;
        if (others === 'remove') this.db.prepare('DELETE FROM staff WHERE id = ?').run(id);
        else this.db.prepare('UPDATE staff SET disabled_at = coalesce(disabled_at, ?) WHERE id = ?').run(this.now(), id);
      }
    })();
  }

  /**
   * Takes the store's count of wrong PINs and locks (a lock met at another counter holds here
   * too, an unlock there is lifted here), raised by the wrong PINs typed here while the store was
   * away (offline_failures, offline_locked_until: the store never saw them): reconnecting must not
   * hand out a fresh set of tries.
   */
  applyLocks(locks: StaffLocks): void {
    const set = this.db.prepare(
      `UPDATE staff SET failed_attempts = @failedAttempts + offline_failures,
              locked_until = CASE WHEN offline_locked_until IS NULL THEN @lockedUntil WHEN @lockedUntil IS NULL THEN offline_locked_until
                                  ELSE max(@lockedUntil, offline_locked_until) END
        WHERE id = @id`,
    );
    this.db.transaction(() => {
      for (const l of locks) set.run({ id: l.id, failedAttempts: l.failedAttempts, lockedUntil: l.lockedUntil });
    })();
  }
}
