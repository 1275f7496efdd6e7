import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import type { SandboxOptions } from '../../src-main/sandbox/sandbox-state.js';
import { newRef, startReceiver, withSandbox, type ReceivedWebhook, type TestApi } from './harness.js';

/**
 * Spec §5.3 and §6 over real HTTP: each of the four events reaches a real receiver with the
 * documented body and an X-Verify signature the test recomputes itself (never with the
 * sandbox's own signing code).
 */

const SECRET = 'events-test-secret';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function setup(options: SandboxOptions = {}): Promise<{ sandbox: Sandbox; api: TestApi; receiver: Receiver }> {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  const { sandbox, api } = await withSandbox({ webhookUrl: receiver.url, webhookSecret: SECRET, random: () => 0.5, ...options });
  cleanups.push(() => sandbox.close());
  await api.login();
  return { sandbox, api, receiver };
}

/** Base64(HMAC-SHA256(raw body bytes, secret bytes)), compared in constant time. */
function verifies(raw: Buffer, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string') return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(raw).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Checks the envelope and the signature of one received webhook; returns its parsed body. */
function checkSigned(hook: ReceivedWebhook, secret = SECRET): { eventId: string; eventType: string; createdAt: string; data: any } {
  expect(hook.headers['content-type']).toMatch(/^application\/json/);
  const raw = Buffer.from(hook.raw, 'utf8');
  expect(verifies(raw, hook.headers['x-verify'], secret), 'X-Verify must be Base64(HMAC-SHA256(body, secret))').toBe(true);
  // A one-byte change of the body must not verify.
  const tampered = Buffer.from(raw);
  tampered[tampered.length - 2] = tampered[tampered.length - 2]! ^ 0x01;
  expect(verifies(tampered, hook.headers['x-verify'], secret)).toBe(false);
  expect(verifies(raw, hook.headers['x-verify'], `${secret}x`)).toBe(false);

  const body = JSON.parse(hook.raw);
  expect(Object.keys(body).sort()).toEqual(['createdAt', 'data', 'eventId', 'eventType']);
  expect(body.eventId).toMatch(/^[0-9a-f-]{36}$/);
  expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
  return body;
}

const eventsOf = (receiver: Receiver, type: string): any[] =>
  receiver.received.map((h) => JSON.parse(h.raw)).filter((b) => b.eventType === type);

const advance = (api: TestApi, seconds: number) => api.control('POST', '/advance', { seconds });
const webhooks = async (api: TestApi): Promise<any[]> => (await api.control('GET', '/webhooks')).body;
const patchBrand = (api: TestApi, id: string, patch: unknown) => api.control('PATCH', `/brands/${id}`, patch);

function order(api: TestApi, productId: string, denomination: number, quantity = 1) {
  return api.post('/v1/partners/orders', {
    productId,
    referenceId: newRef(),
    amount: denomination * quantity,
    denominationDetails: [{ denomination, quantity }],
  });
}

describe('ORDER_REACHED_TERMINAL_STATE', () => {
  it.each([
    ['TEST_PROCESSING_SUCCESS', 'SUCCESS'],
    ['TEST_PROCESSING_FAILED', 'FAILED'],
    ['TEST_E201_POLLING_FAILED', 'FAILED'],
  ])('%s: PROCESSING → %s is announced with data {id, status}', async (productId, status) => {
    const { api, receiver } = await setup();
    const placed = await order(api, productId, 500);
    expect(placed.status).toBe(201);
    expect(placed.body.status).toBe('PROCESSING');

    await advance(api, 120);
    expect(receiver.received).toHaveLength(0);
    await advance(api, 61);
    expect(receiver.received).toHaveLength(1);

    const body = checkSigned(receiver.received[0]!);
    expect(body.eventType).toBe('ORDER_REACHED_TERMINAL_STATE');
    expect(body.data).toEqual({ id: placed.body.id, status });
    expect(body.data).not.toHaveProperty('referenceId');

    const [delivery] = await webhooks(api);
    expect(delivery).toMatchObject({ eventId: body.eventId, eventType: 'ORDER_REACHED_TERMINAL_STATE', state: 'delivered', url: receiver.url });
    expect(delivery.body).toBe(receiver.received[0]!.raw);
    expect(new Date(body.createdAt).getTime()).toBe(delivery.createdAt);
    expect(delivery.attempts).toEqual([{ at: delivery.createdAt, result: 'delivered', status: 200, error: null, simulated: false }]);

    // §6 rule 2: the receiver then reads the order itself.
    const fetched = await api.get(`/v1/partners/orders/${placed.body.id}`);
    expect(fetched.body.status).toBe(status);
  });

  it('orders that are terminal at once (SUCCESS or FAILED) emit nothing', async () => {
    const { api, receiver } = await setup();
    expect((await order(api, 'TEST_FLEXIBLE_STANDARD', 500)).body.status).toBe('SUCCESS');
    expect((await order(api, 'TEST_FIXED_STANDARD', 250, 2)).body.status).toBe('SUCCESS');
    expect((await order(api, 'TEST_BRAND_NOT_AVAILABLE', 500)).body.status).toBe('FAILED');
    expect((await order(api, 'TEST_E200_GENERATION_FAILED', 500)).body.status).toBe('FAILED');
    await advance(api, 86_400);
    expect(await webhooks(api)).toEqual([]);
    expect(receiver.received).toEqual([]);
  });

  it('each PROCESSING order is announced exactly once', async () => {
    const { api, receiver } = await setup();
    const a = await order(api, 'TEST_PROCESSING_SUCCESS', 500);
    const b = await order(api, 'TEST_PROCESSING_FAILED', 700);
    await advance(api, 200);
    await advance(api, 3600);
    const events = eventsOf(receiver, 'ORDER_REACHED_TERMINAL_STATE');
    expect(events.map((e) => e.data).sort((x, y) => x.status.localeCompare(y.status))).toEqual([
      { id: b.body.id, status: 'FAILED' },
      { id: a.body.id, status: 'SUCCESS' },
    ]);
    expect(new Set(events.map((e) => e.eventId)).size).toBe(2);
  });
});

describe('WALLET_LOW_BALANCE', () => {
  it('fires when a debit crosses below the threshold, once while below, again after going back above', async () => {
    const { api, receiver } = await setup({ walletBalance: 12_000, lowBalanceThreshold: 10_000 });
    const flush = () => advance(api, 0);

    expect((await order(api, 'TEST_FIXED_STANDARD', 2000)).body.status).toBe('SUCCESS'); // 10 000: not below
    await flush();
    expect(receiver.received).toHaveLength(0);

    expect((await order(api, 'TEST_FIXED_STANDARD', 500)).body.status).toBe('SUCCESS'); // 9 500: crosses
    await flush();
    expect(receiver.received).toHaveLength(1);
    const first = checkSigned(receiver.received[0]!);
    expect(first.eventType).toBe('WALLET_LOW_BALANCE');
    expect(first.data).toEqual({ balance: 9500, threshold: 10000 });

    await order(api, 'TEST_FIXED_STANDARD', 100); // 9 400: still below
    await order(api, 'TEST_FLEXIBLE_STANDARD', 400); // 9 000: still below
    await flush();
    expect(eventsOf(receiver, 'WALLET_LOW_BALANCE')).toHaveLength(1);

    const put = await api.control('PUT', '/wallet', { balance: 20_000 });
    expect(put.body).toEqual({ balance: 20_000, lowBalanceThreshold: 10_000 });
    await order(api, 'TEST_FIXED_STANDARD', 2000, 5); // 10 000: at the threshold, not below
    await flush();
    expect(eventsOf(receiver, 'WALLET_LOW_BALANCE')).toHaveLength(1);

    await order(api, 'TEST_FIXED_STANDARD', 1000); // 9 000: crosses again
    await flush();
    const events = eventsOf(receiver, 'WALLET_LOW_BALANCE');
    expect(events.map((e) => e.data)).toEqual([
      { balance: 9500, threshold: 10000 },
      { balance: 9000, threshold: 10000 },
    ]);
    expect(events[0].eventId).not.toBe(events[1].eventId);
    expect((await api.get('/v1/partners/wallet/balance')).body).toEqual({ balance: 9000 });
  });
});

const AR_KEYS = [
  'maxDenominationsPerOrder', 'maxOrderAmount', 'maxVoucherAmount', 'maxVouchersPerDenomination',
  'maxVouchersPerOrder', 'minOrderAmount', 'minVoucherAmount',
];

function checkBrandUpdated(hook: ReceivedWebhook): any {
  const body = checkSigned(hook);
  expect(body.eventType).toBe('BRAND_UPDATED');
  expect(Object.keys(body.data).sort()).toEqual(['amountRestrictions', 'denominationType', 'denominations', 'id', 'status']);
  expect(Object.keys(body.data.amountRestrictions).sort()).toEqual(AR_KEYS);
  return body.data;
}

describe('BRAND_UPDATED', () => {
  it('status INACTIVE: announced with exactly the §6 fields, visible by id, orders refused E102; back to ACTIVE', async () => {
    const { api, receiver } = await setup();
    const patched = await patchBrand(api, 'TEST_FIXED_STANDARD', { status: 'INACTIVE' });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ id: 'TEST_FIXED_STANDARD', emitted: ['BRAND_UPDATED'] });
    expect(receiver.received).toHaveLength(1);
    expect(checkBrandUpdated(receiver.received[0]!)).toEqual({
      id: 'TEST_FIXED_STANDARD',
      denominationType: 'FIXED',
      status: 'INACTIVE',
      denominations: [100, 250, 500, 1000, 2000],
      amountRestrictions: {
        minOrderAmount: 100, maxOrderAmount: 50000, minVoucherAmount: 100, maxVoucherAmount: 2000,
        maxVouchersPerOrder: 10, maxVouchersPerDenomination: 5, maxDenominationsPerOrder: 3,
      },
    });

    expect((await api.get('/v1/partners/products/TEST_FIXED_STANDARD')).body.status).toBe('INACTIVE');
    const refused = await order(api, 'TEST_FIXED_STANDARD', 500);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('E102');

    await patchBrand(api, 'TEST_FIXED_STANDARD', { status: 'ACTIVE' });
    expect(checkBrandUpdated(receiver.received[1]!).status).toBe('ACTIVE');
    expect((await order(api, 'TEST_FIXED_STANDARD', 500)).body.status).toBe('SUCCESS');
  });

  it('denominations: the new (sorted) list is announced, served and enforced (E150)', async () => {
    const { api, receiver } = await setup();
    await patchBrand(api, 'TEST_FIXED_STANDARD', { denominations: [300, 150] });
    const data = checkBrandUpdated(receiver.received[0]!);
    expect(data.denominations).toEqual([150, 300]);
    expect(data.status).toBe('ACTIVE');

    const brand = (await api.get('/v1/partners/products/TEST_FIXED_STANDARD')).body;
    expect(brand.amountRestrictions.denominations).toEqual([150, 300]);
    const stale = await order(api, 'TEST_FIXED_STANDARD', 250);
    expect(stale.status).toBe(422);
    expect(stale.body.error.code).toBe('E150');
    expect((await order(api, 'TEST_FIXED_STANDARD', 300)).body.status).toBe('SUCCESS');
  });

  it('amountRestrictions: merged restrictions announced, served and enforced', async () => {
    const { api, receiver } = await setup();
    await patchBrand(api, 'TEST_FLEXIBLE_STANDARD', { amountRestrictions: { maxVoucherAmount: 1000, maxVouchersPerOrder: 2 } });
    const data = checkBrandUpdated(receiver.received[0]!);
    expect(data).toEqual({
      id: 'TEST_FLEXIBLE_STANDARD',
      denominationType: 'FLEXIBLE',
      status: 'ACTIVE',
      denominations: [],
      amountRestrictions: {
        minOrderAmount: 100, maxOrderAmount: 50000, minVoucherAmount: 100, maxVoucherAmount: 1000,
        maxVouchersPerOrder: 2, maxVouchersPerDenomination: null, maxDenominationsPerOrder: null,
      },
    });
    const brand = (await api.get('/v1/partners/products/TEST_FLEXIBLE_STANDARD')).body;
    expect(brand.amountRestrictions).toMatchObject({ maxVoucherAmount: 1000, maxVouchersPerOrder: 2, denominations: null });

    const tooBig = await order(api, 'TEST_FLEXIBLE_STANDARD', 1500);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error.code).toBe('VALIDATION_FAILED');
    expect((await order(api, 'TEST_FLEXIBLE_STANDARD', 500, 3)).status).toBe(400);
    expect((await order(api, 'TEST_FLEXIBLE_STANDARD', 1000, 2)).body.status).toBe('SUCCESS');
  });

  it('keeps the deprecated minAmount/maxAmount equal to minOrderAmount/maxOrderAmount', async () => {
    const { api, receiver } = await setup();
    const before = (await api.get('/v1/partners/products/brd_anaya_medicals_006')).body.amountRestrictions;
    expect(before).toHaveProperty('minAmount');
    await patchBrand(api, 'brd_anaya_medicals_006', { amountRestrictions: { minOrderAmount: 100, maxOrderAmount: 20000 } });
    const after = (await api.get('/v1/partners/products/brd_anaya_medicals_006')).body.amountRestrictions;
    expect(after).toMatchObject({ minOrderAmount: 100, minAmount: 100, maxOrderAmount: 20000, maxAmount: 20000 });
    const data = checkBrandUpdated(receiver.received[0]!);
    expect(data.amountRestrictions).toMatchObject({ minOrderAmount: 100, maxOrderAmount: 20000 });
  });

  it('announces changes only: a patch that leaves the announced fields as they were emits nothing', async () => {
    const { api, receiver } = await setup();
    expect((await patchBrand(api, 'TEST_FIXED_STANDARD', { status: 'ACTIVE' })).body.emitted).toEqual([]);
    expect((await patchBrand(api, 'TEST_FIXED_STANDARD', { denominations: [2000, 1000, 500, 250, 100] })).body.emitted).toEqual([]);
    expect((await patchBrand(api, 'TEST_FIXED_STANDARD', { amountRestrictions: { maxVouchersPerOrder: 10 } })).body.emitted).toEqual([]);
    const discount = { subventionPercentage: 4, validFrom: '2026-01-01' };
    expect((await patchBrand(api, 'TEST_FIXED_STANDARD', { discount })).body.emitted).toEqual(['BRAND_DISCOUNT_UPDATE']);
    expect((await patchBrand(api, 'TEST_FIXED_STANDARD', { discount })).body.emitted).toEqual([]);
    expect(receiver.received.map((h) => JSON.parse(h.raw).eventType)).toEqual(['BRAND_DISCOUNT_UPDATE']);
  });

  it('switching to FLEXIBLE clears the denominations list (§2.3); a FLEXIBLE brand with a list is refused', async () => {
    const { api, receiver } = await setup();
    const refused = await patchBrand(api, 'TEST_FLEXIBLE_STANDARD', { denominations: [100, 200] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
    expect(receiver.received).toHaveLength(0);

    await patchBrand(api, 'TEST_FIXED_STANDARD', { denominationType: 'FLEXIBLE' });
    const data = checkBrandUpdated(receiver.received[0]!);
    expect(data).toMatchObject({ denominationType: 'FLEXIBLE', denominations: [] });
    const brand = (await api.get('/v1/partners/products/TEST_FIXED_STANDARD')).body;
    expect(brand.denominationType).toBe('FLEXIBLE');
    expect(brand.amountRestrictions.denominations).toBeNull();
    expect((await order(api, 'TEST_FIXED_STANDARD', 777)).body.status).toBe('SUCCESS');
  });

  it('temporarilyDisabled and listed emit nothing but change what orders get (E100, E101)', async () => {
    const { api, receiver } = await setup();
    const patched = await patchBrand(api, 'TEST_FIXED_STANDARD', { temporarilyDisabled: true });
    expect(patched.body).toEqual({ id: 'TEST_FIXED_STANDARD', emitted: [] });
    const refused = await order(api, 'TEST_FIXED_STANDARD', 500);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('E100');
    expect((await api.get('/v1/partners/products/TEST_FIXED_STANDARD')).body.status).toBe('ACTIVE');

    await patchBrand(api, 'TEST_FIXED_STANDARD', { temporarilyDisabled: false });
    expect((await order(api, 'TEST_FIXED_STANDARD', 500)).body.status).toBe('SUCCESS');

    expect((await patchBrand(api, 'TEST_FLEXIBLE_STANDARD', { listed: false })).body.emitted).toEqual([]);
    expect((await order(api, 'TEST_FLEXIBLE_STANDARD', 500)).body.error.code).toBe('E101');

    await advance(api, 3600);
    expect(await webhooks(api)).toEqual([]);
    expect(receiver.received).toEqual([]);
  });
});

