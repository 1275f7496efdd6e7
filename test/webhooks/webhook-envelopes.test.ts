import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { WebhookReceiver } from '../../src-main/webhooks/webhook-receiver.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * Spec §6 lists each event's payload fields but not the envelope around them. Every envelope
 * a real service may use goes through the real receiver over HTTP, signed with X-Verify as the
 * service signs: each genuine event is applied exactly once, and the same event delivered
 * again in another spelling is a duplicate.
 */
const SECRET = 'envelope-webhook-secret';
/** Spec §5.3, computed here independently of the code under test. */
const sign = (raw: Buffer) => createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(raw).digest('base64');

type Kind = 'ORDER_REACHED_TERMINAL_STATE' | 'BRAND_UPDATED' | 'BRAND_DISCOUNT_UPDATE' | 'WALLET_LOW_BALANCE';
const KINDS: Kind[] = ['ORDER_REACHED_TERMINAL_STATE', 'BRAND_UPDATED', 'BRAND_DISCOUNT_UPDATE', 'WALLET_LOW_BALANCE'];

/** The event's words, written in each style a service might use. */
const STYLES: Record<string, (words: string[]) => string> = {
  SCREAMING_SNAKE: (w) => w.join('_').toUpperCase(),
  'Title Case': (w) => w.map((x) => x[0]!.toUpperCase() + x.slice(1)).join(' '),
  'dotted.snake': (w) => `${w[0]}.${w.slice(1).join('_')}`,
  'kebab-case': (w) => w.join('-'),
  camelCase: (w) => w[0] + w.slice(1).map((x) => x[0]!.toUpperCase() + x.slice(1)).join(''),
  PascalCase: (w) => w.map((x) => x[0]!.toUpperCase() + x.slice(1)).join(''),
  lower_snake: (w) => w.join('_'),
};
const STYLE_NAMES = Object.keys(STYLES);
/** Where the name is; null: no name at all, the payload's fields must tell. */
const NAME_KEYS = ['event', 'eventType', 'type', 'eventName', 'name', null] as const;
const PAYLOAD_AT = ['data', 'payload', 'top'] as const;
type PayloadAt = (typeof PAYLOAD_AT)[number];

const RESTRICTIONS = {
  minOrderAmount: 100,
  maxOrderAmount: 10_000,
  minVoucherAmount: 100,
  maxVoucherAmount: 500,
  maxVouchersPerOrder: 5,
  maxVouchersPerDenomination: 2,
  maxDenominationsPerOrder: 2,
};

/** The §6 payload of one event, and the handler call it must cause. */
function payloadOf(kind: Kind, tag: number): { payload: Record<string, unknown>; expected: string } {
  switch (kind) {
    case 'ORDER_REACHED_TERMINAL_STATE':
      return tag % 2 ? { payload: { id: `ord-${tag}`, status: 'SUCCESS' }, expected: `order:ord-${tag}:SUCCESS` } : { payload: { orderId: `ord-${tag}`, status: 'FAILED' }, expected: `order:ord-${tag}:FAILED` };
    case 'BRAND_UPDATED':
      return {
        payload: { id: `brand-${tag}`, denominationType: 'FIXED', status: 'INACTIVE', denominations: [100, 500], amountRestrictions: RESTRICTIONS },
        expected: `brand:brand-${tag}:INACTIVE:100,500:5`,
      };
    case 'BRAND_DISCOUNT_UPDATE':
      return { payload: { brandId: `disc-${tag}`, subventionPercentage: 2.5, validFrom: '2026-12-01' }, expected: `discount:disc-${tag}:2.5:2026-12-01` };
    case 'WALLET_LOW_BALANCE':
      return { payload: { balance: 1000 + tag, threshold: 50_000 }, expected: `wallet:${1000 + tag}:50000` };
  }
}

interface Spelling {
  nameKey: (typeof NAME_KEYS)[number];
  style: string;
  at: PayloadAt;
  /** Which key carries the event id; `id` only beside a wrapped payload. */
  idKey: 'eventId' | 'event_id' | 'id';
}

