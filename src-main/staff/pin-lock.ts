/**
 * The rule that locks an account after wrong PINs, in one place for the counter (its own
 * staff, or a store's when the store server cannot be asked) and the store server (a store's
 * staff, counted across all its counters).
 */

/** After this many wrong PINs in a row an account (or manager approval at the counter) is locked, for longer each time. */
export const MAX_PIN_FAILURES = 5;
export const LOCK_BASE_MS = 5 * 60_000;

/** An account's count of wrong PINs and the lock they led to. */
export interface PinLock {
  failedAttempts: number;
  lockedUntil: number | null;
}

/** What one PIN attempt came to, with the account's lock after it. */
export type PinVerdict =
  | { kind: 'locked'; lock: PinLock }
  | { kind: 'right'; lock: PinLock }
  | { kind: 'wrong'; lock: PinLock; newlyLocked: boolean };

export const UNLOCKED: PinLock = { failedAttempts: 0, lockedUntil: null };

/**
 * Judges one attempt on an account whose lock is `lock`: a locked account is not checked at
 * all; a right PIN clears the count; a wrong one counts toward the next lock.
 */
export async function judgePin(lock: PinLock, now: number, pinMatches: () => Promise<boolean>): Promise<PinVerdict> {
  if (lock.lockedUntil !== null && lock.lockedUntil > now) return { kind: 'locked', lock };
  if (await pinMatches()) return { kind: 'right', lock: UNLOCKED };
  return { kind: 'wrong', ...countWrongPin(lock, now) };
}

/** One more wrong PIN: every MAX_PIN_FAILURES-th locks for twice as long as the lock before. */
export function countWrongPin(lock: PinLock, now: number): { lock: PinLock; newlyLocked: boolean } {
  const failures = lock.failedAttempts + 1;
  const lockedUntil = failures % MAX_PIN_FAILURES === 0 ? now + LOCK_BASE_MS * 2 ** (failures / MAX_PIN_FAILURES - 1) : lock.lockedUntil;
  return { lock: { failedAttempts: failures, lockedUntil }, newlyLocked: lockedUntil !== lock.lockedUntil && lockedUntil !== null };
}

export const triesLeft = (n: number) => `${n} ${n === 1 ? 'try' : 'tries'} left`;

/** What the person at the counter is told about a verdict that is not `right`. */
export function pinRefusal(verdict: Exclude<PinVerdict, { kind: 'right' }>, now: number): { code: 'LOCKED' | 'INVALID_PIN'; message: string } {
  const until = verdict.lock.lockedUntil;
  if (verdict.kind === 'locked' && until !== null) {
    const minutes = Math.ceil((until - now) / 60_000);
    return { code: 'LOCKED', message: `Too many wrong PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'} or ask a manager.` };
  }
  if (verdict.kind === 'wrong' && verdict.newlyLocked && until !== null) {
    return { code: 'LOCKED', message: `Too many wrong PINs. This account is locked for ${Math.round((until - now) / 60_000)} minutes.` };
  }
  return { code: 'INVALID_PIN', message: `Wrong PIN (${triesLeft(MAX_PIN_FAILURES - (verdict.lock.failedAttempts % MAX_PIN_FAILURES))} before a lock)` };
}
