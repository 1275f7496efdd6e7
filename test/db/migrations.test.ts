import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseFromNewerVersionError, migrate, openDatabase, PAGE_CACHE_KIB, type Db } from '../../src-main/db/database.js';
import { SCHEMAS, type DatabaseKind } from '../../src-main/db/migrations/index.js';
import { SqliteSaleJournal } from '../../src-main/orders/journal/sqlite-sale-journal.js';
import { SalesHistory } from '../../src-main/orders/sales/sales-history.js';
import { newSale } from '../orders/journal/journal-fixtures.js';
import { tempDir } from '../support/temp-dir.js';
import { isShadowOrInternal, releasedSchema, writeReleasedFile, type SchemaObject } from './released-files.js';

const KINDS = Object.keys(SCHEMAS) as DatabaseKind[];

/** What each kind of file is for, and so the only tables a new one gets. */
const OWN_TABLES: Record<DatabaseKind, string[]> = {
  app: ['audit_log', 'staff'],
  environment: [
    'brand_snapshots', 'cash_movements', 'kv', 'payment_tenders', 'payments', 'receipt_waivers', 'refund_tenders', 'refunds', 'review_decisions', 'sale_attempts', 'sale_payments', 'sales',
    'sales_day_brand', 'sales_day_state', 'sales_ref_search', 'sales_ref_search_pending', 'shifts', 'store_link_state', 'store_outbox', 'store_outbox_held', 'store_records_outbox', 'vouchers',
    'wallet_readings', 'wallet_topups', 'webhook_events', 'webhook_unrecognised',
  ],
  catalog: ['brand_categories', 'brands', 'brands_fts', 'catalog_pages', 'kv'],
};

const schemaOf = (db: Db): SchemaObject[] =>
  db.prepare('SELECT type, name, tbl_name AS tbl, sql FROM sqlite_master ORDER BY type, name').all() as SchemaObject[];

const tablesOf = (db: Db): string[] => {
  const schema = schemaOf(db);
  return schema.filter((o) => o.type === 'table' && !isShadowOrInternal(o, schema)).map((o) => o.name);
};

