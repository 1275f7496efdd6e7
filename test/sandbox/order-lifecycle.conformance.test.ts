import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardType } from '../../src-main/sandbox/catalog/brand-wire.js';
import { loadCatalogFile } from '../../src-main/sandbox/catalog/catalog-file.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { CUSTOMER, newRef, withSandbox, type TestApi } from './harness.js';

/**
 * Conformance: the Order and Voucher objects (§2.7, §2.8), the order states and transitions
 * (§3), the read endpoints (§4.5, §4.6), duplicate references (§8) and the staging test
 * brands / business refusals (§3.2, §7.2) over real HTTP.
 */

type Line = readonly [denomination: number, quantity: number];
const total = (lines: readonly Line[]): number => lines.reduce((sum, [d, q]) => sum + Math.round(d * 100) * q, 0) / 100;

function orderBody(productId: string, lines: readonly Line[], extra: Record<string, unknown> = {}): Record<string, any> {
  return {
    productId,
    referenceId: newRef('L'),
    amount: total(lines),
    denominationDetails: lines.map(([denomination, quantity]) => ({ denomination, quantity })),
    ...extra,
  };
}

const ORDER_KEYS = ['failureReason', 'id', 'referenceId', 'status', 'vouchers'];
const VOUCHER_KEYS = ['amount', 'cardNumber', 'cardPin', 'cardType', 'id', 'validTill'];

/** Generated, orderable brands with the smallest valid single-voucher order for each. */
const orderable = loadCatalogFile().flatMap((brand) => {
  const r = brand.amountRestrictions;
  if (brand.status !== 'ACTIVE' || !r) return [];
  const candidates = brand.denominationType === 'FIXED' ? [...r.denominations!].sort((a, b) => a - b) : [Math.max(r.minVoucherAmount, r.minOrderAmount)];
  const d = candidates.find((v) => v >= r.minOrderAmount && v <= r.maxOrderAmount && v >= r.minVoucherAmount && v <= r.maxVoucherAmount && v <= 10_000);
  return d === undefined ? [] : [{ brand, line: [d, 1] as Line }];
});

/** The calendar date in India `months` after `ms`, clamped to the month's last day (README "Vouchers"). */
function istDatePlusMonths(ms: number, months: number): string {
  const ist = new Date(ms + 5.5 * 3600_000);
  const target = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const day = Math.min(ist.getUTCDate(), lastDay);
  return `${target.toISOString().slice(0, 8)}${String(day).padStart(2, '0')}`;
}

const sandboxNow = async (api: TestApi): Promise<number> => Date.parse((await api.control('GET', '/state')).body.now);

/** Moves sandbox time; tokens follow that clock, so log in again afterwards. */
async function advance(api: TestApi, seconds: number): Promise<void> {
  expect((await api.control('POST', '/advance', { seconds })).status).toBe(200);
  await api.login();
}

const balance = async (api: TestApi): Promise<number> => (await api.get('/v1/partners/wallet/balance')).body.balance;
const ledgerOf = async (api: TestApi, orderId: string): Promise<any[]> =>
  (await api.control('GET', '/ledger')).body.filter((e: any) => e.orderId === orderId).map((e: any) => ({ kind: e.kind, amount: e.amount }));
const orderCount = async (api: TestApi): Promise<number> => (await api.control('GET', '/orders')).body.length;

