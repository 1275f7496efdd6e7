import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/db/database.js';
import { SaleSearchIndex } from '../../../src-main/orders/journal/sale-search-index.js';
import { canTransition, SALE_STATES, type SaleState } from '../../../src-main/orders/journal/sale-state.js';
import { SqliteSaleJournal } from '../../../src-main/orders/journal/sqlite-sale-journal.js';
import { SalesHistory } from '../../../src-main/orders/sales/sales-history.js';
import { tempDir } from '../../support/temp-dir.js';
import { FIXED_BRAND, newSale } from './journal-fixtures.js';

/**
 * What schema 8 keeps out of a sale's commits, and how nothing is lost by it: the trigram
 * index caught up afterwards (and at start-up after a crash), the summary's per-day rollups,
 * and brand snapshots stored once.
 */
describe('the journal’s deferred search index, rollups and shared brand snapshots', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let journal: SqliteSaleJournal;
  const path = () => join(dir.path, 'training.db');

  beforeEach(() => {
    dir = tempDir();
    db = openDatabase(path(), 'environment');
    journal = new SqliteSaleJournal(db, () => 5_000);
  });
  afterEach(() => {
    if (db.open) db.close();
    dir.cleanup();
  });

  const queued = () => db.prepare('SELECT count(*) FROM sales_ref_search_pending').pluck().get() as number;
  const indexed = (text: string) => db.prepare('SELECT count(*) FROM sales_ref_search WHERE sales_ref_search MATCH ?').pluck().get(`"${text}"`) as number;
  const found = (reference: string) => new SalesHistory(db).list({ reference }).items.map((i) => i.id);

  it('finds a sale by reference and order-id substring before the index has caught up, and after', () => {
    const sale = journal.insertIntent(newSale({ referenceId: 'POS-T-DEFERRED-4711' }));
    journal.transition(sale.id, 'INTENT', 'SUCCESS', { orderId: 'ord_deferred_0815' });
    // The sale's commits only queued its texts.
    expect(queued()).toBe(2);
    expect(indexed('DEFERRED-47')).toBe(0);
    expect(found('DEFERRED-47')).toEqual([sale.id]);
    expect(found('red_08')).toEqual([sale.id]);

    expect(new SaleSearchIndex(db).catchUp()).toBe(2);
    expect(queued()).toBe(0);
    expect(indexed('DEFERRED-47')).toBe(1);
    expect(indexed('red_08')).toBe(1);
    expect(found('DEFERRED-47')).toEqual([sale.id]);
    expect(found('red_08')).toEqual([sale.id]);
    expect(found('NOT-THERE')).toEqual([]);
  });

  it('after a crash between the sale’s commit and the index update, start-up indexes it, once', () => {
    const sale = journal.insertIntent(newSale({ referenceId: 'POS-T-CRASHED-9001' }));
    journal.transition(sale.id, 'INTENT', 'SUCCESS', { orderId: 'ord_crashed_77' });
    // The process dies here: the catch-up the journal scheduled never runs.
    db.close();

    db = openDatabase(path(), 'environment');
    journal = new SqliteSaleJournal(db, () => 6_000);
    expect(queued()).toBe(0);
    expect(indexed('CRASHED-90')).toBe(1);
    expect(indexed('ashed_77')).toBe(1);
    expect(found('CRASHED-90')).toEqual([sale.id]);
    expect(found('ashed_77')).toEqual([sale.id]);
    // Catching up again (another start, or the timer) adds nothing twice.
    new SqliteSaleJournal(db, () => 7_000);
    expect(new SaleSearchIndex(db).catchUp()).toBe(0);
    expect(indexed('CRASHED-90')).toBe(1);
  });

  it('after a process killed right after the sale’s commit, the next start indexes the sale', () => {
    db.close();
    const child = fileURLToPath(new URL('./fixtures/kill-after-sale.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', child, path(), 'POS-T-KILLED-31337', 'ord_killed_5150'], { encoding: 'utf8' });
    expect(run.signal, run.stderr).toBe('SIGKILL');
    const saleId = run.stdout.trim();
    db = openDatabase(path(), 'environment');
    // Committed and queued, not indexed: the kill came first.
    expect(queued()).toBe(2);
    expect(indexed('KILLED-31')).toBe(0);
    expect(found('KILLED-31')).toEqual([saleId]);
    journal = new SqliteSaleJournal(db, () => 6_000);
    expect(queued()).toBe(0);
    expect(indexed('KILLED-31')).toBe(1);
    expect(indexed('killed_51')).toBe(1);
    expect(found('KILLED-31')).toEqual([saleId]);
    expect(journal.get(saleId)!.state).toBe('SUCCESS');
  });

  it('leaves the queue as it was when the move into the index fails, so nothing is lost or indexed twice', () => {
    const sale = journal.insertIntent(newSale({ referenceId: 'POS-T-FAILEDMOVE-1' }));
    // A write the move cannot make: the index is read-only for this one transaction.
    db.exec("CREATE TEMP TRIGGER refuse BEFORE DELETE ON sales_ref_search_pending BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    expect(() => new SaleSearchIndex(db).catchUp()).toThrow(/disk full/);
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(queued()).toBe(1);
    expect(indexed('FAILEDMOVE')).toBe(0);
    expect(found('FAILEDMOVE')).toEqual([sale.id]);
    db.exec('DROP TRIGGER temp.refuse');
    expect(new SaleSearchIndex(db).catchUp()).toBe(1);
    expect(indexed('FAILEDMOVE')).toBe(1);
  });

  it('catches up on its own shortly after a sale, off the sale’s commit', async () => {
    const sale = journal.insertIntent(newSale({ referenceId: 'POS-T-BYTIMER-42' }));
    expect(queued()).toBe(1);
    await expect.poll(queued, { timeout: 2_000, interval: 20 }).toBe(0);
    expect(indexed('BYTIMER')).toBe(1);
    expect(found('BYTIMER')).toEqual([sale.id]);
  });

  it('stores a brand’s snapshot once while it is unchanged, and a changed one beside it; each sale reads its own', () => {
    const first = journal.insertIntent(newSale());
    const second = journal.insertIntent(newSale());
    const renamed = { ...FIXED_BRAND, title: 'Renamed brand' };
    const third = journal.insertIntent(newSale({ brand: renamed, brandSnapshot: renamed }));
    expect(db.prepare('SELECT count(*) FROM brand_snapshots').pluck().get()).toBe(2);
    expect(journal.get(first.id)!.brandSnapshot).toEqual(FIXED_BRAND);
    expect(journal.get(second.id)!.brandSnapshot).toEqual(FIXED_BRAND);
    expect(journal.get(third.id)!.brandSnapshot).toEqual(renamed);
    // The same snapshot again after a restart is found, not stored twice.
    const restarted = new SqliteSaleJournal(db, () => 6_000);
    const fourth = restarted.insertIntent(newSale({ brand: renamed, brandSnapshot: renamed }));
    expect(db.prepare('SELECT count(*) FROM brand_snapshots').pluck().get()).toBe(2);
    expect(restarted.get(fourth.id)!.brandSnapshot).toEqual(renamed);
  });

  it('forgets a snapshot whose intent was rolled back, so the next sale of that brand still stores it', () => {
    const brand = { ...FIXED_BRAND, id: 'BRAND_NEW', title: 'New brand' };
    expect(() =>
      journal.insertIntent(newSale({ brand, brandSnapshot: brand }), undefined, () => {
        throw new Error('payment refused');
      }),
    ).toThrow('payment refused');
    expect(db.prepare('SELECT count(*) FROM brand_snapshots').pluck().get()).toBe(0);
    const sale = journal.insertIntent(newSale({ brand, brandSnapshot: brand }));
    expect(journal.get(sale.id)!.brandSnapshot).toEqual(brand);
  });

  it('reads sales written before schema 8 with their snapshot inline', () => {
    const old = newSale({ referenceId: 'POS-T-INLINE-1' });
    db.prepare(`INSERT INTO sales (id, reference_id, state, product_id, brand_title, brand_snapshot, payload, amount_paise, created_at, updated_at)
      VALUES (?, ?, 'SUCCESS', ?, ?, ?, ?, ?, ?, ?)`).run(old.id, old.referenceId, old.productId, old.brandTitle, JSON.stringify(old.brandSnapshot), JSON.stringify(old.payload), old.amountPaise, old.createdAt, old.createdAt);
    expect(journal.get(old.id)!.brandSnapshot).toEqual(FIXED_BRAND);
  });

  it('names each brand of the summary by its latest completed sale in the range: a renamed brand shows its new name', () => {
    const at = Date.UTC(2026, 10, 20, 6, 0);
    const sell = (title: string, createdAt: number, state: SaleState = 'SUCCESS') => {
      const brand = { ...FIXED_BRAND, id: 'BRAND_RENAMED', title };
      const sale = journal.insertIntent(newSale({ brand, brandSnapshot: brand, createdAt }));
      journal.transition(sale.id, 'INTENT', state, {});
    };
    sell('Zeta Stores', at);
    sell('Alpha Stores', at + 3_600_000);
    // A later sale that did not complete does not name it.
    sell('Omega Stores', at + 7_200_000, 'FAILED');
    const { byBrand } = new SalesHistory(db).summary(at - 60_000, at + 86_400_000);
    expect(byBrand).toEqual([{ productId: 'BRAND_RENAMED', brandTitle: 'Alpha Stores', count: 2, amountPaise: 2 * newSale({}).amountPaise }]);
    // Within a range that ends before the rename, the name it had then.
    expect(new SalesHistory(db).summary(at - 60_000, at + 60_000).byBrand.map((b) => b.brandTitle)).toEqual(['Zeta Stores']);
  });

  it('keeps the summary from the rollups equal to one computed from the sales, through every kind of change', () => {
    // Sales every 37 minutes over five days, each moved along a random legal path.
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const start = Date.UTC(2026, 10, 20, 3, 17);
    const brands = ['A', 'B', 'C', 'D'].map((b) => ({ ...FIXED_BRAND, id: `BRAND_${b}`, title: `Brand ${b}` }));
    for (let at = start; at < start + 5 * 86_400_000; at += 37 * 60_000) {
      const brand = brands[Math.floor(random() * brands.length)]!;
      let sale = journal.insertIntent(newSale({ brand, brandSnapshot: brand, createdAt: at, denomination: 100 * (1 + Math.floor(random() * 9)) }));
      for (let step = 0; step < 3; step++) {
        const next = SALE_STATES.filter((s) => canTransition(sale.state, s));
        if (next.length === 0 || random() < 0.3) break;
        sale = journal.transition(sale.id, sale.state, next[Math.floor(random() * next.length)]!, {}).record;
      }
    }
    // A sale deleted by hand (support tooling) leaves the rollups too.
    db.prepare("DELETE FROM sales WHERE id = (SELECT id FROM sales WHERE state = 'SUCCESS' ORDER BY created_at LIMIT 1)").run();

    const fromSales = (from: number, to: number) => {
      const range = { from, to };
      const byState = db.prepare('SELECT state, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales WHERE created_at >= @from AND created_at < @to GROUP BY state ORDER BY state').all(range);
      // Each brand here keeps one title, so MAX is the title of its latest completed sale, as the summary names it.
      const byBrand = db.prepare(`SELECT product_id AS productId, MAX(brand_title) AS brandTitle, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales
        WHERE state = 'SUCCESS' AND created_at >= @from AND created_at < @to GROUP BY product_id ORDER BY amountPaise DESC, productId LIMIT 10`).all(range);
      const byHour = db.prepare(`SELECT ((created_at + 19800000) / 3600000) % 24 AS hour, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales
        WHERE state = 'SUCCESS' AND created_at >= @from AND created_at < @to GROUP BY hour ORDER BY hour`).all(range);
      return { byState, byBrand, byHour };
    };
    const history = new SalesHistory(db);
    const ranges: [number, number][] = [[start - 86_400_000, start + 6 * 86_400_000]];
    for (let i = 0; i < 40; i++) {
      const from = start + Math.floor(random() * 5 * 86_400_000) - 3_600_000;
      ranges.push([from, from + Math.floor(random() * 3 * 86_400_000)]);
    }
    // Whole IST days exactly (midnight IST is 18:30 UTC), and an empty range.
    ranges.push([Date.UTC(2026, 10, 20, 18, 30), Date.UTC(2026, 10, 23, 18, 30)], [start, start]);
    for (const [from, to] of ranges) expect(history.summary(from, to), `${from}..${to}`).toEqual(fromSales(from, to));
    expect(db.prepare('SELECT count(*) FROM sales_day_state').pluck().get()).toBeGreaterThan(0);
    const states: SaleState[] = (db.prepare('SELECT DISTINCT state FROM sales').pluck().all() as SaleState[]);
    expect(states.length).toBeGreaterThan(4);
  });
});
