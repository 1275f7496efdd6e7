import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/db/database.js';
import { SqliteSaleJournal } from '../../../src-main/orders/journal/sqlite-sale-journal.js';
import type { SaleListFilter } from '../../../src-main/contract/index.js';
import { SalesHistory } from '../../../src-main/orders/sales/sales-history.js';
import { istDateTimes } from '../../../src-main/platform/india-time.js';
import { tempDir } from '../../support/temp-dir.js';
import { newSale } from '../journal/journal-fixtures.js';
import { DAY, DAY0, fillJournal, parseCsvLine, type ModelRow } from './history-fixtures.js';

/**
 * How the history reaches its rows: through an index for every query, with the statistics
 * a fresh data folder has (none, no ANALYZE), and with the text that would trip a shortcut.
 */
describe('the sales history reads indexes, and its shortcuts keep results exact', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let rows: ModelRow[];
  let journal: SqliteSaleJournal;

  beforeAll(() => {
    dir = tempDir();
    db = openDatabase(join(dir.path, 'history.db'), 'environment');
    journal = new SqliteSaleJournal(db, () => DAY0);
    rows = fillJournal(journal, db);
  });
  afterAll(() => {
    db.close();
    dir.cleanup();
  });

  /** Every statement the history runs for `use`, with its bound parameters and its plan. */
  function plansOf(use: (history: SalesHistory) => unknown): { sql: string; plan: string }[] {
    const seen = new Map<string, unknown[]>();
    const spy = new Proxy(db, {
      get(target, prop) {
        if (prop !== 'prepare') return Reflect.get(target, prop) as unknown;
        return (sql: string) => {
          const stmt = target.prepare(sql);
          for (const name of ['all', 'get', 'iterate'] as const) {
            const real = (stmt[name] as (...a: unknown[]) => unknown).bind(stmt);
            (stmt as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => (seen.set(sql, args), real(...args));
          }
          return stmt;
        };
      },
    });
    const result = use(new SalesHistory(spy));
    // A CSV export runs its statements only as it is read.
    if (result && typeof result === 'object' && Symbol.iterator in result) Array.from(result as Iterable<unknown>);
    return [...seen].map(([sql, args]) => ({
      sql,
      plan: (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail).join('\n'),
    }));
  }

  it('finds a reference substring through the trigram index and a primary-key seek, not a scan', () => {
    const target = rows.find((r) => r.orderId)!;
    const filter: SaleListFilter = { reference: target.referenceId.slice(6, 12) };
    const [statement] = plansOf((h) => h.list(filter));
    expect(statement!.plan).toMatch(/SCAN sales_ref_search VIRTUAL TABLE INDEX \d+:M/);
    expect(statement!.plan).toMatch(/SEARCH sales USING INDEX sqlite_autoindex_sales_1 \(id=\?\)/);
    // Besides the index, the queue of entries not yet moved into it (schema 8), read whole: it
    // holds only the last moments' sales.
    const scans = statement!.plan.split('\n').filter((d) => d.startsWith('SCAN '));
    expect(scans).toEqual([expect.stringMatching(/^SCAN sales_ref_search VIRTUAL TABLE INDEX \d+:M/), 'SCAN sales_ref_search_pending']);
  });

  it('answers one- and two-character searches exactly, without the trigram index (a trigram needs three)', () => {
    const history = new SalesHistory(db);
    for (const text of ['7', 'T-', '%']) {
      const [statement] = plansOf((h) => h.list({ reference: text }));
      expect(statement!.sql).not.toContain('sales_ref_search');
      const want = rows.filter((r) => `${r.referenceId}\n${r.orderId ?? ''}`.toLowerCase().includes(text.toLowerCase()));
      const found: string[] = [];
      for (let page = history.list({ reference: text }, { limit: 100 }); ; page = history.list({ reference: text }, { limit: 100, after: page.next })) {
        found.push(...page.items.map((i) => i.id));
        if (!page.next) break;
      }
      expect(found.sort()).toEqual(want.map((r) => r.id).sort());
    }
  });

  it('treats quotes and query syntax in the search text as text', () => {
    const history = new SalesHistory(db);
    for (const text of ['a"b', '"POS', 'NEAR(x y)', 'POS-T* OR 1', 'ñandú']) expect(history.list({ reference: text }).items).toEqual([]);
  });

  it('reads the summary from the per-day rollups and covering indexes, each with a seek on its first column', () => {
    // From noon to noon: two part-days from the sales, the whole days between from the rollups.
    const plans = plansOf((h) => h.summary(DAY0 + DAY / 2, DAY0 + 3 * DAY + DAY / 2));
    // By state, by brand and by hour from each source, and the titles.
    expect(plans).toHaveLength(7);
    for (const { sql, plan } of plans) {
      const reads = plan.split('\n').filter((d) => /^(SCAN|SEARCH) /.test(d));
      expect(reads.length, sql).toBeGreaterThan(0);
      for (const read of reads) {
        expect(read, sql).toMatch(
          /^SEARCH (sales_day_(state|brand) USING PRIMARY KEY \(day>\? AND day<\?\)|sales USING (COVERING )?INDEX sales_by_(state|product) \((state|product_id)(=|\)))/,
        );
      }
    }
    // Only the title look-up of the ten best brands reads rows.
    expect(plans.filter((p) => !/COVERING|PRIMARY KEY/.test(p.plan)).map((p) => p.sql)).toEqual([expect.stringContaining('SELECT brand_title FROM sales')]);
  });

  it('exports cells with commas, quotes, line breaks and formula starts quoted and defused, cashier names too', () => {
    const sale = journal.insertIntent(newSale({ referenceId: 'POS-T-CSV-CARE', createdAt: DAY0 + 2 * DAY + 1 }));
    journal.transition(sale.id, 'INTENT', 'FAILED', { orderId: 'ord_care', failureReason: 'odd, "quoted"\nreason', errorCode: '@E200' });
    const lines = [...new SalesHistory(db).csv({ reference: 'CSV-CARE' }, () => 'Ravi, "the" =cashier')].join('').trimEnd().split(/\n(?=\d{2}\/)/);
    expect(lines).toHaveLength(2);
    const cells = parseCsvLine(lines[1]!);
    expect(cells).toHaveLength(16);
    expect(cells.slice(1, 5)).toEqual(['Ravi, "the" =cashier', 'POS-T-CSV-CARE', 'ord_care', 'FAILED']);
    expect(cells.slice(14)).toEqual(["'@E200", 'odd, "quoted"\nreason']);
  });

  it('reads each sale’s payment, tenders, refund, retry and vouchers by key when exporting, never by a scan', () => {
    const plans = plansOf((h) => h.csv({ from: DAY0, to: DAY0 + DAY }, () => null));
    // The export, and the read of one row again by rowid for a cell that needs quoting (a brand with a comma).
    expect(plans).toHaveLength(2);
    for (const { sql, plan } of plans) {
      const reads = plan.split('\n').filter((d) => /^(SCAN|SEARCH) /.test(d));
      expect(reads.filter((d) => d.startsWith('SCAN ')), sql).toEqual([]);
      expect(reads[0], sql).toMatch(/^SEARCH sales USING (INDEX sales_by_time|INTEGER PRIMARY KEY)/);
      for (const table of ['sp', 'rf', 'v', 'payment_tenders', 'r', 'rp']) expect(reads.some((d) => d.startsWith(`SEARCH ${table} USING`)), `${table} in ${sql}`).toBe(true);
    }
  });

  it('exports a phone holding a comma and a negative amount exactly', () => {
    const odd = journal.insertIntent(newSale({ referenceId: 'POS-T-CSV-ODD', createdAt: DAY0 + 2 * DAY + 2, customerPhone: '98,7654', amountPaise: -150 }));
    journal.transition(odd.id, 'INTENT', 'REJECTED', { errorCode: 'E102' });
    const lines = [...new SalesHistory(db).csv({ reference: 'CSV-ODD' }, () => '=HYPERLINK("x")')].join('').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(parseCsvLine(lines[1]!)).toEqual([
      istDateTimes()(DAY0 + 2 * DAY + 2), `'=HYPERLINK("x")`, 'POS-T-CSV-ODD', '', 'REJECTED', odd.brandTitle, "'-1.50", '0.00', "'-1.50", '0.00', '0', '', '', '******7654', 'E102', '',
    ]);
  });
});
