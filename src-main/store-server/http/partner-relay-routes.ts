import type { IncomingMessage } from 'node:http';
import type { PartnerClient } from '../../partner-api/partner-client.js';
import type { CounterIdentity } from '../counters/counter-credentials.js';
import type { Pool } from '../database/pool.js';
import type { OrderRelay, RelayAnswer } from '../relay/order-relay.js';
import { stillUnknown } from '../relay/order-relay.js';
import type { StoreFloat } from '../relay/store-float.js';
import { staffPermitted } from '../store-api/staff-sessions.js';
import { HttpError, readJson, requestIdOf } from './http-kit.js';

/** A path segment as sent, decoded; one that is not valid URL encoding is the caller's error. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'The path is not valid URL encoding');
  }
}

const notFound = (what: string): RelayAnswer => ({ status: 404, body: JSON.stringify({ error: { code: 'NOT_FOUND', message: `No ${what}`, details: [] } }) });

/**
 * The Partner API as a counter of this store sees it, under /partner: the same paths and wire
 * format, so a counter's client and order engine work unchanged against it. Orders, vouchers
 * and deliveries are answered only for the counter that placed the order; a new order only for
 * someone signed in at the store who may sell.
 */
export function partnerRelayRoutes(deps: { pool: Pool; client: PartnerClient; relay: OrderRelay; float: StoreFloat }) {
  const { pool, client, relay } = deps;

  async function passThrough(req: IncomingMessage, path: string, template: string, query?: URLSearchParams, body?: unknown): Promise<RelayAnswer> {
    const out = await client.relay({
      method: req.method === 'POST' ? 'POST' : 'GET',
      path,
      template,
      query: query ? Object.fromEntries(query) : undefined,
      body,
      requestId: requestIdOf(req),
    });
    if (out.kind === 'response') return { status: out.status, body: out.text };
    if (out.kind === 'not-sent') return { status: 503, body: JSON.stringify({ error: { code: 'STORE_PARTNER_LOGIN_FAILED', message: out.error.message, details: [] } }) };
    return { status: 504, body: JSON.stringify({ error: { code: 'STORE_PARTNER_UNREACHABLE', message: `The service did not answer the store server (${out.kind})`, details: [] } }) };
  }

  async function ownsOrder(counter: CounterIdentity, orderId: string): Promise<boolean> {
    const found = await pool.query('SELECT 1 FROM relayed_orders WHERE order_id = $1 AND counter_id = $2', [orderId, counter.id]);
    return found.rowCount === 1;
  }

  return async function route(req: IncomingMessage, path: string, query: URLSearchParams, counter: CounterIdentity): Promise<RelayAnswer | null> {
    const seg = (s: string) => encodeURIComponent(decodeSegment(s));
    let m: RegExpExecArray | null;
    if (req.method === 'GET' && path === '/v1/partners/products') return passThrough(req, path, path, query);
    if (req.method === 'GET' && (m = /^\/v1\/partners\/products\/([^/]{1,64})$/.exec(path))) return passThrough(req, `/v1/partners/products/${seg(m[1]!)}`, '/v1/partners/products/:productId');
    if (req.method === 'POST' && path === '/v1/partners/orders') {
      // The person selling must be signed in at the store with the sell permission. Asked first
      // and decided in the relay: a reference the counter sent already is answered regardless.
      const seller = await staffPermitted(pool, req, counter, 'sale.place');
      const refusal = seller.ok ? null : { status: seller.status, body: JSON.stringify({ error: { code: seller.code, message: seller.message, details: [] } }) };
      return relay.place(counter, await readJson(req), requestIdOf(req), refusal);
    }
    if (req.method === 'GET' && (m = /^\/v1\/partners\/orders\/by-reference\/([^/]{1,120})$/.exec(path))) return relay.byReference(counter, decodeSegment(m[1]!), requestIdOf(req));
    if (req.method === 'GET' && (m = /^\/v1\/partners\/orders\/vouchers\/([^/]{1,120})$/.exec(path))) {
      const voucherId = decodeSegment(m[1]!);
      const owned = await pool.query('SELECT 1 FROM relayed_vouchers v JOIN relayed_orders o USING (reference_id) WHERE v.voucher_id = $1 AND o.counter_id = $2', [voucherId, counter.id]);
      return owned.rowCount === 1 ? passThrough(req, `/v1/partners/orders/vouchers/${seg(m[1]!)}`, '/v1/partners/orders/vouchers/:id') : notFound(`voucher ${voucherId}`);
    }
    if (req.method === 'POST' && (m = /^\/v1\/partners\/orders\/([^/]{1,120})\/resend-delivery$/.exec(path))) {
      const orderId = decodeSegment(m[1]!);
      const body = await readJson(req);
      return (await ownsOrder(counter, orderId)) ? passThrough(req, `/v1/partners/orders/${seg(m[1]!)}/resend-delivery`, '/v1/partners/orders/:orderId/resend-delivery', undefined, body) : notFound(`order ${orderId}`);
    }
    if (req.method === 'GET' && (m = /^\/v1\/partners\/orders\/([^/]{1,120})$/.exec(path))) {
      const orderId = decodeSegment(m[1]!);
      return relay.byOrderId(counter, orderId, requestIdOf(req));
    }
    if (req.method === 'GET' && path === '/v1/partners/wallet/balance') {
      // What a counter may spend: the service's balance less what sales in flight anywhere in the store hold.
      await deps.float.read().catch(() => undefined);
      const { balancePaise, heldPaise } = await deps.float.available();
      if (balancePaise === null) return stillUnknown();
      return { status: 200, body: JSON.stringify({ balance: Math.max(0, balancePaise - heldPaise) / 100 }) };
    }
    return null;
  };
}
