import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PartnerClient } from '../../src-main/partner-api/partner-client.js';
import { backoffMs } from '../../src-main/partner-api/request-runner.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { LOGIN, ORDERS, UUID, arm, clientFor, control, lastSeq, noWaitSleep, order, requestsSince, start } from './helpers.js';

/**
 * Failures in transit (product non-negotiable 1): GETs are retried with fresh request ids;
 * POST /orders is sent exactly once and any doubt about its outcome is reported as 'unknown'.
 */
const WALLET = '/v1/partners/wallet/balance';
let sandbox: Sandbox;
let client: PartnerClient;
/** Short timeouts only where a test wants one, so a busy CI machine cannot make other tests time out. */
let impatient: PartnerClient;
let waits: number[];

beforeAll(async () => {
  sandbox = await start();
  const sleeper = noWaitSleep();
  waits = sleeper.waits;
  const retry = { attempts: 3, baseDelayMs: 200, maxDelayMs: 1000 };
  client = clientFor(sandbox, { sleep: sleeper.sleep, retry });
  impatient = clientFor(sandbox, { sleep: noWaitSleep().sleep, retry, timeouts: { responseMs: 400, orderResponseMs: 400 } });
  await client.warmUp();
  expect((await client.getWalletBalance()).ok).toBe(true);
  expect((await impatient.getWalletBalance()).ok).toBe(true);
});
afterAll(async () => {
  client.close();
  impatient.close();
  await sandbox.close();
});

describe('GET retries', () => {
  it('retries a 503 and succeeds; the log shows two requests with different X-REQUEST-IDs', async () => {
    await arm(sandbox, { kind: 'error-5xx', status: 503, match: { method: 'GET', path: WALLET } });
    const since = lastSeq(sandbox);
    waits.length = 0;
    const result = await client.getWalletBalance();
    expect(result.ok).toBe(true);
    const log = requestsSince(sandbox, since, 'GET', WALLET);
    expect(log.map((e) => e.status)).toEqual([503, 200]);
    expect(new Set(log.map((e) => e.requestId)).size).toBe(2);
    expect(result.requestIds).toEqual(log.map((e) => e.requestId));
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[0]).toBeLessThanOrEqual(200);
  });

  it('gives up after the configured attempts with the last error', async () => {
    await arm(sandbox, { kind: 'error-5xx', status: 502, count: 3, match: { method: 'GET', path: WALLET } });
    const since = lastSeq(sandbox);
    const result = await client.getWalletBalance();
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'http', code: 'HTTP_5XX', httpStatus: 502, requestId: result.requestIds[2] });
    expect(requestsSince(sandbox, since, 'GET', WALLET)).toHaveLength(3);
  });

  it('retries a GET that timed out', async () => {
    await arm(sandbox, { kind: 'delay', ms: 1200, stage: 'before', match: { method: 'GET', path: WALLET } });
    const result = await impatient.getWalletBalance();
    expect(result.ok).toBe(true);
    expect(result.requestIds).toHaveLength(2);
  });

  it('does not retry a 4xx other than 408/429', async () => {
    const since = lastSeq(sandbox);
    const result = await client.getOrder('ord_missing');
    expect(result.ok ? null : result.error).toMatchObject({ code: 'HTTP_404', httpStatus: 404 });
    expect(requestsSince(sandbox, since)).toHaveLength(1);
  });

  it('backoff grows exponentially, is capped, and is jittered within [half, full]', () => {
    const policy = { attempts: 5, baseDelayMs: 100, maxDelayMs: 500 };
    expect([1, 2, 3, 4].map((n) => backoffMs(n, policy, () => 1, null))).toEqual([100, 200, 400, 500]);
    expect([1, 2, 3, 4].map((n) => backoffMs(n, policy, () => 0, null))).toEqual([50, 100, 200, 250]);
    expect(backoffMs(1, policy, () => 0, 2000)).toBe(500);
  });
});

