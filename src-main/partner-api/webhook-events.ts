import { z } from 'zod';
import { idText, numberish, optionalNumber, optionalText } from './wire-primitives.js';
import { KNOWN_ORDER_STATUSES, type PartnerWebhookEvent, type UnknownWebhookEvent } from './types.js';

/**
 * The four webhook events of spec §6. The spec lists each event's payload fields but not the
 * envelope around them, so every envelope a real service is likely to use is read:
 *
 * - the event's name under `event`, `eventType`, `type`, `eventName` or `name` (the keys
 *   compared without case or separators, so `event_type` is `eventType`), in any style:
 *   "ORDER_REACHED_TERMINAL_STATE", "Order Reached Terminal State",
 *   "order.reached_terminal_state", "order-reached-terminal-state", "orderReachedTerminalState";
 * - no name at all: the payload's fields decide, as §6's table tells the four apart;
 * - the payload under `data` or `payload` (an object, or JSON text of one), or at the top level;
 * - the event id under `eventId` (`event_id`, `eventID`), or `id` beside a wrapped payload;
 * - the time under `createdAt`, `created_at`, `timestamp` or `occurredAt`.
 *
 * Within the payload: the order id as `id` or `orderId`, a brand id as `id`, `brandId` or
 * `productId`, numbers quoted or not, Brand Discount Update without `validTo`. Anything else
 * is an 'unknown' event saying why, for the receiver to record. Signature checking (X-Verify)
 * happens before this, over the raw bytes.
 */

const KNOWN_EVENTS = ['BRAND_UPDATED', 'WALLET_LOW_BALANCE', 'ORDER_REACHED_TERMINAL_STATE', 'BRAND_DISCOUNT_UPDATE'] as const;
type KnownEvent = (typeof KNOWN_EVENTS)[number];

/** Envelope keys, as `keyForm` writes them. */
const NAME_KEYS = ['event', 'eventtype', 'type', 'eventname', 'name'];
/** Keys that only an envelope uses: an unknown name here is a name, never a payload field. */
const ENVELOPE_ONLY_NAME_KEYS = ['event', 'eventtype', 'eventname'];
const ID_KEYS = ['eventid'];
const CREATED_KEYS = ['createdat', 'timestamp', 'occurredat'];
const PAYLOAD_KEYS = ['data', 'payload'];

const keyForm = (key: string): string => key.replace(/[^A-Za-z0-9]/g, '').toLowerCase();

/** Brand statuses (§3.3) and order statuses (§2.7): what `status` says about whose payload it is. */
const BRAND_STATUSES = new Set(['ACTIVE', 'INACTIVE']);
const ORDER_STATUSES = new Set<string>(KNOWN_ORDER_STATUSES);

const num = numberish;
const optNum = optionalNumber;
const optText = optionalText;
const id = idText;

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

