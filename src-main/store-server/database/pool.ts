import pg from 'pg';
import type { Logger } from '../../platform/logger.js';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

/** A pool whose idle clients' errors (PostgreSQL restarted, a killed backend) are logged, not fatal. */
export function openPool(url: string, logger: Logger, max = 10): Pool {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 });
  pool.on('error', (error) => logger.log('warn', 'postgres.idle_client_error', { error }));
  return pool;
}

/** Runs `work` in one transaction; a thrown error rolls it back and goes up. */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A checked-out client has none of the pool's listeners: PostgreSQL ending the connection
  // between two queries (its postmaster died) would be an unhandled 'error' that ends the
  // process. The next query fails with it instead, and the broken client is not pooled again.
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/**
 * `work`'s reads all see the database as it was at their first one (a read-only REPEATABLE READ
 * transaction): an answer made of several reads (a list and its total, a summary's parts) never
 * mixes rows from before and after a counter's push that lands between them.
 */
export function inSnapshot<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(pool, async (client) => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    return work(client);
  });
}
