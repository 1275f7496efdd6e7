import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { WebhookReceiver } from '../../src-main/webhooks/webhook-receiver.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * Boundary: anyone on the network → the webhook receiver (spec §5.3, §6). Random mixes of
 * correctly signed events in random envelope spellings, replays (respelt or not), forged or
 * tampered signatures, foreign secrets and garbage go through the real HTTP server; afterwards
 * exactly the correctly signed, known events have been applied, each exactly once, whatever
 * the order, the spellings and the repetitions, and every other signed body is recorded.
 * Oversized bodies are refused without being read to the end.
 */
const SEED = 6_4_2026;
const SECRET = 'hostile-webhook-secret-0123456789';
const MAX_BODY = 64 * 1024;
/** Spec §5.3, written out here independently of the code under test. */
const sign = (raw: Buffer, secret = SECRET) => createHmac('sha256', Buffer.from(secret, 'utf8')).update(raw).digest('base64');

let dir: ReturnType<typeof tempDir>;
let db: Db;
let receiver: WebhookReceiver;
let server: { url: string; close(): Promise<void> };
/** Every handler call, by the tag each test event carries. */
const applied: string[] = [];
const logger = memoryLogger();

beforeAll(async () => {
  dir = tempDir();
  db = openDatabase(join(dir.path, 'training.db'), 'environment');
  receiver = new WebhookReceiver({
    db,
    secret: () => SECRET,
    handlers: {
      orderTerminal: async (e) => void applied.push(`order:${e.orderId}`),
      brandUpdated: (e) => void applied.push(`brand:${e.brandId}`),
      brandDiscount: (e) => void applied.push(`discount:${e.brandId}`),
      walletLow: (e) => void applied.push(`wallet:${e.balance}`),
    },
    logger,
    now: () => 1_764_100_000_000,
    maxBodyBytes: MAX_BODY,
  });
  server = await receiver.listen('127.0.0.1', 0);
});
afterAll(async () => {
  await server.close();
  await receiver.idle();
  db.close();
  dir.cleanup();
});

type Kind = 'ORDER_REACHED_TERMINAL_STATE' | 'BRAND_UPDATED' | 'BRAND_DISCOUNT_UPDATE' | 'WALLET_LOW_BALANCE' | 'SOMETHING_NEW';

/** Envelopes a service may use (the spec shows none); the last names no event, so the fields must tell. */
const words = (kind: Kind) => kind.toLowerCase().split('_');
const SPELLINGS: ((kind: Kind, eventId: string | null, payload: Record<string, unknown>) => Record<string, unknown>)[] = [
  (kind, eventId, data) => ({ ...(eventId ? { eventId } : {}), eventType: kind, createdAt: CREATED_AT, data }),
  (kind, eventId, payload) => ({ ...(eventId ? { event_id: eventId } : {}), event: `${words(kind)[0]}.${words(kind).slice(1).join('_')}`, created_at: CREATED_AT, payload }),
  (kind, eventId, payload) => ({ ...(eventId ? { eventId } : {}), name: words(kind).map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' '), createdAt: CREATED_AT, ...payload }),
  (kind, eventId, data) => ({ ...(eventId ? { id: eventId } : {}), type: words(kind).join('-'), timestamp: CREATED_AT, data }),
  (_kind, eventId, data) => ({ ...(eventId ? { eventID: eventId } : {}), createdAt: CREATED_AT, data }),
];
const CREATED_AT = '2026-11-26T01:00:00.000Z';

/** One event of the run: its bytes in each spelling, and the handler call it must cause (none for an unknown type). */
function eventBody(kind: Kind, tag: number, withId: boolean): { raw: (spelling: number) => Buffer; expect: string | null; tag: number } {
  const data: Record<Kind, [Record<string, unknown>, string | null]> = {
    ORDER_REACHED_TERMINAL_STATE: [{ id: `ord-${tag}`, status: 'SUCCESS' }, `order:ord-${tag}`],
    BRAND_UPDATED: [
      { id: `brand-${tag}`, denominationType: 'FIXED', status: 'ACTIVE', denominations: [100], amountRestrictions: { minOrderAmount: 100, maxOrderAmount: 1000, minVoucherAmount: 100, maxVoucherAmount: 100, maxVouchersPerOrder: 5, maxVouchersPerDenomination: null, maxDenominationsPerOrder: null } },
      `brand:brand-${tag}`,
    ],
    BRAND_DISCOUNT_UPDATE: [{ brandId: `disc-${tag}`, subventionPercentage: 2.5, validFrom: '2026-11-26' }, `discount:disc-${tag}`],
    WALLET_LOW_BALANCE: [{ balance: 1_000 + tag, threshold: 100_000 }, `wallet:${1_000 + tag}`],
    SOMETHING_NEW: [{ anything: tag }, null],
  };
  const [payload, expected] = data[kind];
  const eventId = withId ? `evt-${tag}` : null;
  return { raw: (spelling) => Buffer.from(JSON.stringify(SPELLINGS[spelling % SPELLINGS.length]!(kind, eventId, payload)), 'utf8'), expect: expected, tag };
}