async function place(api: TestApi, body: Record<string, unknown>): Promise<any> {
  const res = await api.post('/v1/partners/orders', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(Object.keys(res.body).sort()).toEqual(ORDER_KEYS);
  return res.body;
}

let main: { sandbox: Sandbox; api: TestApi };
let api: TestApi;

beforeAll(async () => {
  main = await withSandbox();
  api = main.api;
  await api.login();
});

afterAll(async () => {
  await main?.sandbox.close();
});

describe('a SUCCESS order (§2.7, §2.8)', () => {
  it('answers 201 with exactly the Order fields and one voucher per unit ordered', async () => {
    const body = orderBody('TEST_FIXED_STANDARD', [[500, 2], [100, 1]]);
    const order = await place(api, body);
    expect(order).toMatchObject({ referenceId: body.referenceId, status: 'SUCCESS', failureReason: null });
    expect(order.id).toEqual(expect.any(String));
    expect(order.vouchers).toHaveLength(3);
    expect(order.vouchers.map((v: any) => v.amount).sort((a: number, b: number) => a - b)).toEqual([100, 500, 500]);
    for (const v of order.vouchers) {
      expect(Object.keys(v).sort()).toEqual(VOUCHER_KEYS);
      expect(v.cardType).toBe('CARD_AND_PIN_NO_SECURED');
      expect(typeof v.amount).toBe('number');
    }
    expect(new Set(order.vouchers.map((v: any) => v.id)).size).toBe(3);
  });

  it.each<[CardType, 'cardNumber' | 'cardPin' | null]>([
    ['CARD_NUMBER_SECURED', 'cardPin'],
    ['PIN_NO_SECURED', 'cardNumber'],
    ['CARD_AND_PIN_NO_SECURED', null],
  ])('issues %s vouchers with only the credentials the card type allows', async (cardType, absent) => {
    const pick = orderable.find((o) => o.brand.cardType === cardType);
    expect(pick, `a generated ${cardType} brand`).toBeDefined();
    const order = await place(api, orderBody(pick!.brand.id, [pick!.line]));
    expect(order.status).toBe('SUCCESS');
    const [voucher] = order.vouchers;
    expect(voucher.cardType).toBe(cardType);
    for (const field of ['cardNumber', 'cardPin'] as const) {
      if (field === absent) expect(voucher[field]).toBeNull();
      else expect(voucher[field]).toMatch(/^\d{6,}$/);
    }
  });

  it.each([
    ['TEST_FIXED_STANDARD', 12],
    [orderable.find((o) => o.brand.voucherExpiryInMonths === 3)!.brand.id, 3],
  ])('sets validTill of %s to the placement date + %i months', async (productId, months) => {
    const line = orderable.find((o) => o.brand.id === productId)?.line ?? ([500, 1] as Line);
    const before = await sandboxNow(api);
    const order = await place(api, orderBody(productId, [line]));
    const after = await sandboxNow(api);
    expect(order.vouchers[0].validTill).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([istDatePlusMonths(before, months), istDatePlusMonths(after, months)]).toContain(order.vouchers[0].validTill);
  });

  it('sets validTill to null when the brand has no voucherExpiryInMonths', async () => {
    const order = await place(api, orderBody('TEST_FLEXIBLE_STANDARD', [[750, 2]]));
    expect(order.vouchers).toHaveLength(2);
    for (const v of order.vouchers) {
      expect(v.validTill).toBeNull();
      expect(v.cardType).toBe('PIN_NO_SECURED');
      expect(v.amount).toBe(750);
    }
  });

  it('clamps validTill to the last day of a shorter month', async () => {
    const pick = orderable.find((o) => o.brand.voucherExpiryInMonths === 6)!;
    const own = await withSandbox();
    try {
      const now = await sandboxNow(own.api);
      // The next 31st (India) whose +6 months has fewer days: 31 Aug → Feb, 31 Mar → Sep, 31 Dec → Jun…
      let target = 0;
      for (let day = 1; day <= 366 && !target; day++) {
        const ist = new Date(now + 5.5 * 3600_000 + day * 86_400_000);
        const noonIst = Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate(), 6, 30);
        if (ist.getUTCDate() === 31 && !istDatePlusMonths(noonIst, 6).endsWith('-31')) target = noonIst;
      }
      await advance(own.api, Math.ceil((target - now) / 1000));
      const order = await place(own.api, orderBody(pick.brand.id, [pick.line]));
      const expected = istDatePlusMonths(target, 6);
      expect(Number(expected.slice(8))).toBeLessThan(31);
      expect(order.vouchers[0].validTill).toBe(expected);
    } finally {
      await own.sandbox.close();
    }
  });

  it('serves the voucher amount as the string "500.00" for TEST_AMOUNT_AS_STRING', async () => {
    const order = await place(api, orderBody('TEST_AMOUNT_AS_STRING', [[500, 1]]));
    expect(order.vouchers[0].amount).toBe('500.00');
    expect(order.vouchers[0].cardPin).toBeNull();
    const voucher = await api.get(`/v1/partners/orders/vouchers/${order.vouchers[0].id}`);
    expect(voucher.body).toMatchObject({ amount: '500.00', balance: 500 });
  });
});

