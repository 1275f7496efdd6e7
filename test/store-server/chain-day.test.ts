import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createBridge } from '../../src-main/bridge/bridge.js';
import { createCore, type Core } from '../../src-main/core/create-core.js';
import { istDay } from '../../src-main/platform/india-time.js';
import { silentLogger } from '../../src-main/platform/logger.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import { startEmbeddedCluster, type EmbeddedCluster } from '../../src-main/store-server/database/embedded-postgres.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { pairWithStore } from '../../src-main/store-link/pairing.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { tempDir } from '../support/temp-dir.js';
import { startSandboxStoreServer, TEST_VAULT_KEY } from './store-harness.js';

const run = promisify(execFile);

/** Two stores of a chain on one PostgreSQL: `store-server chain-day` lists each store's day. */
describe('the chain’s day', () => {
  const dirs = [tempDir('gv-chain-db-'), tempDir('gv-chain-n-'), tempDir('gv-chain-s-'), tempDir('gv-chain-cn-'), tempDir('gv-chain-cs-')];
  const servers: StoreServer[] = [];
  const cores: Core[] = [];
  let cluster: EmbeddedCluster;
  let sandbox: Sandbox;

  afterAll(async () => {
    for (const core of cores) await core.close();
    for (const s of servers) await s.close();
    await cluster?.stop();
    await sandbox?.close();
    for (const d of dirs) d.cleanup();
  });

  it('shows every store of the database, each with its own counters, sales and wallet', async () => {
    sandbox = await startSandbox({ tickMs: 60_000 });
    cluster = await startEmbeddedCluster(dirs[0]!.path, silentLogger);
    for (const [i, storeId] of ['north', 'south'].entries()) {
      const server = await startSandboxStoreServer(sandbox, {
        host: '127.0.0.1',
        dataDir: dirs[1 + i]!.path,
        databaseUrl: cluster.url,
        storeId,
        storeName: `Store ${storeId}`,
        // The chain's stores share one database, so one vault key (STORE_VAULT_KEY in production).
        vaultKey: TEST_VAULT_KEY,
      });
      servers.push(server);
      const dataDir = dirs[3 + i]!.path;
      const storeLink = await pairWithStore({ url: server.url, code: await newPairingCode(server.pool, storeId), counterName: `${storeId} till` });
      const core = await createCore({ dataDir, secretStore: fakeSecretStore(), settingsBackend: jsonFileBackend(join(dataDir, 'settings.json')), logger: silentLogger, quietStart: true, storeLink });
      cores.push(core);
      await core.ready();
      const bridge = createBridge(core, { version: 'test', logger: silentLogger });
      const ok = async (m: string, p: unknown = {}) => {
        const r = (await bridge.invoke(m, p)) as { ok: boolean; data?: any; error?: unknown };
        if (!r.ok) throw new Error(`${storeId} ${m}: ${JSON.stringify(r.error)}`);
        return r.data;
      };
      // Each store has its own manager: staff are per store, not per chain.
      const manager = await ok('staff.setupFirstManager', { name: `Manager ${storeId}`, pin: '2580' });
      await ok('staff.signIn', { staffId: manager.id, pin: '2580' });
      await ok('shift.open', { openingFloatPaise: 0 });
      const paise = (i + 1) * 50_000;
      expect((await ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: paise, tenders: [{ method: 'CASH', amountPaise: paise }] })).state).toBe('SUCCESS');
      await ok('report.endOfDay', { day: istDay(Date.now()) });
      await ok('shift.close', { countedCashPaise: paise });
    }
    // Both drawers' checks have reached the database.
    for (let tries = 0; (await servers[0]!.pool.query('SELECT 1 FROM counter_day_checks')).rowCount! < 2; tries++) {
      if (tries > 200) throw new Error('the day checks did not arrive');
      await new Promise((r) => setTimeout(r, 100));
    }

    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src-main/store-server/cli.ts', 'chain-day', '--database-url', cluster.url, '--json']);
    const chain = JSON.parse(stdout) as { day: string; stores: { storeId: string; name: string; completed: number; completedPaise: number; counters: { name: string }[]; discrepancies: { kind: string }[] }[] };
    expect(chain.day).toBe(istDay(Date.now()));
    expect(chain.stores.map((s) => [s.storeId, s.name, s.completed, s.completedPaise, s.counters.map((c) => c.name)])).toEqual([
      ['north', 'Store north', 1, 50_000, ['north till']],
      ['south', 'Store south', 1, 100_000, ['south till']],
    ]);
    // One partner account, one wallet, for both stores: each store's wallet check counts both stores' orders, and matches.
    expect(chain.stores.map((s) => s.discrepancies)).toEqual([[], []]);

    const text = await run(process.execPath, ['--import', 'tsx', 'src-main/store-server/cli.ts', 'chain-day', '--database-url', cluster.url]);
    expect(text.stdout).toMatch(/^Chain day \d{4}-\d{2}-\d{2}: 2 stores/);
    expect(text.stdout).toMatch(/north\s+staging/);
  }, 180_000);
});