describe('database and migrations', () => {
  const dirs: { cleanup(): void }[] = [];
  const fresh = (name = 'pos.db') => {
    const dir = tempDir();
    dirs.push(dir);
    return join(dir.path, name);
  };
  afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

  it('opens with WAL, synchronous=FULL, foreign keys enforced, a 5 s busy timeout and a bounded page cache', () => {
    const db = openDatabase(fresh(), 'environment');
    expect(db.pragma('cache_size', { simple: true })).toBe(-PAGE_CACHE_KIB);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    db.close();
  });

  it.each(KINDS)('gives a new %s file its own tables only, at its latest version', (kind) => {
    const db = openDatabase(fresh(), kind);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMAS[kind].length);
    expect(tablesOf(db)).toEqual(OWN_TABLES[kind]);
    db.close();
  });

  it.each(KINDS)('makes every ordinary table of a %s file STRICT', (kind) => {
    const db = openDatabase(fresh(), kind);
    const schema = schemaOf(db);
    // Full-text tables and the shadow tables SQLite makes for them are not ours to declare.
    const rows = schema.filter((o) => o.type === 'table' && !isShadowOrInternal(o, schema) && !o.sql!.startsWith('CREATE VIRTUAL TABLE'));
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row.sql, row.name).toMatch(/\)\s*(WITHOUT ROWID\s*,\s*)?STRICT(\s*,\s*WITHOUT ROWID)?\s*$/);
    db.close();
  });

  it.each(KINDS)('reopens a %s file without applying anything twice', (kind) => {
    const path = fresh();
    openDatabase(path, kind).close();
    const db = openDatabase(path, kind);
    expect(migrate(db, SCHEMAS[kind])).toBe(SCHEMAS[kind].length);
    expect(tablesOf(db)).toEqual(OWN_TABLES[kind]);
    db.close();
  });

  it.each(KINDS)('refuses a %s file written by a newer version and leaves it untouched', (kind) => {
    const path = fresh();
    const future = SCHEMAS[kind].length + 1;
    const raw = new Database(path);
    raw.pragma(`user_version = ${future}`);
    raw.exec('CREATE TABLE future (x INTEGER) STRICT');
    raw.close();
    expect(() => openDatabase(path, kind)).toThrow(DatabaseFromNewerVersionError);
    const after = new Database(path);
    expect(after.pragma('user_version', { simple: true })).toBe(future);
    expect(after.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all()).toEqual(['future']);
    after.close();
  });

  it('applies migrations in one transaction: a failing step leaves the old version', () => {
    const db = new Database(fresh());
    const failing = [
      ...SCHEMAS.environment,
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
    const db = openDatabase(fresh(), 'app');
    db.prepare("INSERT INTO audit_log (at, actor, action, details, prev_hash, hash) VALUES (1, 'm', 'x', '{}', '', 'h')").run();
    expect(() => db.prepare("UPDATE audit_log SET action = 'y'").run()).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit_log').run()).toThrow(/append-only/);
    db.close();
  });

  it('splits the released all-tables schema between the kinds: nothing lost, nothing added, nothing changed', () => {
    const together = new Map<string, SchemaObject>();
    for (const kind of KINDS) {
      // At the version of the split (3): later versions change a kind's schema on purpose.
      const db = new Database(fresh());
      migrate(db, SCHEMAS[kind].slice(0, 3));
      for (const object of schemaOf(db)) {
        const seen = together.get(object.name);
        // kv is in two kinds: the same table in both.
        if (seen) expect(seen, object.name).toEqual(object);
        together.set(object.name, object);
      }
      db.close();
    }
    const released = releasedSchema(3);
    expect([...together.values()].sort((a, b) => a.name.localeCompare(b.name))).toEqual(released.sort((a, b) => a.name.localeCompare(b.name)));
  });

  describe.each([1, 3] as const)('a file released at version %i (every table in every file)', (version) => {
    it.each(KINDS)('opens as a %s file with that kind’s objects exactly as a new file has them; the other kinds’ tables stay', (kind) => {
      const path = fresh();
      writeReleasedFile(path, version).close();
      const upgraded = openDatabase(path, kind);
      expect(upgraded.pragma('user_version', { simple: true })).toBe(SCHEMAS[kind].length);
      const newFile = openDatabase(fresh(), kind);
      const expected = schemaOf(newFile);
      newFile.close();
      const actual = schemaOf(upgraded);
      upgraded.close();
      const own = new Set(expected.map((o) => o.name));
      // Every object a new file has, with the same definition (indexes and triggers included).
      expect(actual.filter((o) => own.has(o.name))).toEqual(expected);
      // Everything else is the other kinds' (released files hold them, empty), kept as it was;
      // the search-index triggers schema 8 replaced are gone.
      const replaced = new Set(kind === 'environment' ? ['sales_ref_search_insert', 'sales_ref_search_reference', 'sales_ref_search_order'] : []);
      const kept = actual.filter((o) => !own.has(o.name));
      expect(kept).toEqual(releasedSchema(version).filter((o) => !own.has(o.name) && !replaced.has(o.name)));
      expect(kept.length).toBeGreaterThan(0);
    });
  });

  describe('environment schema 2 (journal search and summary indexes)', () => {
    /** A data folder written by the released schema-1 app, with three sales in it. */
    function schemaOneWithSales(): string {
      const path = fresh('training.db');
      const raw = writeReleasedFile(path, 1);
      const insert = raw.prepare(`INSERT INTO sales (id, reference_id, state, product_id, brand_title, brand_snapshot, payload, amount_paise, order_id, created_at, updated_at)
        VALUES (?, ?, ?, 'BRAND_A', 'Brand A', '{}', '{}', ?, ?, ?, ?)`);
      insert.run('s1', 'POS-OLD-ALPHA-7781', 'SUCCESS', 50_000, 'ord_legacy_4242', 1_000, 1_000);
      insert.run('s2', 'POS-OLD-BRAVO-1234', 'REJECTED', 20_000, null, 2_000, 2_000);
      insert.run('s3', 'POS-OLD-100%_CHARLIE', 'SUCCESS', 30_000, 'ord_legacy_9999', 3_000, 3_000);
      raw.close();
      return path;
    }

    it('upgrades a schema-1 journal: existing sales are found by reference and order-id substring', () => {
      const db = openDatabase(schemaOneWithSales(), 'environment');
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMAS.environment.length);
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
      const db = openDatabase(schemaOneWithSales(), 'environment');
      const columns = (index: string) => (db.prepare(`PRAGMA index_info('${index}')`).all() as { name: string }[]).map((c) => c.name);
      expect(columns('sales_by_state')).toEqual(['state', 'created_at', 'amount_paise', 'product_id']);
      // Schema 8 narrowed the brand index back: the summary reads the rollups.
      expect(columns('sales_by_product')).toEqual(['product_id', 'created_at']);
      const summary = new SalesHistory(db).summary(0, 10_000);
      expect(summary.byState).toEqual([
        { state: 'REJECTED', count: 1, amountPaise: 20_000 },
        { state: 'SUCCESS', count: 2, amountPaise: 80_000 },
      ]);
      expect(summary.byBrand).toEqual([{ productId: 'BRAND_A', brandTitle: 'Brand A', count: 2, amountPaise: 80_000 }]);
      db.close();
    });

    it('indexes sales written after the upgrade, and an order id given later', () => {
      const db = openDatabase(schemaOneWithSales(), 'environment');
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

  it('puts a schema-9 journal’s stuck sales, and only those, in schema 10’s attention index on upgrade', () => {
    const path = fresh('training.db');
    const old = new Database(path);
    migrate(old, SCHEMAS.environment.slice(0, 9));
    const insert = old.prepare(`INSERT INTO sales (id, reference_id, state, product_id, brand_title, brand_snapshot, payload, amount_paise, created_at, updated_at)
      VALUES (?, ?, ?, 'BRAND_A', 'Brand A', '{}', '{}', 10000, ?, ?)`);
    const states = ['SUCCESS', 'NEEDS_SUPPORT', 'FAILED', 'IN_DOUBT', 'PROCESSING', 'NEEDS_SUPPORT'];
    states.forEach((state, i) => insert.run(`s${i}`, `POS-UP-${i}`, state, 9_000 - i * 1_000, 9_000 - i * 1_000));
    old.close();
    const db = openDatabase(path, 'environment');
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMAS.environment.length);
    expect(db.prepare("SELECT id FROM sales INDEXED BY sales_stuck WHERE state IN ('IN_DOUBT', 'NEEDS_SUPPORT') ORDER BY created_at").pluck().all()).toEqual(['s5', 's3', 's1']);
    const history = new SalesHistory(db);
    expect(history.needingAttention().map((i) => i.id)).toEqual(['s5', 's3', 's1']);
    expect(history.countNeedingAttention()).toBe(3);
    db.close();
  });
});
