import type { PartnerOrder, PartnerVoucher } from './types.js';

/**
 * A hand-written reader for an Order as the service sends it, on the sale's hot path (between
 * the answer and the commit that records it, where zod costs more than the rest of the parse).
 * It gives exactly the PartnerOrder the zod schema in wire-schemas.ts gives, or `undefined`
 * whenever the order is anything but plainly well formed (a field missing or mistyped, an id
 * sent as a number or empty, an amount sent as text, an unreadable balance): the caller then
 * runs the zod schema, which stays the one definition of what is accepted and says why an
 * answer is refused. A property test holds the two to the same answers
 * (test/partner-api/order-fast-read.property.test.ts).
 */
export function readOrderFast(json: unknown): PartnerOrder | undefined {
  if (!isRecord(json)) return undefined;
  const { id, referenceId, status, failureReason } = json;
  if (typeof id !== 'string' || id.length === 0) return undefined;
  if (typeof referenceId !== 'string' || typeof status !== 'string') return undefined;
  const reason = nullableText(failureReason);
  if (reason === FALL_BACK) return undefined;
  const wire = json.vouchers;
  const vouchers: PartnerVoucher[] = [];
  if (wire !== undefined && wire !== null) {
    if (!Array.isArray(wire)) return undefined;
    for (const entry of wire) {
      const voucher = readVoucher(entry);
      if (!voucher) return undefined;
      vouchers.push(voucher);
    }
  }
  return { id, referenceId, status, vouchers, failureReason: reason };
}

const FALL_BACK = Symbol('fall back to the schema');

function readVoucher(entry: unknown): PartnerVoucher | undefined {
  if (!isRecord(entry)) return undefined;
  const { cardType, amount, balance } = entry;
  const id = entry.id === undefined || entry.id === null ? null : entry.id;
  if (id !== null && (typeof id !== 'string' || id.length === 0)) return undefined;
  if (typeof cardType !== 'string') return undefined;
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return undefined;
  // Not kept on an order's voucher, but the schema still refuses an order whose balance is unreadable.
  if (balance !== undefined && balance !== null && (typeof balance !== 'number' || !Number.isFinite(balance))) return undefined;
  const cardNumber = nullableText(entry.cardNumber);
  const cardPin = nullableText(entry.cardPin);
  const validTill = nullableText(entry.validTill);
  if (cardNumber === FALL_BACK || cardPin === FALL_BACK || validTill === FALL_BACK) return undefined;
  return { id, cardType, cardNumber, cardPin, validTill, amount };
}

/** optionalText: text, or null when null or missing; `FALL_BACK` for anything else. */
function nullableText(v: unknown): string | null | typeof FALL_BACK {
  if (v === undefined || v === null) return null;
  return typeof v === 'string' ? v : FALL_BACK;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
