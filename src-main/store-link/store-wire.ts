import { z } from 'zod';

/**
 * What a counter and its store server exchange besides the Partner API they relay: declared
 * once here, for both sides.
 */

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
  /** The counter set up the store's first manager: refused if the store has one already. */
  firstManager: z.boolean().optional(),
});
export type StaffPush = z.infer<typeof staffPush>;

export const staffList = z.strictObject({ staff: z.array(storeStaffRow).max(5000) });

export const pairingAnswer = z.strictObject({
  counterId: z.string().uuid(),
  credential: z.string().min(20).max(200),
  storeId: z.string().min(1).max(40),
  environment: z.enum(['staging', 'production']),
});
export type PairingAnswer = z.infer<typeof pairingAnswer>;

/** The header that names the person at the counter on store calls that need a permission. */
export const STAFF_HEADER = 'X-Staff-Id';