/** One event in one envelope. `eventId` null: the event has none, so what it says identifies it. */
function envelope(kind: Kind, payload: Record<string, unknown>, eventId: string | null, s: Spelling): Buffer {
  const body: Record<string, unknown> = {};
  if (eventId !== null) body[s.idKey] = eventId;
  if (s.nameKey) body[s.nameKey] = STYLES[s.style]!(kind.toLowerCase().split('_'));
  body.createdAt = '2026-11-26T01:00:00.000Z';
  if (s.at === 'top') Object.assign(body, payload);
  else body[s.at] = payload;
  return Buffer.from(JSON.stringify(body), 'utf8');
}

const sameSpelling = (a: Spelling, b: Spelling) => a.nameKey === b.nameKey && a.style === b.style && a.at === b.at && a.idKey === b.idKey;

let dir: ReturnType<typeof tempDir>;
let db: Db;
let receiver: WebhookReceiver;
let server: { url: string; close(): Promise<void> };
const applied: string[] = [];

async function post(raw: Buffer): Promise<{ status: number; body: any }> {
  const res = await fetch(server.url, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Verify': sign(raw) }, body: raw });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  dir = tempDir();
  db = openDatabase(join(dir.path, 'training.db'), 'environment');
  receiver = new WebhookReceiver({
    db,
    secret: () => SECRET,
    handlers: {
      orderTerminal: async (e) => void applied.push(`order:${e.orderId}:${e.status}`),
      brandUpdated: (e) => void applied.push(`brand:${e.brandId}:${e.status}:${e.denominations?.join(',')}:${e.amountRestrictions?.maxVouchersPerOrder}`),
      brandDiscount: (e) => void applied.push(`discount:${e.brandId}:${e.subventionPercentage}:${e.validFrom}`),
      walletLow: (e) => void applied.push(`wallet:${e.balance}:${e.threshold}`),
    },
    logger: memoryLogger(),
    now: () => 1_764_100_000_000,
  });
  server = await receiver.listen('127.0.0.1', 0);
});
afterAll(async () => {
  await server.close();
  await receiver.idle();
  db.close();
  dir.cleanup();
});
beforeEach(() => {
  applied.length = 0;
});

