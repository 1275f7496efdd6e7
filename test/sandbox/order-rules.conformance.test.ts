import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmountRestrictionsWire, BrandWire } from '../../src-main/sandbox/catalog/brand-wire.js';
import { loadCatalogFile } from '../../src-main/sandbox/catalog/catalog-file.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { CUSTOMER, newRef, withSandbox, type TestApi } from './harness.js';

/**
 * Conformance: the order rules of spec §2.3 / §4.4 as refused requests. Every refusal is a
 * non-2xx error envelope that creates no order, moves no money and leaves the referenceId
 * unused (README "Refused before an order exists").
 */

type Line = readonly [denomination: number, quantity: number];
const total = (lines: readonly Line[]): number => lines.reduce((sum, [d, q]) => sum + Math.round(d * 100) * q, 0) / 100;

function orderBody(productId: string, lines: readonly Line[], extra: Record<string, unknown> = {}): Record<string, any> {
  return {
    productId,
    referenceId: newRef('R'),
    amount: total(lines),
    denominationDetails: lines.map(([denomination, quantity]) => ({ denomination, quantity })),
    ...extra,
  };
}

const FIXED = 'TEST_FIXED_STANDARD'; // 100, 250, 500, 1000, 2000; ≤ 10 vouchers, ≤ 5 per denomination, ≤ 3 denominations
const FLEX = 'TEST_FLEXIBLE_STANDARD'; // 100–10,000 a voucher, ≤ 5 vouchers, order 100–50,000

/** Generated brands that can be ordered, for rules the two standard test brands cannot show. */
const generated = loadCatalogFile().filter((b) => b.status === 'ACTIVE' && b.amountRestrictions !== null);

function pickBrand<T>(what: string, plan: (b: BrandWire, r: AmountRestrictionsWire) => T | null): { id: string; plan: T } {
  for (const brand of generated) {
    const found = plan(brand, brand.amountRestrictions!);
    if (found) return { id: brand.id, plan: found };
  }
  throw new Error(`resources/sandbox/catalog.json has no ACTIVE brand ${what}`);
}

const withinOrder = (r: AmountRestrictionsWire, amount: number): boolean => amount >= r.minOrderAmount && amount <= r.maxOrderAmount;

async function snapshot(api: TestApi): Promise<{ orders: number; ledger: number; balance: number }> {
  const [orders, ledger, wallet] = await Promise.all([
    api.control('GET', '/orders'),
    api.control('GET', '/ledger'),
    api.get('/v1/partners/wallet/balance'),
  ]);
  return { orders: orders.body.length, ledger: ledger.body.length, balance: wallet.body.balance };
}

/** Posts the order, asserts the envelope, the exact set of faulty fields, and that nothing happened. */
async function expectRefused(api: TestApi, body: Record<string, unknown>, status: number, code: string, fields: string[]): Promise<any> {
  const before = await snapshot(api);
  const requestId = randomUUID();
  const res = await api.request('POST', '/v1/partners/orders', body, { headers: { 'X-REQUEST-ID': requestId } });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['error', 'requestId']);
  expect(res.body.requestId).toBe(requestId);
  expect(res.body.error.code).toBe(code);
  expect(res.body.error.message).toEqual(expect.any(String));
  expect(res.body.error.message.length).toBeGreaterThan(0);
  const details: { field: string; message: string }[] = res.body.error.details ?? [];
  for (const d of details) expect(d).toEqual({ field: expect.any(String), message: expect.any(String) });
  expect([...new Set(details.map((d) => d.field))].sort()).toEqual([...fields].sort());
  expect(await snapshot(api)).toEqual(before);
  if (typeof body.referenceId === 'string') {
    const lookup = await api.get(`/v1/partners/orders/by-reference/${encodeURIComponent(body.referenceId)}`);
    expect(lookup.status).toBe(404);
  }
  return res.body.error;
}

async function expectPlaced(api: TestApi, body: Record<string, unknown>): Promise<any> {
  const res = await api.post('/v1/partners/orders', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.status).toBe('SUCCESS');
  return res.body;
}

let b2b: { sandbox: Sandbox; api: TestApi };
let b2c: { sandbox: Sandbox; api: TestApi };

