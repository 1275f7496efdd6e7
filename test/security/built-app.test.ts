import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { METHODS } from '../../src-main/contract/index.js';
import { CALL_CHANNEL, METHOD_NAMES } from '../../src-main/contract/names.js';
import { startBrowserHost, type BrowserHost } from '../../src-main/browser-host/host.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { send } from '../browser-host/host-harness.js';
import { tempDir } from '../support/temp-dir.js';

vi.mock('electron', () => ({ shell: { openExternal: vi.fn() } }));
const { buildCsp } = await import('../../src-main/shell/security.js');
const { APP_ENTRY_URL, createAppRequestHandler } = await import('../../src-main/shell/app-protocol.js');

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * What ships, not what the source says: `electron-vite build` (the real command and config)
 * into a folder of this test's own, so the shared out/ of other runs is neither needed nor
 * touched. Then the built page's policy is read from both hosts that serve it.
 */
function buildApp(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(join(ROOT, 'node_modules', '.bin', 'electron-vite'), ['build', '--outDir', outDir, '--logLevel', 'error'], { cwd: ROOT, timeout: 240_000 }, (error, _out, stderr) =>
      error ? reject(new Error(`electron-vite build failed: ${stderr}`)) : resolve(),
    );
  });
}

type Policy = Map<string, string[]>;
const parse = (csp: string): Policy =>
  new Map(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => d.split(/\s+/)).map(([name, ...values]) => [name!.toLowerCase(), values]));
const metaPolicy = (html: string): string | undefined => /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1];

/** The rules a policy for this app must keep, whichever host sends it. */
function expectStrict(policy: Policy, where: string): void {
  expect(policy.get('default-src'), where).toEqual(["'self'"]);
  expect(policy.get('script-src'), where).toEqual(["'self'"]);
  expect(policy.get('object-src'), where).toEqual(["'none'"]);
  expect(policy.get('base-uri'), where).toEqual(["'none'"]);
  expect(policy.get('form-action'), where).toEqual(["'none'"]);
  expect(policy.get('connect-src'), where).toEqual(["'self'"]);
  const all = [...policy.values()].flat();
  for (const bad of ["'unsafe-eval'", "'wasm-unsafe-eval'", "'unsafe-hashes'", '*', 'http:', 'https:', 'ws:', 'blob:', 'filesystem:']) {
    expect(all, `${where} allows ${bad}`).not.toContain(bad);
  }
  // Inline style is allowed (React's style attributes); inline script never.
  expect([...policy.entries()].filter(([, v]) => v.includes("'unsafe-inline'")).map(([k]) => k), where).toEqual(['style-src']);
}

