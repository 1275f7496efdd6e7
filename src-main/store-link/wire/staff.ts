import { z } from 'zod';
import { text } from './primitives.js';

/** A staff member as counters copy them: everything but the per-counter count of wrong PINs. */
export const storeStaffRow = z.strictObject({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(60),
  role: z.enum(['cashier', 'manager']),
  pin_hash: z.string().min(1).max(400),
  created_at: z.number().int(),
  disabled_at: z.number().int().nullable(),
  must_change_pin: z.boolean(),
  permissions: z.string().max(1000).nullable(),
});
export type StoreStaffRow = z.infer<typeof storeStaffRow>;

export const staffPush = z.strictObject({
  rows: z.array(storeStaffRow).min(1).max(500),
  /**
   * The store's first set-up: a first manager set up at a counter, or the whole staff of a
   * counter that joins a store with none. Refused once the store has staff.
   */
  firstManager: z.boolean().optional(),
});
export type StaffPush = z.infer<typeof staffPush>;

export { isActiveManager, LAST_ACTIVE_MANAGER } from '../../staff/active-managers.js';

const pinLock = z.strictObject({ failedAttempts: z.number().int().min(0), lockedUntil: z.number().int().nullable() });

/** The store's staff, with each account's wrong-PIN count and lock (counted across the store's counters). */
export const staffList = z.strictObject({
  staff: z.array(storeStaffRow).max(5000),
  locks: z.array(pinLock.extend({ id: z.string().min(1).max(64) })).max(5000),
});
export type StaffLocks = z.infer<typeof staffList>['locks'];

export * from './staff-session.js';

/** A PIN typed at a counter, for the store to judge: `purpose` null is a sign-in, else what it was given for. */
export const pinCheckRequest = z.strictObject({
  staffId: z.string().min(1).max(64),
  pin: z.string().min(1).max(32),
  purpose: z.string().min(1).max(60).nullable(),
});

const storeToken = z.strictObject({ token: z.string().min(20).max(200), expiresAt: z.number().int() });

/** The store's judgement of one PIN attempt (pin-lock.ts), with the account's lock after it. */
export const pinCheckAnswer = z.discriminatedUnion('kind', [
  // A right sign-in PIN (purpose null) opens a staff session at the store; a right approval PIN gives a single-use approval.
  z.strictObject({ kind: z.literal('right'), lock: pinLock, session: storeToken.optional(), approval: storeToken.optional() }),
  z.strictObject({ kind: z.literal('locked'), lock: pinLock }),
  z.strictObject({ kind: z.literal('wrong'), lock: pinLock, newlyLocked: z.boolean() }),
  z.strictObject({ kind: z.literal('unknown') }),
]);

export const unlockRequest = z.strictObject({ staffId: z.string().min(1).max(64) });

export const pairingAnswer = z.strictObject({
  counterId: z.string().uuid(),
  counterCode: z.string().regex(/^[A-Z0-9]{1,6}$/),
  credential: z.string().min(20).max(200),
  storeId: z.string().min(1).max(40),
  environment: z.enum(['staging', 'production']),
});
export type PairingAnswer = z.infer<typeof pairingAnswer>;

export const storeCounters = z.strictObject({
  counters: z
    .array(z.strictObject({ id: z.string().uuid(), name: text(60), pairedAt: z.number().int(), lastSeenAt: z.number().int().nullable(), revokedAt: z.number().int().nullable() }))
    .max(10_000),
  self: z.string().uuid(),
});
