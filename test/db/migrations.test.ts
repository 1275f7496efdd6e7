import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseFromNewerVersionError, migrate, openDatabase } from '../../src-main/db/database.js';
import { MIGRATIONS } from '../../src-main/db/migrations/index.js';
import { tempDir } from '../support/temp-dir.js';

describe('database and migrations', () => {
  const dirs: { cleanup(): void }[] = [];
  const fresh = () => {
    const dir = tempDir();
    dirs.push(dir);
    return join(dir.path, 'pos.db');
  };
  afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

  it('opens with WAL and synchronous=FULL and brings a new file to the latest schema', () => {
    const db = openDatabase(fresh());
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all().map((r: any) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['sales', 'sale_attempts', 'vouchers', 'brands', 'staff', 'audit_log', 'kv']));
    db.close();
  });

  it('makes every ordinary table STRICT', () => {
    const db = openDatabase(fresh());
    const rows = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'brands_fts%' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string }[];
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row.sql, row.name).toMatch(/\)\s*(WITHOUT ROWID\s*,\s*)?STRICT(\s*,\s*WITHOUT ROWID)?\s*$/);
    db.close();
  });

  it('is idempotent: reopening applies nothing twice', () => {
    const path = fresh();
    openDatabase(path).close();
    const db = openDatabase(path);
    expect(migrate(db)).toBe(MIGRATIONS.length);
    db.close();
  });

  it('refuses a database written by a newer version and leaves it untouched', () => {
    const path = fresh();
    const raw = new Database(path);
    raw.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    raw.exec('CREATE TABLE future (x INTEGER) STRICT');
    raw.close();
    expect(() => openDatabase(path)).toThrow(DatabaseFromNewerVersionError);
    const after = new Database(path);
    expect(after.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length + 1);
    expect(after.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'sales'").get()).toEqual({ n: 0 });
    after.close();
  });

  it('applies migrations in one transaction: a failing step leaves the old version', () => {
    const db = new Database(fresh());
    const failing = [
      ...MIGRATIONS,
      (d: Database.Database) => {
        d.exec('CREATE TABLE half_done (x INTEGER) STRICT');
        throw new Error('boom');
      },
    ];
    expect(() => migrate(db, failing)).toThrow('boom');
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name IN ('half_done', 'sales')").get()).toEqual({ n: 0 });
    db.close();
  });

  it('keeps the audit log append-only at the database level', () => {
    const db = openDatabase(fresh());
    db.prepare("INSERT INTO audit_log (at, actor, action, details, prev_hash, hash) VALUES (1, 'm', 'x', '{}', '', 'h')").run();
    expect(() => db.prepare("UPDATE audit_log SET action = 'y'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    db.close();
  });
});
