import { z } from 'zod';
import { ApiError, notFound, validationFailed } from '../errors.js';
import { Router } from '../http/router.js';
import { MAX_AMOUNT_RUPEES, toPaise } from '../money.js';
import { problemsFromZod } from '../orders/order-request.js';
import { rateLimitConfigSchema } from '../orders/rate-limits.js';
import type { SandboxState } from '../sandbox-state.js';
import { applyBrandPatch, brandPatchSchema } from './brand-patch.js';
import { describeOrder, describeState } from './views.js';

const money = z.number().finite().min(0).max(MAX_AMOUNT_RUPEES);

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw validationFailed(problemsFromZod(result.error));
  return result.data;
}

/**
 * `/__sandbox/*`: the emulator's control surface (never part of a real service). It lets a
 * test or a trainer move time, set the wallet, change brands, arm faults and read what the
 * "service" did, so that nothing has to sleep.
 */
export function controlRoutes(state: SandboxState): Router {
  const router = new Router();

  router.add('GET', '/__sandbox/state', () => ({ status: 200, body: describeState(state) }));

  router.add('POST', '/__sandbox/advance', async (ctx) => {
    const { seconds } = parse(z.strictObject({ seconds: z.number().finite().min(0).max(400 * 86_400) }), await ctx.json());
    state.clock.advance(seconds);
    await state.settle();
    return { status: 200, body: describeState(state) };
  });

  router.add('PUT', '/__sandbox/wallet', async (ctx) => {
    const body = parse(z.strictObject({ balance: money.optional(), lowBalanceThreshold: money.optional() }), await ctx.json());
    if (body.lowBalanceThreshold !== undefined) state.wallet.setThreshold(toPaise(body.lowBalanceThreshold));
    if (body.balance !== undefined) state.wallet.set(toPaise(body.balance));
    await state.webhooks.pump();
    return { status: 200, body: describeState(state).wallet };
  });

  router.add('GET', '/__sandbox/ledger', () => ({
    status: 200,
    body: state.wallet.ledger.map((e) => ({ ...e, amount: e.amountPaise / 100, balanceAfter: e.balanceAfterPaise / 100 })),
  }));

  router.add('PATCH', '/__sandbox/brands/:id', async (ctx, { id }) => {
    const record = state.catalog.get(id!);
    if (!record) throw notFound(`No brand with id ${id}`);
    const emitted = applyBrandPatch(record, parse(brandPatchSchema, await ctx.json()), state.webhooks);
    await state.webhooks.pump();
    return { status: 200, body: { id, emitted } };
  });

  router.add('POST', '/__sandbox/faults', async (ctx) => {
    const body = await ctx.json();
    try {
      return { status: 201, body: state.faults.arm(body) };
    } catch (e) {
      if (e instanceof z.ZodError) throw validationFailed(problemsFromZod(e));
      throw e;
    }
  });
  router.add('GET', '/__sandbox/faults', () => ({ status: 200, body: { armed: state.faults.list(), fired: state.faults.fired } }));
  router.add('DELETE', '/__sandbox/faults', () => {
    state.faults.clear();
    return { status: 200, body: { armed: [] } };
  });

  router.add('GET', '/__sandbox/orders', () => ({ status: 200, body: [...state.orders.orders.values()].map(describeOrder) }));
  router.add('POST', '/__sandbox/orders/:id/end', async (ctx, { id }) => {
    const { status } = parse(z.strictObject({ status: z.enum(['CANCELLED', 'REVERSED']) }), await ctx.json());
    const order = state.orders.endByOperator(id!, status);
    await state.webhooks.pump();
    return { status: 200, body: describeOrder(order) };
  });
  router.add('GET', '/__sandbox/deliveries', () => ({ status: 200, body: state.orders.deliveries }));

  router.add('GET', '/__sandbox/webhooks', () => ({
    status: 200,
    body: state.webhooks.deliveries.map((d) => ({ ...d, payload: JSON.parse(d.body) as unknown })),
  }));
  router.add('PUT', '/__sandbox/webhook', async (ctx) => {
    const body = parse(
      z.strictObject({ url: z.url({ protocol: /^https?$/ }).nullable(), secret: z.string().min(1).max(200).optional() }),
      await ctx.json(),
    );
    state.webhooks.endpoint.url = body.url;
    if (body.secret !== undefined) state.webhooks.endpoint.secret = body.secret;
    return { status: 200, body: { url: body.url } };
  });
  router.add('POST', '/__sandbox/webhooks/:eventId/redeliver', async (_ctx, { eventId }) => {
    const result = await state.webhooks.redeliver(eventId!);
    if (!result) throw notFound(`No delivered event ${eventId} with an endpoint`);
    return { status: 200, body: result };
  });

  router.add('PUT', '/__sandbox/rate-limits', async (ctx) => {
    state.rateLimiter.config = parse(rateLimitConfigSchema, await ctx.json());
    return { status: 200, body: state.rateLimiter.config };
  });

  router.add('PUT', '/__sandbox/allowed-ips', async (ctx) => {
    const { ips } = parse(z.strictObject({ ips: z.array(z.string().min(2).max(64)).max(100) }), await ctx.json());
    state.allowedIps = ips;
    return { status: 200, body: { ips } };
  });

  router.add('PUT', '/__sandbox/config', async (ctx) => {
    const body = parse(
      z.strictObject({
        businessModel: z.enum(['B2B', 'B2C']).optional(),
        tokenTtlSecs: z.number().int().min(1).max(86_400).optional(),
      }),
      await ctx.json(),
    );
    if (body.businessModel) state.businessModel = body.businessModel;
    if (body.tokenTtlSecs) state.tokens.tokenTtlSecs = body.tokenTtlSecs;
    return { status: 200, body: describeState(state) };
  });

  router.add('POST', '/__sandbox/vouchers/:id/redeem', async (ctx, { id }) => {
    const { amount } = parse(z.strictObject({ amount: money.positive() }), await ctx.json());
    const voucher = state.orders.voucher(id!);
    if (voucher.balancePaise === null) {
      throw new ApiError(409, 'BALANCE_NOT_TRACKED', 'This brand does not report balances');
    }
    if (toPaise(amount) > voucher.balancePaise) throw new ApiError(409, 'INSUFFICIENT_VOUCHER_BALANCE', 'Amount exceeds the voucher balance');
    voucher.balancePaise -= toPaise(amount);
    return { status: 200, body: { id: voucher.id, balance: voucher.balancePaise / 100 } };
  });

  return router;
}
