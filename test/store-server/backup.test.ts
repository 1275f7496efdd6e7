import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/platform/logger.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import { runningClusterUrl, startEmbeddedCluster } from '../../src-main/store-server/database/embedded-postgres.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { STORE_VAULT_KEY_FILE } from '../../src-main/store-server/vault/store-vault.js';
import { tempDir } from '../support/temp-dir.js';
import { pairWithCode, sellerHeaders, startSandboxStoreServer } from './store-harness.js';

const run = promisify(execFile);

/**
 * The README's backup: pg_dump of the running embedded PostgreSQL (the URL from
 * `store-server database-url`), restored into another cluster, which a store server then opens
 * with the orders and counters intact.
 */
describe('backing up the store’s database with pg_dump', () => {
  const dirs = [tempDir('gv-store-backup-a-'), tempDir('gv-store-backup-b-')];
  const servers: StoreServer[] = [];
  let sandbox: Sandbox;

  afterAll(async () => {
    for (const s of servers) await s.close();
    await sandbox?.close();
    for (const d of dirs) d.cleanup();
  });

  const start = (dataDir: string, databaseUrl?: string) => startSandboxStoreServer(sandbox, { host: '127.0.0.1', dataDir, databaseUrl });

  it('restores every order and counter into a fresh cluster', async () => {
    sandbox = await startSandbox({ tickMs: 60_000 });
    const original = await start(dirs[0]!.path);
    servers.push(original);
    const code = await newPairingCode(original.pool, 'main');
    const paired = await pairWithCode(original.url, code, 'Till A');
    const seller = await sellerHeaders(original.url, paired);
    const placed = await fetch(`${original.url}/partner/v1/partners/orders`, {
      method: 'POST',
      headers: { ...seller, 'X-REQUEST-ID': crypto.randomUUID() },
      body: JSON.stringify({ productId: 'TEST_FIXED_STANDARD', referenceId: 'BACKUP-1', amount: 500, denominationDetails: [{ denomination: 500, quantity: 1 }] }),
    });
    expect(placed.status).toBe(201);

    const url = runningClusterUrl(dirs[0]!.path);
    expect(url).toMatch(/^postgres:\/\//);
    const dump = join(dirs[1]!.path, 'store.dump');
    await run('pg_dump', ['--format=custom', `--file=${dump}`, url!]);

    const restored = await startEmbeddedCluster(join(dirs[1]!.path, 'restored'), silentLogger);
    try {
      await run('pg_restore', ['--no-owner', `--dbname=${restored.url}`, dump]);
      // The vouchers in the dump are sealed with the store's key: without it the restored server refuses to start.
      await expect(start(join(dirs[1]!.path, 'server'), restored.url)).rejects.toThrow(/holds vouchers sealed with another store server's key, and .*store-vault.key does not exist/);
      mkdirSync(join(dirs[1]!.path, 'server'));
      copyFileSync(join(dirs[0]!.path, STORE_VAULT_KEY_FILE), join(dirs[1]!.path, 'server', STORE_VAULT_KEY_FILE));
      const reopened = await start(join(dirs[1]!.path, 'server'), restored.url);
      servers.push(reopened);
      const orders = await reopened.pool.query<{ reference_id: string; state: string; order_status: string }>('SELECT reference_id, state, order_status FROM relayed_orders');
      expect(orders.rows).toEqual([{ reference_id: 'BACKUP-1', state: 'ACCEPTED', order_status: 'SUCCESS' }]);
      // The counter's credential works against the restored store: it signs in as before.
      const again = await fetch(`${reopened.url}/partner/v1/partners/auth/login`, { method: 'POST', body: JSON.stringify({ clientId: paired.counterId, clientSecret: paired.credential }) });
      expect(again.status).toBe(200);
    } finally {
      await servers.pop()?.close();
      await restored.stop();
    }
  }, 120_000);
});
