import { createHash, createHmac } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { UnrecognisedWebhooks } from '../../src-main/webhooks/unrecognised-webhooks.js';
import { WebhookReceiver, type WebhookHandlers } from '../../src-main/webhooks/webhook-receiver.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * A signed delivery the app cannot understand is genuine: it is kept (bytes as they came,
 * when, why), listed for the manager, and after an update run through the current parser and
 * applied exactly once. Deliveries go through the real HTTP receiver, signed as the service signs.
 */
const SECRET = 'inbox-webhook-secret';
const sign = (raw: Buffer, secret = SECRET) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(raw).digest('base64');
const sha256 = (raw: Buffer) => createHash('sha256').update(raw).digest('hex');
const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
const NOW = 1_764_200_000_000;

describe('unrecognised webhook deliveries', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let receiver: WebhookReceiver;
  let server: { url: string; close(): Promise<void> };
  let applied: string[];
  let failNext: string | null;
  let logger: ReturnType<typeof memoryLogger>;
  let clock: number;

  const handlers: WebhookHandlers = {
    orderTerminal: async (e) => {
      if (failNext) {
        const message = failNext;
        failNext = null;
        throw new Error(message);
      }
      applied.push(`order:${e.orderId}:${e.status}`);
    },
    brandUpdated: (e) => void applied.push(`brand:${e.brandId}`),
    brandDiscount: (e) => void applied.push(`discount:${e.brandId}`),
    walletLow: (e) => void applied.push(`wallet:${e.balance}`),
  };

  async function start(maxUnrecognised?: number) {
    await server?.close();
    receiver = new WebhookReceiver({ db, secret: () => SECRET, handlers, logger, now: () => clock, maxUnrecognised });
    server = await receiver.listen('127.0.0.1', 0);
  }

  async function post(raw: Buffer, signature: string | undefined = sign(raw)): Promise<{ status: number; body: any }> {
    const res = await fetch(server.url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...(signature ? { 'X-Verify': signature } : {}) }, body: raw });
    return { status: res.status, body: await res.json() };
  }

  /** What an older version, which could not read these bytes, left in the table. */
  const recordedByOlderVersion = (raw: Buffer, reason = 'no eventType') => {
    const kept = new UnrecognisedWebhooks(db).record(raw, sha256(raw), null, reason, NOW - 86_400_000, 1000);
    if (kept.kind !== 'recorded') throw new Error(`not recorded: ${kept.kind}`);
    return kept.id;
  };

  beforeEach(async () => {
    dir = tempDir();
    db = openDatabase(join(dir.path, 'training.db'), 'environment');
    applied = [];
    failNext = null;
    logger = memoryLogger();
    clock = NOW;
    await start();
  });
  afterEach(async () => {
    await server.close();
    await receiver.idle();
    db.close();
    dir.cleanup();
  });

  it('keeps the exact bytes, the time and the reason of a signed delivery it cannot read, even bytes that are not UTF-8', async () => {
    const raw = Buffer.concat([Buffer.from('{"event":"voucher.redeemed","eventId":"evt-v1","data":{"note":"'), Buffer.from([0xff, 0xfe, 0x41]), Buffer.from('"}}')]);
    expect(await post(raw)).toEqual({ status: 202, body: { received: true, unrecognised: true } });
    clock += 60_000;
    expect(await post(raw)).toEqual({ status: 200, body: { received: true, duplicate: true } });

    expect(db.prepare('SELECT body FROM webhook_unrecognised').pluck().get()).toEqual(raw);
    expect(receiver.inbox.count()).toBe(1);
    expect(receiver.inbox.unrecognised()).toEqual([
      {
        id: expect.any(Number),
        receivedAt: NOW,
        lastReceivedAt: NOW + 60_000,
        deliveries: 2,
        eventName: 'voucher.redeemed',
        reason: 'event "voucher.redeemed" is not one this version knows',
        lastTriedAt: null,
        bytes: raw.length,
        rawText: raw.toString('utf8'),
      },
    ]);
    expect(applied).toEqual([]);
  });

  it('never keeps a body that is not correctly signed', async () => {
    const raw = json({ event: 'voucher.redeemed', data: {} });
    expect((await post(raw, sign(raw, 'another-secret'))).status).toBe(401);
    expect((await post(raw, '')).status).toBe(401); // no X-Verify header at all
    expect(receiver.inbox.count()).toBe(0);
  });

  it('applies, after an update, an event an older version recorded, exactly once whatever comes after', async () => {
    const raw = json({ event: 'order.reached_terminal_state', eventId: 'evt-o1', payload: { orderId: 'ord-1', status: 'SUCCESS' } });
    const id = recordedByOlderVersion(raw);
    expect(receiver.inbox.count()).toBe(1);

    expect(await receiver.inbox.reprocess(id)).toEqual({ id, outcome: 'applied', eventType: 'ORDER_REACHED_TERMINAL_STATE' });
    expect(applied).toEqual(['order:ord-1:SUCCESS']);
    expect(receiver.inbox.count()).toBe(0);
    expect(db.prepare("SELECT outcome FROM webhook_events WHERE event_key = 'id:evt-o1'").pluck().get()).toBe('applied');

    // Again, by the manager, by the service's retry, and by the service in its usual envelope.
    expect(await receiver.inbox.reprocess(id)).toEqual({ id, outcome: 'not-found' });
    expect(await post(raw)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await post(json({ eventId: 'evt-o1', eventType: 'ORDER_REACHED_TERMINAL_STATE', data: { id: 'ord-1', status: 'SUCCESS' } }))).toMatchObject({ body: { duplicate: true } });
    await receiver.idle();
    expect(applied).toEqual(['order:ord-1:SUCCESS']);
  });

  it('does not apply a recorded event again when it already reached the app in another envelope', async () => {
    expect((await post(json({ eventType: 'WALLET_LOW_BALANCE', createdAt: '2026-11-26T02:00:00Z', data: { balance: 900, threshold: 1000 } }))).status).toBe(200);
    await receiver.idle();
    const id = recordedByOlderVersion(json({ name: 'wallet-low-balance', timestamp: '2026-11-26T02:00:00Z', balance: 900, threshold: 1000 }));
    expect(await receiver.inbox.reprocessAll()).toEqual([{ id, outcome: 'already-applied', eventType: 'WALLET_LOW_BALANCE' }]);
    expect(applied).toEqual(['wallet:900']);
    expect(receiver.inbox.count()).toBe(0);
  });

  it('a live redelivery of recorded bytes, understood now, is applied once and clears the recorded copy', async () => {
    const raw = json({ eventName: 'BrandDiscountUpdate', eventId: 'evt-d1', data: { brandId: 'B1', subventionPercentage: 3, validFrom: '2026-12-01' } });
    const id = recordedByOlderVersion(raw);
    expect(await post(raw)).toEqual({ status: 200, body: { received: true } });
    await receiver.idle();
    expect(applied).toEqual(['discount:B1']);
    expect(receiver.inbox.count()).toBe(0);
    expect(await receiver.inbox.reprocess(id)).toEqual({ id, outcome: 'not-found' });
    expect(applied).toEqual(['discount:B1']);
  });

  it('keeps an event whose re-processed application failed, and applies it on the next try', async () => {
    const id = recordedByOlderVersion(json({ event: 'Order Reached Terminal State', eventId: 'evt-o2', data: { id: 'ord-2', status: 'FAILED' } }));
    failNext = 'journal is busy';
    expect(await receiver.inbox.reprocess(id)).toEqual({ id, outcome: 'failed', eventType: 'ORDER_REACHED_TERMINAL_STATE', message: 'journal is busy' });
    expect(receiver.inbox.unrecognised()[0]).toMatchObject({ id, reason: 'understood as ORDER_REACHED_TERMINAL_STATE, but applying it failed: journal is busy', lastTriedAt: NOW });
    expect(await receiver.inbox.reprocess(id)).toEqual({ id, outcome: 'applied', eventType: 'ORDER_REACHED_TERMINAL_STATE' });
    expect(applied).toEqual(['order:ord-2:FAILED']);
    expect(receiver.inbox.count()).toBe(0);
  });

  it('leaves what is still not understood where it is, with the current reason, and lets a manager dismiss it', async () => {
    const id = recordedByOlderVersion(json({ event: 'coupon.created', data: { couponId: 'C1' } }), 'an older reason');
    clock += 5_000;
    expect(await receiver.inbox.reprocess(id)).toEqual({ id, outcome: 'unrecognised', reason: 'event "coupon.created" is not one this version knows' });
    expect(receiver.inbox.unrecognised()[0]).toMatchObject({ id, reason: 'event "coupon.created" is not one this version knows', lastTriedAt: NOW + 5_000 });
    expect(receiver.inbox.dismiss(id)).toBe(true);
    expect(receiver.inbox.dismiss(id)).toBe(false);
    expect(db.prepare('SELECT count(*) FROM webhook_unrecognised').pluck().get()).toBe(0);
    expect(applied).toEqual([]);
  });

  it('past its limit refuses a new unrecognised delivery with 503 (the service keeps and retries it); known events still apply', async () => {
    await start(2);
    const unknown = (n: number) => json({ event: 'coupon.created', eventId: `evt-c${n}`, data: { n } });
    expect((await post(unknown(1))).status).toBe(202);
    expect((await post(unknown(2))).status).toBe(202);
    expect(await post(unknown(3))).toEqual({ status: 503, body: { error: 'too many unrecognised events are waiting here; retry later' } });
    expect(await post(unknown(1))).toMatchObject({ status: 200, body: { duplicate: true } });
    expect((await post(json({ event: 'wallet.low_balance', eventId: 'evt-w', data: { balance: 5 } }))).status).toBe(200);
    await receiver.idle();
    expect(applied).toEqual(['wallet:5']);
    expect(receiver.inbox.count()).toBe(2);
    receiver.inbox.dismiss(receiver.inbox.unrecognised()[0]!.id);
    expect((await post(unknown(3))).status).toBe(202);
  });

  it('moves an acknowledged event this version cannot read to the inbox at restart, instead of dropping it', async () => {
    const stored = '{"eventId":"evt-r","event":"voucher.redeemed","data":{}}';
    db.prepare("INSERT INTO webhook_events (event_key, event_type, received_at, outcome, payload) VALUES ('id:evt-r', 'VOUCHER_REDEEMED', 1, 'received', ?)").run(stored);
    expect(receiver.replayPending()).toBe(1);
    await receiver.idle();
    expect(db.prepare('SELECT count(*) FROM webhook_events').pluck().get()).toBe(0);
    expect(receiver.inbox.unrecognised().map((r) => r.rawText)).toEqual([stored]);
  });

  it('applies an event an older version ignored (and dropped) when the service delivers it again', async () => {
    db.prepare("INSERT INTO webhook_events (event_key, event_type, received_at, outcome) VALUES ('id:evt-i', 'unknown:?', 1, 'ignored: no eventType')").run();
    expect(await post(json({ event: 'BRAND_UPDATED', eventId: 'evt-i', data: { id: 'B9', status: 'INACTIVE' } }))).toEqual({ status: 200, body: { received: true } });
    await receiver.idle();
    expect(applied).toEqual(['brand:B9']);
  });
});
