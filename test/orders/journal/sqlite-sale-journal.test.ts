import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../src-main/db/database.js';
import { canTransition, SALE_STATES, type SaleState } from '../../../src-main/orders/journal/sale-state.js';
import { SqliteSaleJournal } from '../../../src-main/orders/journal/sqlite-sale-journal.js';
import { tempDir } from '../../support/temp-dir.js';
import { newSale } from './journal-fixtures.js';

describe('the order journal on SQLite', () => {
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let journal: SqliteSaleJournal;
  let now = 1_000;

  beforeEach(() => {
    dir = tempDir();
    db = openDatabase(join(dir.path, 'pos.db'), 'environment');
    journal = new SqliteSaleJournal(db, () => now);
  });
  afterEach(() => {
    db.close();
    dir.cleanup();
  });

  it('commits an intent that survives reopening the database', () => {
    const sale = journal.insertIntent(newSale());
    db.close();
    db = openDatabase(join(dir.path, 'pos.db'), 'environment');
    journal = new SqliteSaleJournal(db, () => now);
    const again = journal.get(sale.id)!;
    expect(again.state).toBe('INTENT');
    expect(again.payload).toEqual(sale.payload);
    expect(again.brandSnapshot.title).toBe('Test · Fixed denominations');
    expect(journal.unfinished().map((s) => s.id)).toEqual([sale.id]);
  });

  it('commits the first send (request id, placing time) with the intent, in one durable write', () => {
    const sale = journal.insertIntent(newSale(), { requestId: 'req-first', at: 1_500 });
    expect(sale.placedAt).toBe(1_500);
    db.close();
    db = openDatabase(join(dir.path, 'pos.db'), 'environment');
    journal = new SqliteSaleJournal(db, () => now);
    expect(journal.get(sale.id)!.placedAt).toBe(1_500);
    expect(journal.attempts(sale.id).map((a) => [a.seq, a.kind, a.requestId, a.startedAt, a.outcome])).toEqual([[1, 'place', 'req-first', 1_500, null]]);
    // A later attempt numbers on from it.
    expect(journal.beginAttempt(sale.id, 'lookup', 'req-2', 2_000)).toBe(2);
  });

  it('leaves no half intent when the first send cannot be journaled', () => {
    const sale = newSale();
    db.exec("CREATE TRIGGER no_attempts BEFORE INSERT ON sale_attempts BEGIN SELECT RAISE(ABORT, 'disk says no'); END");
    expect(() => journal.insertIntent(sale, { requestId: 'req-x', at: 1 })).toThrow('disk says no');
    expect(journal.get(sale.id)).toBeUndefined();
  });

  it('closes the answered attempt with the move, and even when the move is refused', () => {
    const sale = journal.insertIntent(newSale(), { requestId: 'req-1', at: 1 });
    const moved = journal.transition(sale.id, 'INTENT', 'SUCCESS', { orderId: 'ord_1' }, [], { seq: 1, at: 5, outcome: 'HTTP 2xx SUCCESS' });
    expect(moved.applied).toBe(true);
    const seq = journal.beginAttempt(sale.id, 'get', 'req-2', 6);
    const refused = journal.transition(sale.id, 'INTENT', 'FAILED', {}, [], { seq, at: 7, outcome: 'HTTP 2xx FAILED' });
    expect(refused.applied).toBe(false);
    expect(refused.record.state).toBe('SUCCESS');
    expect(journal.attempts(sale.id).map((a) => [a.seq, a.finishedAt, a.outcome])).toEqual([
      [1, 5, 'HTTP 2xx SUCCESS'],
      [2, 7, 'HTTP 2xx FAILED'],
    ]);
  });

  it('refuses a second sale with the same referenceId', () => {
    const first = newSale();
    journal.insertIntent(first);
    expect(() => journal.insertIntent(newSale({ referenceId: first.referenceId }))).toThrow(/UNIQUE/);
  });

  it('moves forward along allowed transitions only', () => {
    const sale = journal.insertIntent(newSale());
    now = 2_000;
    const processing = journal.transition(sale.id, 'INTENT', 'PROCESSING', { orderId: 'ord_1', placedAt: 1_500 });
    expect(processing.applied).toBe(true);
    expect(processing.record).toMatchObject({ state: 'PROCESSING', orderId: 'ord_1', placedAt: 1_500, updatedAt: 2_000 });
    const backwards = journal.transition(sale.id, 'PROCESSING', 'INTENT', {});
    expect(backwards.applied).toBe(false);
    expect(journal.get(sale.id)!.state).toBe('PROCESSING');
  });

  it('does not apply a transition from a state the row has already left (a racing poll and webhook)', () => {
    const sale = journal.insertIntent(newSale());
    journal.transition(sale.id, 'INTENT', 'PROCESSING', { orderId: 'ord_2' });
    expect(journal.transition(sale.id, 'PROCESSING', 'SUCCESS', {}).applied).toBe(true);
    const late = journal.transition(sale.id, 'PROCESSING', 'NEEDS_SUPPORT', { supportReason: 'late' });
    expect(late.applied).toBe(false);
    expect(late.record.state).toBe('SUCCESS');
    expect(late.record.supportReason).toBeNull();
  });

  it('stores vouchers in the same transaction as SUCCESS', () => {
    const sale = journal.insertIntent(newSale({ quantity: 2 }));
    journal.transition(sale.id, 'INTENT', 'SUCCESS', { orderId: 'ord_3' }, [
      { voucherId: 'v1', cardType: 'PIN_NO_SECURED', cardNumberSealed: null, cardPinSealed: Buffer.from([1, 2]), cardNumberLast4: null, validTill: '2027-11-25', amountPaise: 50_000 },
      { voucherId: 'v2', cardType: 'PIN_NO_SECURED', cardNumberSealed: null, cardPinSealed: Buffer.from([3]), cardNumberLast4: null, validTill: null, amountPaise: 50_000 },
    ]);
    const vouchers = journal.vouchers(sale.id);
    expect(vouchers.map((v) => [v.seq, v.voucherId, v.amountPaise])).toEqual([[1, 'v1', 50_000], [2, 'v2', 50_000]]);
    expect(Buffer.isBuffer(vouchers[0]!.cardPinSealed)).toBe(true);
  });

  it('records attempts with their request ids in order', () => {
    const sale = journal.insertIntent(newSale());
    const a = journal.beginAttempt(sale.id, 'place', 'req-a', 10);
    journal.finishAttempt(sale.id, a, 20, 'unknown TIMEOUT');
    const b = journal.beginAttempt(sale.id, 'lookup', 'req-b', 30);
    expect([a, b]).toEqual([1, 2]);
    expect(journal.attempts(sale.id).map((x) => [x.kind, x.requestId, x.outcome])).toEqual([
      ['place', 'req-a', 'unknown TIMEOUT'],
      ['lookup', 'req-b', null],
    ]);
  });

  it('hands back from each commit the sale exactly as stored (the row its own statement wrote)', () => {
    const sale = journal.insertIntent(newSale({ customerPhone: '9876543210' }), { requestId: 'req-1', at: 1_200 });
    expect(sale).toStrictEqual(journal.get(sale.id));
    now = 2_000;
    const moved = journal.transition(sale.id, 'INTENT', 'SUCCESS', { orderId: 'ord_1', nextCheckAt: null }, [], { seq: 1, at: 1_900, outcome: 'HTTP 2xx SUCCESS' });
    expect(moved.applied).toBe(true);
    expect(moved.record).toStrictEqual(journal.get(sale.id));
    expect(moved.record).toMatchObject({ state: 'SUCCESS', orderId: 'ord_1', updatedAt: 2_000, receiptOwed: true, placedAt: 1_200 });
    // A refused move hands back the sale as it is, in whatever state it is.
    const refused = journal.transition(sale.id, 'INTENT', 'FAILED', { failureReason: 'x' });
    expect(refused).toStrictEqual({ applied: false, record: journal.get(sale.id) });
    expect(refused.record.state).toBe('SUCCESS');
    expect(() => journal.transition('no-such-sale', 'INTENT', 'SUCCESS', {})).toThrow('No sale no-such-sale');
  });

  it('hands back a sale journaled before snapshots were shared with its own inline snapshot', () => {
    const sale = journal.insertIntent(newSale());
    const inline = JSON.stringify({ ...sale.brandSnapshot, title: 'Kept inline' });
    db.prepare('UPDATE sales SET brand_snapshot = ?, brand_snapshot_id = NULL WHERE id = ?').run(inline, sale.id);
    const moved = journal.transition(sale.id, 'INTENT', 'IN_DOUBT', {});
    expect(moved.record.brandSnapshot.title).toBe('Kept inline');
    expect(moved.record).toStrictEqual(journal.get(sale.id));
  });

  it('lists only INTENT, IN_DOUBT and PROCESSING as unfinished', () => {
    const states: SaleState[] = ['INTENT', 'IN_DOUBT', 'PROCESSING', 'SUCCESS', 'REJECTED'];
    const ids = states.map((state) => {
      const sale = journal.insertIntent(newSale());
      if (state !== 'INTENT') journal.transition(sale.id, 'INTENT', state, {});
      return sale.id;
    });
    expect(journal.unfinished().map((s) => s.id).sort()).toEqual(ids.slice(0, 3).sort());
  });

  it('counts prints', () => {
    const sale = journal.insertIntent(newSale());
    expect(journal.incrementPrintCount(sale.id)).toBe(1);
    expect(journal.incrementPrintCount(sale.id)).toBe(2);
  });

  it('has a transition table that never leaves a terminal state and never returns to INTENT', () => {
    for (const from of SALE_STATES) {
      expect(canTransition(from, 'INTENT')).toBe(false);
      expect(canTransition(from, from)).toBe(false);
    }
    for (const terminal of ['FAILED', 'REJECTED', 'CANCELLED', 'REVERSED'] as const) {
      expect(SALE_STATES.filter((to) => canTransition(terminal, to))).toEqual([]);
    }
  });
});
