import { z } from 'zod';
import type { BrandRecord } from '../catalog/brand-record.js';
import { validationFailed } from '../errors.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';

const money = z.number().finite().positive().max(1_000_000_000);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

export const brandPatchSchema = z.strictObject({
  status: z.enum(['ACTIVE', 'INACTIVE']).optional(),
  denominationType: z.enum(['FIXED', 'FLEXIBLE']).optional(),
  denominations: z.array(money).min(1).max(50).nullable().optional(),
  amountRestrictions: z
    .strictObject({
      minOrderAmount: money.optional(),
      maxOrderAmount: money.optional(),
      minVoucherAmount: money.optional(),
      maxVoucherAmount: money.optional(),
      maxVouchersPerOrder: z.number().int().min(1).max(10_000).optional(),
      maxVouchersPerDenomination: z.number().int().min(1).max(10_000).nullable().optional(),
      maxDenominationsPerOrder: z.number().int().min(1).max(100).nullable().optional(),
    })
    .optional(),
  /** Service-side switches no event announces. */
  temporarilyDisabled: z.boolean().optional(),
  listed: z.boolean().optional(),
  discount: z
    .strictObject({ subventionPercentage: z.number().min(0).max(100), validFrom: isoDate, validTo: isoDate.optional() })
    .optional(),
});

export type BrandPatch = z.infer<typeof brandPatchSchema>;

/**
 * Applies a control-surface change to a brand and emits the event a real service would:
 * Brand Updated for status / denomination / restriction changes (with exactly the fields
 * §6 lists), Brand Discount Update for a discount change.
 */
export function applyBrandPatch(record: BrandRecord, patch: BrandPatch, webhooks: WebhookDispatcher): string[] {
  const emitted: string[] = [];
  const wire = record.wire;
  // §2.3: FLEXIBLE brands have `denominations: null`; refuse before changing anything.
  if ((patch.denominationType ?? wire.denominationType) === 'FLEXIBLE' && patch.denominations) {
    throw validationFailed([{ field: 'denominations', message: 'a FLEXIBLE brand has no denominations list (null)' }]);
  }
  const announcedBefore = JSON.stringify(brandUpdatedData(wire));
  if (patch.status) wire.status = patch.status;
  if (patch.denominationType) {
    wire.denominationType = patch.denominationType;
    if (patch.denominationType === 'FLEXIBLE' && wire.amountRestrictions) {
      wire.amountRestrictions = { ...wire.amountRestrictions, denominations: null };
    }
  }
  if (patch.amountRestrictions || patch.denominations !== undefined) {
    const base = wire.amountRestrictions ?? {
      minOrderAmount: 1, maxOrderAmount: 100_000, minVoucherAmount: 1, maxVoucherAmount: 100_000,
      maxVouchersPerOrder: 10, maxVouchersPerDenomination: null, maxDenominationsPerOrder: null, denominations: null,
    };
    wire.amountRestrictions = { ...base, ...patch.amountRestrictions };
    // The deprecated aliases (§9), where a brand still carries them, keep their documented value.
    if (wire.amountRestrictions.minAmount !== undefined) wire.amountRestrictions.minAmount = wire.amountRestrictions.minOrderAmount;
    if (wire.amountRestrictions.maxAmount !== undefined) wire.amountRestrictions.maxAmount = wire.amountRestrictions.maxOrderAmount;
    if (patch.denominations !== undefined) wire.amountRestrictions.denominations = patch.denominations ? [...patch.denominations].sort((a, b) => a - b) : null;
  }
  if (patch.temporarilyDisabled !== undefined) record.temporarilyDisabled = patch.temporarilyDisabled;
  if (patch.listed !== undefined) record.listed = patch.listed;

  // §6: the events announce changes; a patch that leaves the announced fields as they were emits nothing.
  const announced = brandUpdatedData(wire);
  if (JSON.stringify(announced) !== announcedBefore) {
    webhooks.emit('BRAND_UPDATED', announced);
    emitted.push('BRAND_UPDATED');
  }
  if (patch.discount && JSON.stringify(patch.discount) !== JSON.stringify(record.discount)) {
    record.discount = patch.discount;
    const data: Record<string, unknown> = {
      brandId: wire.id,
      subventionPercentage: patch.discount.subventionPercentage,
      validFrom: patch.discount.validFrom,
    };
    if (patch.discount.validTo) data.validTo = patch.discount.validTo;
    webhooks.emit('BRAND_DISCOUNT_UPDATE', data);
    emitted.push('BRAND_DISCOUNT_UPDATE');
  }
  return emitted;
}

/** The Brand Updated payload: exactly the fields §6 lists. */
function brandUpdatedData(wire: BrandRecord['wire']): Record<string, unknown> {
  const r = wire.amountRestrictions;
  return {
    id: wire.id,
    denominationType: wire.denominationType,
    status: wire.status,
    denominations: r?.denominations ?? [],
    amountRestrictions: r
      ? {
          minOrderAmount: r.minOrderAmount,
          maxOrderAmount: r.maxOrderAmount,
          minVoucherAmount: r.minVoucherAmount,
          maxVoucherAmount: r.maxVoucherAmount,
          maxVouchersPerOrder: r.maxVouchersPerOrder,
          maxVouchersPerDenomination: r.maxVouchersPerDenomination,
          maxDenominationsPerOrder: r.maxDenominationsPerOrder,
        }
      : null,
  };
}
