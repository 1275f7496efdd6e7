import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStoreServer } from '../../src-main/store-server/server.js';
import { silentLogger } from '../../src-main/platform/logger.js';
import { http, SANDBOX_CREDENTIALS, sql, startSandboxCluster, startStore, type SandboxCluster } from './store-harness.js';

/**
 * The store database's schema: brought up by whichever replica gets there first (the others
 * wait on the advisory lock and find it done), and refused when a newer build migrated it.
 */
const MIGRATIONS = readdirSync(new URL('../../src-main/store-server/database/migrations', import.meta.url))
  .filter((f) => f.endsWith('.sql'))
  .map((f) => f.replace(/\.sql$/, ''))
  .sort();

describe('the store database’s migrations', () => {
  let sandboxCluster: SandboxCluster;

  beforeAll(async () => {
    sandboxCluster = await startSandboxCluster();
  }, 60_000);

  afterAll(() => sandboxCluster?.close(), 30_000);

  it('lets three store servers started at once on one fresh database all start, the schema migrated once', async () => {
    const url = await sandboxCluster.cluster.freshDatabase('together');
    const started = await Promise.allSettled([startStore(sandboxCluster.sandbox, url), startStore(sandboxCluster.sandbox, url), startStore(sandboxCluster.sandbox, url, { storeId: 'north' })]);
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(started.filter((s) => s.status === 'rejected')).toEqual([]);
      for (const server of servers) expect((await http(`${server.url}/health`)).json).toMatchObject({ database: 'ok' });
      const applied = await sql<{ name: string }>(url, 'SELECT name FROM pgmigrations ORDER BY name');
      expect(applied.map((r) => r.name)).toEqual(MIGRATIONS);
      expect((await sql<{ id: string }>(url, 'SELECT id FROM stores ORDER BY id')).map((r) => r.id)).toEqual(['main', 'north']);
    } finally {
      for (const server of servers) await server.close();
    }
  });

  it('refuses a database a newer store server migrated, with the sentence, and changes nothing in it', async () => {
    const url = await sandboxCluster.cluster.freshDatabase('newer');
    await (await startStore(sandboxCluster.sandbox, url)).close();
    await sql(url, `INSERT INTO pgmigrations (name, run_on) VALUES ('1999999999999_from-a-newer-build', now())`);
    const before = await sql(url, 'SELECT name FROM pgmigrations ORDER BY name');
    await expect(startStore(sandboxCluster.sandbox, url)).rejects.toThrow(
      'The store database was migrated by a newer store server (1999999999999_from-a-newer-build); run that version or newer',
    );
    expect(await sql(url, 'SELECT name FROM pgmigrations ORDER BY name')).toEqual(before);
  });

  it('refuses to serve a store of one environment with another’s credentials', async () => {
    const url = await sandboxCluster.cluster.freshDatabase('environments');
    await (await startStore(sandboxCluster.sandbox, url)).close();
    await expect(
      startStoreServer({
        port: 0,
        host: '127.0.0.1',
        dataDir: '/nonexistent-store-dir',
        partnerBaseUrl: sandboxCluster.sandbox.url,
        ...SANDBOX_CREDENTIALS,
        environment: 'production',
        databaseUrl: url,
        storeId: 'main',
        logger: silentLogger,
      }),
    ).rejects.toThrow("Store main is a staging store; this server was started for production. One database holds one environment's orders per store.");
  });
});
