import { z } from 'zod';
import { idText, numberish, optionalNumber, optionalText } from './wire-primitives.js';
import type { PartnerWebhookEvent, UnknownWebhookEvent } from './types.js';

/**
 * The four webhook events of spec §6, as the sandbox sends them:
 * `{eventId, eventType, createdAt, data}`. Tolerances: event type names in any spelling
 * ("Brand Updated", "brand.updated", "BRAND_UPDATED"); the order identifier as `id` or
 * `orderId`; Brand Discount Update without `validTo`; a payload without the `data`
 * wrapper. Anything else becomes an 'unknown' event the receiver acknowledges and ignores.
 * Signature checking (X-Verify) happens before this, over the raw bytes.
 */

const num = numberish;
const optNum = optionalNumber;
const optText = optionalText;
const id = idText;

const envelope = z.object({
  eventId: z.union([z.string(), z.number().transform(String)]).nullish().transform((v) => v ?? null),
  eventType: z.string().nullish(),
  type: z.string().nullish(),
  createdAt: optText.catch(null),
  data: z.record(z.string(), z.unknown()).nullish(),
});

const brandUpdated = z.object({
  id: id.optional(),
  brandId: id.optional(),
  productId: id.optional(),
  status: optText,
  denominationType: optText,
  denominations: z.array(num).nullish().transform((v) => v ?? null),
  amountRestrictions: z
    .object({
      minOrderAmount: num.nullish(),
      maxOrderAmount: num.nullish(),
      minAmount: num.nullish(),
      maxAmount: num.nullish(),
      minVoucherAmount: num,
      maxVoucherAmount: num,
      maxVouchersPerOrder: num,
      maxVouchersPerDenomination: optNum,
      maxDenominationsPerOrder: optNum,
    })
    .nullish()
    .transform((v) => v ?? null),
});

const walletLow = z.object({ balance: num, threshold: optNum });

const orderTerminal = z.object({ id: id.optional(), orderId: id.optional(), status: z.string() });

const brandDiscount = z.object({
  brandId: id.optional(),
  id: id.optional(),
  subventionPercentage: num,
  validFrom: z.string(),
  validTo: optText,
});

/** "Order Reached Terminal State" / "order.reached_terminal_state" → ORDER_REACHED_TERMINAL_STATE. */
export function normaliseEventType(raw: string): string {
  return raw
    .trim()
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

export function parseWebhookEvent(json: unknown): PartnerWebhookEvent {
  const env = envelope.safeParse(json);
  if (!env.success) return unknown(null, null, 'not an event object');
  const { eventId, createdAt } = env.data;
  const rawType = env.data.eventType ?? env.data.type ?? null;
  if (!rawType) return unknown(eventId, null, 'no eventType');
  const data = env.data.data ?? (json as Record<string, unknown>);
  const base = { eventId, createdAt };

  switch (normaliseEventType(rawType)) {
    case 'BRAND_UPDATED': {
      const p = brandUpdated.safeParse(data);
      const brandId = p.success ? (p.data.id ?? p.data.brandId ?? p.data.productId) : undefined;
      if (!p.success || !brandId) return unknown(eventId, rawType, 'Brand Updated without a readable brand id or restrictions');
      const r = p.data.amountRestrictions;
      const minOrderAmount = r ? (r.minOrderAmount ?? r.minAmount) : null;
      const maxOrderAmount = r ? (r.maxOrderAmount ?? r.maxAmount) : null;
      const restrictions =
        r && minOrderAmount != null && maxOrderAmount != null
          ? {
              minOrderAmount,
              maxOrderAmount,
              minVoucherAmount: r.minVoucherAmount,
              maxVoucherAmount: r.maxVoucherAmount,
              maxVouchersPerOrder: r.maxVouchersPerOrder,
              maxVouchersPerDenomination: r.maxVouchersPerDenomination,
              maxDenominationsPerOrder: r.maxDenominationsPerOrder,
            }
          : null;
      return {
        type: 'BRAND_UPDATED',
        ...base,
        brandId,
        status: p.data.status,
        denominationType: p.data.denominationType,
        denominations: p.data.denominations,
        amountRestrictions: restrictions,
      };
    }
    case 'WALLET_LOW_BALANCE': {
      const p = walletLow.safeParse(data);
      if (!p.success) return unknown(eventId, rawType, 'Wallet Low Balance without a readable balance');
      return { type: 'WALLET_LOW_BALANCE', ...base, balance: p.data.balance, threshold: p.data.threshold };
    }
    case 'ORDER_REACHED_TERMINAL_STATE': {
      const p = orderTerminal.safeParse(data);
      const orderId = p.success ? (p.data.id ?? p.data.orderId) : undefined;
      if (!p.success || !orderId) return unknown(eventId, rawType, 'Order Reached Terminal State without an order id or status');
      return { type: 'ORDER_REACHED_TERMINAL_STATE', ...base, orderId, status: p.data.status };
    }
    case 'BRAND_DISCOUNT_UPDATE': {
      const p = brandDiscount.safeParse(data);
      const brandId = p.success ? (p.data.brandId ?? p.data.id) : undefined;
      if (!p.success || !brandId) return unknown(eventId, rawType, 'Brand Discount Update without brandId, percentage or validFrom');
      return {
        type: 'BRAND_DISCOUNT_UPDATE',
        ...base,
        brandId,
        subventionPercentage: p.data.subventionPercentage,
        validFrom: p.data.validFrom,
        validTo: p.data.validTo,
      };
    }
    default:
      return unknown(eventId, rawType, 'event type not known to this client');
  }
}

function unknown(eventId: string | null, eventType: string | null, reason: string): UnknownWebhookEvent {
  return { type: 'unknown', eventId, eventType, reason };
}
