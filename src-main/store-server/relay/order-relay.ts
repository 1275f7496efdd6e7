import type { PartnerClient } from '../../partner-api/partner-client.js';
import type { RunOutcome } from '../../partner-api/request-runner.js';
import { KNOWN_ORDER_STATUSES } from '../../partner-api/types.js';
import type { Logger } from '../../platform/logger.js';
import { formatRupees } from '../../orders/rules/money.js';
import { inTransaction, type Pool, type PoolClient } from '../database/pool.js';
import type { CounterIdentity } from '../counters/counter-credentials.js';
import type { RelayedState, StoreFloat } from './store-float.js';
import { FIRST_QUESTION_SECONDS } from './settle-schedule.js';

/** What goes back to the counter: a status and the body, in the service's own wire format. */
export interface RelayAnswer {
  status: number;
  body: string;
}

/**
 * A SENDING or IN_DOUBT order the service does not know is taken as never placed only once
 * no send of it is expected on its way (from this or another replica): a send waits for its
 * answer for the order timeout, and this margin covers the clocks and the commit after it.
 * (The transport's hard bound on a whole exchange is longer, connect + twice the timeout, for
 * a slow body. A first send that still lands after that is not lost: the service then refuses
 * the same reference sent again, and the counter's engine asks by reference before believing
 * a refused resend, so the order is found and adopted.)
 */
export const NOT_PLACED_MARGIN_MS = 15_000;

const envelope = (status: number, code: string, message: string): RelayAnswer => ({ status, body: JSON.stringify({ error: { code, message, details: [] } }) });
export const stillUnknown = (): RelayAnswer =>
  envelope(503, 'STORE_OUTCOME_PENDING', 'The store server does not know this order’s outcome yet; ask by reference again shortly');

interface OrderFields {
  id: string;
  referenceId: string;
  status: string;
  failureReason: string | null;
  voucherIds: string[];
}

const STATUSES = new Set<string>(KNOWN_ORDER_STATUSES);

/**
 * The number of a change of one of `counterId`'s orders, taken under a lock on that counter held
 * until `tx` commits: its changes commit in the order of their numbers, so the counter, asking
 * for the ones after the last it applied, never reads a number before a smaller one has committed
 * (and then skips it). A sequence alone hands numbers out in the order they are asked for, not
 * the order their transactions commit.
 */
export async function nextChangeNumber(tx: PoolClient, counterId: string): Promise<string> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [counterId]);
  return (await tx.query<{ seq: string }>("SELECT nextval('relayed_order_change_seq') AS seq")).rows[0]!.seq;
}

/** The few fields the journal keeps from an order answer; null when the body is not an order. */
export function orderFields(text: string): OrderFields | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!json || typeof json !== 'object') return null;
  const o = json as Record<string, unknown>;
  if (typeof o.id !== 'string' || typeof o.referenceId !== 'string' || typeof o.status !== 'string' || !STATUSES.has(o.status)) return null;
  const vouchers = Array.isArray(o.vouchers) ? o.vouchers : [];
  return {
    id: o.id,
    referenceId: o.referenceId,
    status: o.status,
    failureReason: typeof o.failureReason === 'string' ? o.failureReason : null,
    voucherIds: vouchers.flatMap((v) => (v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? [(v as { id: string }).id] : [])),
  };
}

interface PlaceBody {
  referenceId: string;
  productId: string;
  amountPaise: number;
  /** What the service takes from the wallet for it: the amount less the partner's discount. */
  debitPaise: number;
}

function placeBody(body: unknown): PlaceBody | string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'The order must be a JSON object';
  const b = body as Record<string, unknown>;
  if (typeof b.referenceId !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(b.referenceId)) return 'referenceId must be 1–40 letters, digits, - or _';
  if (typeof b.productId !== 'string' || b.productId.length === 0 || b.productId.length > 64) return 'productId is required';
  if (typeof b.amount !== 'number' || !Number.isFinite(b.amount) || b.amount <= 0 || b.amount > 10_000_000) return 'amount must be a positive number';
  const discount = b.discountAmount ?? 0;
  if (typeof discount !== 'number' || !Number.isFinite(discount) || discount < 0 || discount > b.amount) return 'discountAmount must be a number from 0 to the amount';
  const amountPaise = Math.round(b.amount * 100);
  return { referenceId: b.referenceId, productId: b.productId, amountPaise, debitPaise: amountPaise - Math.round(discount * 100) };
}

interface RelayedRow {
  counter_id: string;
  state: RelayedState;
  /** The wallet debit the order was sent for (what the float held while it was unknown). */
  hold_paise: string;
  http_status: number | null;
  error_body: string | null;
  order_status: string | null;
  age_ms: number;
}

