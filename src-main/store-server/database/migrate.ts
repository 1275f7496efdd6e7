import { fileURLToPath } from 'node:url';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import type { Logger } from '../../platform/logger.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Brings the database to this build's schema. Replicas starting together wait on
 * node-pg-migrate's advisory lock, so one migrates and the others find it done. A database
 * migrated by a newer build is refused: this build would misread it.
 */
export async function migrate(url: string, logger: Logger): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const known = new Set(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')));
    const table = await client.query<{ exists: boolean }>("SELECT to_regclass('public.pgmigrations') IS NOT NULL AS exists");
    if (table.rows[0]?.exists) {
      const applied = await client.query<{ name: string }>('SELECT name FROM pgmigrations');
      const unknown = applied.rows.map((r) => r.name).filter((n) => !known.has(n));
      if (unknown.length > 0) throw new Error(`The store database was migrated by a newer store server (${unknown.join(', ')}); run that version or newer`);
    }
    await runner({
      dbClient: client,
      dir: MIGRATIONS_DIR,
      direction: 'up',
      migrationsTable: 'pgmigrations',
      singleTransaction: true,
      advisoryLockMode: 'wait',
      checkOrder: true,
      log: (message) => logger.log('info', 'store.migration', { message }),
    });
  } finally {
    await client.end();
  }
}
