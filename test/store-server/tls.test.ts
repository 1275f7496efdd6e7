import { execFileSync } from 'node:child_process';
import { request } from 'node:https';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { tempDir } from '../support/temp-dir.js';
import { pairingCode, run, startCounter, storeServerArgs, type CounterHost, type Running } from './store-processes.js';

/**
 * The README's TLS set-up: the store server serving HTTPS with its own certificate, and a
 * counter that trusts it (NODE_EXTRA_CA_CERTS) pairing and selling over it.
 */
describe('a store server serving HTTPS', () => {
  const dirs = { store: tempDir('gv-tls-store-'), counter: tempDir('gv-tls-counter-'), certs: tempDir('gv-tls-certs-') };
  let sandbox: Sandbox;
  let server: Running;
  let counter: CounterHost | null = null;

  afterAll(async () => {
    await counter?.proc.kill();
    await server?.kill();
    await sandbox?.close();
    for (const d of Object.values(dirs)) d.cleanup();
  });

  it('pairs a counter and sells through it, and refuses plain HTTP', async () => {
    const cert = join(dirs.certs.path, 'store.pem');
    const key = join(dirs.certs.path, 'store.key');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    sandbox = await startSandbox({ tickMs: 60_000 });
    server = run('src-main/store-server/cli.ts', [...storeServerArgs({ dataDir: dirs.store.path, partnerBaseUrl: sandbox.url }), '--tls-cert', cert, '--tls-key', key]);
    const url = (await server.waitFor(/Store server ready: (\S+)/))[1]!;
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);

    const health = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${url}/health`, { ca: readFileSync(cert) }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ database: 'ok' });
    // Plain HTTP to the TLS port is not served.
    await expect(fetch(url.replace('https:', 'http:') + '/health', { signal: AbortSignal.timeout(5_000) }).then((r) => r.status)).rejects.toThrow();

    const code = await pairingCode({ dataDir: dirs.store.path });
    counter = await startCounter(['--store-server', url, '--pairing-code', code, '--data-dir', dirs.counter.path, '--counter-name', 'Till TLS'], { NODE_EXTRA_CA_CERTS: cert });
    const manager = await counter.call('staff.setupFirstManager', { name: 'Meera Shah', pin: '2580' });
    expect(manager.ok).toBe(true);
    expect((await counter.call('staff.signIn', { staffId: (manager as any).data.id, pin: '2580' })).ok).toBe(true);
    expect((await counter.call('shift.open', { openingFloatPaise: 0 })).ok).toBe(true);
    const sale = await counter.call('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000 }] });
    expect(sale).toMatchObject({ ok: true, data: { state: 'SUCCESS' } });
  }, 120_000);
});
