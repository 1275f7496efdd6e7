import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { CUSTOMER, newRef, withSandbox, type TestApi } from './harness.js';

/**
 * Conformance: what orders do outside their own answer — the wallet (§4.8, E300), rate
 * limits (§8), voucher delivery and its resend (§4.4, §4.7) — and how placement behaves
 * under transport faults (§4.4 "Timeout recovery").
 */

type Line = readonly [denomination: number, quantity: number];
const total = (lines: readonly Line[]): number => lines.reduce((sum, [d, q]) => sum + Math.round(d * 100) * q, 0) / 100;

function orderBody(productId: string, lines: readonly Line[], extra: Record<string, unknown> = {}): Record<string, any> {
  return {
    productId,
    referenceId: newRef('E'),
    amount: total(lines),
    denominationDetails: lines.map(([denomination, quantity]) => ({ denomination, quantity })),
    ...extra,
  };
}

const FIXED = 'TEST_FIXED_STANDARD';
const FLEX = 'TEST_FLEXIBLE_STANDARD';
const ORDERS = '/v1/partners/orders';

const balance = async (api: TestApi): Promise<number> => (await api.get('/v1/partners/wallet/balance')).body.balance;
const ledgerOf = async (api: TestApi, orderId: string): Promise<any[]> =>
  (await api.control('GET', '/ledger')).body.filter((e: any) => e.orderId === orderId).map((e: any) => ({ kind: e.kind, amount: e.amount }));
const deliveriesOf = async (api: TestApi, orderId: string): Promise<any[]> =>
  (await api.control('GET', '/deliveries')).body.filter((d: any) => d.orderId === orderId);

