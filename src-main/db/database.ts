import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations/index.js';

export type Db = Database.Database;

export class DatabaseFromNewerVersionError extends Error {
  constructor(readonly found: number, readonly supported: number) {
    super(
      `This data folder was written by a newer version of the app (schema ${found}, this version understands up to ${supported}). ` +
        'Install the newer version again; nothing was changed.',
    );
    this.name = 'DatabaseFromNewerVersionError';
  }
}

/**
 * Opens (or creates) the app database. WAL for concurrent readers, and synchronous=FULL
 * because the order journal must survive a power cut: better-sqlite3's WAL default of
 * NORMAL can lose the last commits, and a lost intent is a lost sale.
 */
/**
 * `nativeBinding`: the Electron shell passes a better-sqlite3 build for Electron's ABI (see
 * shell/tools/prepare-electron-sqlite.ts); plain Node uses the one in node_modules.
 */
export function openDatabase(path: string, options: { nativeBinding?: string } = {}): Db {
  const db = new Database(path, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Applies pending migrations, all in one transaction; refuses a database from a newer app. */
export function migrate(db: Db, migrations = MIGRATIONS): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.length;
  if (current > latest) throw new DatabaseFromNewerVersionError(current, latest);
  if (current === latest) return current;
  db.transaction(() => {
    for (let version = current + 1; version <= latest; version++) {
      migrations[version - 1]!(db);
    }
    db.pragma(`user_version = ${latest}`);
  })();
  return latest;
}
