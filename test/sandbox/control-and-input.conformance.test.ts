import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { TestApi, newRef, withSandbox } from './harness.js';

/**
 * Conformance: hostile or broken input gets a clear error envelope and moves nothing
 * (README "Refused before an order exists", error envelope), and the control surface
 * (README "Control surface") does what it says.
 */
const ORDERS = '/v1/partners/orders';
/** Timers may fire a millisecond or so early relative to performance.now(). */
const TIMER_SLACK_MS = 5;

const validOrder = (extra: Record<string, unknown> = {}) => ({
  productId: 'TEST_FIXED_STANDARD',
  referenceId: newRef('IN'),
  amount: 500,
  denominationDetails: [{ denomination: 500, quantity: 1 }],
  ...extra,
});

function expectEnvelope(res: { status: number; body: any }, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ error: { code, message: expect.any(String) }, requestId: expect.any(String) });
  expect(res.body.error.message.length).toBeGreaterThan(0);
}

describe('bad input changes no state', () => {
  let sandbox: Sandbox;
  let api: TestApi;

  beforeAll(async () => {
    ({ sandbox, api } = await withSandbox());
    await api.login();
  });
  afterAll(() => sandbox.close());

  /** What a refused request must leave untouched: wallet, orders, ledger (not the clock). */
  async function snapshot(): Promise<unknown> {
    const { now: _now, clockOffsetSeconds: _offset, ...state } = (await api.control('GET', '/state')).body;
    return { state, orders: (await api.control('GET', '/orders')).body, ledger: (await api.control('GET', '/ledger')).body };
  }

  async function expectRefusedWithoutEffect(send: () => Promise<{ status: number; body: any }>, status: number, code: string, field?: string) {
    const before = await snapshot();
    const res = await send();
    expectEnvelope(res, status, code);
    if (field) expect(res.body.error.details.map((d: any) => d.field)).toContain(field);
    expect(await snapshot()).toEqual(before);
    return res;
  }

  const raw = (body: string) => () => api.request('POST', ORDERS, undefined, { rawBody: body });

  it.each([
    ['malformed JSON', '{"productId": "TEST_FIXED_STANDARD",'],
    ['a JSON array', JSON.stringify([validOrder()])],
    ['a JSON string', '"order"'],
    ['JSON null', 'null'],
    ['a JSON number', '42'],
    ['an empty body', ''],
  ])('400 BAD_REQUEST for %s', async (_case, body) => {
    await expectRefusedWithoutEffect(raw(body), 400, 'BAD_REQUEST');
  });

  it('415 for an order posted as text/plain', async () => {
    await expectRefusedWithoutEffect(
      () => api.request('POST', ORDERS, undefined, { rawBody: JSON.stringify(validOrder()), headers: { 'Content-Type': 'text/plain' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('413 for a body over 64 KiB, and the sandbox keeps serving', async () => {
    const body = JSON.stringify(validOrder({ padding: 'x'.repeat(64 * 1024) }));
    await expectRefusedWithoutEffect(raw(body), 413, 'PAYLOAD_TOO_LARGE');
    expect((await api.get('/v1/partners/wallet/balance')).status).toBe(200);
    expect((await api.post(ORDERS, validOrder())).status).toBe(201);
  });

  it('413 for an oversized chunked body that declares no Content-Length', async () => {
    const before = await snapshot();
    const { port } = new URL(sandbox.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, method: 'POST', path: ORDERS, headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${api.token}`, 'X-REQUEST-ID': 'chunked' } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 20; i++) req.write('x'.repeat(8 * 1024));
      req.end();
    });
    expect(status).toBe(413);
    expect(await snapshot()).toEqual(before);
    expect((await api.get('/v1/partners/wallet/balance')).status).toBe(200);
  });

  it('400 VALIDATION_FAILED for an unknown field, naming it', async () => {
    const res = await expectRefusedWithoutEffect(() => api.post(ORDERS, validOrder({ colour: 'red' })), 400, 'VALIDATION_FAILED');
    expect(res.body.error.details[0].message).toMatch(/unknown field.*colour/);
  });

  it.each([
    ['amount 1e308', { amount: 1e308 }, 'amount'],
    ['amount -500', { amount: -500 }, 'amount'],
    ['amount 0', { amount: 0 }, 'amount'],
    ['amount "NaN"', { amount: 'NaN' }, 'amount'],
    ['amount "500"', { amount: '500' }, 'amount'],
    ['quantity 0', { denominationDetails: [{ denomination: 500, quantity: 0 }] }, 'denominationDetails[0].quantity'],
    ['quantity -1', { denominationDetails: [{ denomination: 500, quantity: -1 }] }, 'denominationDetails[0].quantity'],
    ['quantity 1.5', { amount: 750, denominationDetails: [{ denomination: 500, quantity: 1.5 }] }, 'denominationDetails[0].quantity'],
    ['quantity "1"', { denominationDetails: [{ denomination: 500, quantity: '1' }] }, 'denominationDetails[0].quantity'],
    ['denomination "Infinity"', { denominationDetails: [{ denomination: 'Infinity', quantity: 1 }] }, 'denominationDetails[0].denomination'],
    ['amount with three decimals', { amount: 500.001 }, 'amount'],
    ['an emoji in the customer name', { customerDetails: { name: 'Asha 😀 Verma' } }, 'customerDetails.name'],
    ['digits in the customer name', { customerDetails: { name: 'Asha 2' } }, 'customerDetails.name'],
  ])('400 VALIDATION_FAILED for %s', async (_case, extra, field) => {
    const order = validOrder(extra);
    await expectRefusedWithoutEffect(() => api.post(ORDERS, order), 400, 'VALIDATION_FAILED', field);
    expect((await api.get(`${ORDERS}/by-reference/${order.referenceId}`)).status).toBe(404);
  });

  it.each([
    ['1e400 (parses to Infinity)', '1e400'],
    ['-1e400', '-1e400'],
  ])('400 VALIDATION_FAILED for a raw JSON amount of %s', async (_case, literal) => {
    const ref = newRef('BIG');
    const body = `{"productId":"TEST_FIXED_STANDARD","referenceId":"${ref}","amount":${literal},"denominationDetails":[{"denomination":500,"quantity":1}]}`;
    await expectRefusedWithoutEffect(raw(body), 400, 'VALIDATION_FAILED', 'amount');
    expect((await api.get(`${ORDERS}/by-reference/${ref}`)).status).toBe(404);
  });

  it('accepts a customer name in Devanagari (letters and combining marks of any script)', async () => {
    const res = await api.post(ORDERS, validOrder({ customerDetails: { name: 'आशा वर्मा', phoneNumber: '9876543210' } }));
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('SUCCESS');
  });

  it('400 for a path parameter that is not valid URL encoding', async () => {
    for (const path of [`${ORDERS}/%E0%A4%A`, `${ORDERS}/by-reference/%E0%A4%A`, '/v1/partners/products/%ZZ', `${ORDERS}/vouchers/%C3`]) {
      await expectRefusedWithoutEffect(() => api.get(path), 400, 'BAD_REQUEST');
    }
    await expectRefusedWithoutEffect(() => api.post(`${ORDERS}/%E0%A4%A/resend-delivery`, { channels: ['SMS'] }), 400, 'BAD_REQUEST');
    const asset = await api.get('/assets/brands/%E0%A4%A/logo.svg');
    expectEnvelope(asset, 400, 'BAD_REQUEST');
  });

  it('404 envelope for unknown routes, on the API, the control surface and elsewhere', async () => {
    for (const path of ['/v1/partners/nothing', '/v1/partners/orders/a/b/c', '/v2/partners/products', '/', '/__sandbox/requests', '/__sandbox/nothing']) {
      await expectRefusedWithoutEffect(() => api.get(path), 404, 'NOT_FOUND');
    }
  });

  it('405 envelope for a known path with the wrong method', async () => {
    const cases: [string, string][] = [
      ['DELETE', '/v1/partners/products'],
      ['PUT', ORDERS],
      ['GET', '/v1/partners/auth/login'],
      ['POST', '/v1/partners/wallet/balance'],
      ['POST', '/__sandbox/state'],
      ['GET', '/__sandbox/wallet'],
    ];
    for (const [method, path] of cases) {
      await expectRefusedWithoutEffect(() => api.request(method, path, method === 'GET' ? undefined : {}), 405, 'METHOD_NOT_ALLOWED');
    }
  });
});

describe('control surface', () => {
  let sandbox: Sandbox;
  let api: TestApi;

  beforeAll(async () => {
    ({ sandbox, api } = await withSandbox());
    await api.login();
  });
  afterAll(() => sandbox.close());

  it('GET /__sandbox/state reports clock, env, business model, wallet, order counts and logins', async () => {
    const res = await api.control('GET', '/state');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      env: 'staging',
      businessModel: 'B2B',
      allowedIps: ['127.0.0.1', '::1'],
      wallet: { balance: 500000, lowBalanceThreshold: 10000 },
      logins: 1,
      orders: { total: expect.any(Number), SUCCESS: expect.any(Number), FAILED: expect.any(Number), PROCESSING: expect.any(Number) },
    });
    expect(Number.isNaN(Date.parse(res.body.now))).toBe(false);
  });

  it('the read-only views named in the README exist', async () => {
    for (const path of ['/ledger', '/faults', '/orders', '/deliveries', '/webhooks']) {
      expect((await api.control('GET', path)).status, path).toBe(200);
    }
  });

  it('PUT /__sandbox/wallet sets balance and threshold, records a ledger entry and shows in the API', async () => {
    const res = await api.control('PUT', '/wallet', { balance: 1234.5, lowBalanceThreshold: 100 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ balance: 1234.5, lowBalanceThreshold: 100 });
    expect((await api.get('/v1/partners/wallet/balance')).body).toEqual({ balance: 1234.5 });
    expect((await api.control('GET', '/ledger')).body.at(-1)).toMatchObject({ kind: 'set', balanceAfter: 1234.5, orderId: null });
  });

  it.each([
    ['a negative balance', { balance: -1 }, 'balance'],
    ['a string balance', { balance: '100' }, 'balance'],
    ['an unknown field', { amount: 100 }, '(body)'],
    ['a negative threshold', { lowBalanceThreshold: -5 }, 'lowBalanceThreshold'],
  ])('PUT /__sandbox/wallet refuses %s', async (_case, body, field) => {
    const before = (await api.control('GET', '/state')).body.wallet;
    const res = await api.control('PUT', '/wallet', body);
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(res.body.error.details.map((d: any) => d.field)).toContain(field);
    expect((await api.control('GET', '/state')).body.wallet).toEqual(before);
  });

  it('PUT /__sandbox/config switches the business model, and B2C then requires customerDetails', async () => {
    await api.control('PUT', '/wallet', { balance: 100000 });
    expect((await api.control('PUT', '/config', { businessModel: 'B2C' })).body.businessModel).toBe('B2C');
    const refused = await api.post(ORDERS, validOrder());
    expectEnvelope(refused, 400, 'VALIDATION_FAILED');
    expect(refused.body.error.details.map((d: any) => d.field)).toContain('customerDetails');
    expect((await api.control('PUT', '/config', { businessModel: 'B2B' })).body.businessModel).toBe('B2B');
    expect((await api.post(ORDERS, validOrder())).status).toBe(201);
    for (const bad of [{ businessModel: 'B2X' }, { tokenTtlSecs: 0 }, { tokenTtlSecs: 1.5 }, { other: true }]) {
      expectEnvelope(await api.control('PUT', '/config', bad), 400, 'VALIDATION_FAILED');
    }
    expect((await api.control('GET', '/state')).body.businessModel).toBe('B2B');
  });

  it('PUT /__sandbox/allowed-ips replaces the whitelist and validates its input', async () => {
    expect((await api.control('PUT', '/allowed-ips', { ips: ['203.0.113.7'] })).body).toEqual({ ips: ['203.0.113.7'] });
    expect((await api.get('/v1/partners/wallet/balance')).status).toBe(403);
    for (const bad of [{ ips: '127.0.0.1' }, { ips: [42] }, {}]) {
      expectEnvelope(await api.control('PUT', '/allowed-ips', bad), 400, 'VALIDATION_FAILED');
    }
    await api.control('PUT', '/allowed-ips', { ips: ['127.0.0.1', '::1'] });
    expect((await api.get('/v1/partners/wallet/balance')).status).toBe(200);
  });

  it('PUT /__sandbox/rate-limits accepts the documented shape and refuses others', async () => {
    const config = { partner: { amount: { hourly: 100000 }, count: { daily: 50 } }, brands: { '*': { count: { hourly: 10 } } } };
    const ok = await api.control('PUT', '/rate-limits', config);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual(config);
    for (const bad of [{ partner: { amount: { hourly: -1 } } }, { partner: { amount: { weekly: 5 } } }, { global: {} }, { brands: { X: { count: { daily: 'ten' } } } }]) {
      expectEnvelope(await api.control('PUT', '/rate-limits', bad), 400, 'VALIDATION_FAILED');
    }
    expect((await api.control('PUT', '/rate-limits', {})).status).toBe(200);
  });

  it('POST /__sandbox/advance moves the clock and refuses a negative amount', async () => {
    const before = (await api.control('GET', '/state')).body.clockOffsetSeconds;
    expect((await api.control('POST', '/advance', { seconds: 90 })).body.clockOffsetSeconds).toBe(before + 90);
    expectEnvelope(await api.control('POST', '/advance', { seconds: -1 }), 400, 'VALIDATION_FAILED');
  });

  it('faults: arm, list, clear; an unknown kind is a validation error', async () => {
    const armed = await api.control('POST', '/faults', { kind: 'delay', ms: 50, count: 2, match: { path: '/v1/partners/products*' } });
    expect(armed.status).toBe(201);
    expect(armed.body).toMatchObject({ kind: 'delay', ms: 50, stage: 'after', count: 2, remaining: 2, id: expect.any(String) });
    expect((await api.control('GET', '/faults')).body.armed.map((f: any) => f.id)).toEqual([armed.body.id]);
    expect((await api.control('DELETE', '/faults')).body).toEqual({ armed: [] });
    expect((await api.control('GET', '/faults')).body.armed).toEqual([]);

    const unknown = await api.control('POST', '/faults', { kind: 'meteor-strike' });
    expectEnvelope(unknown, 400, 'VALIDATION_FAILED');
    expect(unknown.body.error.details.map((d: any) => d.field)).toContain('kind');
    expectEnvelope(await api.control('POST', '/faults', { kind: 'error-5xx', status: 404 }), 400, 'VALIDATION_FAILED');
    expect((await api.control('GET', '/faults')).body.armed).toEqual([]);
  });

  it('an error-5xx fault answers 503 once, then the endpoint is normal again', async () => {
    await api.control('POST', '/faults', { kind: 'error-5xx', match: { method: 'GET', path: '/v1/partners/wallet/balance' } });
    expect((await api.get('/v1/partners/products/TEST_FIXED_STANDARD')).status).toBe(200);
    expectEnvelope(await api.get('/v1/partners/wallet/balance'), 503, 'SERVICE_UNAVAILABLE');
    expect((await api.get('/v1/partners/wallet/balance')).status).toBe(200);
    const faults = (await api.control('GET', '/faults')).body;
    expect(faults.armed).toEqual([]);
    expect(faults.fired.at(-1)).toMatchObject({ kind: 'error-5xx', method: 'GET', path: '/v1/partners/wallet/balance' });
  });

  it('an error-5xx fault with a chosen status and count, before any order is created', async () => {
    const before = (await api.control('GET', '/state')).body.orders.total;
    await api.control('POST', '/faults', { kind: 'error-5xx', status: 502, count: 2, match: { method: 'POST', path: ORDERS } });
    const order = validOrder();
    expectEnvelope(await api.post(ORDERS, order), 502, 'SERVICE_UNAVAILABLE');
    expectEnvelope(await api.post(ORDERS, order), 502, 'SERVICE_UNAVAILABLE');
    expect((await api.get(`${ORDERS}/by-reference/${order.referenceId}`)).status).toBe(404);
    expect((await api.post(ORDERS, order)).status).toBe(201);
    expect((await api.control('GET', '/state')).body.orders.total).toBe(before + 1);
  });

  it.each(['before', 'after'] as const)('a delay fault (stage %s) holds the answer back by at least ms', async (stage) => {
    await api.control('POST', '/faults', { kind: 'delay', ms: 300, stage, match: { method: 'POST', path: ORDERS } });
    const order = validOrder();
    const started = performance.now();
    const res = await api.post(ORDERS, order);
    const took = performance.now() - started;
    expect(res.status).toBe(201);
    expect(took).toBeGreaterThanOrEqual(300 - TIMER_SLACK_MS);
    expect((await api.get(`${ORDERS}/by-reference/${order.referenceId}`)).body.status).toBe('SUCCESS');
    const faults = (await api.control('GET', '/faults')).body;
    expect(faults.armed).toEqual([]);
    expect(faults.fired.at(-1)).toMatchObject({ kind: 'delay', method: 'POST', path: ORDERS });
  });
});
