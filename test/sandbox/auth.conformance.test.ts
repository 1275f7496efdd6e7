import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS } from '../../src-main/sandbox/auth/credentials.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { TestApi, withSandbox } from './harness.js';

/**
 * Conformance: login and bearer tokens (spec §4.1, §5, §7.1; README "Tokens", error envelope).
 * Everything goes over real HTTP against a real sandbox.
 */
const LOGIN = '/v1/partners/auth/login';
const STAGING = DEFAULT_CREDENTIALS.staging;
const PRODUCTION = DEFAULT_CREDENTIALS.production;

/** Every partner endpoint except login, with a method and a concrete path. */
const PROTECTED: [string, string, unknown?][] = [
  ['GET', '/v1/partners/products'],
  ['GET', '/v1/partners/products/TEST_FIXED_STANDARD'],
  ['POST', '/v1/partners/orders', { productId: 'TEST_FIXED_STANDARD', referenceId: 'AUTH-1', amount: 100, denominationDetails: [{ denomination: 100, quantity: 1 }] }],
  ['GET', '/v1/partners/orders/ord_unknown'],
  ['GET', '/v1/partners/orders/by-reference/AUTH-1'],
  ['GET', '/v1/partners/orders/vouchers/vch_unknown'],
  ['POST', '/v1/partners/orders/ord_unknown/resend-delivery', { channels: ['SMS'] }],
  ['GET', '/v1/partners/wallet/balance'],
];

const login = (api: TestApi, body: unknown, headers: Record<string, string> = {}) =>
  api.request('POST', LOGIN, body, { auth: false, headers });