/** What a delivery does: the i-th event of the run, sent in one of several ways, or noise. */
type Delivery =
  | { kind: 'signed'; event: number; spelling: number }
  | { kind: 'forged'; event: number; signature: string }
  | { kind: 'foreign-secret'; event: number }
  | { kind: 'tampered'; event: number; at: number }
  | { kind: 'signature-of-other'; event: number; other: number }
  | { kind: 'garbage'; bytes: Uint8Array; signed: boolean };

const printable = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/= -_'.split('')), maxLength: 60 });
const runArb = fc.record({
  events: fc.array(fc.record({ kind: fc.constantFrom<Kind>('ORDER_REACHED_TERMINAL_STATE', 'BRAND_UPDATED', 'BRAND_DISCOUNT_UPDATE', 'WALLET_LOW_BALANCE', 'SOMETHING_NEW'), withId: fc.boolean() }), { minLength: 1, maxLength: 4 }),
  deliveries: fc.array<Delivery>(
    fc.oneof(
      { arbitrary: fc.record({ kind: fc.constant('signed' as const), event: fc.nat(3), spelling: fc.nat(SPELLINGS.length - 1) }), weight: 4 },
      fc.record({ kind: fc.constant('forged' as const), event: fc.nat(3), signature: fc.oneof(printable, fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('base64'))) }),
      fc.record({ kind: fc.constant('foreign-secret' as const), event: fc.nat(3) }),
      fc.record({ kind: fc.constant('tampered' as const), event: fc.nat(3), at: fc.nat() }),
      fc.record({ kind: fc.constant('signature-of-other' as const), event: fc.nat(3), other: fc.nat(3) }),
      fc.record({ kind: fc.constant('garbage' as const), bytes: fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.json().map((j) => new TextEncoder().encode(j))), signed: fc.boolean() }),
    ),
    { minLength: 1, maxLength: 12 },
  ),
});

async function post(raw: Buffer, signature: string | undefined): Promise<{ status: number; body: any }> {
  const res = await fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(signature === undefined ? {} : { 'X-Verify': signature }) },
    body: raw,
  });
  return { status: res.status, body: await res.json() };
}

let runNo = 0;

describe('webhook receiver under random deliveries', () => {
  it('applies exactly the correctly signed known events, each once in whatever spelling; records every other signed body; refuses the rest', async () => {
    const rowCount = () => (db.prepare('SELECT (SELECT count(*) FROM webhook_events) + (SELECT count(*) FROM webhook_unrecognised) AS n').get() as { n: number }).n;
    await fc.assert(
      fc.asyncProperty(runArb, async ({ events, deliveries }) => {
        runNo++;
        // Tags unique across runs, so one receiver and one database serve every run.
        const pool = events.map((e, i) => eventBody(e.kind, runNo * 10 + i, e.withId));
        const expected = new Set<string>();
        applied.length = 0;
        const rowsBefore = rowCount();
        // A known event is one event in any spelling; an unknown one is kept per distinct body.
        const seen = new Set<string>();
        const identity = (event: (typeof pool)[number], raw: Buffer) => (event.expect ? `event:${event.tag}` : `body:${raw.toString('base64')}`);
        const firstSigned = (event: (typeof pool)[number], raw: Buffer): boolean => {
          const id = identity(event, raw);
          const first = !seen.has(id);
          seen.add(id);
          if (event.expect) expected.add(event.expect);
          return first;
        };

        for (const d of deliveries) {
          if (d.kind === 'garbage') {
            const raw = Buffer.from(d.bytes);
            const answer = await post(raw, d.signed ? sign(raw) : sign(raw, 'not-the-secret'));
            if (!d.signed) expect(answer.status).toBe(401);
            else expect([200, 202]).toContain(answer.status);
            continue;
          }
          const event = pool[d.event % pool.length]!;
          const raw = event.raw(d.kind === 'signed' ? d.spelling : 0);
          switch (d.kind) {
            case 'signed': {
              const answer = await post(raw, sign(raw));
              // First delivery: 200 (202 and recorded for a type this version does not know); later ones, respelt or not: duplicates.
              const first = event.expect === null ? { status: 202, body: { received: true, unrecognised: true } } : { status: 200, body: { received: true } };
              if (firstSigned(event, raw)) expect(answer).toEqual(first);
              else expect(answer).toEqual({ status: 200, body: { received: true, duplicate: true } });
              break;
            }
            case 'forged':
              if (d.signature === sign(raw)) break; // astronomically unlikely; not a forgery then
              expect((await post(raw, d.signature)).status).toBe(401);
              break;
            case 'foreign-secret':
              expect((await post(raw, sign(raw, `${SECRET}-staging`))).status).toBe(401);
              break;
            case 'tampered': {
              const bent = Buffer.from(raw);
              bent[d.at % bent.length] = bent[d.at % bent.length]! ^ 0x20; // one flipped bit: the signature of the original no longer fits
              expect((await post(bent, sign(raw))).status).toBe(401);
              break;
            }
            case 'signature-of-other': {
              const other = pool[d.other % pool.length]!;
              const answer = await post(raw, sign(other.raw(0)));
              if (other.raw(0).equals(raw)) {
                expect(answer.status).not.toBe(401);
                firstSigned(event, raw);
              } else expect(answer.status).toBe(401);
              break;
            }
          }
        }
        await receiver.idle();
        // Exactly once: each expected event applied one time, nothing else applied at all.
        expect([...applied].sort()).toEqual([...expected].sort());
        // One row per distinct correctly signed event (or unknown body); refused deliveries leave no trace.
        const signedGarbageRows = rowCount() - rowsBefore - seen.size;
        expect(signedGarbageRows).toBeGreaterThanOrEqual(0);
        expect(signedGarbageRows).toBeLessThanOrEqual(deliveries.filter((d) => d.kind === 'garbage' && d.signed).length);
      }),
      { seed: SEED, numRuns: 80 },
    );
  });
});