beforeAll(async () => {
  b2b = await withSandbox();
  b2c = await withSandbox({ businessModel: 'B2C' });
  await b2b.api.login();
  await b2c.api.login();
});

afterAll(async () => {
  await b2b?.sandbox.close();
  await b2c?.sandbox.close();
});

describe('amount and denominations (§2.3, §4.4)', () => {
  it('refuses an amount that differs from Σ denomination × quantity', async () => {
    const body = orderBody(FIXED, [[500, 1]], { amount: 600 });
    const error = await expectRefused(b2b.api, body, 400, 'VALIDATION_FAILED', ['amount']);
    expect(error.details[0].message).toMatch(/sum of denomination/);
  });

  it('compares the amount exactly to the paisa, without float drift', async () => {
    await expectPlaced(b2b.api, orderBody(FLEX, [[100.1, 1], [100.2, 1]], { amount: 200.3 }));
    await expectRefused(b2b.api, orderBody(FLEX, [[100.1, 1], [100.2, 1]], { amount: 200.31 }), 400, 'VALIDATION_FAILED', ['amount']);
  });

  it('refuses a FIXED denomination that is not listed with 422 E150, leaving the referenceId unused', async () => {
    const body = orderBody(FIXED, [[300, 1]]);
    const error = await expectRefused(b2b.api, body, 422, 'E150', ['denominationDetails']);
    expect(error.message).toBe('Denomination not available');
    // The same referenceId is still free for a corrected order.
    const placed = await expectPlaced(b2b.api, orderBody(FIXED, [[250, 1]], { referenceId: body.referenceId }));
    expect(placed.referenceId).toBe(body.referenceId);
  });

  it('accepts a FIXED amount that is not listed when split into listed denominations', async () => {
    const placed = await expectPlaced(b2b.api, orderBody(FIXED, [[250, 1], [100, 2]]));
    expect(placed.vouchers.map((v: any) => v.amount).sort((a: number, b: number) => a - b)).toEqual([100, 100, 250]);
  });

  it('refuses a FLEXIBLE voucher below minVoucherAmount', async () => {
    await expectRefused(b2b.api, orderBody(FLEX, [[99, 2]]), 400, 'VALIDATION_FAILED', ['denominationDetails']);
  });

  it('refuses a FLEXIBLE voucher above maxVoucherAmount, and accepts both bounds', async () => {
    await expectRefused(b2b.api, orderBody(FLEX, [[10_000.01, 1]]), 400, 'VALIDATION_FAILED', ['denominationDetails']);
    await expectPlaced(b2b.api, orderBody(FLEX, [[100, 1]]));
    await expectPlaced(b2b.api, orderBody(FLEX, [[10_000, 1]]));
  });

  it('refuses an order below minOrderAmount (reported on amount, alongside the voucher minimum)', async () => {
    const error = await expectRefused(b2b.api, orderBody(FLEX, [[50, 1]]), 400, 'VALIDATION_FAILED', ['amount', 'denominationDetails']);
    expect(error.details.find((d: any) => d.field === 'amount').message).toMatch(/between 100 and 50000/);
  });

  it('refuses an order below minOrderAmount on its own, once the brand raises its minimum', async () => {
    const { id, plan } = pickBrand('FIXED with two denominations within the order range', (b, r) => {
      const listed = [...(r.denominations ?? [])].sort((x, y) => x - y);
      if (b.denominationType !== 'FIXED' || listed.length < 2 || !withinOrder(r, listed[1]!)) return null;
      return { low: listed[0]!, high: listed[1]! };
    });
    const patched = await b2b.api.control('PATCH', `/brands/${id}`, { amountRestrictions: { minOrderAmount: plan.high } });
    expect(patched.status).toBe(200);
    await expectRefused(b2b.api, orderBody(id, [[plan.low, 1]]), 400, 'VALIDATION_FAILED', ['amount']);
    await expectPlaced(b2b.api, orderBody(id, [[plan.high, 1]]));
  });

  it('refuses an order above maxOrderAmount and accepts exactly the maximum', async () => {
    const { id, plan } = pickBrand('FIXED whose maxOrderAmount is reachable within its voucher limits', (b, r) => {
      if (b.denominationType !== 'FIXED' || r.maxOrderAmount > 20_000) return null;
      const d = Math.max(...r.denominations!);
      const k = Math.floor(r.maxOrderAmount / d) + 1;
      const perDenomOk = r.maxVouchersPerDenomination === null || r.maxVouchersPerDenomination >= k;
      if (k < 2 || k > r.maxVouchersPerOrder || !perDenomOk || d * (k - 1) !== r.maxOrderAmount) return null;
      return { d, k };
    });
    await expectRefused(b2b.api, orderBody(id, [[plan.d, plan.k]]), 400, 'VALIDATION_FAILED', ['amount']);
    await expectPlaced(b2b.api, orderBody(id, [[plan.d, plan.k - 1]]));
  });
});