describe('BRAND_DISCOUNT_UPDATE', () => {
  it('carries brandId, subventionPercentage, validFrom and validTo when the discount ends', async () => {
    const { api, receiver } = await setup();
    const patched = await patchBrand(api, 'TEST_FIXED_STANDARD', {
      discount: { subventionPercentage: 7.5, validFrom: '2026-02-01', validTo: '2026-03-31' },
    });
    expect(patched.body.emitted).toEqual(['BRAND_DISCOUNT_UPDATE']);
    const body = checkSigned(receiver.received[0]!);
    expect(body.eventType).toBe('BRAND_DISCOUNT_UPDATE');
    expect(body.data).toStrictEqual({ brandId: 'TEST_FIXED_STANDARD', subventionPercentage: 7.5, validFrom: '2026-02-01', validTo: '2026-03-31' });
  });

  it('leaves validTo out entirely (not null) for an open-ended discount', async () => {
    const { api, receiver } = await setup();
    await patchBrand(api, 'TEST_FLEXIBLE_STANDARD', { discount: { subventionPercentage: 3, validFrom: '2026-04-01' } });
    const hook = receiver.received[0]!;
    expect(hook.raw).not.toContain('validTo');
    const body = checkSigned(hook);
    expect(body.data).toStrictEqual({ brandId: 'TEST_FLEXIBLE_STANDARD', subventionPercentage: 3, validFrom: '2026-04-01' });
  });

  it('a patch of status and discount together emits both events', async () => {
    const { api, receiver } = await setup();
    const patched = await patchBrand(api, 'TEST_FIXED_STANDARD', {
      status: 'INACTIVE',
      discount: { subventionPercentage: 0, validFrom: '2026-05-01' },
    });
    expect(patched.body.emitted).toEqual(['BRAND_UPDATED', 'BRAND_DISCOUNT_UPDATE']);
    expect(receiver.received.map((h) => JSON.parse(h.raw).eventType)).toEqual(['BRAND_UPDATED', 'BRAND_DISCOUNT_UPDATE']);
    for (const hook of receiver.received) checkSigned(hook);
  });
});