describe('the built app', () => {
  let dir: ReturnType<typeof tempDir>;
  let outDir: string;
  let html: string;

  beforeAll(async () => {
    dir = tempDir('gv-built-');
    outDir = join(dir.path, 'out');
    await buildApp(outDir);
    html = readFileSync(join(outDir, 'renderer', 'index.html'), 'utf8');
  }, 240_000);
  afterAll(() => dir.cleanup());

  describe('renderer page', () => {
    it('carries a strict CSP meta tag: script-src self only, object-src none, base-uri none', () => {
      const meta = metaPolicy(html);
      expect(meta).toBeDefined();
      expectStrict(parse(meta!), 'built meta');
      // frame-ancestors is ignored in a meta tag, so it belongs in the header (below), not here.
      expect(parse(meta!).has('frame-ancestors')).toBe(false);
    });

    it('has no inline script, no inline handler and no script from elsewhere (the policy would block them, and the app would break)', () => {
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(body!.trim(), 'inline script').toBe('');
        expect(attrs).toMatch(/\ssrc="\.\/assets\/[\w.-]+\.js"/);
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    });
  });

  describe('desktop shell (Electron faked)', () => {
    it('sends the strict policy, with frame-ancestors none, as a header on the built page and its script over app://, agreeing with its meta tag', async () => {
      const serve = createAppRequestHandler(join(outDir, 'renderer'));
      const page = await serve(new Request(APP_ENTRY_URL));
      expect(page.status).toBe(200);
      const header = page.headers.get('content-security-policy');
      expect(header).toBe(buildCsp());
      const policy = parse(header!);
      expectStrict(policy, 'shell header');
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      // A page obeys every policy it gets, so the two must agree or one silently overrules the other.
      policy.delete('frame-ancestors');
      expect(parse(metaPolicy(await page.text())!)).toEqual(policy);

      const src = /src="\.\/(assets\/[\w.-]+\.js)"/.exec(html)![1]!;
      const script = await serve(new Request(`app://renderer/${src}`));
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(script.headers.get('content-security-policy')).toBe(buildCsp());
    });
  });

  describe('browser host', () => {
    let sandbox: Sandbox;
    let host: BrowserHost;
    beforeAll(async () => {
      sandbox = await startSandbox({ tickMs: 60_000 });
      host = await startBrowserHost({ rendererDir: join(outDir, 'renderer'), trainingBaseUrl: sandbox.url, quietStart: true });
    });
    afterAll(async () => {
      await host?.close();
      await sandbox?.close();
    });

    it('serves the built page with the strict policy in the header and the same policy in the meta tag', async () => {
      const page = await send(host.url, `/?token=${host.token}`);
      expect(page.status).toBe(200);
      const header = String(page.headers['content-security-policy']);
      const policy = parse(header);
      expectStrict(policy, 'host header');
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
      const meta = parse(metaPolicy(page.body)!);
      expectStrict(meta, 'host meta');
      policy.delete('frame-ancestors');
      expect(meta).toEqual(policy);
      expect(page.headers['x-content-type-options']).toBe('nosniff');
    });

    it('sends the policy with the built script too', async () => {
      const launch = await send(host.url, `/?token=${host.token}`);
      const cookie = String(launch.headers['set-cookie']?.[0]).split(';')[0]!;
      const src = /src="\.(\/assets\/[\w.-]+\.js)"/.exec(html)![1]!;
      const script = await send(host.url, src, { headers: { Cookie: cookie } });
      expect(script.status).toBe(200);
      expectStrict(parse(String(script.headers['content-security-policy'])), 'host script header');
    });
  });

  describe('built preload', () => {
    /** Runs out/preload/index.cjs the way Electron's sandboxed loader would, with electron faked. */
    function runPreload() {
      const required: string[] = [];
      const exposed: Record<string, unknown> = {};
      const invoke = vi.fn(async () => ({ ok: true, data: null }));
      const electron = {
        contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
        ipcRenderer: { invoke, on: vi.fn(), removeListener: vi.fn(), send: vi.fn(), sendSync: vi.fn() },
      };
      const code = readFileSync(join(outDir, 'preload', 'index.cjs'), 'utf8');
      const module = { exports: {} };
      runInNewContext(code, {
        require: (name: string) => {
          required.push(name);
          if (name === 'electron') return electron;
          throw new Error(`a sandboxed preload cannot require ${name}`);
        },
        module,
        exports: module.exports,
      });
      return { required, exposed, invoke };
    }

    it('requires nothing but electron, and exposes exactly the contract’s method names plus on(), frozen', async () => {
      const { required, exposed, invoke } = runPreload();
      expect(required).toEqual(['electron']);
      expect(Object.keys(exposed)).toEqual(['pos']);
      const pos = exposed['pos'] as Record<string, unknown>;
      expect(Object.keys(pos).sort()).toEqual([...Object.keys(METHODS), 'on'].sort());
      expect(Object.keys(pos).sort()).toEqual([...METHOD_NAMES, 'on'].sort());
      expect(Object.isFrozen(pos)).toBe(true);
      for (const name of ['invoke', 'send', 'sendSync', 'ipcRenderer', 'require', 'process']) expect(pos[name], name).toBeUndefined();
      await (pos['orders.list'] as (p: unknown) => Promise<unknown>)({});
      expect(invoke).toHaveBeenCalledWith(CALL_CHANNEL, 'orders.list', {});
    });
  });
});