/**
 * The store server's half of placing an order. The counter committed the sale and its
 * referenceId before sending; here the reference is journaled (once: it is the primary key)
 * and the float held in one commit before the service is called, and nothing is ever sent for
 * it again unless the service itself says (404 by reference) that it never arrived. Every
 * unknown outcome is settled by asking the service by reference, never by sending again.
 */
export class OrderRelay {
  /** References this process is sending right now: a by-reference question about one is not yet answerable. */
  private readonly sending = new Set<string>();

  constructor(
    private readonly deps: {
      pool: Pool;
      client: PartnerClient;
      float: StoreFloat;
      logger: Logger;
      /**
       * Puts an unsettled order in the job queue, which asks about it until it is settled: in the
       * transaction that leaves it unsettled, so no commit leaves it with nobody asking.
       */
      watch: (tx: PoolClient, referenceId: string, afterSeconds: number) => Promise<void>;
      /** In the journaling transaction: the job that settles the order after `afterMs` should its sender die. */
      watchIfOrphaned: (tx: PoolClient, referenceId: string, afterMs: number) => Promise<void>;
      /** The longest a send to the service may take (the partner client's order timeout). */
      orderTimeoutMs: number;
    },
  ) {}

  /** `refusal`: the store will not take a new order from this caller (its seller is not signed in, or may not sell). */
  async place(counter: CounterIdentity, rawBody: unknown, requestId: string, refusal: RelayAnswer | null): Promise<RelayAnswer> {
    const body = placeBody(rawBody);
    if (typeof body === 'string') return envelope(400, 'VALIDATION_FAILED', body);
    await this.deps.float.ensureFresh().catch((error: unknown) => this.deps.logger.log('warn', 'store.float_read_failed', { error }));

    /** What a reference journaled already gets: another counter's is refused, a sent one is answered as a copy. */
    const copyOf = (row: RelayedRow | undefined) => {
      if (!row) return null;
      if (row.counter_id !== counter.id) return { kind: 'answer' as const, answer: envelope(409, 'REFERENCE_IN_USE', 'Another counter already used this referenceId') };
      return row.state === 'NOT_PLACED' ? null : { kind: 'duplicate' as const, row };
    };
    const decision = await inTransaction(this.deps.pool, async (tx) => {
      const copy = copyOf(await this.row(tx, body.referenceId, true));
      if (copy) return copy;
      // Nothing is journaled for a refused caller: the reference stays unknown here, as the service never saw it.
      if (refusal) return { kind: 'answer' as const, answer: refusal };
      const float = await this.deps.float.reserve(tx, body.debitPaise);
      const state = float.ok ? 'SENDING' : 'REFUSED';
      const overspend = float.ok
        ? null
        : envelope(
            422,
            'E300',
            `Insufficient balance: the wallet holds ${formatRupees(float.balancePaise)} and sales in progress at the counters spending it hold ${formatRupees(float.heldPaise)}; this sale needs ${formatRupees(body.debitPaise)}. Top up the wallet, then sell again.`,
          );
      // Only a reference the service never got is written again, and only by its own counter: a
      // copy that arrived while the first was being journaled finds the row here and is a copy.
      const written = await tx.query(
        `INSERT INTO relayed_orders (reference_id, store_id, counter_id, product_id, amount_paise, hold_paise, body, state, http_status, error_body, request_ids, sends)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, ARRAY[$11], $12)
         ON CONFLICT (reference_id) DO UPDATE SET state = EXCLUDED.state, product_id = EXCLUDED.product_id, amount_paise = EXCLUDED.amount_paise,
           hold_paise = EXCLUDED.hold_paise, body = EXCLUDED.body, http_status = EXCLUDED.http_status, error_body = EXCLUDED.error_body,
           request_ids = relayed_orders.request_ids || EXCLUDED.request_ids, sends = relayed_orders.sends + EXCLUDED.sends, updated_at = now()
         WHERE relayed_orders.state = 'NOT_PLACED' AND relayed_orders.counter_id = EXCLUDED.counter_id`,
        [body.referenceId, counter.storeId, counter.id, body.productId, body.amountPaise, float.ok ? body.debitPaise : 0, rawBody, state, overspend?.status ?? null, overspend?.body ?? null, requestId, float.ok ? 1 : 0],
      );
      if (written.rowCount === 0) return copyOf(await this.row(tx, body.referenceId, true))!;
      if (overspend) return { kind: 'answer' as const, answer: overspend };
      await this.deps.watchIfOrphaned(tx, body.referenceId, this.deps.orderTimeoutMs + NOT_PLACED_MARGIN_MS);
      return { kind: 'send' as const };
    });

    if (decision.kind === 'answer') return decision.answer;
    if (decision.kind === 'duplicate') return this.answerDuplicate(counter, body.referenceId, decision.row);
    return this.send(body.referenceId, rawBody, requestId);
  }

