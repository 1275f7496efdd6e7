import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../db/database.js';
import type { Logger } from '../platform/logger.js';
import { parseWebhookEvent } from '../partner-api/webhook-events.js';
import type { BrandDiscountEvent, BrandUpdatedEvent, OrderTerminalEvent, PartnerWebhookEvent, UnknownWebhookEvent, WalletLowBalanceEvent } from '../partner-api/types.js';
import type { ReprocessResult } from '../contract/index.js';
import { UnrecognisedWebhooks, type WebhookInbox } from './unrecognised-webhooks.js';
import { isValidSignature } from './verify-signature.js';

export interface WebhookHandlers {
  orderTerminal(event: OrderTerminalEvent): Promise<unknown>;
  brandUpdated(event: BrandUpdatedEvent): unknown;
  brandDiscount(event: BrandDiscountEvent): unknown;
  walletLow(event: WalletLowBalanceEvent): unknown;
}

export interface WebhookReceiverOptions {
  db: Db;
  /** The signing secret; null while none is configured (every delivery is then refused). */
  secret: () => string | null;
  handlers: WebhookHandlers;
  logger: Logger;
  now: () => number;
  maxBodyBytes?: number;
  /** Unrecognised deliveries kept at most; past it new ones get 503 and stay with the service. */
  maxUnrecognised?: number;
}

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Receives the service's webhooks (spec §6). Only a correctly signed body is looked at; each
 * event is applied at most once however often, and in whatever envelope, it is delivered (the
 * service retries up to 14 times); the answer goes back before the work is done so the service
 * never times out on us. Order events only nudge the order engine, which confirms with GET and
 * moves forward only. A signed body this version cannot understand is recorded, bytes as they
 * came, for a later version to apply (`inbox`).
 */
export class WebhookReceiver {
  private queue: Promise<void> = Promise.resolve();
  private readonly maxBodyBytes: number;
  private readonly maxUnrecognised: number;
  private readonly unrecognisedStore: UnrecognisedWebhooks;
  private readonly claim;
  private readonly settle;
  private readonly forget;

  constructor(private readonly options: WebhookReceiverOptions) {
    this.maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
    this.maxUnrecognised = options.maxUnrecognised ?? 1000;
    this.unrecognisedStore = new UnrecognisedWebhooks(options.db);
    this.claim = options.db.prepare(
      // A delivery whose application failed may be applied again when the service (or support's
      // replay) sends it once more; an applied one never is. 'ignored' rows were written by
      // versions that dropped what they could not read: this one may understand them now.
      `INSERT INTO webhook_events (event_key, event_type, received_at, outcome, payload) VALUES (?, ?, ?, 'received', ?)
       ON CONFLICT (event_key) DO UPDATE SET outcome = 'received', received_at = excluded.received_at, payload = excluded.payload
       WHERE outcome LIKE 'failed:%' OR outcome LIKE 'ignored:%'`,
    );
    // Once applied the body is no longer needed: drop it.
    this.settle = options.db.prepare('UPDATE webhook_events SET outcome = ?, payload = NULL WHERE event_key = ?');
    this.forget = options.db.prepare('DELETE FROM webhook_events WHERE event_key = ?');
  }

  /** The whole decision for one delivery; the HTTP server below is a thin wrapper. */
  receive(rawBody: Buffer, signature: string | undefined): WebhookAnswer {
    const secret = this.options.secret();
    if (!secret || !isValidSignature(rawBody, signature, secret)) {
      this.options.logger.log('warn', 'webhook.bad_signature', { bytes: rawBody.length });
      return { status: 401, body: { error: 'invalid signature' } };
    }
    const bodySha256 = sha256(rawBody);
    const event = readWebhookBody(rawBody);
    if (event.type === 'unknown') return this.keepUnrecognised(rawBody, bodySha256, event);
    const key = eventKey(event);
    if (this.claim.run(key, event.type, this.options.now(), rawBody.toString('utf8')).changes === 0) {
      return { status: 200, body: { received: true, duplicate: true } };
    }
    void this.enqueue(key, event, bodySha256);
    return { status: 200, body: { received: true } };
  }