describe('POST /orders is never retried', () => {
  it('a 5xx is unknown, with exactly one POST in the request log', async () => {
    await arm(sandbox, { kind: 'error-5xx', status: 503, match: { method: 'POST', path: ORDERS } });
    const since = lastSeq(sandbox);
    const result = await client.placeOrder(order('TEST_FIXED_STANDARD'), crypto.randomUUID());
    expect(result).toMatchObject({ kind: 'unknown', error: { kind: 'http', code: 'HTTP_5XX', httpStatus: 503 } });
    expect(requestsSince(sandbox, since, 'POST', ORDERS)).toHaveLength(1);
  });

  it('a timeout is unknown, and the service did create the order (found by reference)', async () => {
    await arm(sandbox, { kind: 'delay', ms: 1500, stage: 'after', match: { method: 'POST', path: ORDERS } });
    const body = order('TEST_FIXED_STANDARD');
    const since = lastSeq(sandbox);
    const result = await impatient.placeOrder(body, crypto.randomUUID());
    expect(result).toMatchObject({ kind: 'unknown', error: { kind: 'timeout', code: 'TIMEOUT', httpStatus: null } });
    expect(result.requestIds).toHaveLength(1);
    const found = await client.getOrderByReference(body.referenceId);
    expect(found).toMatchObject({ ok: true, value: { referenceId: body.referenceId, status: 'SUCCESS' } });
    // The held answer is logged when the sandbox finally sends it; a resend would have been logged before it.
    await vi.waitFor(() => expect(requestsSince(sandbox, since, 'POST', ORDERS).length).toBeGreaterThan(0), { timeout: 5000 });
    expect(requestsSince(sandbox, since, 'POST', ORDERS)).toHaveLength(1);
  });

  it('a connection reset after the commit is unknown; the order exists', async () => {
    await arm(sandbox, { kind: 'reset-after-commit', match: { method: 'POST', path: ORDERS } });
    const body = order('TEST_FIXED_STANDARD');
    const since = lastSeq(sandbox);
    const result = await client.placeOrder(body, crypto.randomUUID());
    expect(result).toMatchObject({ kind: 'unknown', error: { kind: 'network', code: 'NETWORK' } });
    expect(requestsSince(sandbox, since, 'POST', ORDERS).map((e) => e.status)).toEqual(['reset']);
    expect((await client.getOrderByReference(body.referenceId)).ok).toBe(true);
  });

  it('an unknown reference is ok(null), the "safe to resend" answer', async () => {
    expect(await client.getOrderByReference('NEVER-SENT-REF')).toMatchObject({ ok: true, value: null });
  });

  it('an unreachable service: POST is rejected as never sent (no token), GET is retried', async () => {
    const down = clientFor({ url: 'http://127.0.0.1:9' }, { sleep: noWaitSleep().sleep });
    const placed = await down.placeOrder(order('X'), crypto.randomUUID());
    // No token could be had, so nothing was sent: the order certainly does not exist.
    expect(placed).toMatchObject({ kind: 'rejected', error: { kind: 'network', code: 'NETWORK' }, requestIds: [] });
    const read = await down.getWalletBalance();
    expect(read.ok ? null : read.error).toMatchObject({ kind: 'network' });
    down.close();
  });
});

describe('headers (spec §5.2)', () => {
  it('every request has a UUID X-REQUEST-ID, is authorized except login, and POSTs say application/json', async () => {
    const since = lastSeq(sandbox);
    await control(sandbox, 'POST', '/faults', { kind: 'revoke-token', match: { method: 'GET', path: WALLET } });
    await client.getWalletBalance();
    const placed = await client.placeOrder(order('TEST_FIXED_STANDARD'), crypto.randomUUID());
    const orderId = placed.kind === 'accepted' ? placed.order.id : '';
    await client.getOrder(orderId);
    await client.getVoucher(placed.kind === 'accepted' ? placed.order.vouchers[0]!.id! : '');
    await client.resendDelivery(orderId, ['SMS']);
    await client.listBrandsPage(1, 5);
    await client.getBrand('TEST_FIXED_STANDARD');
    const log = requestsSince(sandbox, since).filter((e) => e.path.startsWith('/v1/'));
    expect(log.length).toBeGreaterThanOrEqual(9);
    const ids = log.map((e) => e.requestId);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
    for (const e of log.filter((x) => x.path !== LOGIN && x.status !== 401)) expect(e.authorized, `${e.method} ${e.path}`).toBe(true);
    for (const e of log.filter((x) => x.method === 'POST')) expect(e.contentType).toBe('application/json');
    expect(log.filter((x) => x.method === 'GET').every((x) => x.contentType === null)).toBe(true);
  });
});