  /** The service's answer by reference, for the counter that placed it; the journal follows the answer. */
  async byReference(counter: CounterIdentity, referenceId: string, requestId: string): Promise<RelayAnswer> {
    const row = await this.row(this.deps.pool, referenceId, false);
    if (!row || row.counter_id !== counter.id) return envelope(404, 'NOT_FOUND', `No order has reference ${referenceId}`);
    if (row.state === 'REFUSED') return envelope(404, 'NOT_FOUND', `No order has reference ${referenceId}: the store server refused it before sending`);
    if (this.sending.has(referenceId)) return stillUnknown();
    return this.askService(referenceId, requestId);
  }

  /**
   * The service's answer by order id (a counter polling a PROCESSING order), for the counter
   * that placed it; the journal follows the answer, as it does by reference.
   */
  async byOrderId(counter: CounterIdentity, orderId: string, requestId: string): Promise<RelayAnswer> {
    const found = await this.deps.pool.query<{ reference_id: string }>('SELECT reference_id FROM relayed_orders WHERE order_id = $1 AND counter_id = $2', [orderId, counter.id]);
    const referenceId = found.rows[0]?.reference_id;
    if (!referenceId) return envelope(404, 'NOT_FOUND', `No order ${orderId}`);
    const out = await this.deps.client.relay({ method: 'GET', path: `/v1/partners/orders/${encodeURIComponent(orderId)}`, template: '/v1/partners/orders/:orderId', requestId });
    if (out.kind !== 'response') return out.kind === 'not-sent' ? envelope(503, 'STORE_PARTNER_LOGIN_FAILED', out.error.message) : stillUnknown();
    if (out.status >= 200 && out.status <= 299) {
      const order = orderFields(out.text);
      if (!order || order.referenceId !== referenceId || order.id !== orderId) return stillUnknown();
      await this.record(referenceId, order, out);
    }
    return { status: out.status, body: out.text };
  }

  /**
   * Asks the service about `referenceId` and writes what it says. A 404 settles a SENDING or
   * IN_DOUBT order as never placed only once no send of it can still be on its way.
   */
  async askService(referenceId: string, requestId: string): Promise<RelayAnswer> {
    const out = await this.deps.client.relay({
      method: 'GET',
      path: `/v1/partners/orders/by-reference/${encodeURIComponent(referenceId)}`,
      template: '/v1/partners/orders/by-reference/:referenceId',
      requestId,
    });
    if (out.kind !== 'response') return stillUnknown();
    if (out.status === 404) {
      const settled = await inTransaction(this.deps.pool, async (tx) => {
        const row = await this.row(tx, referenceId, true);
        if (!row) return true;
        if (row.state !== 'SENDING' && row.state !== 'IN_DOUBT') return true;
        if (row.age_ms < this.deps.orderTimeoutMs + NOT_PLACED_MARGIN_MS || this.sending.has(referenceId)) return false;
        await tx.query(`UPDATE relayed_orders SET state = 'NOT_PLACED', updated_at = now() WHERE reference_id = $1`, [referenceId]);
        return true;
      });
      return settled ? { status: 404, body: out.text } : stillUnknown();
    }
    if (out.status >= 200 && out.status <= 299) {
      const order = orderFields(out.text);
      if (!order || order.referenceId !== referenceId) return stillUnknown();
      await this.record(referenceId, order, out);
      return { status: out.status, body: out.text };
    }
    return out.status >= 500 ? stillUnknown() : { status: out.status, body: out.text };
  }

