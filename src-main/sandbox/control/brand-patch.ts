import { z } from 'zod';
import type { BrandRecord } from '../catalog/brand-record.js';
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
  let brandChanged = false;
  if (patch.status) {
    wire.status = patch.status;
    brandChanged = true;
  }
  if (patch.denominationType) {
    wire.denominationType = patch.denominationType;
    brandChanged = true;
  }
  if (patch.amountRestrictions || patch.denominations !== undefined) {
    const base = wire.amountRestrictions ?? {
      minOrderAmount: 1, maxOrderAmount: 100_000, minVoucherAmount: 1, maxVoucherAmount: 100_000,
      maxVouchersPerOrder: 10, maxVouchersPerDenomination: null, maxDenominationsPerOrder: null, denominations: null,
    };
    wire.amountRestrictions = { ...base, ...patch.amountRestrictions };
    if (patch.denominations !== undefined) wire.amountRestrictions.denominations = patch.denominations ? [...patch.denominations].sort((a, b) => a - b) : null;
    brandChanged = true;
  }
  if (patch.temporarilyDisabled !== undefined) record.temporarilyDisabled = patch.temporarilyDisabled;
  if (patch.listed !== undefined) record.listed = patch.listed;

  if (brandChanged) {
    const r = wire.amountRestrictions;
    webhooks.emit('BRAND_UPDATED', {
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
    });
    emitted.push('BRAND_UPDATED');
  }
  if (patch.discount) {
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