/** "Order Reached Terminal State" / "order.reached_terminal_state" / "orderReachedTerminalState" → ORDER_REACHED_TERMINAL_STATE. */
export function normaliseEventType(raw: string): string {
  return raw
    .trim()
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

const knownEvent = (name: string): KnownEvent | null => {
  const normalised = normaliseEventType(name);
  return (KNOWN_EVENTS as readonly string[]).includes(normalised) ? (normalised as KnownEvent) : null;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface Envelope {
  eventId: string | null;
  createdAt: string | null;
  /** Every name the envelope carries, with whether its key is one only an envelope uses. */
  names: { value: string; envelopeOnly: boolean }[];
  payload: Record<string, unknown>;
}

function readEnvelope(json: Record<string, unknown>): Envelope {
  const fields = Object.entries(json).map(([key, value]) => ({ key: keyForm(key), value }));
  const first = (keys: string[]) => fields.find((f) => keys.includes(f.key) && f.value !== null && f.value !== undefined)?.value;

  let payload: Record<string, unknown> | null = null;
  for (const f of fields) {
    if (!PAYLOAD_KEYS.includes(f.key)) continue;
    const value = typeof f.value === 'string' ? parseObjectText(f.value) : f.value;
    if (isRecord(value)) {
      payload = value;
      break;
    }
  }
  const wrapped = payload !== null;
  // Beside a wrapped payload a top-level `id` is the event's; at the top level it is the brand's or order's.
  const rawId = first(wrapped ? [...ID_KEYS, 'id'] : ID_KEYS);
  const rawCreated = first(CREATED_KEYS);
  const names = fields
    .filter((f) => NAME_KEYS.includes(f.key) && typeof f.value === 'string' && f.value.trim() !== '')
    .map((f) => ({ value: f.value as string, envelopeOnly: wrapped || ENVELOPE_ONLY_NAME_KEYS.includes(f.key) }));
  return {
    eventId: typeof rawId === 'string' && rawId !== '' ? rawId : typeof rawId === 'number' && Number.isFinite(rawId) ? String(rawId) : null,
    createdAt: typeof rawCreated === 'string' ? rawCreated : typeof rawCreated === 'number' ? String(rawCreated) : null,
    names,
    payload: payload ?? json,
  };
}

function parseObjectText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The event the payload's fields describe, when they fit exactly one of §6's four. */
function inferEvent(p: Record<string, unknown>): KnownEvent | KnownEvent[] {
  const has = (key: string) => p[key] !== undefined && p[key] !== null;
  const status = typeof p.status === 'string' ? p.status.toUpperCase() : null;
  const fits: KnownEvent[] = [];
  if (has('denominationType') || has('denominations') || has('amountRestrictions') || (status !== null && BRAND_STATUSES.has(status) && (has('id') || has('brandId') || has('productId')))) {
    fits.push('BRAND_UPDATED');
  }
  if (has('balance')) fits.push('WALLET_LOW_BALANCE');
  if ((has('orderId') || has('id')) && status !== null && ORDER_STATUSES.has(status)) fits.push('ORDER_REACHED_TERMINAL_STATE');
  if (has('subventionPercentage')) fits.push('BRAND_DISCOUNT_UPDATE');
  return fits.length === 1 ? fits[0]! : fits;
}

/** Which of the four events this is, or why that cannot be told. */
function eventOf(env: Envelope): { event: KnownEvent; named: string | null } | { unknown: string; named: string | null } {
  const known = [...new Set(env.names.map((n) => knownEvent(n.value)).filter((k): k is KnownEvent => k !== null))];
  const named = env.names[0]?.value ?? null;
  if (known.length === 1) return { event: known[0]!, named: env.names.find((n) => knownEvent(n.value) === known[0])!.value };
  if (known.length > 1) return { unknown: `the envelope names two different events (${known.join(', ')})`, named };
  const unknownName = env.names.find((n) => n.envelopeOnly);
  if (unknownName) return { unknown: `event "${unknownName.value}" is not one this version knows`, named: unknownName.value };
  const inferred = inferEvent(env.payload);
  if (typeof inferred === 'string') return { event: inferred, named };
  const seen = named === null ? 'no event name' : `no known event name (only "${named}")`;
  return inferred.length === 0
    ? { unknown: `${seen}, and its fields fit none of the four events`, named }
    : { unknown: `${seen}, and its fields fit more than one event (${inferred.join(', ')})`, named };
}

export function parseWebhookEvent(json: unknown): PartnerWebhookEvent {
  if (!isRecord(json)) return unknown(null, null, 'not a JSON object');
  const env = readEnvelope(json);
  const { eventId, createdAt } = env;
  const which = eventOf(env);
  if ('unknown' in which) return unknown(eventId, which.named, which.unknown);
  const rawType = which.named ?? which.event;
  const data = env.payload;
  const base = { eventId, createdAt };

  switch (which.event) {
    case 'BRAND_UPDATED': {
      const p = brandUpdated.safeParse(data);
      // `brandId` and `productId` can only mean the brand; a top-level `id` might be the event's.
      const brandId = p.success ? (p.data.brandId ?? p.data.productId ?? p.data.id) : undefined;
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
      // `orderId` can only mean the order; a top-level `id` might be the event's.
      const orderId = p.success ? (p.data.orderId ?? p.data.id) : undefined;
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
  }
}

function unknown(eventId: string | null, eventType: string | null, reason: string): UnknownWebhookEvent {
  return { type: 'unknown', eventId, eventType, reason };
}
