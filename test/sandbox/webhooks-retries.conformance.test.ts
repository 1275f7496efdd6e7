import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../../src-main/sandbox/sandbox-state.js';
import { startReceiver, withSandbox, type TestApi } from './harness.js';

/**
 * Spec §6 rule 3 over real HTTP: what is retried (timeouts, connection errors, 408, 429, 5xx),
 * what is final (other 4xx), the backoff on the sandbox clock, dead-lettering after the first
 * delivery plus 14 retries, webhook-fail faults, redelivery and the no-endpoint case.
 */

const SECRET = 'retries-test-secret';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

async function receiver(answer: (n: number) => number = () => 200): Promise<Receiver> {
  const r = await startReceiver(answer);
  cleanups.push(() => r.close());
  return r;
}

async function sandbox(options: SandboxOptions): Promise<TestApi> {
  const { sandbox: sb, api } = await withSandbox({ webhookSecret: SECRET, random: () => 0.5, ...options });
  cleanups.push(() => sb.close());
  return api;
}

/** A receiver that reads each request and never answers. */
async function hangingReceiver(): Promise<{ url: string; bodies: string[] }> {
  const bodies: string[] = [];
  const server: Server = createServer((req) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => bodies.push(Buffer.concat(chunks).toString('utf8')));
  });
  await listen(server);
  cleanups.push(() => close(server));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`, bodies };
}

/** A loopback URL nobody listens on (a port that was free a moment ago). */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await listen(server);
  const { port } = server.address() as AddressInfo;
  await close(server);
  return `http://127.0.0.1:${port}/webhooks`;
}

const listen = (server: Server): Promise<void> => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const close = (server: Server): Promise<void> => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
};

const sign = (raw: string, secret = SECRET): string => createHmac('sha256', secret).update(Buffer.from(raw, 'utf8')).digest('base64');
const advance = (api: TestApi, seconds: number) => api.control('POST', '/advance', { seconds });
const deliveries = async (api: TestApi): Promise<any[]> => (await api.control('GET', '/webhooks')).body;

let discountCounter = 0;
/** Emits one BRAND_DISCOUNT_UPDATE; the PATCH answers after the first attempt was made. */
async function emitEvent(api: TestApi): Promise<any> {
  const res = await api.control('PATCH', '/brands/TEST_FIXED_STANDARD', {
    discount: { subventionPercentage: (discountCounter++ % 50) + 1, validFrom: '2026-01-01' },
  });
  expect(res.body.emitted).toEqual(['BRAND_DISCOUNT_UPDATE']);
  const all = await deliveries(api);
  return all[all.length - 1];
}

