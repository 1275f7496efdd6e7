import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseFromNewerVersionError, migrate, openDatabase } from '../../src-main/db/database.js';
import { MIGRATIONS } from '../../src-main/db/migrations/index.js';
import { SqliteSaleJournal } from '../../src-main/orders/journal/sqlite-sale-journal.js';
import { SalesHistory } from '../../src-main/orders/sales/sales-history.js';
import { newSale } from '../orders/journal/journal-fixtures.js';
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
    // Full-text tables and the shadow tables SQLite makes for them are not ours to declare.
    const virtual = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'").pluck().all() as string[]);
    expect(virtual).toEqual(expect.arrayContaining(['brands_fts', 'sales_ref_search']));
    const rows = (db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string; sql: string }[])
      .filter((r) => !virtual.some((v) => r.name === v || r.name.startsWith(`${v}_`)));
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

  describe('schema 2 (journal search and summary indexes)', () => {
    /** A data folder written by the released schema-1 app, with three sales in it. */
    function schemaOneWithSales(): string {
      const path = fresh();
      const raw = new Database(path);
      raw.pragma('journal_mode = WAL');
      expect(migrate(raw, MIGRATIONS.slice(0, 1))).toBe(1);
      const insert = raw.prepare(`INSERT INTO sales (id, reference_id, state, product_id, brand_title, brand_snapshot, payload, amount_paise, order_id, created_at, updated_at)
        VALUES (?, ?, ?, 'BRAND_A', 'Brand A', '{}', '{}', ?, ?, ?, ?)`);
      insert.run('s1', 'POS-OLD-ALPHA-7781', 'SUCCESS', 50_000, 'ord_legacy_4242', 1_000, 1_000);
      insert.run('s2', 'POS-OLD-BRAVO-1234', 'REJECTED', 20_000, null, 2_000, 2_000);
      insert.run('s3', 'POS-OLD-100%_CHARLIE', 'SUCCESS', 30_000, 'ord_legacy_9999', 3_000, 3_000);
      raw.close();
      return path;
    }

    it('upgrades a schema-1 journal: existing sales are found by reference and order-id substring', () => {
      const db = openDatabase(schemaOneWithSales());
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      const history = new SalesHistory(db);
      const ids = (reference: string) => history.list({ reference }).items.map((i) => i.id);
      expect(ids('ALPHA')).toEqual(['s1']);
      expect(ids('bravo-12')).toEqual(['s2']);
      expect(ids('acy_99')).toEqual(['s3']);
      expect(ids('ord_legacy')).toEqual(['s3', 's1']);
      expect(ids('100%_C')).toEqual(['s3']);
      expect(ids('POS-OLD')).toEqual(['s3', 's2', 's1']);
      expect(ids('DELTA')).toEqual([]);
      // Every reference and every order id was indexed, nothing else.
      expect(db.prepare("SELECT count(*) FROM sales_ref_search WHERE sales_ref_search MATCH '\"POS-OLD\"'").pluck().get()).toBe(3);
      expect(db.prepare("SELECT count(*) FROM sales_ref_search WHERE sales_ref_search MATCH '\"ord_legacy\"'").pluck().get()).toBe(2);
      db.close();
    });

    it('keeps the upgraded summary figures and widens the summary indexes to cover them', () => {
      const db = openDatabase(schemaOneWithSales());
      const columns = (index: string) => (db.prepare(`PRAGMA index_info('${index}')`).all() as { name: string }[]).map((c) => c.name);
      expect(columns('sales_by_state')).toEqual(['state', 'created_at', 'amount_paise', 'product_id']);
      expect(columns('sales_by_product')).toEqual(['product_id', 'created_at', 'state', 'amount_paise']);
      const summary = new SalesHistory(db).summary(0, 10_000);
      expect(summary.byState).toEqual([
        { state: 'REJECTED', count: 1, amountPaise: 20_000 },
        { state: 'SUCCESS', count: 2, amountPaise: 80_000 },
      ]);
      expect(summary.byBrand).toEqual([{ productId: 'BRAND_A', brandTitle: 'Brand A', count: 2, amountPaise: 80_000 }]);
      db.close();
    });

    it('indexes sales written after the upgrade, and an order id given later', () => {
      const db = openDatabase(schemaOneWithSales());
      const journal = new SqliteSaleJournal(db, () => 5_000);
      const sale = journal.insertIntent(newSale({ referenceId: 'POS-NEW-ECHO-5555', createdAt: 4_000 }));
      const history = new SalesHistory(db);
      expect(history.list({ reference: 'ECHO' }).items.map((i) => i.id)).toEqual([sale.id]);
      expect(history.list({ reference: 'zulu_77' }).items).toEqual([]);
      journal.transition(sale.id, 'INTENT', 'PROCESSING', { orderId: 'ord_zulu_7788' });
      expect(history.list({ reference: 'ZULU_77' }).items.map((i) => i.id)).toEqual([sale.id]);
      db.close();
    });
  });
});
