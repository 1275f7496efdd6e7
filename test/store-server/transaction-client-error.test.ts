import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/platform/logger.js';
import { startEmbeddedCluster, type EmbeddedCluster } from '../../src-main/store-server/database/embedded-postgres.js';
import { inTransaction, openPool, type Pool } from '../../src-main/store-server/database/pool.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * PostgreSQL may end a connection while a transaction holds it between two queries (the
 * postmaster crashed, an administrator terminated the backend). The store server must answer
 * that one request with an error, not die of an unhandled 'error' event (found by the store
 * soak: a store server exited when the postmaster was SIGKILLed mid-transaction).
 */
describe('a transaction whose connection PostgreSQL ends between two queries', () => {
  const dir = tempDir('gv-store-txn-');
  let cluster: EmbeddedCluster;
  let pool: Pool;

  beforeAll(async () => {
    cluster = await startEmbeddedCluster(dir.path, silentLogger);
    pool = openPool(cluster.url, silentLogger, 4);
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await cluster?.stop();
    dir.cleanup();
  }, 60_000);

  it('fails that transaction and leaves the pool usable', async () => {
    const failed = inTransaction(pool, async (tx) => {
      const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // Between two queries: no query is there to receive the error, only the client's 'error' event.
      await pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await new Promise((r) => setTimeout(r, 500));
      await tx.query('SELECT 1');
    });
    await expect(failed).rejects.toThrow();
    const after = await pool.query<{ one: number }>('SELECT 1 AS one');
    expect(after.rows[0]!.one).toBe(1);
  }, 30_000);
});
