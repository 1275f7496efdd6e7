import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/db/database.js';
import { SqliteSaleJournal } from '../../../src-main/orders/journal/sqlite-sale-journal.js';
import { SalesHistory } from '../../../src-main/orders/sales/sales-history.js';
import { writeReleasedFile } from '../../db/released-files.js';
import { tempDir } from '../../support/temp-dir.js';
import { newSale } from './journal-fixtures.js';

/** The journal's account of receipts a completed sale still owes the customer (schema 4). */
describe('the journal keeps a completed sale’s unprinted receipt owed until printed or waived', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let journal: SqliteSaleJournal;
  const path = () => join(dir.path, 'training.db');
  const reopen = () => {
    db.close();
    db = openDatabase(path(), 'environment');
    journal = new SqliteSaleJournal(db, () => 9_000);
  };

  beforeEach(() => {
    dir = tempDir();
    db = openDatabase(path(), 'environment');
    journal = new SqliteSaleJournal(db, () => 9_000);
  });
  afterEach(() => {
    db.close();
    dir.cleanup();
  });

  /** A sale moved through `states` from INTENT. */
  function saleThrough(createdAt: number, ...states: Parameters<SqliteSaleJournal['transition']>[2][]) {
    const sale = journal.insertIntent(newSale({ createdAt }));
    let from = sale.state;
    for (const to of states) {
      expect(journal.transition(sale.id, from, to, { orderId: `ord_${sale.id.slice(0, 8)}` }).applied).toBe(true);
      from = to;
    }
    return journal.get(sale.id)!;
  }

  it('owes the receipt from the commit that makes a sale SUCCESS, lists it oldest first, and keeps it across a reopen', () => {
    const later = saleThrough(3_000, 'SUCCESS');
    const viaProcessing = saleThrough(1_000, 'PROCESSING', 'SUCCESS');
    const inDoubtThenSuccess = saleThrough(2_000, 'IN_DOUBT', 'SUCCESS');
    for (const unsettled of [[], ['PROCESSING'], ['IN_DOUBT'], ['FAILED'], ['REJECTED'], ['PROCESSING', 'NEEDS_SUPPORT'], ['CANCELLED']] as const) {
      expect(saleThrough(500, ...unsettled).receiptOwed).toBe(false);
    }
    expect(later).toMatchObject({ state: 'SUCCESS', printCount: 0, receiptOwed: true });
    expect(journal.unprinted().map((s) => s.id)).toEqual([viaProcessing.id, inDoubtThenSuccess.id, later.id]);
    reopen();
    expect(journal.unprinted().map((s) => s.id)).toEqual([viaProcessing.id, inDoubtThenSuccess.id, later.id]);
  });

  it('is settled by the first print (reprints change nothing more) and by a reversal', () => {
    const printed = saleThrough(1_000, 'SUCCESS');
    const reversed = saleThrough(2_000, 'SUCCESS');
    const waiting = saleThrough(3_000, 'SUCCESS');
    expect(journal.incrementPrintCount(printed.id)).toBe(1);
    expect(journal.incrementPrintCount(printed.id)).toBe(2);
    expect(journal.transition(reversed.id, 'SUCCESS', 'REVERSED', {}).applied).toBe(true);
    expect(journal.get(printed.id)!.receiptOwed).toBe(false);
    expect(journal.get(reversed.id)!.receiptOwed).toBe(false);
    expect(journal.unprinted().map((s) => s.id)).toEqual([waiting.id]);
    // A print changes neither the state nor when the sale settled.
    expect(journal.get(printed.id)!.updatedAt).toBe(printed.updatedAt);
  });

  it('records once that the customer left without the receipt, with who approved, when and why, durably', () => {
    const sale = saleThrough(1_000, 'SUCCESS');
    expect(journal.receiptWaiver(sale.id)).toBeUndefined();
    const first = journal.recordReceiptWaiver(sale.id, { at: 5_000, approvedBy: 'manager-1', reason: 'walked out' });
    expect(first.applied).toBe(true);
    expect(first.record).toEqual({ ...sale, receiptOwed: false });
    expect(journal.receiptWaiver(sale.id)).toEqual({ at: 5_000, approvedBy: 'manager-1', reason: 'walked out' });
    const again = journal.recordReceiptWaiver(sale.id, { at: 6_000, approvedBy: 'manager-2', reason: null });
    expect(again).toEqual({ applied: false, record: first.record });
    reopen();
    expect(journal.receiptWaiver(sale.id)).toEqual({ at: 5_000, approvedBy: 'manager-1', reason: 'walked out' });
    expect(journal.unprinted()).toEqual([]);
  });

  it('refuses a waiver for a printed, an unsettled or an unknown sale and changes nothing', () => {
    const printed = saleThrough(1_000, 'SUCCESS');
    journal.incrementPrintCount(printed.id);
    const processing = saleThrough(2_000, 'PROCESSING');
    for (const sale of [printed, processing]) {
      const before = journal.get(sale.id)!;
      expect(journal.recordReceiptWaiver(sale.id, { at: 5_000, approvedBy: 'manager-1', reason: null })).toEqual({ applied: false, record: before });
      expect(journal.receiptWaiver(sale.id)).toBeUndefined();
    }
    expect(() => journal.recordReceiptWaiver('no-such-sale', { at: 5_000, approvedBy: 'manager-1', reason: null })).toThrow('No sale no-such-sale');
  });

  it('puts owed receipts on the manager’s attention list with in-doubt and stuck sales, and takes them off when settled', () => {
    const history = new SalesHistory(db);
    const owed = saleThrough(1_000, 'SUCCESS');
    const inDoubt = saleThrough(2_000, 'IN_DOUBT');
    const toPrint = saleThrough(3_000, 'SUCCESS');
    saleThrough(4_000, 'FAILED');
    expect(history.needingAttention().map((i) => i.id)).toEqual([owed.id, inDoubt.id, toPrint.id]);
    expect(history.countNeedingAttention()).toBe(3);
    journal.incrementPrintCount(toPrint.id);
    journal.recordReceiptWaiver(owed.id, { at: 5_000, approvedBy: 'manager-1', reason: null });
    expect(history.needingAttention().map((i) => i.id)).toEqual([inDoubt.id]);
    expect(history.countNeedingAttention()).toBe(1);
  });

  it('reads owed receipts through the partial index with seeks, never a scan of the journal', () => {
    for (let i = 0; i < 200; i++) saleThrough(i, i % 10 === 0 ? 'IN_DOUBT' : 'SUCCESS');
    for (const sale of journal.unprinted().slice(0, 150)) journal.incrementPrintCount(sale.id);
    // The statements the journal and the history really run, caught as they are prepared.
    const ran: string[] = [];
    const watched = new Proxy(db, {
      get: (target, prop) => (prop === 'prepare' ? (sql: string) => (ran.push(sql), target.prepare(sql)) : (Reflect.get(target, prop) as unknown)),
    });
    expect(new SqliteSaleJournal(watched, () => 9_000).unprinted()).toHaveLength(30);
    expect(new SalesHistory(watched).needingAttention()).toHaveLength(50);
    // A plan does not depend on the values bound (the list's limit is the only `?` here).
    const planOf = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array<number>((sql.match(/\?/g) ?? []).length).fill(200)) as { detail: string }[]).map((r) => r.detail);
    const [unprinted, attention] = ran.filter((sql) => sql.includes('receipt_owed = 1') && sql.startsWith('SELECT')).map(planOf);
    // The brand snapshot each row references (schema 8) is one primary-key seek per row.
    expect(unprinted).toEqual(['SEARCH s USING INDEX sales_receipt_owed (receipt_owed=?)', 'SEARCH b USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN']);
    // Two partial indexes walked in time order and merged (schema 10): no sort of what they found.
    expect(attention!.filter((d) => /^(SEARCH|SCAN|USE TEMP) /.test(d))).toEqual([
      'SCAN sales USING INDEX sales_stuck',
      'SEARCH sales USING INDEX sales_receipt_owed (receipt_owed=?)',
    ]);
    expect(attention).toContain('MERGE (UNION ALL)');
    // Only the owed rows are in the index: printed ones left it.
    expect(db.prepare('SELECT count(*) FROM sales INDEXED BY sales_receipt_owed WHERE receipt_owed = 1').pluck().get()).toBe(30);
    // Only the stuck sales are in theirs.
    const stuck = db.prepare("SELECT count(*) FROM sales WHERE state IN ('IN_DOUBT', 'NEEDS_SUPPORT')").pluck().get();
    expect(db.prepare("SELECT count(*) FROM sales INDEXED BY sales_stuck WHERE state IN ('IN_DOUBT', 'NEEDS_SUPPORT')").pluck().get()).toBe(stuck);
    expect(db.prepare("SELECT count(*) FROM sales WHERE state NOT IN ('IN_DOUBT', 'NEEDS_SUPPORT')").pluck().get()).toBeGreaterThan(stuck as number);
  });

  it('upgrades a released journal without marking its old sales: only sales completed afterwards are owed', () => {
    db.close();
    const legacy = join(dir.path, 'legacy.db');
    const raw = writeReleasedFile(legacy, 3);
    raw
      .prepare(`INSERT INTO sales (id, reference_id, state, product_id, brand_title, brand_snapshot, payload, amount_paise, created_at, updated_at)
        VALUES ('old', 'POS-OLD-1', 'SUCCESS', 'BRAND_A', 'Brand A', '{}', '{}', 50000, 1, 1)`)
      .run();
    raw.close();
    db = openDatabase(legacy, 'environment');
    journal = new SqliteSaleJournal(db, () => 9_000);
    expect(journal.get('old')).toMatchObject({ state: 'SUCCESS', printCount: 0, receiptOwed: false });
    const fresh = saleThrough(2, 'SUCCESS');
    expect(journal.unprinted().map((s) => s.id)).toEqual([fresh.id]);
  });
});