  /**
   * Applies events that were acknowledged but not applied when the app last stopped (a crash
   * right after the 2xx). Their bodies were verified when they arrived.
   */
  replayPending(): number {
    const rows = this.options.db
      .prepare<[], { event_key: string; payload: string | null }>("SELECT event_key, payload FROM webhook_events WHERE outcome = 'received'")
      .all();
    for (const row of rows) {
      if (row.payload === null) {
        this.settle.run('failed: stored body missing', row.event_key);
        continue;
      }
      const body = Buffer.from(row.payload, 'utf8');
      const event = readWebhookBody(body);
      if (event.type === 'unknown') {
        // Understood when it came, not by this version: keep it with the others it cannot read.
        // Its claim goes, so applying it later is not mistaken for a repeat.
        this.options.db.transaction(() => {
          this.unrecognisedStore.record(body, sha256(body), event.eventType, event.reason, this.options.now(), Number.MAX_SAFE_INTEGER);
          this.forget.run(row.event_key);
        })();
        continue;
      }
      void this.enqueue(row.event_key, event, sha256(body));
    }
    return rows.length;
  }

  /** Signed deliveries not understood: count, list, re-process after an update, dismiss. */
  readonly inbox: WebhookInbox = {
    count: () => this.unrecognisedStore.count(),
    unrecognised: (limit) => this.unrecognisedStore.list(limit),
    reprocess: (id) => this.reprocess(id),
    reprocessAll: async () => {
      const results: ReprocessResult[] = [];
      for (const id of this.unrecognisedStore.ids()) results.push(await this.reprocess(id));
      return results;
    },
    dismiss: (id) => {
      const removed = this.unrecognisedStore.remove(id);
      if (removed) this.options.logger.log('info', 'webhook.unrecognised_dismissed', { id });
      return removed;
    },
  };

  /** Resolves when every accepted event so far has been applied (tests, shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  async listen(host: string, port: number): Promise<{ url: string; close(): Promise<void> }> {
    const server: Server = createServer((req, res) => {
      const reply = (a: WebhookAnswer): void => {
        res.writeHead(a.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(a.body));
      };
      if (req.method !== 'POST') return reply({ status: 405, body: { error: 'POST only' } });
      // A declared length over the limit is refused at once, not after reading up to the limit
      // (or waiting for bytes that may never come); the rest is drained unread, as below.
      if (Number(req.headers['content-length']) > this.maxBodyBytes) {
        res.setHeader('Connection', 'close');
        req.resume();
        return reply({ status: 413, body: { error: 'body too large' } });
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      req.on('data', (c: Buffer) => {
        if (tooLarge) return; // drained and dropped: closing the socket now would reset the 413 away
        size += c.length;
        if (size > this.maxBodyBytes) {
          tooLarge = true;
          chunks.length = 0;
          res.setHeader('Connection', 'close');
          reply({ status: 413, body: { error: 'body too large' } });
        } else chunks.push(c);
      });
      req.on('end', () => {
        if (tooLarge) return;
        let answer: WebhookAnswer;
        try {
          answer = this.receive(Buffer.concat(chunks), header(req.headers['x-verify']));
        } catch (error) {
          // The secret could not be read or the delivery not recorded (a keychain refusing, a full
          // disk): not acknowledged, so the service delivers it again, and the app carries on.
          this.options.logger.log('error', 'webhook.receive_failed', { error });
          answer = { status: 500, body: { error: 'the delivery could not be recorded; send it again later' } };
        }
        reply(answer);
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    return {
      url: `http://${host}:${address.port}/`,
      close: () => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(() => resolve()));
      },
    };
  }

  /**
   * Runs a recorded delivery through the current parser. Understood now: claimed under the same
   * key a live delivery of it would have, so it is applied once whichever comes first.
   */
  private async reprocess(id: number): Promise<ReprocessResult> {
    const { logger, now } = this.options;
    const row = this.unrecognisedStore.get(id);
    if (!row) return { id, outcome: 'not-found' };
    const event = readWebhookBody(row.body);
    if (event.type === 'unknown') {
      this.unrecognisedStore.stillUnrecognised(id, event.reason, now());
      return { id, outcome: 'unrecognised', reason: event.reason };
    }
    const key = eventKey(event);
    if (this.claim.run(key, event.type, now(), row.body.toString('utf8')).changes === 0) {
      this.unrecognisedStore.remove(id);
      logger.log('info', 'webhook.reprocessed', { id, eventType: event.type, outcome: 'already-applied' });
      return { id, outcome: 'already-applied', eventType: event.type };
    }
    const applied = await this.enqueue(key, event, sha256(row.body));
    logger.log('info', 'webhook.reprocessed', { id, eventType: event.type, outcome: applied.ok ? 'applied' : 'failed' });
    if (applied.ok) return { id, outcome: 'applied', eventType: event.type };
    // Kept: the failed claim can be taken again by the next re-process.
    this.unrecognisedStore.stillUnrecognised(id, `understood as ${event.type}, but applying it failed: ${applied.message}`, now());
    return { id, outcome: 'failed', eventType: event.type, message: applied.message };
  }

