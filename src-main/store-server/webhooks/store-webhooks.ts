import type { Logger } from '../../platform/logger.js';
import { eventKey, readWebhookBody } from '../../webhooks/webhook-receiver.js';
import { isValidSignature } from '../../webhooks/verify-signature.js';
import type { Pool } from '../database/pool.js';

export interface StoreWebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * The store's one webhook URL (spec §6), so counters on shop broadband need no public
 * address. Only a correctly signed body is looked at. An order event makes the store server
 * ask the service about that order at once (if that question fails, the order's scheduled
 * questions in the job queue still settle it); a low-balance event reads the wallet again.
 * Each event is applied once however often it is delivered.
 */
export function storeWebhooks(deps: {
  pool: Pool;
  storeId: string;
  secret: string | null;
  logger: Logger;
  settleNow: (referenceId: string) => Promise<void>;
  readWallet: () => Promise<void>;
}) {
  return async function receive(rawBody: Buffer, signature: string | undefined): Promise<StoreWebhookAnswer> {
    if (!deps.secret || !isValidSignature(rawBody, signature, deps.secret)) {
      deps.logger.log('warn', 'store.webhook_bad_signature', { bytes: rawBody.length });
      return { status: 401, body: { error: 'invalid signature' } };
    }
    const event = readWebhookBody(rawBody);
    // Signed, but not an event this version knows: accepted (a retry would not help) and logged.
    if (event.type === 'unknown') {
      deps.logger.log('warn', 'store.webhook_unrecognised', { eventType: event.eventType, reason: event.reason });
      return { status: 200, body: { received: true, applied: false } };
    }
    const key = eventKey(event);
    const claimed = await deps.pool.query(
      `INSERT INTO store_webhook_events (event_key, store_id, event_type, outcome) VALUES ($1, $2, $3, 'received') ON CONFLICT (event_key) DO NOTHING`,
      [key, deps.storeId, event.type],
    );
    if (claimed.rowCount === 0) return { status: 200, body: { received: true, duplicate: true } };
    try {
      let outcome = 'applied';
      if (event.type === 'ORDER_REACHED_TERMINAL_STATE') {
        const found = await deps.pool.query<{ reference_id: string }>('SELECT reference_id FROM relayed_orders WHERE order_id = $1 AND store_id = $2', [event.orderId, deps.storeId]);
        const ref = found.rows[0]?.reference_id;
        // Answered first, asked after: the service must not wait on our question to it.
        if (ref) void deps.settleNow(ref).catch((error: unknown) => deps.logger.log('warn', 'store.webhook_settle_failed', { referenceId: ref, error }));
        else outcome = 'ignored: not an order of this store';
      } else if (event.type === 'WALLET_LOW_BALANCE') {
        void deps.readWallet().catch((error: unknown) => deps.logger.log('warn', 'store.float_read_failed', { error }));
      } else {
        // Brand changes reach counters through their own catalog refresh.
        outcome = 'ignored: counters refresh their catalogs';
      }
      await deps.pool.query('UPDATE store_webhook_events SET outcome = $2 WHERE event_key = $1', [key, outcome]);
      return { status: 200, body: { received: true } };
    } catch (error) {
      // Not applied: forget the claim so the service's retry is applied.
      deps.logger.log('error', 'store.webhook_failed', { eventType: event.type, error });
      await deps.pool.query('DELETE FROM store_webhook_events WHERE event_key = $1', [key]).catch(() => undefined);
      return { status: 503, body: { error: 'not applied; retry' } };
    }
  };
}