  private async send(referenceId: string, rawBody: unknown, requestId: string): Promise<RelayAnswer> {
    this.sending.add(referenceId);
    let out: RunOutcome;
    try {
      out = await this.deps.client.relay({ method: 'POST', path: '/v1/partners/orders', template: '/v1/partners/orders', body: rawBody, requestId, long: true });
    } finally {
      this.sending.delete(referenceId);
    }
    // What this send learnt is written only while the order is still this send's (SENDING): a
    // replica that asked the service meanwhile may have settled it, and its answer stands (an
    // overwrite would unsettle it, and the next answer would take its debit off the float again).
    const stillSending = `reference_id = $1 AND state = 'SENDING'`;
    if (out.kind === 'not-sent') {
      // No token: nothing left this server. The reference is free to be sent again.
      await this.deps.pool.query(`UPDATE relayed_orders SET state = 'NOT_PLACED', updated_at = now() WHERE ${stillSending}`, [referenceId]);
      return envelope(503, 'STORE_PARTNER_LOGIN_FAILED', `The store server cannot sign in to the service: ${out.error.message}`);
    }
    if (out.kind === 'response' && out.status >= 200 && out.status <= 299) {
      const order = orderFields(out.text);
      if (order && order.referenceId === referenceId) {
        await this.record(referenceId, order, out);
        return { status: out.status, body: out.text };
      }
    }
    if (out.kind === 'response' && out.status >= 400 && out.status <= 499) {
      const refused = await this.deps.pool.query(
        `UPDATE relayed_orders SET state = 'REJECTED', http_status = $2, error_body = $3, request_ids = request_ids || $4::text[], updated_at = now() WHERE ${stillSending}`,
        [referenceId, out.status, out.text.slice(0, 4000), out.requestIds],
      );
      return refused.rowCount === 0 ? this.askService(referenceId, crypto.randomUUID()) : { status: out.status, body: out.text };
    }
    // A timeout, a reset, a 5xx or an answer that is not this order: it may or may not exist.
    let inDoubt: boolean;
    try {
      inDoubt = await inTransaction(this.deps.pool, async (tx) => {
        const unknown = await tx.query(`UPDATE relayed_orders SET state = 'IN_DOUBT', request_ids = request_ids || $2::text[], updated_at = now() WHERE ${stillSending}`, [
          referenceId,
          out.requestIds,
        ]);
        if (unknown.rowCount === 0) return false;
        await this.deps.watch(tx, referenceId, FIRST_QUESTION_SECONDS.unknown);
        return true;
      });
    } catch (error) {
      // Nothing of it committed: the order is still SENDING, as if this server had died here, and
      // the "if orphaned" question queued with it follows it. The counter asks again, as it would.
      this.deps.logger.log('error', 'store.in_doubt_not_recorded', { referenceId, error });
      return stillUnknown();
    }
    // Settled meanwhile by a replica's question: the counter gets the service's answer now.
    if (!inDoubt) return this.askService(referenceId, crypto.randomUUID());
    return stillUnknown();
  }

  private async answerDuplicate(counter: CounterIdentity, referenceId: string, row: RelayedRow): Promise<RelayAnswer> {
    this.deps.logger.log('warn', 'store.duplicate_place', { referenceId, counterId: counter.id, state: row.state });
    if (row.state === 'REJECTED' || row.state === 'REFUSED') return { status: row.http_status ?? 409, body: row.error_body ?? '{}' };
    if (this.sending.has(referenceId)) return stillUnknown();
    return this.askService(referenceId, crypto.randomUUID());
  }

  /**
   * Writes the service's order into the journal, and moves the store's float with it. A new status
   * takes the next change number: what its counter asks for (store-api/order-changes.ts).
   */
  private async record(referenceId: string, order: OrderFields, out: Extract<RunOutcome, { kind: 'response' }>): Promise<void> {
    await inTransaction(this.deps.pool, async (tx) => {
      const row = await this.row(tx, referenceId, true);
      if (!row) return;
      const changeSeq = row.order_status === order.status ? null : await nextChangeNumber(tx, row.counter_id);
      await tx.query(
        `UPDATE relayed_orders SET state = 'ACCEPTED', order_id = $2, order_status = $3, failure_reason = $4, http_status = $5,
           request_ids = request_ids || $6::text[], updated_at = now(), change_seq = coalesce($7, change_seq)
         WHERE reference_id = $1`,
        [referenceId, order.id, order.status, order.failureReason, out.status, out.requestIds, changeSeq],
      );
      for (const voucherId of order.voucherIds) {
        await tx.query('INSERT INTO relayed_vouchers (voucher_id, reference_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [voucherId, referenceId]);
      }
      await this.deps.float.move(tx, { state: row.state, orderStatus: row.order_status }, { state: 'ACCEPTED', orderStatus: order.status }, Number(row.hold_paise));
      // Watched once, when it first turns PROCESSING: its questions then follow the protocol
      // (a watch on every answer would put a fresh first question in the queue each time).
      if (order.status === 'PROCESSING' && row.order_status !== 'PROCESSING') await this.deps.watch(tx, referenceId, FIRST_QUESTION_SECONDS.processing);
    });
  }

  private async row(db: Pool | PoolClient, referenceId: string, lock: boolean): Promise<RelayedRow | undefined> {
    const found = await db.query<RelayedRow>(
      `SELECT counter_id, state, hold_paise, http_status, error_body, order_status,
              (extract(epoch FROM now() - updated_at) * 1000)::float8 AS age_ms
         FROM relayed_orders WHERE reference_id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [referenceId],
    );
    return found.rows[0];
  }
}