describe('every envelope a service may use', () => {
  it('applies each event once in every name key, naming style and payload place, and a respelt repeat is a duplicate', async () => {
    const cases: { kind: Kind; spelling: Spelling; withId: boolean }[] = [];
    for (const kind of KINDS) {
      for (const nameKey of NAME_KEYS) {
        for (const style of nameKey === null ? ['(none)'] : STYLE_NAMES) {
          for (const at of PAYLOAD_AT) {
            const n = cases.length;
            const idKeys = at === 'top' ? (['eventId', 'event_id'] as const) : (['eventId', 'event_id', 'id'] as const);
            cases.push({ kind, spelling: { nameKey, style, at, idKey: idKeys[n % idKeys.length]! }, withId: n % 4 !== 3 });
          }
        }
      }
    }
    expect(cases).toHaveLength(KINDS.length * (5 * STYLE_NAMES.length + 1) * PAYLOAD_AT.length);

    const expected: string[] = [];
    const firstAnswers: number[] = [];
    for (const [i, c] of cases.entries()) {
      const { payload, expected: call } = payloadOf(c.kind, i);
      const answer = await post(envelope(c.kind, payload, c.withId ? `evt-${i}` : null, c.spelling));
      if (answer.status !== 200 || answer.body.duplicate) throw new Error(`case ${i} ${JSON.stringify(c)} answered ${JSON.stringify(answer)}`);
      firstAnswers.push(answer.status);
      expected.push(call);
    }
    await receiver.idle();
    expect(applied.sort()).toEqual([...expected].sort());
    expect(firstAnswers.every((s) => s === 200)).toBe(true);

    // The same events again, each in a spelling other than its first: nothing is applied twice.
    applied.length = 0;
    for (const [i, c] of cases.entries()) {
      let j = (i * 7 + 5) % cases.length;
      while (sameSpelling(cases[j]!.spelling, c.spelling)) j = (j + 1) % cases.length;
      const spelling = cases[j]!.spelling;
      const { payload } = payloadOf(c.kind, i);
      const answer = await post(envelope(c.kind, payload, c.withId ? `evt-${i}` : null, spelling));
      expect(answer, `repeat of case ${i} as ${JSON.stringify(spelling)}`).toEqual({ status: 200, body: { received: true, duplicate: true } });
    }
    await receiver.idle();
    expect(applied).toEqual([]);
    expect(receiver.inbox.count()).toBe(0);
  });

  it('reads snake_case envelope keys, a numeric event id, a payload sent as JSON text and quoted numbers', async () => {
    const bodies = [
      { event_type: 'brand_discount_update', event_id: 'evt-snake', created_at: '2026-11-26T01:00:00Z', data: { brandId: 'disc-snake', subventionPercentage: '4.5', validFrom: '2026-12-01' } },
      { eventId: 77_001, eventName: 'Wallet Low Balance', payload: { balance: '12.50', threshold: 100 } },
      { id: 'evt-text', type: 'order.reached_terminal_state', data: JSON.stringify({ orderId: 'ord-text', status: 'SUCCESS' }) },
    ];
    for (const b of bodies) expect(await post(Buffer.from(JSON.stringify(b)))).toEqual({ status: 200, body: { received: true } });
    await receiver.idle();
    expect(applied).toEqual(['discount:disc-snake:4.5:2026-12-01', 'wallet:12.5:100', 'order:ord-text:SUCCESS']);
    const keys = db.prepare("SELECT event_key FROM webhook_events WHERE event_key IN ('id:evt-snake', 'id:77001', 'id:evt-text')").pluck().all();
    expect(keys.sort()).toEqual(['id:77001', 'id:evt-snake', 'id:evt-text']);
  });

  it('takes the one known name when the envelope also carries a generic one, and a brand’s own `name` is not an event name', async () => {
    const withGenericType = { id: 'evt-generic', type: 'webhook', event: 'BrandUpdated', data: { id: 'brand-generic', status: 'ACTIVE' } };
    const brandWithName = { name: 'Amazon Pay', id: 'brand-named', status: 'INACTIVE', denominationType: 'FLEXIBLE' };
    for (const b of [withGenericType, brandWithName]) expect((await post(Buffer.from(JSON.stringify(b)))).status).toBe(200);
    await receiver.idle();
    expect(applied).toEqual(['brand:brand-generic:ACTIVE:undefined:undefined', 'brand:brand-named:INACTIVE:undefined:undefined']);
  });

  it('does not guess: conflicting names, an unknown name and fields that fit two events are recorded, not applied', async () => {
    const cases = [
      [{ eventId: 'evt-two', event: 'brand.updated', type: 'wallet.low_balance', data: { id: 'b', status: 'ACTIVE' } }, 'the envelope names two different events (BRAND_UPDATED, WALLET_LOW_BALANCE)'],
      [{ eventId: 'evt-new', event: 'order.created', data: { id: 'ord-new', status: 'SUCCESS' } }, 'event "order.created" is not one this version knows'],
      [{ eventId: 'evt-both', data: { balance: 10, subventionPercentage: 3, validFrom: '2026-12-01', brandId: 'b' } }, 'no event name, and its fields fit more than one event (WALLET_LOW_BALANCE, BRAND_DISCOUNT_UPDATE)'],
      [{ eventId: 'evt-none', data: { couponId: 'c1' } }, 'no event name, and its fields fit none of the four events'],
      [{ type: 'coupon', couponId: 'c2' }, 'no known event name (only "coupon"), and its fields fit none of the four events'],
    ] as const;
    for (const [b] of cases) expect(await post(Buffer.from(JSON.stringify(b)))).toEqual({ status: 202, body: { received: true, unrecognised: true } });
    await receiver.idle();
    expect(applied).toEqual([]);
    const recorded = receiver.inbox.unrecognised().reverse();
    expect(recorded.slice(-cases.length).map((r) => r.reason)).toEqual(cases.map(([, reason]) => reason));
    for (const r of recorded.slice(-cases.length)) expect(await receiver.inbox.reprocess(r.id)).toMatchObject({ outcome: 'unrecognised' });
  });
});
