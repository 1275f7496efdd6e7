import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startBrowserHost } from '../../src-main/browser-host/host.js';
import { startSandbox } from '../../src-main/sandbox/server.js';
import { tempDir } from '../support/temp-dir.js';
import { fakeRenderer, finished, hostHarness, send, webCli } from './host-harness.js';

describe('host lifetime', () => {
  it('ends open event streams on close and removes its own temporary data folder', async () => {
    const h = await hostHarness();
    expect(existsSync(join(h.host.dataDir, 'app.db'))).toBe(true);
    const { hostname, port } = new URL(h.host.url);
    // Wrapped in an object: resolving with a bare promise would wait for the stream to end.
    const stream = await new Promise<{ ended: Promise<void> }>((resolve) => {
      request({ host: hostname, port, path: '/api/events', headers: { Cookie: h.cookie } }, (res) => {
        res.resume();
        resolve({ ended: new Promise((done) => res.on('close', () => done())) });
      }).end();
    });
    await h.close();
    await stream.ended;
    expect(existsSync(h.host.dataDir)).toBe(false);
  });

  it('keeps a data folder it was given, with settings in a JSON file there', async () => {
    const sandbox = await startSandbox({ tickMs: 60_000 });
    const dir = tempDir('gv-host-keep-');
    try {
      const dataDir = join(dir.path, 'data');
      const host = await startBrowserHost({ rendererDir: fakeRenderer(dir.path), trainingBaseUrl: sandbox.url, dataDir, quietStart: true });
      expect(host.dataDir).toBe(dataDir);
      host.core.settings.update({ store: { name: 'Kept Store', counter: 'Counter 1', counterCode: 'C1', address: '' } });
      await host.close();
      expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).store.name).toBe('Kept Store');
    } finally {
      await sandbox.close();
      dir.cleanup();
    }
  });

  it('refuses to listen anywhere but loopback', async () => {
    await expect(startBrowserHost({ rendererDir: '/nonexistent', host: '0.0.0.0' })).rejects.toThrow(/loopback only/);
  });

  it('starts the core’s own sandbox when no partner URL is given, keeping the strict image policy', async () => {
    const dir = tempDir('gv-host-own-');
    const host = await startBrowserHost({ rendererDir: fakeRenderer(dir.path), quietStart: true });
    try {
      const own = new URL(host.core.env().baseUrl);
      expect(own.hostname).toBe('127.0.0.1');
      const page = await send(host.url, `/?token=${host.token}`);
      expect(String(page.headers['content-security-policy'])).toContain(`img-src 'self' data:;`);
    } finally {
      await host.close();
      dir.cleanup();
    }
  });
});

describe('npm run web (cli.ts)', () => {

  it('refuses bad flags with the usage and exit code 2', async () => {
    // In parallel: each start of tsx costs about two seconds here.
    const results = await Promise.all([['--port', 'abc'], ['--partner-base-url', 'ftp://x'], ['--nonsense']].map((args) => finished(webCli(args))));
    for (const result of results) {
      expect(result.code).toBe(2);
      expect(result.err).toContain('npm run web --');
    }
  });

  // Serves out/renderer, which `npm test` builds before vitest runs.
  it('prints a launch URL that works, against the partner URL it was pointed at', async () => {
    const sandbox = await startSandbox({ tickMs: 60_000 });
    const child = webCli(['--partner-base-url', `${sandbox.url}/`]);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout!.on('data', (c: Buffer) => {
          out += c.toString();
          const found = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out)?.[1];
          if (found) resolve(found);
        });
        child.on('exit', (code) => reject(new Error(`cli exited ${code}: ${out}`)));
      });
      const page = await send(new URL(url).origin, new URL(url).pathname + new URL(url).search);
      expect(page.status).toBe(200);
      const cookie = String(page.headers['set-cookie']?.[0]).split(';')[0]!;
      const info = await send(new URL(url).origin, '/api/call', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({ method: 'app.info' }),
      });
      expect(info.json()).toMatchObject({ ok: true, data: { environment: 'training' } });
      // The host's core talks to the partner URL it was given: a wallet read lands on that sandbox.
      const call = (method: string, payload: unknown = {}) =>
        send(new URL(url).origin, '/api/call', {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          body: JSON.stringify({ method, payload }),
        });
      expect((await call('staff.setupFirstManager', { name: 'Meera Shah', pin: '2580' })).json()).toMatchObject({ ok: true });
      expect((await call('wallet.refresh')).json()).toMatchObject({ ok: true });
      expect(sandbox.requests.list().some((r) => r.path === '/v1/partners/wallet/balance' && r.status === 200)).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await sandbox.close();
    }
  });
});