describe('product (§4.4)', () => {
  it('refuses an unknown productId with 400 on productId', async () => {
    await expectRefused(b2b.api, orderBody('brd_no_such_brand', [[100, 1]]), 400, 'VALIDATION_FAILED', ['productId']);
  });
});

describe('voucher counts (§2.3)', () => {
  it('refuses more than maxVouchersPerOrder (FLEXIBLE: 6 > 5)', async () => {
    await expectRefused(b2b.api, orderBody(FLEX, [[100, 6]]), 400, 'VALIDATION_FAILED', ['denominationDetails']);
    await expectPlaced(b2b.api, orderBody(FLEX, [[100, 5]]));
  });

  it('refuses more than maxVouchersPerOrder (FIXED: 11 > 10 within the per-denomination limits)', async () => {
    const error = await expectRefused(b2b.api, orderBody(FIXED, [[100, 5], [250, 5], [500, 1]]), 400, 'VALIDATION_FAILED', ['denominationDetails']);
    expect(error.details).toHaveLength(1);
    expect(error.details[0].message).toMatch(/at most 10 vouchers per order/);
  });

  it('refuses more than maxVouchersPerDenomination (TEST_FIXED_STANDARD: 6 × 100 > 5)', async () => {
    const error = await expectRefused(b2b.api, orderBody(FIXED, [[100, 6]]), 400, 'VALIDATION_FAILED', ['denominationDetails']);
    expect(error.details[0].message).toMatch(/at most 5 vouchers of one denomination/);
    await expectPlaced(b2b.api, orderBody(FIXED, [[100, 5]]));
  });

  it('refuses more than maxVouchersPerDenomination on a generated FIXED brand', async () => {
    const { id, plan } = pickBrand('FIXED with maxVouchersPerDenomination below maxVouchersPerOrder', (b, r) => {
      if (b.denominationType !== 'FIXED' || r.maxVouchersPerDenomination === null) return null;
      const d = Math.min(...r.denominations!);
      const q = r.maxVouchersPerDenomination + 1;
      if (q > r.maxVouchersPerOrder || !withinOrder(r, d * q) || !withinOrder(r, d * (q - 1)) || d * q > 20_000) return null;
      return { d, q };
    });
    const error = await expectRefused(b2b.api, orderBody(id, [[plan.d, plan.q]]), 400, 'VALIDATION_FAILED', ['denominationDetails']);
    expect(error.details[0].message).toMatch(/of one denomination/);
    await expectPlaced(b2b.api, orderBody(id, [[plan.d, plan.q - 1]]));
  });

  it('refuses more distinct denominations than maxDenominationsPerOrder (TEST_FIXED_STANDARD: 4 > 3)', async () => {
    const error = await expectRefused(b2b.api, orderBody(FIXED, [[100, 1], [250, 1], [500, 1], [1000, 1]]), 400, 'VALIDATION_FAILED', ['denominationDetails']);
    expect(error.details[0].message).toMatch(/at most 3 different denominations/);
    await expectPlaced(b2b.api, orderBody(FIXED, [[100, 1], [250, 1], [500, 1]]));
  });

  it('refuses more distinct denominations than maxDenominationsPerOrder on a generated FIXED brand', async () => {
    const { id, plan } = pickBrand('FIXED with a reachable maxDenominationsPerOrder', (b, r) => {
      if (b.denominationType !== 'FIXED' || r.maxDenominationsPerOrder === null) return null;
      const n = r.maxDenominationsPerOrder + 1;
      const smallest = [...r.denominations!].sort((x, y) => x - y).slice(0, n);
      if (smallest.length < n || n > r.maxVouchersPerOrder) return null;
      const lines = smallest.map((d) => [d, 1] as const);
      if (!withinOrder(r, total(lines)) || !withinOrder(r, total(lines.slice(0, -1))) || total(lines) > 20_000) return null;
      return lines;
    });
    await expectRefused(b2b.api, orderBody(id, plan), 400, 'VALIDATION_FAILED', ['denominationDetails']);
    await expectPlaced(b2b.api, orderBody(id, plan.slice(0, -1)));
  });

  it('refuses a denomination listed twice', async () => {
    const error = await expectRefused(b2b.api, orderBody(FIXED, [[100, 1], [100, 1]]), 400, 'VALIDATION_FAILED', ['denominationDetails']);
    expect(error.details[0].message).toMatch(/more than once/);
  });

  it('refuses brands whose amountRestrictions are null with 422 E150', async () => {
    const nullBrands = loadCatalogFile().filter((b) => b.amountRestrictions === null);
    expect(nullBrands.length).toBeGreaterThan(0);
    for (const brand of nullBrands) {
      const error = await expectRefused(b2b.api, orderBody(brand.id, [[500, 1]]), 422, 'E150', ['productId']);
      expect(error.message).toBe('Denomination not available');
    }
  });
});