async function place(api: TestApi, body: Record<string, unknown>): Promise<any> {
  const res = await api.post(ORDERS, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

let main: { sandbox: Sandbox; api: TestApi };
let api: TestApi;
const extra: Sandbox[] = [];

/** A sandbox of its own, for tests whose limits or windows must not see other tests' orders. */
async function freshApi(): Promise<TestApi> {
  const own = await withSandbox();
  extra.push(own.sandbox);
  await own.api.login();
  return own.api;
}

beforeAll(async () => {
  main = await withSandbox();
  api = main.api;
  await api.login();
});

afterEach(async () => {
  await Promise.all(extra.splice(0).map((s) => s.close()));
});

afterAll(async () => {
  await main?.sandbox.close();
});

describe('wallet (§4.8, README "Wallet debit")', () => {
  it('debits amount − discountAmount, seen in the balance and the ledger', async () => {
    const before = await balance(api);
    const order = await place(api, orderBody(FIXED, [[500, 2]], { discountAmount: 150.5 }));
    expect(order.status).toBe('SUCCESS');
    expect(await balance(api)).toBe(before - 849.5);
    expect(await ledgerOf(api, order.id)).toEqual([{ kind: 'debit', amount: 849.5 }]);
    const ledger = (await api.control('GET', '/ledger')).body;
    expect(ledger.at(-1)).toMatchObject({ kind: 'debit', orderId: order.id, balanceAfter: before - 849.5 });
  });

  it('debits nothing when discountAmount equals amount', async () => {
    const before = await balance(api);
    const order = await place(api, orderBody(FIXED, [[1000, 1]], { discountAmount: 1000 }));
    expect(order.status).toBe('SUCCESS');
    expect(await balance(api)).toBe(before);
  });

  it('fails with Insufficient balance (E300) when the wallet does not cover the order, debiting nothing', async () => {
    const wallet = await freshApi();
    expect((await wallet.control('PUT', '/wallet', { balance: 300 })).status).toBe(200);
    const body = orderBody(FIXED, [[500, 1]]);
    const order = await place(wallet, body);
    expect(order).toStrictEqual({ id: expect.any(String), referenceId: body.referenceId, status: 'FAILED', vouchers: [], failureReason: 'Insufficient balance' });
    expect(await balance(wallet)).toBe(300);
    expect(await ledgerOf(wallet, order.id)).toEqual([]);
    // The referenceId is consumed all the same.
    expect((await wallet.get(`${ORDERS}/by-reference/${body.referenceId}`)).body).toStrictEqual(order);
    expect((await wallet.post(ORDERS, { ...body, amount: 250, denominationDetails: [{ denomination: 250, quantity: 1 }] })).status).toBe(409);
  });

  it('lets a wallet that covers exactly the net amount pay for the order', async () => {
    const wallet = await freshApi();
    await wallet.control('PUT', '/wallet', { balance: 300 });
    expect((await place(wallet, orderBody(FIXED, [[500, 1]], { discountAmount: 200 }))).status).toBe('SUCCESS');
    expect(await balance(wallet)).toBe(0);
    expect((await place(wallet, orderBody(FIXED, [[100, 1]]))).failureReason).toBe('Insufficient balance');
  });
});

describe('idempotency under concurrency (§4.4, §8)', () => {
  it('creates one order and one debit when the same referenceId arrives twice at once', async () => {
    const client = await freshApi();
    const before = await balance(client);
    const body = orderBody(FIXED, [[2000, 1]]);
    const answers = await Promise.all([client.post(ORDERS, body), client.post(ORDERS, body), client.post(ORDERS, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const service = (await client.control('GET', '/orders')).body;
    expect(service).toHaveLength(1);
    expect(await ledgerOf(client, service[0].id)).toEqual([{ kind: 'debit', amount: 2000 }]);
    expect(await balance(client)).toBe(before - 2000);
  });
});

describe('rate limits (§8, PUT /__sandbox/rate-limits)', () => {
  async function setLimits(client: TestApi, config: unknown): Promise<void> {
    expect((await client.control('PUT', '/rate-limits', config)).status).toBe(200);
  }

  it('fails the third order in an hour with Rate limit exceeded under a partner hourly count of 2, and recovers after the hour', async () => {
    const limited = await freshApi();
    await setLimits(limited, { partner: { count: { hourly: 2 } } });
    expect((await place(limited, orderBody(FIXED, [[100, 1]]))).status).toBe('SUCCESS');
    expect((await place(limited, orderBody(FLEX, [[100, 1]]))).status).toBe('SUCCESS');
    const before = await balance(limited);
    const third = await place(limited, orderBody(FIXED, [[100, 1]]));
    expect(third).toMatchObject({ status: 'FAILED', failureReason: 'Rate limit exceeded', vouchers: [] });
    expect(await balance(limited)).toBe(before);
    expect(await ledgerOf(limited, third.id)).toEqual([]);
    expect((await limited.control('POST', '/advance', { seconds: 3601 })).status).toBe(200);
    await limited.login();
    expect((await place(limited, orderBody(FIXED, [[100, 1]]))).status).toBe('SUCCESS');
  });

  it('applies a brand daily amount limit to that brand only', async () => {
    const limited = await freshApi();
    await setLimits(limited, { brands: { [FIXED]: { amount: { daily: 1500 } } } });
    expect((await place(limited, orderBody(FIXED, [[1000, 1]]))).status).toBe('SUCCESS');
    expect((await place(limited, orderBody(FIXED, [[1000, 1]]))).failureReason).toBe('Rate limit exceeded');
    expect((await place(limited, orderBody(FIXED, [[500, 1]]))).status).toBe('SUCCESS'); // exactly 1500 in the day
    expect((await place(limited, orderBody(FLEX, [[5000, 1]]))).status).toBe('SUCCESS');
    expect((await limited.control('POST', '/advance', { seconds: 86_401 })).status).toBe(200);
    await limited.login();
    expect((await place(limited, orderBody(FIXED, [[1000, 1]]))).status).toBe('SUCCESS');
  });

  it("applies the '*' brand limit to each brand without its own entry", async () => {
    const limited = await freshApi();
    await setLimits(limited, { brands: { '*': { count: { hourly: 1 } }, [FLEX]: { count: { hourly: 2 } } } });
    expect((await place(limited, orderBody(FIXED, [[100, 1]]))).status).toBe('SUCCESS');
    expect((await place(limited, orderBody(FIXED, [[100, 1]]))).failureReason).toBe('Rate limit exceeded');
    expect((await place(limited, orderBody('TEST_AMOUNT_AS_STRING', [[100, 1]]))).status).toBe('SUCCESS');
    expect((await place(limited, orderBody(FLEX, [[100, 1]]))).status).toBe('SUCCESS');
    expect((await place(limited, orderBody(FLEX, [[100, 1]]))).status).toBe('SUCCESS');
    expect((await place(limited, orderBody(FLEX, [[100, 1]]))).failureReason).toBe('Rate limit exceeded');
  });
});

describe('voucher delivery (§4.4 managed delivery, §4.7 resend)', () => {
  const resend = (client: TestApi, orderId: string, body: unknown) => client.post(`${ORDERS}/${orderId}/resend-delivery`, body);

  it('records one initial SMS (and EMAIL with recipientEmail) per voucher for a SUCCESS order with deliveryDetails', async () => {
    const deliveryDetails = { recipientType: 'OTHER', recipientPhoneNumber: '9123456780', recipientEmail: 'ravi@example.in' };
    const order = await place(api, orderBody(FIXED, [[100, 2]], { deliveryDetails }));
    const records = await deliveriesOf(api, order.id);
    expect(records).toHaveLength(4);
    for (const v of order.vouchers) {
      const forVoucher = records.filter((d) => d.voucherId === v.id).map((d) => [d.kind, d.channel, d.to]);
      expect(forVoucher.sort()).toEqual([['initial', 'EMAIL', 'ravi@example.in'], ['initial', 'SMS', '9123456780']]);
    }
    const smsOnly = await place(api, orderBody(FIXED, [[100, 1]], { deliveryDetails: { recipientType: 'SELF', recipientPhoneNumber: '9123456780' } }));
    expect((await deliveriesOf(api, smsOnly.id)).map((d) => d.channel)).toEqual(['SMS']);
  });

  it('records nothing for an order without deliveryDetails', async () => {
    const order = await place(api, orderBody(FIXED, [[100, 1]], { customerDetails: CUSTOMER }));
    expect(await deliveriesOf(api, order.id)).toEqual([]);
  });

  it('resends over EMAIL, SMS and WHATSAPP to the customer, one record per voucher per channel', async () => {
    const order = await place(api, orderBody(FIXED, [[250, 2]], { customerDetails: CUSTOMER }));
    for (const channel of ['EMAIL', 'SMS', 'WHATSAPP']) {
      const res = await resend(api, order.id, { channels: [channel] });
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({ success: true, message: expect.any(String) });
    }
    const res = await resend(api, order.id, { channels: ['SMS', 'EMAIL'] });
    expect(res.body.success).toBe(true);
    const records = await deliveriesOf(api, order.id);
    expect(records).toHaveLength(2 * 5);
    for (const d of records) {
      expect(d.kind).toBe('resend');
      expect(d.to).toBe(d.channel === 'EMAIL' ? CUSTOMER.email : CUSTOMER.phoneNumber);
    }
    for (const v of order.vouchers) {
      expect(records.filter((d) => d.voucherId === v.id).map((d) => d.channel).sort()).toEqual(['EMAIL', 'EMAIL', 'SMS', 'SMS', 'WHATSAPP']);
    }
  });

  it('answers success:false for EMAIL when the order has no email, recording nothing', async () => {
    const order = await place(api, orderBody(FIXED, [[100, 1]], { customerDetails: { name: CUSTOMER.name, phoneNumber: CUSTOMER.phoneNumber } }));
    for (const channels of [['EMAIL'], ['SMS', 'EMAIL']]) {
      const res = await resend(api, order.id, { channels });
      expect(res.status).toBe(200);
      expect(res.body).toStrictEqual({ success: false, message: expect.stringMatching(/email/i) });
    }
    expect(await deliveriesOf(api, order.id)).toEqual([]);
    expect((await resend(api, order.id, { channels: ['SMS'] })).body.success).toBe(true);
  });

  it('answers success:false for SMS and WHATSAPP when the order has no phone at all', async () => {
    const order = await place(api, orderBody(FIXED, [[100, 1]]));
    for (const channel of ['SMS', 'WHATSAPP']) {
      expect((await resend(api, order.id, { channels: [channel] })).body).toStrictEqual({ success: false, message: expect.any(String) });
    }
    expect(await deliveriesOf(api, order.id)).toEqual([]);
  });

  it('uses deliveryDetails.recipientPhoneNumber for SMS when the customer gave no phone', async () => {
    const deliveryDetails = { recipientType: 'OTHER', recipientPhoneNumber: '8123456789' };
    const order = await place(api, orderBody(FIXED, [[100, 1]], { deliveryDetails }));
    const res = await resend(api, order.id, { channels: ['SMS', 'WHATSAPP'] });
    expect(res.body.success).toBe(true);
    const resent = (await deliveriesOf(api, order.id)).filter((d) => d.kind === 'resend');
    expect(resent.map((d) => [d.channel, d.to])).toEqual([['SMS', '8123456789'], ['WHATSAPP', '8123456789']]);
  });

  it.each([
    ['an empty list', { channels: [] }],
    ['an unknown channel', { channels: ['FAX'] }],
    ['a repeated channel', { channels: ['SMS', 'SMS'] }],
    ['no channels field', {}],
    ['channels that are not a list', { channels: 'SMS' }],
  ])('refuses %s with 400', async (_label, body) => {
    const order = await place(api, orderBody(FIXED, [[100, 1]], { customerDetails: CUSTOMER }));
    const res = await resend(api, order.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.every((d: any) => d.field.startsWith('channels'))).toBe(true);
    expect(await deliveriesOf(api, order.id)).toEqual([]);
  });

  it.each([
    ['PROCESSING', 'TEST_PROCESSING_SUCCESS'],
    ['FAILED', 'TEST_E200_GENERATION_FAILED'],
  ])('refuses a %s order with 409', async (status, productId) => {
    const order = await place(api, orderBody(productId, [[500, 1]], { customerDetails: CUSTOMER }));
    expect(order.status).toBe(status);
    const res = await resend(api, order.id, { channels: ['EMAIL'] });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ORDER_NOT_DELIVERABLE');
    expect(await deliveriesOf(api, order.id)).toEqual([]);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await resend(api, 'ord_does_not_exist', { channels: ['SMS'] });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });
});

describe('placement under transport faults (§4.4 timeout recovery)', () => {
  const armFault = async (client: TestApi, fault: Record<string, unknown>): Promise<void> => {
    expect((await client.control('POST', '/faults', { ...fault, match: { method: 'POST', path: ORDERS } })).status).toBe(201);
  };

  it('reset-after-commit: the caller gets no answer, yet exactly one order exists and the wallet was debited once', async () => {
    const client = await freshApi();
    const before = await balance(client);
    await armFault(client, { kind: 'reset-after-commit' });
    const body = orderBody(FIXED, [[1000, 1]]);
    await expect(client.post(ORDERS, body)).rejects.toThrow();
    const found = await client.get(`${ORDERS}/by-reference/${body.referenceId}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ referenceId: body.referenceId, status: 'SUCCESS', failureReason: null });
    expect(found.body.vouchers).toHaveLength(1);
    const service = (await client.control('GET', '/orders')).body.filter((o: any) => o.referenceId === body.referenceId);
    expect(service).toHaveLength(1);
    expect(await ledgerOf(client, found.body.id)).toEqual([{ kind: 'debit', amount: 1000 }]);
    expect(await balance(client)).toBe(before - 1000);
    // A blind retry of the same request is refused, not charged twice.
    expect((await client.post(ORDERS, body)).status).toBe(409);
    expect(await balance(client)).toBe(before - 1000);
  });

  it('error-5xx: 503 with the envelope, no order, and the referenceId may be reused', async () => {
    const client = await freshApi();
    const before = await balance(client);
    await armFault(client, { kind: 'error-5xx' });
    const body = orderBody(FIXED, [[500, 1]]);
    const failed = await client.post(ORDERS, body);
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toEqual(expect.any(String));
    expect(failed.body.requestId).toBe(failed.headers.get('x-request-id'));
    expect((await client.control('GET', '/orders')).body).toEqual([]);
    expect((await client.get(`${ORDERS}/by-reference/${body.referenceId}`)).status).toBe(404);
    expect(await balance(client)).toBe(before);
    const retried = await place(client, body);
    expect(retried).toMatchObject({ referenceId: body.referenceId, status: 'SUCCESS' });
    expect(await balance(client)).toBe(before - 500);
  });
});
