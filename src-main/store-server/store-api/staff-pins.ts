import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { judgePin, UNLOCKED } from '../../staff/pin-lock.js';
import { hashPin, verifyPin } from '../../staff/pin-hash.js';
import type { pinCheckAnswer, pinCheckRequest, StaffLocks } from '../../store-link/store-wire.js';
import type { CounterIdentity } from '../counters/counter-credentials.js';
import { inTransaction, type Pool } from '../database/pool.js';
import { giveApproval, openStaffSession } from './staff-sessions.js';

type PinCheckAnswer = z.infer<typeof pinCheckAnswer>;

/** A hash to check PINs against when there is no account, so an unknown id costs what a known one does. */
let decoy: Promise<string> | null = null;

/**
 * Judges a PIN typed at one of the store's counters. The account's row is locked for the
 * check, so attempts at several counters at once are counted one after another: a guesser
 * gets MAX_PIN_FAILURES tries per lock in the whole store, not per counter. A right sign-in
 * PIN opens a staff session there, in the same commit as the count it clears.
 */
export async function checkStaffPin(pool: Pool, counter: CounterIdentity, request: z.infer<typeof pinCheckRequest>, now = Date.now()): Promise<PinCheckAnswer> {
  const { storeId, id: counterId } = counter;
  return inTransaction(pool, async (tx) => {
    const found = await tx.query<{ pin_hash: string; failed_attempts: number; locked_until: string | null }>(
      'SELECT pin_hash, failed_attempts, locked_until FROM staff WHERE id = $1 AND store_id = $2 AND disabled_at IS NULL FOR UPDATE',
      [request.staffId, storeId],
    );
    const row = found.rows[0];
    if (!row) {
      decoy ??= hashPin(String(randomInt(10_000_000, 100_000_000)));
      await verifyPin(request.pin, await decoy);
      return { kind: 'unknown' };
    }
    const before = { failedAttempts: row.failed_attempts, lockedUntil: row.locked_until === null ? null : Number(row.locked_until) };
    const verdict = await judgePin(before, now, () => verifyPin(request.pin, row.pin_hash));
    if (verdict.kind === 'locked') return verdict;
    await tx.query('UPDATE staff SET failed_attempts = $1, locked_until = $2 WHERE id = $3', [verdict.lock.failedAttempts, verdict.lock.lockedUntil, request.staffId]);
    // A sign-in (no purpose) opens the person's session at the store; an approval's PIN is recorded as one, for one use.
    if (verdict.kind === 'right') {
      return request.purpose === null
        ? { ...verdict, session: await openStaffSession(tx, counter, request.staffId) }
        : { ...verdict, approval: await giveApproval(tx, counter, request.staffId, request.purpose) };
    }
    if (verdict.kind === 'wrong') {
      await tx.query('INSERT INTO store_audit (store_id, counter_id, action, details) VALUES ($1, $2, $3, $4)', [
        storeId,
        counterId,
        verdict.newlyLocked ? 'staff.locked' : 'staff.sign_in_failed',
        { staffId: request.staffId, failures: verdict.lock.failedAttempts, lockedUntil: verdict.lock.lockedUntil, for: request.purpose },
      ]);
    }
    return verdict;
  });
}

/** Each account's lock as the store counts it, for counters to show and to judge by while the store is away. */
export async function staffLocks(pool: Pool, storeId: string): Promise<StaffLocks> {
  const rows = await pool.query<{ id: string; failed_attempts: number; locked_until: string | null }>('SELECT id, failed_attempts, locked_until FROM staff WHERE store_id = $1', [storeId]);
  return rows.rows.map((r) => ({ id: r.id, failedAttempts: r.failed_attempts, lockedUntil: r.locked_until === null ? null : Number(r.locked_until) }));
}

/** A manager lifts an account's lock at any counter; false when it is not locked (or not this store's). */
export async function unlockStaff(pool: Pool, storeId: string, counterId: string, staffId: string, by: string, now = Date.now()): Promise<boolean> {
  return inTransaction(pool, async (tx) => {
    const done = await tx.query('UPDATE staff SET failed_attempts = $1, locked_until = $2 WHERE id = $3 AND store_id = $4 AND locked_until > $5', [
      UNLOCKED.failedAttempts,
      UNLOCKED.lockedUntil,
      staffId,
      storeId,
      now,
    ]);
    if (done.rowCount !== 1) return false;
    await tx.query('INSERT INTO store_audit (store_id, counter_id, action, details) VALUES ($1, $2, $3, $4)', [storeId, counterId, 'staff.unlocked', { staffId, by }]);
    return true;
  });
}
