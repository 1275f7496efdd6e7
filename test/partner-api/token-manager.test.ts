import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerClient } from '../../src-main/partner-api/partner-client.js';
import { partnerError } from '../../src-main/partner-api/partner-error.js';
import { TokenManager, type PartnerCredentials } from '../../src-main/partner-api/token-manager.js';
import { FakeClock } from '../../src-main/platform/clock.js';
import { err, ok } from '../../src-main/platform/result.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { LOGIN, STAGING, UUID, advance, arm, clientFor, control, lastSeq, order, requestsSince, start } from './helpers.js';

/** Token handling of spec §5.1: cache, refresh at 80 %, single-flight logins, 401 mid-session. */
const WALLET = '/v1/partners/wallet/balance';

describe('TokenManager on its own', () => {
  it('makes one login for concurrent callers, does not cache a failure, and keeps a valid token when a renewal fails', async () => {
    const clock = new FakeClock();
    let logins = 0;
    let failNext = true;
    const tokens = new TokenManager({
      clock,
      credentials: async () => STAGING,
      login: async () => {
        logins += 1;
        await new Promise<void>((resolve) => setTimeout(resolve, 5)); // every caller arrives while this is in flight
        if (failNext) return err(partnerError('NETWORK', { kind: 'network' }));
        return ok({ token: `t${logins}`, expiresInSecs: 100 });
      },
    });
    const failed = await Promise.all(Array.from({ length: 10 }, () => tokens.getToken()));
    expect(logins).toBe(1);
    expect(failed.every((r) => !r.ok && r.error.code === 'NETWORK')).toBe(true);

    failNext = false;
    expect(await tokens.getToken()).toEqual({ ok: true, value: 't2' });

    clock.advance(81_000); // past 80 %, before expiry
    failNext = true;
    expect(await tokens.getToken()).toEqual({ ok: true, value: 't2' });
    expect(logins).toBe(3);
  });

  it('never sees the credentials outside the login call, and reports missing ones', async () => {
    const seen: PartnerCredentials[] = [];
    const tokens = new TokenManager({
      clock: new FakeClock(),
      credentials: async () => null,
      login: async (c) => {
        seen.push(c);
        return ok({ token: 't', expiresInSecs: 60 });
      },
    });
    const result = await tokens.getToken();
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'auth', code: 'CREDENTIALS_MISSING' });
    expect(seen).toEqual([]);
    expect(JSON.stringify(tokens)).not.toContain('secret');
  });
});

