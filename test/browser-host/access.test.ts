import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostHarness, send, type HostHarness } from './host-harness.js';

let h: HostHarness;
beforeAll(async () => {
  h = await hostHarness();
});
afterAll(() => h.close());

const directives = (csp: string) => new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

describe('the per-launch token', () => {
  it('the launch URL serves the page and hands over an HttpOnly, SameSite=Strict cookie', async () => {
    const res = await send(h.host.url, `/?token=${h.host.token}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="root">');
    const cookie = res.headers['set-cookie']?.[0] ?? '';
    expect(cookie).toMatch(new RegExp(`^pos_host_${new URL(h.host.url).port}=${h.host.token};`));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(h.host.launchUrl).toBe(`${h.host.url}/?token=${h.host.token}`);
  });

  it.each(['/', '/index.html', '/assets/app.js', '/api/events'])('refuses %s without the cookie', async (path) => {
    expect((await send(h.host.url, path)).status).toBe(403);
  });

  it('refuses /api/call without the cookie, and runs nothing', async () => {
    const res = await send(h.host.url, '/api/call', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'staff.setupFirstManager', payload: { name: 'Eve', pin: '1357' } }),
    });
    expect(res.status).toBe(403);
    expect(h.host.core.staff.hasManager()).toBe(false);
  });

  it('refuses a wrong token, in the URL or in the cookie, and sets no cookie', async () => {
    const wrong = await send(h.host.url, '/?token=not-the-token');
    expect(wrong.status).toBe(403);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const almost = await send(h.host.url, `/?token=${h.host.token.slice(0, -1)}x`);
    expect(almost.status).toBe(403);
    const forged = await send(h.host.url, '/', { headers: { Cookie: `${h.cookie.split('=')[0]}=forged` } });
    expect(forged.status).toBe(403);
  });

  it('serves the page again with the cookie alone (a reload)', async () => {
    expect((await h.get('/')).status).toBe(200);
  });
});

describe('Host and Origin (DNS rebinding, other sites)', () => {
  it('refuses a foreign Origin even with the cookie', async () => {
    const res = await send(h.host.url, '/api/call', {
      method: 'POST',
      headers: { Cookie: h.cookie, Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ method: 'app.info' }),
    });
    expect(res.status).toBe(403);
    expect((await h.get('/api/events', { Origin: 'null' })).status).toBe(403);
  });

  it.each([
    ['another name', (port: string) => `evil.example:${port}`],
    ['no port', () => 'evil.example'],
    ['localhost instead of 127.0.0.1', (port: string) => `localhost:${port}`],
    ['another port', () => '127.0.0.1:1'],
  ])('refuses a Host header with %s', async (_why, host) => {
    const value = host(new URL(h.host.url).port);
    expect((await h.get('/api/call', { Host: value })).status).toBe(403);
    expect((await h.get('/', { Host: value })).status).toBe(403);
  });

  it('accepts our own Origin', async () => {
    const res = await h.call('app.info');
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, data: { environment: 'training' } });
  });
});

describe('static files', () => {
  it.each([
    ['/assets/app.js', 'text/javascript; charset=utf-8'],
    ['/assets/app.css', 'text/css; charset=utf-8'],
    ['/assets/logo.svg', 'image/svg+xml'],
  ])('serves %s as %s, with nosniff', async (path, type) => {
    const res = await h.get(path);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers 404 for a missing file and for a folder', async () => {
    expect((await h.get('/assets/missing.js')).status).toBe(404);
    expect((await h.get('/assets')).status).toBe(404);
    expect((await h.get('/api/nothing')).status).toBe(404);
  });

  it.each([
    '/../../etc/passwd',
    '/../secret.txt',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/assets/..%2f..%2fsecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '/index.html%00.js',
    '/%E0%A4%A',
    '//etc/passwd',
  ])('never serves anything outside the renderer: %s', async (path) => {
    const res = await h.get(path);
    expect([403, 404]).toContain(res.status);
    expect(res.body).not.toContain('TOP SECRET');
    expect(res.body).not.toContain('root:');
  });

  it('does not follow a symlink out of the renderer', async () => {
    symlinkSync(join(h.root, 'secret.txt'), join(h.root, 'renderer', 'assets', 'link.txt'));
    const res = await h.get('/assets/link.txt');
    expect(res.status).toBe(403);
    expect(res.body).not.toContain('TOP SECRET');
  });
});

describe('Content-Security-Policy', () => {
  it('is sent without unsafe-eval, and images only from the app itself and data: URLs (logos come through main)', async () => {
    const res = await h.get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-eval');
    const d = directives(csp);
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('img-src')).toEqual(["'self'", 'data:']);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
  });

  it('rewrites the meta copy in index.html to the same policy as the header', async () => {
    const res = await h.get('/');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(res.body)?.[1] ?? '';
    const header = directives(String(res.headers['content-security-policy']));
    header.delete('frame-ancestors');
    expect(directives(meta)).toEqual(header);
  });

  it('is on static files and API answers too', async () => {
    expect((await h.get('/assets/app.js')).headers['content-security-policy']).toBeDefined();
    expect((await h.call('app.info')).headers['content-security-policy']).toBeDefined();
  });
});