function decodePart(part: string): any {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

function expectEnvelope(body: any, code: string): void {
  expect(body).toMatchObject({ error: { code, message: expect.any(String) } });
  expect(body.error.message.length).toBeGreaterThan(0);
}

/** Calls every protected endpoint with the given Authorization header (or none) and returns the statuses. */
async function statusesWith(api: TestApi, authorization: string | null): Promise<number[]> {
  const statuses: number[] = [];
  for (const [method, path, body] of PROTECTED) {
    const headers: Record<string, string> = authorization === null ? {} : { Authorization: authorization };
    const res = await api.request(method, path, body, { auth: false, headers });
    expectEnvelope(res.body, 'UNAUTHORIZED');
    statuses.push(res.status);
  }
  return statuses;
}

const all401 = PROTECTED.map(() => 401);

describe('login (POST /v1/partners/auth/login)', () => {
  let sandbox: Sandbox;
  let api: TestApi;

  beforeAll(async () => ({ sandbox, api } = await withSandbox()));
  afterAll(() => sandbox.close());

  it('answers 200 with an HS256 JWT whose lifetime equals expiresInSecs (default 3600)', async () => {
    const res = await login(api, STAGING);
    expect(res.status).toBe(200);
    expect(res.body.expiresInSecs).toBe(3600);
    const parts = (res.body.token as string).split('.');
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePart(parts[0]!)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const claims = decodePart(parts[1]!);
    expect(Number.isInteger(claims.iat)).toBe(true);
    expect(claims.exp - claims.iat).toBe(res.body.expiresInSecs);
  });

  it('issues a token that opens the other partner endpoints', async () => {
    const res = await login(api, STAGING);
    const wallet = await api.request('GET', '/v1/partners/wallet/balance', undefined, {
      auth: false,
      headers: { Authorization: `Bearer ${res.body.token}` },
    });
    expect(wallet.status).toBe(200);
    expect(typeof wallet.body.balance).toBe('number');
  });

  it.each([
    ['clientId missing', { clientSecret: STAGING.clientSecret }, ['clientId']],
    ['clientSecret missing', { clientId: STAGING.clientId }, ['clientSecret']],
    ['both missing', {}, ['clientId', 'clientSecret']],
    ['clientId not a string', { clientId: 42, clientSecret: STAGING.clientSecret }, ['clientId']],
    ['clientSecret not a string', { clientId: STAGING.clientId, clientSecret: ['x'] }, ['clientSecret']],
    ['clientId null', { clientId: null, clientSecret: STAGING.clientSecret }, ['clientId']],
    ['clientId empty', { clientId: '', clientSecret: STAGING.clientSecret }, ['clientId']],
    ['clientSecret empty', { clientId: STAGING.clientId, clientSecret: '' }, ['clientSecret']],
  ])('answers 400 naming the field when %s', async (_case, body, fields) => {
    const res = await login(api, body);
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'BAD_REQUEST');
    expect(res.body.error.details.map((d: any) => d.field)).toEqual(fields);
    expect(res.body.token).toBeUndefined();
  });

  it.each([
    ['a wrong secret', { clientId: STAGING.clientId, clientSecret: 'not-the-secret' }],
    ['an unknown clientId', { clientId: 'someone-else', clientSecret: STAGING.clientSecret }],
    ['the production credentials on staging', PRODUCTION],
  ])('answers 401 for %s', async (_case, body) => {
    const res = await login(api, body);
    expect(res.status).toBe(401);
    expectEnvelope(res.body, 'UNAUTHORIZED');
    expect(res.body.token).toBeUndefined();
  });

  it('answers 415 when the body is not sent as application/json', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await api.request('POST', LOGIN, undefined, {
        auth: false,
        rawBody: type === 'text/plain' ? JSON.stringify(STAGING) : `clientId=${STAGING.clientId}&clientSecret=${STAGING.clientSecret}`,
        headers: { 'Content-Type': type },
      });
      expect(res.status).toBe(415);
      expectEnvelope(res.body, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('accepts application/json with a charset parameter', async () => {
    const res = await login(api, STAGING, { 'Content-Type': 'application/json; charset=utf-8' });
    expect(res.status).toBe(200);
  });

  it('counts successful logins only in the control state', async () => {
    const before = (await api.control('GET', '/state')).body.logins as number;
    await login(api, { clientId: STAGING.clientId, clientSecret: 'wrong' });
    await login(api, STAGING);
    expect((await api.control('GET', '/state')).body.logins).toBe(before + 1);
  });
});

describe('environments and token lifetime options', () => {
  it('a production sandbox accepts the production credentials and refuses the staging ones', async () => {
    const { sandbox, api } = await withSandbox({ env: 'production' });
    try {
      expect((await login(api, STAGING)).status).toBe(401);
      const ok = await login(api, PRODUCTION);
      expect(ok.status).toBe(200);
      expect(ok.body.expiresInSecs).toBe(3600);
    } finally {
      await sandbox.close();
    }
  });

  it('honours the tokenTtlSecs option (the CLI --token-ttl) in expiresInSecs and in the JWT', async () => {
    const { sandbox, api } = await withSandbox({ tokenTtlSecs: 120 });
    try {
      const res = await login(api, STAGING);
      expect(res.body.expiresInSecs).toBe(120);
      const claims = decodePart((res.body.token as string).split('.')[1]!);
      expect(claims.exp - claims.iat).toBe(120);
      api.token = res.body.token;
      await api.control('POST', '/advance', { seconds: 60 });
      expect((await api.get('/v1/partners/wallet/balance')).status).toBe(200);
      await api.control('POST', '/advance', { seconds: 61 });
      expect((await api.get('/v1/partners/wallet/balance')).status).toBe(401);
    } finally {
      await sandbox.close();
    }
  });

  it('PUT /__sandbox/config tokenTtlSecs changes the lifetime of tokens issued afterwards', async () => {
    const { sandbox, api } = await withSandbox();
    try {
      expect((await api.control('PUT', '/config', { tokenTtlSecs: 900 })).status).toBe(200);
      expect((await login(api, STAGING)).body.expiresInSecs).toBe(900);
    } finally {
      await sandbox.close();
    }
  });
});

describe('bearer token on every other partner endpoint', () => {
  let sandbox: Sandbox;
  let other: Sandbox;
  let api: TestApi;
  let otherApi: TestApi;

  beforeEach(async () => {
    ({ sandbox, api } = await withSandbox());
    ({ sandbox: other, api: otherApi } = await withSandbox());
  });
  afterEach(async () => {
    await sandbox.close();
    await other.close();
  });

  it('401 without an Authorization header', async () => {
    expect(await statusesWith(api, null)).toEqual(all401);
  });

  it.each([
    ['a non-Bearer scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['an empty bearer', 'Bearer '],
    ['a token that is not a JWT', 'Bearer not-a-token'],
    ['three garbage parts', 'Bearer aaa.bbb.ccc'],
  ])('401 with a malformed token: %s', async (_case, header) => {
    expect(await statusesWith(api, header)).toEqual(all401);
  });

  it('401 for a genuine token whose claims were tampered with (longer expiry)', async () => {
    const token = await api.login();
    const [head, body, sig] = token.split('.') as [string, string, string];
    const claims = decodePart(body);
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 86_400 })).toString('base64url');
    expect(await statusesWith(api, `Bearer ${head}.${forged}.${sig}`)).toEqual(all401);
  });

  it('401 for a token signed by another sandbox instance', async () => {
    const foreign = await otherApi.login();
    expect((await otherApi.get('/v1/partners/wallet/balance')).status).toBe(200);
    expect(await statusesWith(api, `Bearer ${foreign}`)).toEqual(all401);
  });

  it('401 once the sandbox clock passes the token lifetime, and a fresh login works', async () => {
    const token = await api.login();
    await api.control('POST', '/advance', { seconds: 3599 });
    expect((await api.get('/v1/partners/wallet/balance')).status).toBe(200);
    await api.control('POST', '/advance', { seconds: 2 });
    expect(await statusesWith(api, `Bearer ${token}`)).toEqual(all401);
    await api.login();
    expect((await api.get('/v1/partners/wallet/balance')).status).toBe(200);
  });

  it('401 after a revoke-token fault, for that request and later ones, until a fresh login', async () => {
    const token = await api.login();
    const armed = await api.control('POST', '/faults', { kind: 'revoke-token', match: { method: 'GET', path: '/v1/partners/wallet/balance' } });
    expect(armed.status).toBe(201);
    const revoked = await api.get('/v1/partners/wallet/balance');
    expect(revoked.status).toBe(401);
    expectEnvelope(revoked.body, 'UNAUTHORIZED');
    expect(await statusesWith(api, `Bearer ${token}`)).toEqual(all401);
    await api.login();
    expect((await api.get('/v1/partners/wallet/balance')).status).toBe(200);
    expect((await api.get('/v1/partners/products/TEST_FIXED_STANDARD')).status).toBe(200);
  });
});

