import Database from 'better-sqlite3';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { SCHEMAS, type DatabaseKind, type Migration } from './migrations/index.js';

export type Db = Database.Database;

// Imported, so the core bundle (electron.vite.config.ts: coreBundleBuild) carries better-sqlite3's
// JavaScript and a start compiles it from the bundle's code cache, not file by file through
// Node's CommonJS loader (≈ 8 ms of CPU here). Its addon stays a file, named below.
const requireHere = createRequire(import.meta.url);

let nodeModulesAddon: string | null | undefined;
/**
 * The compiled addon that better-sqlite3's own loader (the `bindings` package) finds in a normal
 * install: build/Release beside its lib folder. Named directly, the first open skips that
 * package's search (a stack trace to find its root, then a string of guessed paths), ≈ 2 ms of
 * a start. Loaded here once to know it is there and loads; if not (another build layout, another
 * ABI), null: better-sqlite3 then searches as it always did, and reports what it finds.
 */
function defaultAddon(): string | null {
  if (nodeModulesAddon === undefined) {
    const path = join(dirname(requireHere.resolve('better-sqlite3')), '..', 'build', 'Release', 'better_sqlite3.node');
    try {
      requireHere(path);
      nodeModulesAddon = path;
    } catch {
      nodeModulesAddon = null;
    }
  }
  return nodeModulesAddon;
}

export class DatabaseFromNewerVersionError extends Error {
  constructor(readonly found: number, readonly supported: number) {
    super(
      `This data folder was written by a newer version of the app (schema ${found}, this version understands up to ${supported}). ` +
        'Install the newer version again; nothing was changed.',
    );
    this.name = 'DatabaseFromNewerVersionError';
  }
}

export type { DatabaseKind };

/**
 * Each connection's page cache, in KiB (better-sqlite3 builds SQLite with 16,000). The main
 * process holds about six connections, and each cache fills towards its bound over a counter's
 * first sales and keeps what it took: measured over 1,000 sales (the child of
 * test/bench/memory.bench.ts, 10k brands, 2 runs against 3), RSS grew 20 MB with the default and
 * 5–16 MB with 512 KiB on every connection. A sale touches the right-hand edges of append-only
 * b-trees (a few dozen pages); colder pages are read back from the OS's file cache, which holds
 * them either way. A catalog sync's writer takes a larger cache while it writes
 * (FIRST_SYNC_CACHE_SIZE and REPLACEMENT_CACHE_SIZE in catalog-write-sizes.ts).
 */
export const PAGE_CACHE_KIB = 512;

/**
 * Opens (or creates) a database file of the given kind and brings it to that kind's schema
 * (migrations/index.ts). WAL for concurrent readers, and synchronous=FULL because the order
 * journal must survive a power cut: better-sqlite3's WAL default of NORMAL can lose the last
 * commits, and a lost intent is a lost sale.
 *
 * `nativeBinding`: the Electron shell passes a better-sqlite3 build for Electron's ABI (see
 * shell/tools/prepare-electron-sqlite.ts); plain Node uses the one in node_modules.
 */
export function openDatabase(path: string, kind: DatabaseKind, options: { nativeBinding?: string } = {}): Db {
  const nativeBinding = options.nativeBinding ?? defaultAddon();
  // Without an addon to name, better-sqlite3 searches for one from its own files (the `bindings`
  // package looks beside the caller): the copy in node_modules, not the one bundled into the core.
  const SqliteDatabase = nativeBinding ? Database : (requireHere('better-sqlite3') as typeof Database);
  const db = new SqliteDatabase(path, nativeBinding ? { nativeBinding } : {});
  try {
    // One call: db.pragma() prepares a statement (and wraps it) for each.
    db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA cache_size = -${PAGE_CACHE_KIB}`);
    migrate(db, SCHEMAS[kind]);
    return db;
  } catch (error) {
    db.close();
    const code = (error as { code?: unknown }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') throw new DatabaseDamagedError(path, code);
    throw error;
  }
}

/**
 * SQLite's own words ("file is not a database") name neither the file nor what to do; the
 * counter shows this message when it cannot start, so it says both.
 */
export class DatabaseDamagedError extends Error {
  readonly code: string;
  constructor(
    readonly path: string,
    sqliteCode: string,
  ) {
    super(
      `The data file ${basename(path)} is damaged or is not a database of this app (${sqliteCode}); it was left as it is. ` +
        `Move it aside or restore it from a backup, then start the app again (${path}).`,
    );
    this.name = 'DatabaseDamagedError';
    this.code = sqliteCode;
  }
}

/** Applies pending migrations, all in one transaction; refuses a database from a newer app. */
export function migrate(db: Db, migrations: readonly Migration[]): number {
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