describe('oversized bodies', () => {
  /**
   * Sends `total` bytes and never ends the request: the answer can only come from a receiver
   * that decides while the body is still unfinished, so it cannot have buffered it whole (one
   * that waited for the end would hang here and fail on the test timeout).
   */
  function sendUnfinished(total: number, mode: 'length' | 'chunked'): Promise<number> {
    return new Promise((resolve, reject) => {
      const url = new URL(server.url);
      const head = Buffer.from('{"eventId":"evt-huge","eventType":"WALLET_LOW_BALANCE","data":{"balance":1,"threshold":2},"pad":"');
      // Correctly signed over what would be the whole body: the size alone must be what refuses it.
      const headers: Record<string, string> = { 'Content-Type': 'application/json', 'X-Verify': sign(Buffer.concat([head, Buffer.alloc(total - head.length, 'x')])) };
      // 'length': declared, but at most the limit + 1 is ever sent; 'chunked': no declaration at all.
      if (mode === 'length') headers['Content-Length'] = String(total + MAX_BODY);
      const req = request({ host: url.hostname, port: url.port, method: 'POST', path: '/', headers });
      let answered = false;
      req.on('response', (res) => {
        answered = true;
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      req.write(Buffer.concat([head, Buffer.alloc(total - head.length, 'x')]));
    });
  }

  it('refuses bodies over the limit with 413 while they are still arriving, and applies nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: MAX_BODY + 1, max: 4 * MAX_BODY }), fc.constantFrom<'length' | 'chunked'>('length', 'chunked'), async (total, mode) => {
        applied.length = 0;
        const rows = (db.prepare('SELECT count(*) AS n FROM webhook_events').get() as { n: number }).n;
        expect(await sendUnfinished(total, mode)).toBe(413);
        await receiver.idle();
        expect(applied).toEqual([]);
        expect((db.prepare('SELECT count(*) AS n FROM webhook_events').get() as { n: number }).n).toBe(rows);
      }),
      { seed: SEED, numRuns: 12 },
    );
  });

  it('refuses a declared Content-Length over the limit before a single body byte arrives', async () => {
    const url = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method: 'POST', path: '/', headers: { 'Content-Type': 'application/json', 'Content-Length': String(1024 * 1024 * 1024) } });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.flushHeaders(); // headers only; the gigabyte never comes
    });
    expect(status).toBe(413);
  });

  it('still serves a correctly signed event after the refusals', async () => {
    applied.length = 0;
    const raw = eventBody('ORDER_REACHED_TERMINAL_STATE', 999_999, true).raw(1);
    expect((await post(raw, sign(raw))).status).toBe(200);
    await receiver.idle();
    expect(applied).toEqual(['order:ord-999999']);
  });
});