describe('IP whitelist', () => {
  let sandbox: Sandbox;
  let api: TestApi;

  beforeEach(async () => ({ sandbox, api } = await withSandbox()));
  afterEach(() => sandbox.close());

  it('403 on login and on every partner endpoint when the caller IP is not whitelisted', async () => {
    await api.login();
    const put = await api.control('PUT', '/allowed-ips', { ips: ['203.0.113.7'] });
    expect(put.status).toBe(200);
    expect((await api.control('GET', '/state')).body.allowedIps).toEqual(['203.0.113.7']);

    const denied = await login(api, STAGING);
    expect(denied.status).toBe(403);
    expectEnvelope(denied.body, 'FORBIDDEN');
    expect(denied.body.error.message).toMatch(/whitelist/i);
    for (const [method, path, body] of PROTECTED) {
      const res = await api.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.message).toMatch(/whitelist/i);
    }
  });

  it('serves again once loopback is back on the list (the token stayed valid)', async () => {
    await api.login();
    await api.control('PUT', '/allowed-ips', { ips: ['203.0.113.7'] });
    expect((await api.get('/v1/partners/wallet/balance')).status).toBe(403);
    await api.control('PUT', '/allowed-ips', { ips: ['203.0.113.7', '127.0.0.1', '::1'] });
    expect((await api.get('/v1/partners/wallet/balance')).status).toBe(200);
  });
});

describe('X-REQUEST-ID and the request log', () => {
  let sandbox: Sandbox;
  let api: TestApi;

  beforeAll(async () => ({ sandbox, api } = await withSandbox()));
  afterAll(() => sandbox.close());

  it('echoes X-REQUEST-ID on success and in the header and body of error envelopes', async () => {
    const ok = await login(api, STAGING, { 'X-REQUEST-ID': 'req-login-ok' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('x-request-id')).toBe('req-login-ok');

    const bad = await login(api, { clientId: STAGING.clientId, clientSecret: 'nope' }, { 'X-REQUEST-ID': 'req-login-401' });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('x-request-id')).toBe('req-login-401');
    expect(bad.body.requestId).toBe('req-login-401');

    const noToken = await api.request('GET', '/v1/partners/products', undefined, { auth: false, headers: { 'X-REQUEST-ID': 'req-no-token' } });
    expect(noToken.status).toBe(401);
    expect(noToken.body.requestId).toBe('req-no-token');
    expect(noToken.headers.get('x-request-id')).toBe('req-no-token');
  });

  it('puts requestId null in the envelope when the caller sent none', async () => {
    const res = await fetch(`${sandbox.url}/v1/partners/wallet/balance`);
    expect(res.status).toBe(401);
    expect(res.headers.get('x-request-id')).toBeNull();
    expect(((await res.json()) as any).requestId).toBeNull();
  });

  it('records every request with its requestId, status and whether it was authorized', async () => {
    const since = sandbox.requests.list().at(-1)?.seq ?? 0;
    api.token = (await login(api, STAGING, { 'X-REQUEST-ID': 'log-login' })).body.token;
    await api.request('GET', '/v1/partners/wallet/balance', undefined, { headers: { 'X-REQUEST-ID': 'log-wallet' } });
    await api.request('GET', '/v1/partners/wallet/balance', undefined, { auth: false, headers: { 'X-REQUEST-ID': 'log-denied' } });
    const entries = sandbox.requests.list(since);
    expect(entries.map((e) => [e.requestId, e.method, e.path, e.status, e.authorized])).toEqual([
      ['log-login', 'POST', LOGIN, 200, false],
      ['log-wallet', 'GET', '/v1/partners/wallet/balance', 200, true],
      ['log-denied', 'GET', '/v1/partners/wallet/balance', 401, false],
    ]);
    expect(entries[0]!.contentType).toBe('application/json');
  });
});