describe('retries on the sandbox clock', () => {
  it('500 then 200: the second attempt comes ~1 min later, byte-identical and identically signed', async () => {
    const r = await receiver((n) => (n === 1 ? 500 : 200));
    const api = await sandbox({ webhookUrl: r.url });
    const first = await emitEvent(api);
    expect(r.received).toHaveLength(1);
    expect(first.state).toBe('pending');
    expect(first.attempts).toEqual([{ at: first.createdAt, result: 'retryable-failure', status: 500, error: null, simulated: false }]);
    expect(first.nextAttemptAt).toBe(first.createdAt + 60_000);

    await advance(api, 30);
    expect(r.received).toHaveLength(1);
    await advance(api, 60);
    expect(r.received).toHaveLength(2);

    const [d] = await deliveries(api);
    expect(d.state).toBe('delivered');
    expect(d.nextAttemptAt).toBeNull();
    expect(d.attempts.map((a: any) => [a.at - d.createdAt, a.status, a.result])).toEqual([
      [0, 500, 'retryable-failure'],
      [60_000, 200, 'delivered'],
    ]);
    expect(r.received[1]!.raw).toBe(r.received[0]!.raw);
    expect(r.received[1]!.headers['x-verify']).toBe(r.received[0]!.headers['x-verify']);
    expect(r.received[0]!.headers['x-verify']).toBe(sign(r.received[0]!.raw));

    await advance(api, 86_400);
    expect(r.received).toHaveLength(2);
  });

  it.each([408, 429, 502, 503])('%i is retried', async (status) => {
    const r = await receiver((n) => (n === 1 ? status : 204));
    const api = await sandbox({ webhookUrl: r.url });
    expect((await emitEvent(api)).state).toBe('pending');
    await advance(api, 90);
    const [d] = await deliveries(api);
    expect(d.attempts.map((a: any) => a.status)).toEqual([status, 204]);
    expect(d.state).toBe('delivered');
    expect(r.received).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 410, 422])('%i is final: one attempt, state failed', async (status) => {
    const r = await receiver(() => status);
    const api = await sandbox({ webhookUrl: r.url });
    const d = await emitEvent(api);
    expect(d.state).toBe('failed');
    expect(d.nextAttemptAt).toBeNull();
    expect(d.attempts).toEqual([{ at: d.createdAt, result: 'final-failure', status, error: null, simulated: false }]);
    await advance(api, 3 * 86_400);
    expect(r.received).toHaveLength(1);
    expect((await deliveries(api))[0].attempts).toHaveLength(1);
  });

  it('a receiver that never answers times out and is retried', async () => {
    const hang = await hangingReceiver();
    const api = await sandbox({ webhookUrl: hang.url, webhookTimeoutMs: 200 });
    const d = await emitEvent(api);
    expect(d.state).toBe('pending');
    expect(d.attempts).toEqual([{ at: d.createdAt, result: 'retryable-failure', status: null, error: 'timeout', simulated: false }]);
    await advance(api, 90);
    const [after] = await deliveries(api);
    expect(after.attempts.map((a: any) => a.error)).toEqual(['timeout', 'timeout']);
    expect(after.state).toBe('pending');
    expect(hang.bodies).toHaveLength(2);
    expect(hang.bodies[1]).toBe(hang.bodies[0]);
  });

  it('connection refused is retried', async () => {
    const api = await sandbox({ webhookUrl: await closedPortUrl() });
    const d = await emitEvent(api);
    expect(d.state).toBe('pending');
    expect(d.attempts[0]).toMatchObject({ result: 'retryable-failure', status: null, simulated: false });
    expect(d.attempts[0].error).toMatch(/ECONNREFUSED/);
    await advance(api, 90);
    const [after] = await deliveries(api);
    expect(after.attempts).toHaveLength(2);
    expect(after.attempts[1].error).toMatch(/ECONNREFUSED/);
    expect(after.state).toBe('pending');
  });

  it('always 500, default jitter: first delivery + 14 retries, then dead-letter; gaps 1 min doubling, ±20 %, capped at 6 h', async () => {
    const r = await receiver(() => 500);
    const api = await sandbox({ webhookUrl: r.url, random: Math.random });
    await emitEvent(api);
    await advance(api, 3 * 86_400);

    const [d] = await deliveries(api);
    expect(d.state).toBe('dead-letter');
    expect(d.nextAttemptAt).toBeNull();
    expect(d.attempts).toHaveLength(15);
    expect(r.received).toHaveLength(15);
    expect(d.attempts.every((a: any) => a.status === 500 && a.result === 'retryable-failure' && !a.simulated)).toBe(true);
    expect(d.attempts[0].at).toBe(d.createdAt);

    const gaps = d.attempts.slice(1).map((a: any, i: number) => (a.at - d.attempts[i].at) / 1000);
    gaps.forEach((gap: number, i: number) => {
      const base = Math.min(60 * 2 ** i, 21_600);
      expect(gap, `gap before retry ${i + 1}`).toBeGreaterThanOrEqual(base * 0.8);
      expect(gap, `gap before retry ${i + 1}`).toBeLessThanOrEqual(base * 1.2);
    });
    expect(Math.max(...gaps)).toBeLessThanOrEqual(21_600 * 1.2);

    const raws = new Set(r.received.map((h) => h.raw));
    const signatures = new Set(r.received.map((h) => h.headers['x-verify']));
    expect(raws.size).toBe(1);
    expect(signatures).toEqual(new Set([sign(r.received[0]!.raw)]));
    expect(JSON.parse(r.received[0]!.raw).eventId).toBe(d.eventId);

    await advance(api, 7 * 86_400);
    expect(r.received).toHaveLength(15);
  });

  it('with random 0.5 the schedule is exact: 60, 120, 240 … 15360 s, then 6 h', async () => {
    const r = await receiver(() => 503);
    const api = await sandbox({ webhookUrl: r.url });
    await emitEvent(api);
    await advance(api, 2 * 86_400);
    const [d] = await deliveries(api);
    const gaps = d.attempts.slice(1).map((a: any, i: number) => (a.at - d.attempts[i].at) / 1000);
    expect(gaps).toEqual([60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 21600, 21600, 21600, 21600, 21600]);
    expect(d.state).toBe('dead-letter');
  });

  it('retries go in stages as the clock moves, never early', async () => {
    const r = await receiver(() => 500);
    const api = await sandbox({ webhookUrl: r.url });
    await emitEvent(api);
    const counts: number[] = [];
    // Attempts due at 0, 60, 180, 420, 900 s; the clock goes to 30, 60, 160, 220, 460 s.
    for (const seconds of [30, 30, 100, 60, 240]) {
      await advance(api, seconds);
      counts.push(r.received.length);
    }
    expect(counts).toEqual([1, 2, 2, 3, 4]);
  });
});