describe('referenceId and discountAmount (§4.4, §8)', () => {
  it('refuses a referenceId longer than 40 characters', async () => {
    await expectRefused(b2b.api, orderBody(FIXED, [[100, 1]], { referenceId: 'x'.repeat(41) }), 400, 'VALIDATION_FAILED', ['referenceId']);
  });

  it('refuses a referenceId with spaces', async () => {
    await expectRefused(b2b.api, orderBody(FIXED, [[100, 1]], { referenceId: 'till 4 sale 17' }), 400, 'VALIDATION_FAILED', ['referenceId']);
  });

  it('refuses the referenceIds "." and "..", which no by-reference URL can address', async () => {
    for (const referenceId of ['.', '..']) {
      await expectRefused(b2b.api, orderBody(FIXED, [[100, 1]], { referenceId }), 400, 'VALIDATION_FAILED', ['referenceId']);
    }
  });

  it('accepts a referenceId with URL-special characters and finds it by reference', async () => {
    const referenceId = `a/b?c#d%e&${newRef()}`.slice(0, 40);
    const placed = await expectPlaced(b2b.api, orderBody(FIXED, [[100, 1]], { referenceId }));
    const found = await b2b.api.get(`/v1/partners/orders/by-reference/${encodeURIComponent(referenceId)}`);
    expect(found.status).toBe(200);
    expect(found.body).toStrictEqual(placed);
  });

  it('accepts a referenceId of exactly 40 characters', async () => {
    const referenceId = `R${randomUUID().replace(/-/g, '')}`.padEnd(40, 'z');
    expect(referenceId).toHaveLength(40);
    const placed = await expectPlaced(b2b.api, orderBody(FIXED, [[100, 1]], { referenceId }));
    expect(placed.referenceId).toBe(referenceId);
  });

  it('refuses discountAmount greater than amount with 400 E161', async () => {
    const error = await expectRefused(b2b.api, orderBody(FIXED, [[500, 1]], { discountAmount: 500.01 }), 400, 'E161', ['discountAmount']);
    expect(error.message).toMatch(/discountAmount/);
  });

  it('accepts discountAmount equal to amount', async () => {
    await expectPlaced(b2b.api, orderBody(FIXED, [[500, 1]], { discountAmount: 500 }));
  });
});

