import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../db/database.js';
import type { Logger } from '../platform/logger.js';
import { parseWebhookEvent } from '../partner-api/webhook-events.js';
import type { BrandDiscountEvent, BrandUpdatedEvent, OrderTerminalEvent, WalletLowBalanceEvent } from '../partner-api/types.js';
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
}

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Receives the service's webhooks (spec §6). Only a correctly signed body is looked at; each
 * event is applied at most once however often it is delivered (the service retries up to 14
 * times); the answer goes back before the work is done so the service never times out on
 * us. Order events only nudge the order engine, which confirms with GET and moves forward only.
 */
export class WebhookReceiver {
  private queue: Promise<void> = Promise.resolve();
  private readonly maxBodyBytes: number;
  private readonly claim;
  private readonly settle;

  constructor(private readonly options: WebhookReceiverOptions) {
    this.maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
    this.claim = options.db.prepare(
      // A delivery whose application failed may be applied again when the service (or support's
      // replay) sends it once more; an applied or ignored one never is.
      `INSERT INTO webhook_events (event_key, event_type, received_at, outcome, payload) VALUES (?, ?, ?, 'received', ?)
       ON CONFLICT (event_key) DO UPDATE SET outcome = 'received', received_at = excluded.received_at, payload = excluded.payload
       WHERE outcome LIKE 'failed:%'`,
    );
    // Once applied (or ignored) the body is no longer needed: drop it.
    this.settle = options.db.prepare('UPDATE webhook_events SET outcome = ?, payload = NULL WHERE event_key = ?');
  }

  /** The whole decision for one delivery; the HTTP server below is a thin wrapper. */
  receive(rawBody: Buffer, signature: string | undefined): WebhookAnswer {
    const secret = this.options.secret();
    if (!secret || !isValidSignature(rawBody, signature, secret)) {
      this.options.logger.log('warn', 'webhook.bad_signature', { bytes: rawBody.length });
      return { status: 401, body: { error: 'invalid signature' } };
    }
    let json: unknown;
    try {
      json = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return { status: 400, body: { error: 'body is not JSON' } };
    }
    const event = parseWebhookEvent(json);
    const key = event.eventId ? `id:${event.eventId}` : `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
    const eventType = event.type === 'unknown' ? `unknown:${event.eventType ?? '?'}` : event.type;
    if (this.claim.run(key, eventType, this.options.now(), rawBody.toString('utf8')).changes === 0) {
      return { status: 200, body: { received: true, duplicate: true } };
    }
    if (event.type === 'unknown') {
      this.settle.run(`ignored: ${event.reason}`.slice(0, 200), key);
      this.options.logger.log('info', 'webhook.ignored', { eventType: event.eventType, reason: event.reason });
      return { status: 202, body: { received: true, ignored: true } };
    }
    this.queue = this.queue.then(() => this.apply(key, event));
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
      let event: ReturnType<typeof parseWebhookEvent>;
      try {
        event = parseWebhookEvent(JSON.parse(row.payload ?? ''));
      } catch {
        this.settle.run('failed: stored body unreadable', row.event_key);
        continue;
      }
      if (event.type === 'unknown') {
        this.settle.run(`ignored: ${event.reason}`.slice(0, 200), row.event_key);
        continue;
      }
      this.queue = this.queue.then(() => this.apply(row.event_key, event));
    }
    return rows.length;
  }

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
        if (!tooLarge) reply(this.receive(Buffer.concat(chunks), header(req.headers['x-verify'])));
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

  private async apply(key: string, event: Exclude<ReturnType<typeof parseWebhookEvent>, { type: 'unknown' }>): Promise<void> {
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
      this.settle.run('applied', key);
      logger.log('info', 'webhook.applied', { eventType: event.type, eventId: event.eventId });
    } catch (error) {
      this.settle.run(`failed: ${(error as Error).message}`.slice(0, 200), key);
      logger.log('error', 'webhook.apply_failed', { eventType: event.type, eventId: event.eventId, error });
    }
  }
}

const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);