describe('webhook-fail fault', () => {
  it.each([
    [500, { status: 500, error: null }],
    ['timeout', { status: null, error: 'timeout' }],
    ['reset', { status: null, error: 'connection reset (simulated)' }],
  ] as const)('mode %s fails the next attempts without contacting the receiver, then delivers for real', async (mode, expected) => {
    const r = await receiver();
    const api = await sandbox({ webhookUrl: r.url });
    const armed = await api.control('POST', '/faults', { kind: 'webhook-fail', mode, count: 2 });
    expect(armed.status).toBe(201);

    await emitEvent(api);
    expect(r.received).toHaveLength(0);
    await advance(api, 90); // retry 1 at +60 s: still the fault
    expect(r.received).toHaveLength(0);
    await advance(api, 120); // retry 2 at +180 s: the receiver
    expect(r.received).toHaveLength(1);

    const [d] = await deliveries(api);
    expect(d.state).toBe('delivered');
    expect(d.attempts.map((a: any) => ({ status: a.status, error: a.error, simulated: a.simulated, result: a.result }))).toEqual([
      { ...expected, simulated: true, result: 'retryable-failure' },
      { ...expected, simulated: true, result: 'retryable-failure' },
      { status: 200, error: null, simulated: false, result: 'delivered' },
    ]);
    const faults = (await api.control('GET', '/faults')).body;
    expect(faults.armed).toEqual([]);
    expect(faults.fired.filter((f: any) => f.kind === 'webhook-fail')).toHaveLength(2);
  });

  it('mode 404 makes the delivery final without contacting the receiver; the next event is delivered for real', async () => {
    const r = await receiver();
    const api = await sandbox({ webhookUrl: r.url });
    await api.control('POST', '/faults', { kind: 'webhook-fail', mode: 404 });
    const failed = await emitEvent(api);
    expect(failed.state).toBe('failed');
    expect(failed.attempts).toEqual([{ at: failed.createdAt, result: 'final-failure', status: 404, error: null, simulated: true }]);
    expect(r.received).toHaveLength(0);

    const next = await emitEvent(api);
    expect(next.state).toBe('delivered');
    expect(next.attempts[0].simulated).toBe(false);
    expect(r.received).toHaveLength(1);
    expect(JSON.parse(r.received[0]!.raw).eventId).toBe(next.eventId);
  });

  it('rejects a fault with an unknown mode', async () => {
    const api = await sandbox({});
    const res = await api.control('POST', '/faults', { kind: 'webhook-fail', mode: 'explode' });
    expect(res.status).toBe(400);
    expect((await api.control('GET', '/faults')).body.armed).toEqual([]);
  });
});

describe('redelivery and missing endpoint', () => {
  it('redeliver sends a duplicate with the same eventId, body and signature', async () => {
    const r = await receiver();
    const api = await sandbox({ webhookUrl: r.url });
    const d = await emitEvent(api);
    expect(d.state).toBe('delivered');

    const res = await api.control('POST', `/webhooks/${d.eventId}/redeliver`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: 'status', status: 200 });
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.raw).toBe(r.received[0]!.raw);
    expect(JSON.parse(r.received[1]!.raw).eventId).toBe(d.eventId);
    expect(r.received[1]!.headers['x-verify']).toBe(sign(r.received[1]!.raw));

    const unknown = await api.control('POST', '/webhooks/00000000-0000-0000-0000-000000000000/redeliver');
    expect(unknown.status).toBe(404);
  });

  it('without a webhook URL events are recorded as no-endpoint and nothing is sent', async () => {
    const r = await receiver();
    const api = await sandbox({});
    const d = await emitEvent(api);
    expect(d).toMatchObject({ state: 'no-endpoint', url: null, attempts: [], nextAttemptAt: null });
    expect(d.payload).toMatchObject({ eventId: d.eventId, eventType: 'BRAND_DISCOUNT_UPDATE' });
    await advance(api, 3 * 86_400);
    expect((await deliveries(api))[0]).toMatchObject({ state: 'no-endpoint', attempts: [] });
    expect((await api.control('POST', `/webhooks/${d.eventId}/redeliver`)).status).toBe(404);

    // Configuring an endpoint later delivers later events only.
    await api.control('PUT', '/webhook', { url: r.url });
    const later = await emitEvent(api);
    expect(later.state).toBe('delivered');
    expect(r.received.map((h) => JSON.parse(h.raw).eventId)).toEqual([later.eventId]);
    expect((await deliveries(api))[0].state).toBe('no-endpoint');

    // And removing it again stops deliveries.
    await api.control('PUT', '/webhook', { url: null });
    expect((await emitEvent(api)).state).toBe('no-endpoint');
    expect(r.received).toHaveLength(1);
  });
});
