import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { WebhookReceiver, type WebhookHandlers } from '../../src-main/webhooks/webhook-receiver.js';
import { tempDir } from '../support/temp-dir.js';

const SECRET = 'unit-webhook-secret';
/** Spec §5.3, computed here independently of the code under test. */
const sign = (raw: string | Buffer, secret = SECRET) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(raw).digest('base64');
const body = (eventType: string, data: Record<string, unknown>, eventId: string | null = `evt-${Math.random().toString(36).slice(2)}`) =>
  JSON.stringify({ ...(eventId === null ? {} : { eventId }), eventType, createdAt: '2026-11-25T06:03:00.000Z', data });
const ORDER_BODY = body('ORDER_REACHED_TERMINAL_STATE', { id: 'ord_1', status: 'SUCCESS' }, 'evt-order-1');

type Call = [keyof WebhookHandlers, any];

describe('WebhookReceiver.receive', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let calls: Call[];
  let secret: string | null;
  /** eventId → the error its handler throws. */
  let failWith: Record<string, Error>;
  let logger: ReturnType<typeof memoryLogger>;
  let receiver: WebhookReceiver;

  const record = (kind: keyof WebhookHandlers, event: { eventId: string | null }) => {
    calls.push([kind, event]);
    const error = event.eventId === null ? undefined : failWith[event.eventId];
    if (error) throw error;
  };
  const rows = () => db.prepare('SELECT event_key, event_type, received_at, outcome FROM webhook_events ORDER BY rowid').all() as any[];
  const deliver = (raw: string, signature: string | undefined = sign(raw)) => receiver.receive(Buffer.from(raw, 'utf8'), signature);

  beforeEach(() => {
    dir = tempDir();
    db = openDatabase(join(dir.path, 'webhooks.db'), 'environment');
    calls = [];
    secret = SECRET;
    failWith = {};
    logger = memoryLogger();
    receiver = new WebhookReceiver({
      db,
      secret: () => secret,
      handlers: {
        orderTerminal: async (e) => record('orderTerminal', e),
        brandUpdated: (e) => record('brandUpdated', e),
        brandDiscount: (e) => record('brandDiscount', e),
        walletLow: (e) => record('walletLow', e),
      },
      logger,
      now: () => 1_764_050_400_000,
    });
  });
  afterEach(async () => {
    await receiver.idle();
    db.close();
    dir.cleanup();
  });

  it('applies a correctly signed event once, through the right handler', async () => {
    expect(deliver(ORDER_BODY)).toEqual({ status: 200, body: { received: true } });
    await receiver.idle();
    expect(calls).toEqual([['orderTerminal', expect.objectContaining({ eventId: 'evt-order-1', orderId: 'ord_1', status: 'SUCCESS' })]]);
    expect(rows()).toEqual([{ event_key: 'id:evt-order-1', event_type: 'ORDER_REACHED_TERMINAL_STATE', received_at: 1_764_050_400_000, outcome: 'applied' }]);
  });

  it('answers before the work is done; the row says received until the handler finishes', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    receiver = new WebhookReceiver({
      db,
      secret: () => SECRET,
      handlers: { orderTerminal: () => gate, brandUpdated() {}, brandDiscount() {}, walletLow() {} },
      logger,
      now: () => 1,
    });
    expect(deliver(ORDER_BODY).status).toBe(200);
    await Promise.resolve();
    expect(rows()[0].outcome).toBe('received');
    finish();
    await receiver.idle();
    expect(rows()[0].outcome).toBe('applied');
  });

  it('treats 14 more deliveries of the same event as duplicates: one application, one row', async () => {
    deliver(ORDER_BODY);
    await receiver.idle();
    for (let i = 0; i < 14; i++) {
      expect(deliver(ORDER_BODY)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    }
    await receiver.idle();
    expect(calls).toHaveLength(1);
    expect(rows()).toHaveLength(1);
    expect(rows()[0].outcome).toBe('applied');
  });

  it('refuses a wrong, missing, empty or tampered signature with 401 and records nothing', async () => {
    const tampered = ORDER_BODY.replace('SUCCESS', 'FAILED');
    const answers = [
      deliver(ORDER_BODY, sign(ORDER_BODY, 'another-secret')),
      receiver.receive(Buffer.from(ORDER_BODY), undefined),
      deliver(ORDER_BODY, ''),
      deliver(ORDER_BODY, 'not base64 at all'),
      deliver(tampered, sign(ORDER_BODY)),
      deliver(ORDER_BODY, createHmac('sha256', SECRET).update(ORDER_BODY).digest('hex')),
    ];
    await receiver.idle();
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(answers[0]!.body).toEqual({ error: 'invalid signature' });
    expect(rows()).toEqual([]);
    expect(calls).toEqual([]);
    expect(logger.lines.filter((l) => l.includes('webhook.bad_signature'))).toHaveLength(6);
  });

  it('checks the signature over the raw bytes, not over re-serialised JSON', async () => {
    const raw = JSON.stringify(JSON.parse(ORDER_BODY), null, 2); // what was sent, spaced out
    const reserialised = JSON.stringify(JSON.parse(raw));
    expect(reserialised).not.toBe(raw);
    expect(deliver(raw, sign(reserialised)).status).toBe(401);
    expect(deliver(reserialised, sign(raw)).status).toBe(401);
    await receiver.idle();
    expect(rows()).toEqual([]);
    expect(calls).toEqual([]);
    expect(deliver(raw, sign(raw)).status).toBe(200);
  });

  it('refuses everything with 401 while no secret is configured', async () => {
    for (const configured of [null, '']) {
      secret = configured;
      expect(deliver(ORDER_BODY).status).toBe(401);
      expect(deliver(ORDER_BODY, sign(ORDER_BODY, '')).status).toBe(401);
    }
    await receiver.idle();
    expect(rows()).toEqual([]);
    expect(calls).toEqual([]);
  });

  const unrecognised = () => db.prepare('SELECT body, event_name, reason, deliveries FROM webhook_unrecognised ORDER BY id').all() as any[];

  it('records a correctly signed body that is not JSON, bytes as they came, and applies nothing', async () => {
    const bodies = ['{"eventId": "evt-x", "eventType": ', '', 'not json'];
    for (const raw of bodies) expect(deliver(raw)).toEqual({ status: 202, body: { received: true, unrecognised: true } });
    await receiver.idle();
    expect(rows()).toEqual([]);
    expect(calls).toEqual([]);
    expect(unrecognised().map((r) => [r.body.toString('utf8'), r.reason])).toEqual(bodies.map((b) => [b, 'body is not JSON']));
  });

  it('records an unknown event once (a repeat counts a delivery), calls no handler and logs no body', async () => {
    const raw = body('BRAND_DELETED', { id: 'b1', contact: '9876543210' }, 'evt-unknown');
    expect(deliver(raw)).toEqual({ status: 202, body: { received: true, unrecognised: true } });
    expect(deliver(raw)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    await receiver.idle();
    expect(calls).toEqual([]);
    expect(rows()).toEqual([]);
    expect(unrecognised()).toEqual([
      { body: Buffer.from(raw), event_name: 'BRAND_DELETED', reason: 'event "BRAND_DELETED" is not one this version knows', deliveries: 2 },
    ]);
    expect(receiver.inbox.count()).toBe(1);
    expect(logger.lines.filter((l) => l.includes('webhook.unrecognised'))).toHaveLength(1);
    expect(logger.lines.join('\n')).not.toContain('9876543210');
  });

  it('records a known eventType whose payload cannot be read, saying why', async () => {
    expect(deliver(body('ORDER_REACHED_TERMINAL_STATE', { status: 'SUCCESS' }, 'evt-no-order')).status).toBe(202);
    await receiver.idle();
    expect(calls).toEqual([]);
    expect(rows()).toEqual([]);
    expect(unrecognised()[0].reason).toBe('Order Reached Terminal State without an order id or status');
  });

  it('deduplicates an event without eventId by what it says, in whatever envelope it comes', async () => {
    const raw = body('WALLET_LOW_BALANCE', { balance: 900, threshold: 1000 }, null);
    expect(deliver(raw).status).toBe(200);
    expect(deliver(raw)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const respelled = JSON.stringify({ event: 'wallet.low_balance', created_at: '2026-11-25T06:03:00.000Z', payload: { threshold: '1000', balance: '900' } });
    expect(deliver(respelled)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const other = body('WALLET_LOW_BALANCE', { balance: 800, threshold: 1000 }, null);
    expect(deliver(other)).toEqual({ status: 200, body: { received: true } });
    // Same fields at another time: another event.
    const later = body('WALLET_LOW_BALANCE', { balance: 900, threshold: 1000 }, null).replace('06:03:00', '07:03:00');
    expect(deliver(later)).toEqual({ status: 200, body: { received: true } });
    await receiver.idle();
    expect(calls.map(([kind, e]) => [kind, e.balance])).toEqual([
      ['walletLow', 900],
      ['walletLow', 800],
      ['walletLow', 900],
    ]);
    expect(rows().map((r) => r.event_key)).toEqual([expect.stringMatching(/^content:[0-9a-f]{64}$/), expect.stringMatching(/^content:/), expect.stringMatching(/^content:/)]);
    expect(new Set(rows().map((r) => r.event_key)).size).toBe(3);
  });

  it('applies after a restart what was acknowledged but not yet applied when the app died', async () => {
    // The app answered 2xx, then died before applying: the row is 'received' with its body.
    db.prepare("INSERT INTO webhook_events (event_key, event_type, received_at, outcome, payload) VALUES ('id:evt-order-1', 'ORDER_REACHED_TERMINAL_STATE', 1, 'received', ?)").run(ORDER_BODY);
    expect(receiver.replayPending()).toBe(1);
    await receiver.idle();
    expect(calls.map(([kind, e]) => [kind, e.eventId])).toEqual([['orderTerminal', 'evt-order-1']]);
    expect(db.prepare('SELECT outcome, payload FROM webhook_events').get()).toEqual({ outcome: 'applied', payload: null });
    expect(receiver.replayPending()).toBe(0);
    // A redelivery of the same event is still a duplicate.
    expect(deliver(ORDER_BODY)).toMatchObject({ status: 200, body: { duplicate: true } });
  });

  it('records a handler failure and keeps applying later events', async () => {
    failWith = { 'evt-b1': new Error('catalog is locked'), 'evt-order-1': new Error('journal unavailable') };
    deliver(body('BRAND_UPDATED', { id: 'B1', status: 'INACTIVE' }, 'evt-b1'));
    deliver(ORDER_BODY);
    deliver(body('BRAND_UPDATED', { id: 'B2', status: 'ACTIVE' }, 'evt-b2'));
    await receiver.idle();
    expect(rows().map((r) => [r.event_key, r.outcome])).toEqual([
      ['id:evt-b1', 'failed: catalog is locked'],
      ['id:evt-order-1', 'failed: journal unavailable'],
      ['id:evt-b2', 'applied'],
    ]);
    expect(calls.map(([kind, e]) => [kind, e.eventId])).toEqual([
      ['brandUpdated', 'evt-b1'],
      ['orderTerminal', 'evt-order-1'],
      ['brandUpdated', 'evt-b2'],
    ]);
    expect(logger.lines.filter((l) => l.includes('webhook.apply_failed'))).toHaveLength(2);
  });

  it('routes each of the four event types to its handler with the parsed fields', async () => {
    const restrictions = {
      minOrderAmount: 100,
      maxOrderAmount: 50000,
      minVoucherAmount: 100,
      maxVoucherAmount: 2000,
      maxVouchersPerOrder: 10,
      maxVouchersPerDenomination: 5,
      maxDenominationsPerOrder: 3,
    };
    const bodies = [
      body('BRAND_UPDATED', { id: 'TEST_FIXED_STANDARD', denominationType: 'FIXED', status: 'INACTIVE', denominations: [100, 500], amountRestrictions: restrictions }),
      body('WALLET_LOW_BALANCE', { balance: 9876.5, threshold: 10000 }),
      body('ORDER_REACHED_TERMINAL_STATE', { id: 'ord_by_id', status: 'SUCCESS' }),
      body('Order Reached Terminal State', { orderId: 'ord_by_orderId', status: 'FAILED' }),
      body('BRAND_DISCOUNT_UPDATE', { brandId: 'TEST_FLEXIBLE_STANDARD', subventionPercentage: 7.5, validFrom: '2026-12-01' }),
    ];
    for (const raw of bodies) expect(deliver(raw).status).toBe(200);
    await receiver.idle();
    expect(calls).toEqual([
      [
        'brandUpdated',
        expect.objectContaining({ type: 'BRAND_UPDATED', brandId: 'TEST_FIXED_STANDARD', status: 'INACTIVE', denominationType: 'FIXED', denominations: [100, 500], amountRestrictions: restrictions }),
      ],
      ['walletLow', expect.objectContaining({ type: 'WALLET_LOW_BALANCE', balance: 9876.5, threshold: 10000 })],
      ['orderTerminal', expect.objectContaining({ type: 'ORDER_REACHED_TERMINAL_STATE', orderId: 'ord_by_id', status: 'SUCCESS' })],
      ['orderTerminal', expect.objectContaining({ type: 'ORDER_REACHED_TERMINAL_STATE', orderId: 'ord_by_orderId', status: 'FAILED' })],
      [
        'brandDiscount',
        expect.objectContaining({ type: 'BRAND_DISCOUNT_UPDATE', brandId: 'TEST_FLEXIBLE_STANDARD', subventionPercentage: 7.5, validFrom: '2026-12-01', validTo: null }),
      ],
    ]);
    expect(calls[0]![1].createdAt).toBe('2026-11-25T06:03:00.000Z');
    expect(rows().map((r) => [r.event_type, r.outcome])).toEqual([
      ['BRAND_UPDATED', 'applied'],
      ['WALLET_LOW_BALANCE', 'applied'],
      ['ORDER_REACHED_TERMINAL_STATE', 'applied'],
      ['ORDER_REACHED_TERMINAL_STATE', 'applied'],
      ['BRAND_DISCOUNT_UPDATE', 'applied'],
    ]);
  });
});