describe('reading orders and vouchers (§4.5, §4.6)', () => {
  it('returns the same Order by id and by reference as the placement answer', async () => {
    const body = orderBody('TEST_FIXED_STANDARD', [[250, 2]]);
    const placed = await place(api, body);
    const byId = await api.get(`/v1/partners/orders/${placed.id}`);
    const byRef = await api.get(`/v1/partners/orders/by-reference/${body.referenceId}`);
    expect(byId.status).toBe(200);
    expect(byRef.status).toBe(200);
    expect(byId.body).toStrictEqual(placed);
    expect(byRef.body).toStrictEqual(placed);
  });

  it('answers 404 with the error envelope for an unknown reference and an unknown order id', async () => {
    for (const path of [`/v1/partners/orders/by-reference/${newRef('UNKNOWN')}`, '/v1/partners/orders/ord_does_not_exist']) {
      const res = await api.get(path);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      expect(res.body.error.message).toEqual(expect.any(String));
      expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
    }
  });

  it('returns a voucher with its live balance, which redemption lowers', async () => {
    const order = await place(api, orderBody('TEST_FIXED_STANDARD', [[1000, 1]]));
    const id = order.vouchers[0].id;
    const fresh = await api.get(`/v1/partners/orders/vouchers/${id}`);
    expect(fresh.status).toBe(200);
    expect(Object.keys(fresh.body).sort()).toEqual([...VOUCHER_KEYS, 'balance'].sort());
    expect(fresh.body).toStrictEqual({ ...order.vouchers[0], balance: 1000 });
    expect((await api.control('POST', `/vouchers/${id}/redeem`, { amount: 350.5 })).status).toBe(200);
    expect((await api.get(`/v1/partners/orders/vouchers/${id}`)).body.balance).toBe(649.5);
    // The balance belongs to the voucher endpoint only.
    expect((await api.get(`/v1/partners/orders/${order.id}`)).body.vouchers[0]).not.toHaveProperty('balance');
  });

  it('returns a null balance for a brand with canBalanceBeFetched false', async () => {
    const order = await place(api, orderBody('TEST_FLEXIBLE_STANDARD', [[300, 1]]));
    const voucher = await api.get(`/v1/partners/orders/vouchers/${order.vouchers[0].id}`);
    expect(voucher.status).toBe(200);
    expect(voucher.body.balance).toBeNull();
    expect(voucher.body.amount).toBe(300);
    const redeem = await api.control('POST', `/vouchers/${order.vouchers[0].id}/redeem`, { amount: 100 });
    expect(redeem.status).toBe(409);
    expect(redeem.body.error.code).toBe('BALANCE_NOT_TRACKED');
  });

  it('answers 404 for an unknown voucher', async () => {
    const res = await api.get('/v1/partners/orders/vouchers/vch_does_not_exist');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('duplicate referenceId (§4.4, §8)', () => {
  it('refuses a reused referenceId with 409 DUPLICATE_REFERENCE and does not debit again', async () => {
    const body = orderBody('TEST_FIXED_STANDARD', [[500, 1]]);
    const placed = await place(api, body);
    const [walletBefore, ordersBefore] = [await balance(api), await orderCount(api)];
    for (const retry of [body, orderBody('TEST_FLEXIBLE_STANDARD', [[200, 1]], { referenceId: body.referenceId })]) {
      const res = await api.post('/v1/partners/orders', retry);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('DUPLICATE_REFERENCE');
      expect(res.body.error.details.map((d: any) => d.field)).toEqual(['referenceId']);
    }
    expect(await balance(api)).toBe(walletBefore);
    expect(await orderCount(api)).toBe(ordersBefore);
    expect(await ledgerOf(api, placed.id)).toEqual([{ kind: 'debit', amount: 500 }]);
    expect((await api.get(`/v1/partners/orders/by-reference/${body.referenceId}`)).body.id).toBe(placed.id);
  });

  it('keeps the referenceId of a FAILED order consumed', async () => {
    const body = orderBody('TEST_BRAND_NOT_AVAILABLE', [[500, 1]]);
    expect((await place(api, body)).status).toBe('FAILED');
    const walletBefore = await balance(api);
    const res = await api.post('/v1/partners/orders', orderBody('TEST_FIXED_STANDARD', [[500, 1]], { referenceId: body.referenceId }));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('DUPLICATE_REFERENCE');
    expect(await balance(api)).toBe(walletBefore);
  });
});

describe('staging test brands (§3.2, README)', () => {
  it('TEST_PROCESSING_SUCCESS: PROCESSING at first and at 60 s, SUCCESS with vouchers from 180 s', async () => {
    const walletBefore = await balance(api);
    const placed = await place(api, orderBody('TEST_PROCESSING_SUCCESS', [[400, 2]]));
    expect(placed).toMatchObject({ status: 'PROCESSING', vouchers: [], failureReason: null });
    expect(await balance(api)).toBe(walletBefore - 800);
    await advance(api, 60);
    expect((await api.get(`/v1/partners/orders/${placed.id}`)).body).toMatchObject({ status: 'PROCESSING', vouchers: [] });
    await advance(api, 120);
    const done = (await api.get(`/v1/partners/orders/${placed.id}`)).body;
    expect(done).toMatchObject({ id: placed.id, status: 'SUCCESS', failureReason: null });
    expect(done.vouchers.map((v: any) => v.amount)).toEqual([400, 400]);
    expect(await ledgerOf(api, placed.id)).toEqual([{ kind: 'debit', amount: 800 }]);
    const events = (await api.control('GET', '/webhooks')).body.filter((e: any) => e.payload.data?.id === placed.id);
    expect(events.map((e: any) => [e.eventType, e.payload.data.status])).toEqual([['ORDER_REACHED_TERMINAL_STATE', 'SUCCESS']]);
  });

  it.each([
    ['TEST_PROCESSING_FAILED', 'Voucher generation failed'],
    ['TEST_E201_POLLING_FAILED', 'Provider polling failed'],
  ])('%s: PROCESSING, then FAILED %j after 180 s with the debit reversed', async (productId, reason) => {
    const walletBefore = await balance(api);
    const placed = await place(api, orderBody(productId, [[600, 1]]));
    expect(placed).toMatchObject({ status: 'PROCESSING', vouchers: [], failureReason: null });
    expect(await balance(api)).toBe(walletBefore - 600);
    await advance(api, 180);
    const done = (await api.get(`/v1/partners/orders/by-reference/${placed.referenceId}`)).body;
    expect(done).toStrictEqual({ ...placed, status: 'FAILED', failureReason: reason, vouchers: [] });
    expect(await balance(api)).toBe(walletBefore);
    expect(await ledgerOf(api, placed.id)).toEqual([{ kind: 'debit', amount: 600 }, { kind: 'reversal', amount: 600 }]);
  });

  it('TEST_PROCESSING_STUCK: still PROCESSING at 15 minutes, SUCCESS after 30', async () => {
    const placed = await place(api, orderBody('TEST_PROCESSING_STUCK', [[500, 1]]));
    await advance(api, 15 * 60);
    expect((await api.get(`/v1/partners/orders/${placed.id}`)).body).toMatchObject({ status: 'PROCESSING', vouchers: [], failureReason: null });
    await advance(api, 15 * 60);
    expect((await api.get(`/v1/partners/orders/${placed.id}`)).body.status).toBe('SUCCESS');
  });

  it.each([
    ['TEST_BRAND_NOT_AVAILABLE', 'Brand not available'],
    ['TEST_E200_GENERATION_FAILED', 'Voucher generation failed'],
    ['TEST_E204_GENERATION_UNAVAILABLE', 'Voucher generation temporarily unavailable'],
  ])('%s: 201 FAILED %j at once, nothing kept from the wallet', async (productId, reason) => {
    const walletBefore = await balance(api);
    const body = orderBody(productId, [[700, 1]]);
    const placed = await place(api, body);
    expect(placed).toStrictEqual({ id: expect.any(String), referenceId: body.referenceId, status: 'FAILED', vouchers: [], failureReason: reason });
    expect(await balance(api)).toBe(walletBefore);
    expect(await ledgerOf(api, placed.id)).toEqual([{ kind: 'debit', amount: 700 }, { kind: 'reversal', amount: 700 }]);
    expect((await api.get(`/v1/partners/orders/by-reference/${body.referenceId}`)).body).toStrictEqual(placed);
  });
});

describe('brand refusals (§7.2)', () => {
  async function expectBrandRefusal(client: TestApi, productId: string, code: string, extra: Record<string, unknown> = {}): Promise<void> {
    const [walletBefore, ordersBefore] = [await balance(client), await orderCount(client)];
    const body = orderBody(productId, [[500, 1]], extra);
    const res = await client.post('/v1/partners/orders', body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toEqual(expect.any(String));
    expect(await balance(client)).toBe(walletBefore);
    expect(await orderCount(client)).toBe(ordersBefore);
    expect((await client.get(`/v1/partners/orders/by-reference/${body.referenceId}`)).status).toBe(404);
  }

  it.each([
    ['TEST_E100_TEMPORARILY_DISABLED', 'E100'],
    ['TEST_E101_NOT_ENABLED', 'E101'],
    ['TEST_E102_INACTIVE', 'E102'],
    ['TEST_E103_B2C_ONLY', 'E103'],
  ])('refuses %s with 422 %s under B2B, creating no order', async (productId, code) => {
    await expectBrandRefusal(api, productId, code);
  });

  it('refuses TEST_E103_B2B_ONLY with 422 E103 under B2C, and sells TEST_E103_B2C_ONLY there', async () => {
    const b2c = await withSandbox({ businessModel: 'B2C' });
    try {
      await b2c.api.login();
      await expectBrandRefusal(b2c.api, 'TEST_E103_B2B_ONLY', 'E103', { customerDetails: CUSTOMER });
      expect((await place(b2c.api, orderBody('TEST_E103_B2C_ONLY', [[500, 1]], { customerDetails: CUSTOMER }))).status).toBe('SUCCESS');
    } finally {
      await b2c.sandbox.close();
    }
  });
});

describe('an order the operator ends afterwards (§3.1 CANCELLED / REVERSED; README "Control surface")', () => {
  it('POST /__sandbox/orders/:id/end REVERSED: the debit comes back, the vouchers stay, and the event says so', async () => {
    const walletBefore = await balance(api);
    const placed = await place(api, orderBody('TEST_FIXED_STANDARD', [[500, 1]]));
    expect(placed.status).toBe('SUCCESS');
    const ended = await api.control('POST', `/orders/${placed.id}/end`, { status: 'REVERSED' });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ id: placed.id, status: 'REVERSED', debited: 500 });
    expect((await api.get(`/v1/partners/orders/${placed.id}`)).body).toStrictEqual({ ...placed, status: 'REVERSED' });
    expect(await balance(api)).toBe(walletBefore);
    expect(await ledgerOf(api, placed.id)).toEqual([{ kind: 'debit', amount: 500 }, { kind: 'reversal', amount: 500 }]);
    const events = (await api.control('GET', '/webhooks')).body.filter((e: any) => e.payload.data?.id === placed.id);
    expect(events.map((e: any) => [e.eventType, e.payload.data.status])).toEqual([['ORDER_REACHED_TERMINAL_STATE', 'REVERSED']]);

    // Ended once: a second end is refused and moves nothing.
    const again = await api.control('POST', `/orders/${placed.id}/end`, { status: 'CANCELLED' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ORDER_ALREADY_ENDED');
    expect(await ledgerOf(api, placed.id)).toHaveLength(2);
  });

  it('refuses a status other than CANCELLED or REVERSED, and an order it does not know', async () => {
    const placed = await place(api, orderBody('TEST_FIXED_STANDARD', [[500, 1]]));
    expect((await api.control('POST', `/orders/${placed.id}/end`, { status: 'FAILED' })).status).toBe(400);
    expect((await api.control('POST', '/orders/ord_unknown/end', { status: 'REVERSED' })).status).toBe(404);
    expect((await api.get(`/v1/partners/orders/${placed.id}`)).body.status).toBe('SUCCESS');
  });
});
