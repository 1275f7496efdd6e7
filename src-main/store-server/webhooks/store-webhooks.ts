import type { KnownOrderStatus } from '../../partner-api/types.js';
import type { Logger } from '../../platform/logger.js';
import { eventKey, readWebhookBody } from '../../webhooks/webhook-receiver.js';
import { isValidSignature } from '../../webhooks/verify-signature.js';
import { inTransaction, type Pool, type PoolClient } from '../database/pool.js';

export interface StoreWebhookAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** What an order event whose order no store of this database relayed is recorded as. */
export const UNKNOWN_ORDER_OUTCOME = 'ignored: no store here relayed this order';

/**
 * An order event names only the order's id (spec §6), and a relayed order whose answer was lost
 * (IN_DOUBT) or is still on its way (SENDING) has no id here yet. While any relayed order is
 * without its answer, an event for an id not known may be that order's: it is refused for now,
 * and the service delivers it again (its retries run for hours) once the settle job has learnt the id.
 */
class OrderNotKnownYet extends Error {}

/** How far along an order's life a status is: an event's status never replaces one further along (deliveries come out of order). */
const EVENT_STATUS_STAGE: ReadonlyMap<string, number> = new Map(Object.entries({ PROCESSING: 0, SUCCESS: 1, FAILED: 1, CANCELLED: 2, REVERSED: 2 } satisfies Record<KnownOrderStatus, number>));

/**
 * Keeps what the order's events said, the furthest along (settle-schedule.ts, contradicted): the
 * question it queues compares the store's answer with it when it is asked, so an event that comes
 * while a question is under way is not lost.
 */
async function recordEventStatus(tx: PoolClient, referenceId: string, status: string): Promise<void> {
  const stage = EVENT_STATUS_STAGE.get(status);
  if (stage === undefined) return;
  const found = await tx.query<{ event_status: string | null }>('SELECT event_status FROM relayed_orders WHERE reference_id = $1 FOR UPDATE', [referenceId]);
  const recorded = found.rows[0]?.event_status;
  if (recorded && EVENT_STATUS_STAGE.get(recorded)! > stage) return;
  await tx.query('UPDATE relayed_orders SET event_status = $2 WHERE reference_id = $1', [referenceId, status]);
}

/**
 * The store's one webhook URL (spec §6), so counters on shop broadband need no public
 * address. Only a correctly signed body is looked at. In a chain the service's one URL is the
 * load balancer's, so an order event reaches a replica of any store: the order is looked up
 * across the database's stores, and the question that settles it is queued for the store that
 * relayed it, in the commit that claims the event (so a replica that dies after answering
 * leaves it queued, and the claim never outlives a lost question). A low-balance event reads
 * the wallet again. Each event is applied once however often it is delivered.
 */
export function storeWebhooks(deps: {
  pool: Pool;
  storeId: string;
  secret: string | null;
  logger: Logger;
  /** Queues, in `tx`, the question about `referenceId` in the job queue of `storeId`, the store that relayed it. */
  askOnTerminalEvent: (tx: PoolClient, storeId: string, referenceId: string) => Promise<void>;
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
    let claimed: boolean;
    try {
      claimed = await inTransaction(deps.pool, async (tx) => {
        const claim = await tx.query(
          `INSERT INTO store_webhook_events (event_key, store_id, event_type, outcome) VALUES ($1, $2, $3, 'received') ON CONFLICT (event_key) DO NOTHING`,
          [key, deps.storeId, event.type],
        );
        if (claim.rowCount === 0) return false;
        let outcome = 'applied';
        if (event.type === 'ORDER_REACHED_TERMINAL_STATE') {
          const found = await tx.query<{ reference_id: string; store_id: string }>('SELECT reference_id, store_id FROM relayed_orders WHERE order_id = $1', [event.orderId]);
          const order = found.rows[0];
          if (order) {
            await recordEventStatus(tx, order.reference_id, event.status);
            await deps.askOnTerminalEvent(tx, order.store_id, order.reference_id);
            if (order.store_id !== deps.storeId) outcome = `applied: handed to store ${order.store_id}`;
          } else {
            const unanswered = await tx.query("SELECT 1 FROM relayed_orders WHERE state IN ('SENDING', 'IN_DOUBT') LIMIT 1");
            if (unanswered.rowCount) throw new OrderNotKnownYet();
            outcome = UNKNOWN_ORDER_OUTCOME;
          }
        } else if (event.type !== 'WALLET_LOW_BALANCE') {
          // Brand changes reach counters through their own catalog refresh.
          outcome = 'ignored: counters refresh their catalogs';
        }
        await tx.query('UPDATE store_webhook_events SET outcome = $2 WHERE event_key = $1', [key, outcome]);
        return true;
      });
    } catch (error) {
      // Nothing of it committed, the claim neither: the service's retry is applied.
      if (error instanceof OrderNotKnownYet) {
        deps.logger.log('info', 'store.webhook_order_not_known_yet', { eventType: event.type });
        return { status: 503, body: { error: 'order not known yet; retry' } };
      }
      deps.logger.log('error', 'store.webhook_failed', { eventType: event.type, error });
      return { status: 503, body: { error: 'not applied; retry' } };
    }
    if (!claimed) return { status: 200, body: { received: true, duplicate: true } };
    // Answered first, read after: the service must not wait on our question to it (the wallet's schedule reads it anyway).
    if (event.type === 'WALLET_LOW_BALANCE') void deps.readWallet().catch((error: unknown) => deps.logger.log('warn', 'store.float_read_failed', { error }));
    return { status: 200, body: { received: true } };
  };
}
