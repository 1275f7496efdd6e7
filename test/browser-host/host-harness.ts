import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { startBrowserHost, type BrowserHost, type BrowserHostOptions } from '../../src-main/browser-host/host.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { tempDir } from '../support/temp-dir.js';

/** A renderer folder of our own, so these tests do not depend on `npm run build`. */
export const INDEX_HTML = `<!doctype html><html><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; img-src 'self' data:" />
<title>Gift Voucher POS</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`;

export function fakeRenderer(root: string): string {
  const dir = join(root, 'renderer');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(join(dir, 'assets', 'app.css'), 'body{}');
  writeFileSync(join(dir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A file next to the renderer folder: what a traversal would try to reach.
  writeFileSync(join(root, 'secret.txt'), 'TOP SECRET');
  return dir;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json(): any;
}

/** Raw HTTP, because fetch() normalises `..` in paths and will not send a forged Host header. */
export function send(url: string, path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Reply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

export interface HostHarness {
  sandbox: Sandbox;
  host: BrowserHost;
  root: string;
  cookie: string;
  /** GET/POST with the launch cookie (and our own Origin for /api). */
  get(path: string, headers?: Record<string, string>): Promise<Reply>;
  call(method: string, payload?: unknown): Promise<Reply>;
  close(): Promise<void>;
}

export async function hostHarness(options: Partial<BrowserHostOptions> = {}): Promise<HostHarness> {
  const sandbox = await startSandbox({ tickMs: 60_000 });
  const dir = tempDir('gv-host-test-');
  const host = await startBrowserHost({ rendererDir: fakeRenderer(dir.path), trainingBaseUrl: sandbox.url, quietStart: true, heartbeatMs: 100, ...options });
  const launch = await send(host.url, `/?token=${host.token}`);
  const setCookie = launch.headers['set-cookie']?.[0] ?? '';
  const cookie = setCookie.split(';')[0]!;
  return {
    sandbox,
    host,
    root: dir.path,
    cookie,
    get: (path, headers = {}) => send(host.url, path, { headers: { Cookie: cookie, ...headers } }),
    call: (method, payload) =>
      send(host.url, '/api/call', {
        method: 'POST',
        headers: { Cookie: cookie, Origin: host.url, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload === undefined ? { method } : { method, payload }),
      }),
    async close() {
      await host.close();
      await sandbox.close();
      dir.cleanup();
    },
  };
}

/** `npm run web` without the build step: the CLI in a child process of its own (it serves out/renderer). */
export function webCli(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src-main/browser-host/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Everything the child printed, and how it ended. */
export function finished(child: ChildProcess): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}