  private keepUnrecognised(rawBody: Buffer, bodySha256: string, event: UnknownWebhookEvent): WebhookAnswer {
    const { logger, now } = this.options;
    const kept = this.unrecognisedStore.record(rawBody, bodySha256, event.eventType, event.reason, now(), this.maxUnrecognised);
    switch (kept.kind) {
      case 'duplicate':
        return { status: 200, body: { received: true, duplicate: true } };
      case 'full':
        logger.log('error', 'webhook.unrecognised_full', { limit: this.maxUnrecognised, bytes: rawBody.length });
        return { status: 503, body: { error: 'too many unrecognised events are waiting here; retry later' } };
      case 'recorded':
        // The name and the reason only: the body may carry customer data.
        logger.log('warn', 'webhook.unrecognised', { id: kept.id, eventName: event.eventType?.slice(0, 100) ?? null, reason: event.reason.slice(0, 200), bytes: rawBody.length });
        return { status: 202, body: { received: true, unrecognised: true } };
    }
  }

  /** Applies in arrival order, one at a time; resolves with how it went (never rejects). */
  private enqueue(key: string, event: KnownWebhookEvent, bodySha256: string): Promise<{ ok: true } | { ok: false; message: string }> {
    const done = this.queue.then(() => this.apply(key, event, bodySha256));
    this.queue = done.then(() => undefined);
    return done;
  }

  private async apply(key: string, event: KnownWebhookEvent, bodySha256: string): Promise<{ ok: true } | { ok: false; message: string }> {
    const { handlers, logger } = this.options;
    try {
      switch (event.type) {
        case 'ORDER_REACHED_TERMINAL_STATE':
          await handlers.orderTerminal(event);
          break;
        case 'BRAND_UPDATED':
          handlers.brandUpdated(event);
          break;
        case 'BRAND_DISCOUNT_UPDATE':
          handlers.brandDiscount(event);
          break;
        case 'WALLET_LOW_BALANCE':
          handlers.walletLow(event);
          break;
      }
      this.options.db.transaction(() => {
        this.settle.run('applied', key);
        // A copy of these bytes recorded as unrecognised (by an older version) no longer waits.
        this.unrecognisedStore.removeBody(bodySha256);
      })();
      logger.log('info', 'webhook.applied', { eventType: event.type, eventId: event.eventId });
      return { ok: true };
    } catch (error) {
      const message = (error as Error).message;
      this.settle.run(`failed: ${message}`.slice(0, 200), key);
      logger.log('error', 'webhook.apply_failed', { eventType: event.type, eventId: event.eventId, error });
      return { ok: false, message };
    }
  }
}

type KnownWebhookEvent = Exclude<PartnerWebhookEvent, UnknownWebhookEvent>;

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The event a signed body carries, or why it cannot be told. */
export function readWebhookBody(rawBody: Buffer): PartnerWebhookEvent {
  let json: unknown;
  try {
    // A byte-order mark is not JSON, but it says nothing against the text after it.
    json = JSON.parse(rawBody.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    return { type: 'unknown', eventId: null, eventType: null, reason: 'body is not JSON' };
  }
  return parseWebhookEvent(json);
}

/**
 * The key that makes an event apply once: its id, or without one what it says (its parsed
 * fields, creation time included), so the same event in another envelope is still the same.
 */
export function eventKey(event: KnownWebhookEvent): string {
  return event.eventId ? `id:${event.eventId}` : `content:${createHash('sha256').update(canonicalJson(event)).digest('hex')}`;
}

/** JSON with object keys sorted at every depth: equal values, equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
