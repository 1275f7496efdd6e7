import { request, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL_METHOD_NAMES } from '../../src-main/contract/names.js';
import { hostHarness, send, type HostHarness } from './host-harness.js';

let h: HostHarness;
beforeAll(async () => {
  h = await hostHarness();
});
afterAll(() => h.close());

const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
  send(h.host.url, '/api/call', { method: 'POST', headers: { Cookie: h.cookie, Origin: h.host.url, 'Content-Type': 'application/json', ...headers }, body });

/** The core's listener count: proves a closed stream left nothing subscribed. */
const listeners = () => (h.host.core.events as unknown as { listeners: Set<unknown> }).listeners.size;

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}

/** Opens /api/events and collects what arrives, as text. */
function openEvents(cookie = h.cookie): Promise<{ res: IncomingMessage; text: () => string; ended: Promise<void>; close(): void }> {
  const { hostname, port } = new URL(h.host.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: '/api/events', headers: { Cookie: cookie, Accept: 'text/event-stream' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      const ended = new Promise<void>((done) => res.on('close', () => done()));
      resolve({ res, text: () => text, ended, close: () => req.destroy() });
    });
    req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
    req.end();
  });
}

describe('POST /api/call', () => {
  it('forwards {method, payload} to the bridge and answers its result with 200', async () => {
    const res = await h.call('app.info', {});
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toMatchObject({ ok: true, data: { name: 'Gift Voucher POS', training: true } });
  });

  it('answers the bridge’s own errors with 200 (they are values, not HTTP failures)', async () => {
    expect((await h.call('no.such.method')).json()).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    expect((await h.call('staff.signIn', { pin: 42 })).json()).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect((await h.call('orders.list', {})).json()).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
  });

  it.each([
    ['not JSON', '{"method":'],
    ['an array', '["app.info"]'],
    ['null', 'null'],
    ['no method', '{"payload":{}}'],
    ['a numeric method', '{"method":42}'],
    ['an empty method', '{"method":""}'],
    ['an unknown key', '{"method":"app.info","extra":1}'],
    ['a 101-character method', JSON.stringify({ method: 'x'.repeat(101) })],
  ])('refuses %s with 400 {ok:false, error}', async (_what, body) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST', message: expect.any(String) } });
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await post(JSON.stringify({ method: 'app.info', payload: { pad: 'x'.repeat(1024 * 1024) } }));
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('refuses a non-JSON content type (what a cross-site form would send) and other verbs', async () => {
    expect((await post('{"method":"app.info"}', { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await h.get('/api/call')).status).toBe(405);
  });

  it.each(SHELL_METHOD_NAMES)('answers %s with NOT_IN_BROWSER', async (method) => {
    expect((await h.call(method, {})).json()).toEqual({
      ok: false,
      error: { code: 'NOT_IN_BROWSER', message: 'Printing to a device needs the desktop app; use the browser print dialog' },
    });
  });
});

describe('GET /api/events', () => {
  it('streams each core event as data: {name, payload}, with heartbeats, and unsubscribes on close', async () => {
    const before = listeners();
    const stream = await openEvents();
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(listeners()).toBe(before + 1);

    expect((await h.call('staff.setupFirstManager', { name: 'Meera Shah', pin: '2580' })).json()).toMatchObject({ ok: true });
    await until(() => stream.text().includes('session.changed'));
    const line = stream.text().split('\n').find((l) => l.includes('session.changed'))!;
    expect(JSON.parse(line.slice('data: '.length))).toEqual({ name: 'session.changed', payload: { signedIn: true, role: 'manager', reason: null } });
    await until(() => stream.text().includes(': heartbeat'));

    stream.close();
    await until(() => listeners() === before);
  });

  it('refuses staging: the host has no keychain for real credentials', async () => {
    // Signed in as the manager set up above.
    const res = (await h.call('settings.switchEnvironment', { environment: 'staging' })).json();
    expect(res).toMatchObject({ ok: false, error: { code: 'ENVIRONMENT_NOT_CONFIGURED', message: expect.stringMatching(/only training/) } });
    expect(h.host.core.env().environment).toBe('training');
  });
});
