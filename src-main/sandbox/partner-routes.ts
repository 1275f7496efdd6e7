import { z } from 'zod';
import { brandForWire } from './catalog/catalog-store.js';
import { badRequest, notFound, validationFailed } from './errors.js';
import { Router } from './http/router.js';
import { emailProblem, phoneProblem } from './orders/contact-rules.js';
import type { DeliveryRecord } from './orders/order-record.js';
import { parseOrderRequest, problemsFromZod } from './orders/order-request.js';
import type { SandboxState } from './sandbox-state.js';
import { ApiError } from './errors.js';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

const resendSchema = z.strictObject({
  channels: z
    .array(z.enum(['EMAIL', 'SMS', 'WHATSAPP'], { error: 'must be EMAIL, SMS or WHATSAPP' }), { error: 'must be an array' })
    .min(1, 'must name at least one channel')
    .max(3, 'must name at most three channels')
    .refine((c) => new Set(c).size === c.length, 'must not repeat a channel'),
});

/** The endpoints of spec §4, each a small function over the sandbox state. */
export function partnerRoutes(state: SandboxState): Router {
  const router = new Router();

  router.add('POST', '/v1/partners/auth/login', async (ctx) => ({ status: 200, body: state.tokens.login(await ctx.json()) }));

  router.add('GET', '/v1/partners/products', (ctx) => {
    const q = ctx.query.get('q') ?? undefined;
    const category = ctx.query.get('category') ?? undefined;
    const all = state.catalog.list({ q, category }).map((r) => brandForWire(r.wire, ctx.origin, 'as-stored'));
    const pageNo = intParam(ctx.query, 'pageNo', 1, 1_000_000);
    if (pageNo === null) return { status: 200, body: { data: all, nextCursor: null } };
    const limit = intParam(ctx.query, 'limit', 1, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE;
    const start = (pageNo - 1) * limit;
    const data = all.slice(start, start + limit);
    const nextCursor = start + limit < all.length ? { pageNo: pageNo + 1, limit } : null;
    return { status: 200, body: { data, nextCursor } };
  });

  router.add('GET', '/v1/partners/products/:productId', (ctx, { productId }) => {
    const record = state.catalog.get(productId!);
    if (!record) throw notFound(`No brand with id ${productId}`);
    return { status: 200, body: brandForWire(record.wire, ctx.origin, 'categories') };
  });

  router.add('POST', '/v1/partners/orders', async (ctx) => {
    const request = parseOrderRequest(await ctx.json());
    const order = state.orders.place(request, ctx.requestId);
    return { status: 201, body: state.orders.orderForWire(order) };
  });

  router.add('GET', '/v1/partners/orders/by-reference/:referenceId', (_ctx, { referenceId }) => ({
    status: 200,
    body: state.orders.orderForWire(state.orders.getByReference(referenceId!)),
  }));

  router.add('GET', '/v1/partners/orders/vouchers/:id', (_ctx, { id }) => ({
    status: 200,
    body: state.orders.voucherForWire(state.orders.voucher(id!)),
  }));

  router.add('GET', '/v1/partners/orders/:orderId', (_ctx, { orderId }) => ({
    status: 200,
    body: state.orders.orderForWire(state.orders.get(orderId!)),
  }));

  router.add('POST', '/v1/partners/orders/:orderId/resend-delivery', async (ctx, { orderId }) => {
    const parsed = resendSchema.safeParse(await ctx.json(), { reportInput: true });
    if (!parsed.success) throw validationFailed(problemsFromZod(parsed.error));
    const order = state.orders.get(orderId!);
    if (order.status !== 'SUCCESS') {
      throw new ApiError(409, 'ORDER_NOT_DELIVERABLE', `Order ${order.id} is ${order.status}; only SUCCESS orders have vouchers to deliver`);
    }
    // §4.7: contact details come from the original order. A channel without a valid contact
    // is a business answer ({success: false}), not a malformed request.
    const email = order.customerDetails?.email;
    const phone = [order.customerDetails?.phoneNumber, order.deliveryDetails?.recipientPhoneNumber].find(
      (p): p is string => p !== undefined && phoneProblem(p) === null,
    );
    const targets: { channel: DeliveryRecord['channel']; to: string }[] = [];
    for (const channel of parsed.data.channels) {
      if (channel === 'EMAIL') {
        if (!email || emailProblem(email)) {
          return { status: 200, body: { success: false, message: 'EMAIL needs a valid customerDetails.email on the order' } };
        }
        targets.push({ channel, to: email });
      } else {
        if (!phone) {
          return {
            status: 200,
            body: { success: false, message: `${channel} needs a valid customerDetails.phoneNumber or deliveryDetails.recipientPhoneNumber on the order` },
          };
        }
        targets.push({ channel, to: phone });
      }
    }
    state.orders.recordDeliveries(order, 'resend', targets);
    return { status: 200, body: { success: true, message: `Delivery queued on ${parsed.data.channels.join(', ')}` } };
  });

  router.add('GET', '/v1/partners/wallet/balance', () => ({ status: 200, body: { balance: state.wallet.balancePaise / 100 } }));

  return router;
}

function intParam(query: URLSearchParams, name: string, min: number, max: number): number | null {
  const raw = query.get(name);
  if (raw === null || raw === '') return null;
  if (!/^\d+$/.test(raw)) throw badRequest(`${name} must be a whole number`, [{ field: name, message: `${name} must be a whole number` }]);
  const value = Number(raw);
  if (value < min || value > max) {
    throw badRequest(`${name} must be between ${min} and ${max}`, [{ field: name, message: `${name} must be between ${min} and ${max}` }]);
  }
  return value;
}