describe('tokens against the sandbox', () => {
  let sandbox: Sandbox;
  let client: PartnerClient;
  let clock: FakeClock;

  beforeEach(async () => {
    sandbox = await start();
    clock = new FakeClock(sandbox.state.clock.now());
    client = clientFor(sandbox, { clock });
  });
  afterEach(async () => {
    client.close();
    await sandbox.close();
  });

  it('50 concurrent calls with an expired token cause exactly one login', async () => {
    expect((await client.getWalletBalance()).ok).toBe(true);
    expect(sandbox.state.tokens.logins).toBe(1);
    await advance(sandbox, 3601);
    clock.advance(3601_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => client.getWalletBalance()));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(sandbox.state.tokens.logins).toBe(2);
  });

  it('50 concurrent calls that all meet a 401 (the service expired the token first) cause exactly one login', async () => {
    await client.getWalletBalance();
    await advance(sandbox, 3601); // the client's clock still thinks the token is fresh
    const since = lastSeq(sandbox);
    const results = await Promise.all(Array.from({ length: 50 }, () => client.getWalletBalance()));
    expect(results.every((r) => r.ok && r.requestIds.length === 2)).toBe(true);
    expect(sandbox.state.tokens.logins).toBe(2);
    expect(requestsSince(sandbox, since, 'GET', WALLET).map((e) => e.status).sort()).toEqual([...Array(50).fill(200), ...Array(50).fill(401)]);
  });

  it('renews proactively at 80 % of the lifetime, before the service would refuse the token', async () => {
    await client.getWalletBalance();
    await advance(sandbox, 2870);
    clock.advance(2870_000); // 79.7 %
    await client.getWalletBalance();
    expect(sandbox.state.tokens.logins).toBe(1);
    await advance(sandbox, 20);
    clock.advance(20_000); // 80.3 %
    const since = lastSeq(sandbox);
    expect((await client.getWalletBalance()).ok).toBe(true);
    expect(sandbox.state.tokens.logins).toBe(2);
    expect(requestsSince(sandbox, since).map((e) => [e.path, e.status])).toEqual([
      [LOGIN, 200],
      [WALLET, 200],
    ]);
  });

  it('a failed login (wrong secret) fails the call; fixed credentials then work without a restart', async () => {
    let credentials = { ...STAGING, clientSecret: 'wrong' };
    client.close();
    client = clientFor(sandbox, { clock, credentials: async () => credentials });
    const failed = await client.getWalletBalance();
    expect(failed.ok ? null : failed.error).toMatchObject({ kind: 'auth', code: 'INVALID_CREDENTIALS', httpStatus: 401 });
    expect(failed.requestIds).toEqual([]);
    credentials = STAGING;
    expect((await client.getWalletBalance()).ok).toBe(true);
    expect(sandbox.state.tokens.logins).toBe(1);
  });

  it('a 401 mid-session (revoked token) causes one re-login and one resend with a new X-REQUEST-ID', async () => {
    await client.getWalletBalance();
    await arm(sandbox, { kind: 'revoke-token', match: { method: 'GET', path: WALLET } });
    const since = lastSeq(sandbox);
    const result = await client.getWalletBalance({ requestId: 'caller-chosen-id' });
    expect(result.ok).toBe(true);
    const log = requestsSince(sandbox, since);
    expect(log.map((e) => [e.method, e.path, e.status])).toEqual([
      ['GET', WALLET, 401],
      ['POST', LOGIN, 200],
      ['GET', WALLET, 200],
    ]);
    expect(log[0]!.requestId).toBe('caller-chosen-id');
    expect(log[2]!.requestId).toMatch(UUID);
    expect(result.requestIds).toEqual(['caller-chosen-id', log[2]!.requestId]);
    expect(sandbox.state.tokens.logins).toBe(2);
  });

  it('POST /orders after a 401 is sent once more, announcing the new X-REQUEST-ID first', async () => {
    await client.getWalletBalance();
    await arm(sandbox, { kind: 'revoke-token', match: { method: 'POST', path: '/v1/partners/orders' } });
    const announced: string[] = [];
    const result = await client.placeOrder(order('TEST_FIXED_STANDARD'), 'journaled-id', { beforeResend: (id) => void announced.push(id) });
    expect(result.kind).toBe('accepted');
    expect(result.requestIds).toEqual(['journaled-id', announced[0]]);
    expect((await control(sandbox, 'GET', '/orders')).length).toBe(1);
  });

  // The 401 is the only answer after which a POST /orders is sent again; each way the re-login
  // path can go wrong must leave the service with the one POST it refused, never a second.
  const ordersSince = (since: number) => requestsSince(sandbox, since, 'POST', '/v1/partners/orders');

  it('POST /orders after a 401 whose re-login fails (even a 5xx) is not sent again: refused as never taken', async () => {
    await client.getWalletBalance();
    await arm(sandbox, { kind: 'revoke-token', match: { method: 'POST', path: '/v1/partners/orders' } });
    await arm(sandbox, { kind: 'error-5xx', status: 503, match: { method: 'POST', path: LOGIN } });
    const since = lastSeq(sandbox);
    const announced: string[] = [];
    const result = await client.placeOrder(order('TEST_FIXED_STANDARD'), 'journaled-id', { beforeResend: (id) => void announced.push(id) });
    expect(result.kind).toBe('rejected');
    expect(result.requestIds).toEqual(['journaled-id']);
    expect(announced).toEqual([]);
    expect(ordersSince(since).map((e) => [e.requestId, e.status])).toEqual([['journaled-id', 401]]);
    expect((await control(sandbox, 'GET', '/orders')).length).toBe(0);
  });

  it('POST /orders is not resent after a 401 when the resend cannot be journaled first', async () => {
    await client.getWalletBalance();
    await arm(sandbox, { kind: 'revoke-token', match: { method: 'POST', path: '/v1/partners/orders' } });
    const since = lastSeq(sandbox);
    const placing = client.placeOrder(order('TEST_FIXED_STANDARD'), 'journaled-id', {
      beforeResend: () => {
        throw new Error('database or disk is full');
      },
    });
    await expect(placing).rejects.toThrow('database or disk is full');
    expect(ordersSince(since).map((e) => e.status)).toEqual([401]);
    expect((await control(sandbox, 'GET', '/orders')).length).toBe(0);
  });

  it('POST /orders whose resend after the re-login meets a 401 again is not sent a third time', async () => {
    await client.getWalletBalance();
    await arm(sandbox, { kind: 'revoke-token', match: { method: 'POST', path: '/v1/partners/orders' }, count: 2 });
    const since = lastSeq(sandbox);
    const result = await client.placeOrder(order('TEST_FIXED_STANDARD'), 'journaled-id');
    expect(result).toMatchObject({ kind: 'rejected', error: { code: 'HTTP_401' } });
    expect(result.requestIds).toHaveLength(2);
    expect(ordersSince(since).map((e) => e.status)).toEqual([401, 401]);
    expect((await control(sandbox, 'GET', '/orders')).length).toBe(0);
  });

  it('a 401 that persists after the re-login is an auth error, not a loop', async () => {
    await client.getWalletBalance();
    await arm(sandbox, { kind: 'revoke-token', match: { method: 'GET', path: WALLET }, count: 2 });
    const result = await client.getWalletBalance();
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'auth', code: 'HTTP_401', httpStatus: 401 });
    expect(result.requestIds).toHaveLength(2);
  });

  it('login 401 explains wrong or other-environment credentials', async () => {
    client.close();
    client = clientFor(sandbox, { clock, credentials: async () => ({ clientId: 'sandbox-production-client', clientSecret: 'sandbox-production-secret' }) });
    const result = await client.getBrand('TEST_FIXED_STANDARD');
    const error = result.ok ? null : result.error;
    expect(error).toMatchObject({ kind: 'auth', code: 'INVALID_CREDENTIALS', httpStatus: 401, requestId: expect.stringMatching(UUID) });
    expect(error!.message).toMatch(/wrong/);
    expect(error!.message).toMatch(/other environment/);
    expect(error!.message).toMatch(/staging/);
    expect(error!.action).toMatch(/environment/);
  });

  it('login 403 explains IP whitelisting for this environment', async () => {
    await control(sandbox, 'PUT', '/allowed-ips', { ips: ['203.0.113.7'] });
    const result = await client.getWalletBalance();
    const error = result.ok ? null : result.error;
    expect(error).toMatchObject({ kind: 'forbidden', code: 'HTTP_403', httpStatus: 403 });
    expect(error!.message).toMatch(/IP address is not whitelisted for this environment/);
    expect(error!.action).toMatch(/integration portal/);
    expect(error!.detail).toMatch(/whitelist/);
  });

  it('a 403 mid-session (IP removed from the list) gets the same explanation and no re-login', async () => {
    await client.getWalletBalance();
    await control(sandbox, 'PUT', '/allowed-ips', { ips: ['203.0.113.7'] });
    const result = await client.getWalletBalance();
    expect(result.ok ? null : result.error).toMatchObject({ kind: 'forbidden', code: 'HTTP_403' });
    expect(sandbox.state.tokens.logins).toBe(1);
  });
});