describe('customerDetails under B2C (§4.4)', () => {
  it('refuses a B2C order without customerDetails', async () => {
    await expectRefused(b2c.api, orderBody(FIXED, [[100, 1]]), 400, 'VALIDATION_FAILED', ['customerDetails']);
    await expectRefused(b2c.api, orderBody(FIXED, [[100, 1]], { customerDetails: null }), 400, 'VALIDATION_FAILED', ['customerDetails']);
  });

  it('refuses a B2C order without a customer name', async () => {
    const customerDetails = { phoneNumber: CUSTOMER.phoneNumber, email: CUSTOMER.email };
    await expectRefused(b2c.api, orderBody(FIXED, [[100, 1]], { customerDetails }), 400, 'VALIDATION_FAILED', ['customerDetails.name']);
  });

  it('refuses a B2C order without a customer phone number', async () => {
    const customerDetails = { name: CUSTOMER.name, email: CUSTOMER.email };
    await expectRefused(b2c.api, orderBody(FIXED, [[100, 1]], { customerDetails }), 400, 'VALIDATION_FAILED', ['customerDetails.phoneNumber']);
  });

  it('accepts a B2C order without an email', async () => {
    await expectPlaced(b2c.api, orderBody(FIXED, [[100, 1]], { customerDetails: { name: CUSTOMER.name, phoneNumber: CUSTOMER.phoneNumber } }));
  });

  it.each(['Asha Verma 2', 'Asha@Verma', 'Asha_Verma', 'Dr. Asha'])('refuses the customer name %j (digits or special characters)', async (name) => {
    const body = orderBody(FIXED, [[100, 1]], { customerDetails: { ...CUSTOMER, name } });
    await expectRefused(b2c.api, body, 400, 'VALIDATION_FAILED', ['customerDetails.name']);
  });

  it('accepts a customer name in Devanagari', async () => {
    await expectPlaced(b2c.api, orderBody(FIXED, [[100, 1]], { customerDetails: { ...CUSTOMER, name: 'आशा वर्मा' } }));
  });

  it.each([
    ['with a +91 prefix', '+919876543210'],
    ['with 9 digits', '987654321'],
    ['starting with 5', '5876543210'],
    ['of one repeated digit', '9999999999'],
  ])('refuses a phone number %s', async (_label, phoneNumber) => {
    const body = orderBody(FIXED, [[100, 1]], { customerDetails: { ...CUSTOMER, phoneNumber } });
    await expectRefused(b2c.api, body, 400, 'VALIDATION_FAILED', ['customerDetails.phoneNumber']);
  });

  it('refuses an email with a space', async () => {
    const body = orderBody(FIXED, [[100, 1]], { customerDetails: { ...CUSTOMER, email: 'asha verma@example.in' } });
    await expectRefused(b2c.api, body, 400, 'VALIDATION_FAILED', ['customerDetails.email']);
  });

  it('applies the same customer rules to B2B orders that carry customerDetails', async () => {
    await expectPlaced(b2b.api, orderBody(FIXED, [[100, 1]]));
    const body = orderBody(FIXED, [[100, 1]], { customerDetails: { ...CUSTOMER, phoneNumber: '+919876543210' } });
    await expectRefused(b2b.api, body, 400, 'VALIDATION_FAILED', ['customerDetails.phoneNumber']);
  });
});

describe('deliveryDetails (§2.9)', () => {
  const delivery = { recipientName: 'Ravi Kumar', recipientType: 'OTHER', recipientPhoneNumber: '9123456780' };

  it('refuses deliveryDetails without recipientType', async () => {
    const { recipientType: _omit, ...deliveryDetails } = delivery;
    await expectRefused(b2b.api, orderBody(FIXED, [[100, 1]], { deliveryDetails }), 400, 'VALIDATION_FAILED', ['deliveryDetails.recipientType']);
  });

  it('refuses deliveryDetails without recipientPhoneNumber', async () => {
    const { recipientPhoneNumber: _omit, ...deliveryDetails } = delivery;
    await expectRefused(b2b.api, orderBody(FIXED, [[100, 1]], { deliveryDetails }), 400, 'VALIDATION_FAILED', ['deliveryDetails.recipientPhoneNumber']);
  });

  it('refuses a recipientType other than SELF or OTHER', async () => {
    const deliveryDetails = { ...delivery, recipientType: 'FRIEND' };
    await expectRefused(b2b.api, orderBody(FIXED, [[100, 1]], { deliveryDetails }), 400, 'VALIDATION_FAILED', ['deliveryDetails.recipientType']);
  });

  it('accepts complete deliveryDetails with either recipientType', async () => {
    await expectPlaced(b2b.api, orderBody(FIXED, [[100, 1]], { deliveryDetails: delivery }));
    await expectPlaced(b2b.api, orderBody(FIXED, [[100, 1]], { deliveryDetails: { ...delivery, recipientType: 'SELF' } }));
  });
});