describe('webhook endpoint configuration', () => {
  it('signs with the default secret when only a URL is configured', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const { sandbox, api } = await withSandbox({ webhookUrl: receiver.url });
    cleanups.push(() => sandbox.close());
    await patchBrand(api, 'TEST_FIXED_STANDARD', { discount: { subventionPercentage: 1, validFrom: '2026-01-01' } });
    expect(receiver.received).toHaveLength(1);
    checkSigned(receiver.received[0]!, 'sandbox-webhook-secret');
  });

  it('PUT /__sandbox/webhook sets the URL and secret used for later events', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const { sandbox, api } = await withSandbox();
    cleanups.push(() => sandbox.close());

    const put = await api.control('PUT', '/webhook', { url: receiver.url, secret: 'rotated-secret' });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ url: receiver.url });
    expect((await api.control('GET', '/state')).body.webhook).toEqual({ url: receiver.url });

    await patchBrand(api, 'TEST_FIXED_STANDARD', { status: 'INACTIVE' });
    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!;
    checkSigned(hook, 'rotated-secret');
    expect(verifies(Buffer.from(hook.raw), hook.headers['x-verify'], 'sandbox-webhook-secret')).toBe(false);

    const rejected = await api.control('PUT', '/webhook', { url: 'ftp://127.0.0.1/hooks' });
    expect(rejected.status).toBe(400);
  });
});
