import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Protocol } from 'electron';
import { APP_ENTRY_URL, createAppRequestHandler, registerAppScheme, serveApp } from '../../src-main/shell/app-protocol.js';
import { buildCsp } from '../../src-main/platform/csp.js';
import { tempDir } from '../support/temp-dir.js';

describe('the app:// scheme', () => {
  it('is registered as a standard, secure scheme that no other origin may read and that keeps the CSP', () => {
    const registerSchemesAsPrivileged = vi.fn();
    registerAppScheme({ registerSchemesAsPrivileged } as unknown as Protocol);
    expect(registerSchemesAsPrivileged).toHaveBeenCalledOnce();
    const [[scheme]] = registerSchemesAsPrivileged.mock.calls[0] as [[{ scheme: string; privileges: Record<string, boolean> }]];
    expect(scheme.scheme).toBe('app');
    expect(scheme.privileges).toMatchObject({ standard: true, secure: true });
    for (const loosening of ['bypassCSP', 'corsEnabled', 'allowServiceWorkers', 'stream']) expect(scheme.privileges[loosening], loosening).toBeUndefined();
  });

  it('is answered by the default session’s protocol', () => {
    const handle = vi.fn();
    serveApp({ handle } as unknown as Protocol, '/app/out/renderer');
    expect(handle).toHaveBeenCalledWith('app', expect.any(Function));
  });

  it('starts the app at app://renderer/index.html', () => {
    expect(APP_ENTRY_URL).toBe('app://renderer/index.html');
  });
});

describe('serving the built renderer over app://', () => {
  let dir: ReturnType<typeof tempDir>;
  let handler: (request: Request) => Promise<Response>;
  const csp = buildCsp();
  const get = (url: string, init?: RequestInit) => handler(new Request(url, init));

  beforeAll(() => {
    dir = tempDir('gv-app-');
    const renderer = join(dir.path, 'out', 'renderer');
    mkdirSync(join(renderer, 'assets'), { recursive: true });
    writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>POS</title>');
    writeFileSync(join(renderer, 'assets', 'index-abc.js'), 'export {};');
    writeFileSync(join(dir.path, 'out', 'secret.txt'), 'journal key');
    writeFileSync(join(dir.path, 'secret.txt'), 'journal key');
    if (process.platform !== 'win32') symlinkSync(join(dir.path, 'secret.txt'), join(renderer, 'assets', 'link.txt'));
    handler = createAppRequestHandler(renderer, csp);
  });
  afterAll(() => dir.cleanup());

  it('serves the page with the app’s CSP as a header, its content type and nosniff', async () => {
    const page = await get('app://renderer/index.html');
    expect(page.status).toBe(200);
    expect(await page.text()).toBe('<!doctype html><title>POS</title>');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(csp);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the scripts as JavaScript (module scripts need it), with the CSP too', async () => {
    const script = await get('app://renderer/assets/index-abc.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-security-policy')).toBe(csp);
  });

  it.each([
    ['app://renderer/..%2f..%2fsecret.txt', 403],
    ['app://renderer/..%2fsecret.txt', 403],
    ['app://renderer/assets/..%2f..%2f..%2fsecret.txt', 403],
    ['app://renderer/..%5c..%5csecret.txt', 403],
    ['app://renderer/index.html%00.js', 403],
    ['app://renderer/%E0%A4%A', 403],
    // The URL parser folds plain and %2e dot segments before the handler sees them: these stay inside.
    ['app://renderer/../../secret.txt', 404],
    ['app://renderer/%2e%2e/%2e%2e/secret.txt', 404],
  ])('refuses %s (%i), and never reads outside out/renderer', async (url, status) => {
    const response = await get(url);
    expect(response.status).toBe(status);
    expect(await response.text()).not.toContain('journal key');
  });

  it.runIf(process.platform !== 'win32')('refuses a link inside out/renderer that points outside it', async () => {
    const response = await get('app://renderer/assets/link.txt');
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('');
  });

  it('answers only its own host, only reads, and 404 for what is not there', async () => {
    expect((await get('app://other/index.html')).status).toBe(404);
    expect((await get('app://renderer/index.html', { method: 'POST', body: 'x' })).status).toBe(405);
    expect((await get('app://renderer/missing.js')).status).toBe(404);
    const head = await get('app://renderer/index.html', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
