import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, IST_OFFSET_MS, istDay } from '../../src-main/platform/india-time.js';
import { FORBIDDEN } from '../support/screen-words.js';
import { cashTenders } from '../support/till.js';
import type { EndOfDayReport } from '../../src-main/contract/index.js';
import { FAILS, FIXED, PROCESSING, expectReadable, kinds, openCounter, type Counter } from './eod-harness.js';

describe('end of day: a day that balances three ways', () => {
  let c: Counter;
  beforeEach(async () => {
    c = await openCounter();
  });
  afterEach(async () => c.h.close());

  it('matches after a day of cash, split, discounted, refunded and retried sales, and says so for that day later', async () => {
    const { h } = c;
    const openingPaise = h.sandbox.state.wallet.balancePaise;
    await c.sell({ productId: FIXED, amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 100_000 }] });
    await c.sell({ productId: FIXED, amountPaise: 100_000, tenders: [{ method: 'UPI', amountPaise: 60_000, reference: 'UTR-1' }, { method: 'CASH', amountPaise: 40_000 }] });
    await c.sell({ productId: FIXED, amountPaise: 50_000, discountPaise: 5_000, tenders: cashTenders(45_000) });
    const refunded = await c.sell({ productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    await h.ok('sale.refund', { saleId: refunded.id });
    // A failed sale retried with the same payment, failing again and then given back.
    const failed = await c.sell({ productId: FAILS, amountPaise: 25_000, tenders: cashTenders(25_000) });
    const retry = await c.retry(failed.id);
    await h.ok('sale.refund', { saleId: retry.id });
    await c.closeDrawer();

    const lookupsBefore = h.sandbox.requests.list().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/partners/orders/')).length;
    const report = await c.endOfDay();
    expect(report.discrepancies).toEqual([]);
    expect(report.matched).toBe(true);
    expect(report).toMatchObject({ day: c.day, training: true, generatedByName: 'Meera Shah' });
    expect(istDay(report.from)).toBe(c.day);
    expect(report.to - report.from).toBe(DAY_MS);

    expect(report.journal).toEqual({
      byState: [
        { state: 'SUCCESS', count: 3, amountPaise: 200_000 },
        { state: 'FAILED', count: 3, amountPaise: 100_000 },
      ],
      completed: 3,
      completedPaise: 200_000,
      discountPaise: 5_000,
      customerPaysPaise: 195_000,
      walletDebitPaise: 195_000,
      voucherCount: 3,
    });
    // Every sale of the day was asked about, by its order id, and each question kept with the sale.
    expect(report.service).toEqual({ checked: 6, agreed: 6, differed: 0, unreachable: 0 });
    const lookups = h.sandbox.requests.list().filter((r) => r.method === 'GET' && r.path.startsWith('/v1/partners/orders/'));
    expect(lookups.length - lookupsBefore).toBe(6);
    const attempts = h.core.env().journal.attempts(refunded.id);
    expect(attempts.at(-1)).toMatchObject({ kind: 'get', outcome: 'FAILED', requestId: expect.any(String) });

    // The wallet was read again for today's close: it spent what the completed sales cost it.
    expect(report.wallet).toEqual({
      openingBalancePaise: openingPaise,
      openingReadAt: expect.any(Number),
      closingBalancePaise: openingPaise - 195_000,
      closingReadAt: report.generatedAt,
      topUpsPaise: 0,
      spentPaise: 195_000,
      expectedSpentPaise: 195_000,
    });
    expect(h.sandbox.state.wallet.balancePaise).toBe(openingPaise - 195_000);

    expect(report.tenders).toEqual({
      byTender: [
        { method: 'CASH', count: 5, takenPaise: 210_000, refundedPaise: 75_000, netPaise: 135_000 },
        { method: 'UPI', count: 1, takenPaise: 60_000, refundedPaise: 0, netPaise: 60_000 },
        { method: 'CARD', count: 0, takenPaise: 0, refundedPaise: 0, netPaise: 0 },
        { method: 'OTHER', count: 0, takenPaise: 0, refundedPaise: 0, netPaise: 0 },
      ],
      takenPaise: 270_000,
      refundedPaise: 75_000,
      netPaise: 195_000,
      expectedNetPaise: 195_000,
    });
    expect(report.byCashier).toEqual([{ staffId: c.ids.cashierId, name: 'Ravi Kumar', payments: 5, takenPaise: 270_000, refundedPaise: 75_000, netPaise: 195_000 }]);
    expect(report.shifts).toEqual([
      { id: expect.any(String), counter: expect.any(String), openedAt: expect.any(Number), closedAt: expect.any(Number), expectedCashPaise: 135_000, countedCashPaise: 135_000, overShortPaise: 0 },
    ]);

    const audit = h.core.audit.list({ limit: 100 }).filter((e) => e.action === 'report.end_of_day');
    expect(audit).toEqual([expect.objectContaining({ actor: c.ids.managerId, details: expect.objectContaining({ day: c.day, matched: true, discrepancies: 0 }) })]);

    // The next morning the same day still matches, from its own last reading (no new one is taken).
    h.clock.advance(DAY_MS);
    const walletReads = () => h.sandbox.requests.list().filter((r) => r.path === '/v1/partners/wallet/balance').length;
    const readsBefore = walletReads();
    const later = await c.endOfDay(c.day);
    expect(later.discrepancies).toEqual([]);
    expect(walletReads()).toBe(readsBefore);
    expect(later.wallet).toMatchObject({ spentPaise: 195_000, expectedSpentPaise: 195_000 });
    expect(later.wallet.closingReadAt).toBe(report.wallet.closingReadAt);
  });

  it('a customer back after midnight for their money, and a retry the next morning: both days still match', async () => {
    const { h } = c;
    await c.sell({ productId: FIXED, amountPaise: 50_000, tenders: cashTenders(50_000) });
    const failedLate = await c.sell({ productId: FAILS, amountPaise: 30_000, tenders: cashTenders(30_000) });
    const retriedNextDay = await c.sell({ productId: FAILS, amountPaise: 20_000, tenders: cashTenders(20_000) });
    expect([failedLate.state, retriedNextDay.state]).toEqual(['FAILED', 'FAILED']);
    await c.closeDrawer();

    // The next morning, a new drawer: one customer is given their 300 back, the other's sale is
    // retried with the payment taken yesterday, fails again, and its 200 are given back.
    const sinceMidnight = (h.clock.now() + IST_OFFSET_MS) % DAY_MS;
    h.clock.advance(DAY_MS - sinceMidnight + 9 * 3_600_000);
    const nextDay = istDay(h.clock.now());
    expect(nextDay).not.toBe(c.day);
    await c.asCashier();
    await h.ok('shift.open', { openingFloatPaise: 100_000 });
    await h.ok('sale.refund', { saleId: failedLate.id });
    const retry = await c.retry(retriedNextDay.id);
    expect(retry.state).toBe('FAILED');
    await h.ok('sale.refund', { saleId: retry.id });
    await c.closeDrawer();

    // The first day held both payments when it closed; the second gave them back.
    const first = await c.endOfDay(c.day);
    expect(first.discrepancies).toEqual([]);
    expect(first.tenders).toMatchObject({ takenPaise: 100_000, refundedPaise: 0, netPaise: 100_000, expectedNetPaise: 100_000 });
    const second = await c.endOfDay(nextDay);
    expect(second.discrepancies).toEqual([]);
    expect(second.tenders).toMatchObject({ takenPaise: 0, refundedPaise: 50_000, netPaise: -50_000, expectedNetPaise: -50_000 });
    expect(second.shifts).toEqual([expect.objectContaining({ expectedCashPaise: 50_000, overShortPaise: 0 })]);
  });

  it('refuses a day that is not a date, or has not begun, and records nothing', async () => {
    await c.asManager();
    const auditBefore = c.h.core.audit.list({ limit: 1000 }).length;
    for (const day of ['2026-02-30', '2026-13-01', istDay(c.h.clock.now() + DAY_MS)]) {
      const refused = await c.h.call('report.endOfDay', { day });
      expect(refused, day).toMatchObject({ ok: false, error: { code: 'INVALID_DAY', fields: [{ field: 'day' }] } });
    }
    expect(c.h.core.audit.list({ limit: 1000 }).length).toBe(auditBefore);
    // A cashier may not run it.
    await c.asCashier();
    expect(await c.h.call('report.endOfDay', { day: c.day })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});

describe('end of day: each planted discrepancy is found, with what to do', () => {
  let c: Counter;
  beforeEach(async () => {
    c = await openCounter();
    await c.sell({ productId: FIXED, amountPaise: 50_000, tenders: cashTenders(50_000) });
  });
  afterEach(async () => c.h.close());

  it('an order placed on the service directly (not through this counter) shows as wallet movement', async () => {
    const before = c.h.sandbox.state.wallet.balancePaise;
    const body = { productId: FIXED, referenceId: 'PORTAL-ORDER-1', amount: 250, denominationDetails: [{ denomination: 250, quantity: 1 }] };
    const placed = await c.h.core.env().client.placeOrder(body, crypto.randomUUID());
    expect(placed.kind).toBe('accepted');
    expect(c.h.sandbox.state.wallet.balancePaise).toBe(before - 25_000);
    c.h.clock.advance(60_000);
    await c.closeDrawer();

    const report = await c.endOfDay();
    expect(report.matched).toBe(false);
    expect(kinds(report)).toEqual(['WALLET_MOVEMENT']);
    expect(report.discrepancies[0]).toMatchObject({ amountPaise: 25_000, saleId: null, message: expect.stringContaining('outside this counter') });
    expect(report.wallet).toMatchObject({ spentPaise: 75_000, expectedSpentPaise: 50_000 });
    expect(report.service).toMatchObject({ checked: 1, agreed: 1 });
    expectReadable(report);
  });

  it('a top-up made at the service but not entered shows as wallet movement, and matches once it is entered', async () => {
    const balance = c.h.sandbox.state.wallet.balancePaise;
    await c.control('PUT', '/wallet', { balance: (balance + 100_000) / 100 });
    c.h.clock.advance(60_000);
    await c.closeDrawer();

    const report = await c.endOfDay();
    expect(kinds(report)).toEqual(['WALLET_MOVEMENT']);
    expect(report.discrepancies[0]).toMatchObject({ amountPaise: -100_000, action: expect.stringContaining('Enter the top-up') });
    expect(report.wallet).toMatchObject({ spentPaise: -50_000, expectedSpentPaise: 50_000, topUpsPaise: 0 });

    const view = await c.h.ok('wallet.recordTopUp', { amountPaise: 100_000, reference: 'NEFT-77' });
    expect(view.balancePaise).toBe(balance + 100_000);
    expect(c.h.core.audit.list({ limit: 100 }).filter((e) => e.action === 'wallet.top_up_recorded')).toEqual([
      expect.objectContaining({ actor: c.ids.managerId, details: expect.objectContaining({ amountPaise: 100_000, reference: 'NEFT-77' }) }),
    ]);
    c.h.clock.advance(60_000);
    const after = await c.endOfDay();
    expect(after.discrepancies).toEqual([]);
    expect(after.wallet).toMatchObject({ topUpsPaise: 100_000, spentPaise: 50_000, expectedSpentPaise: 50_000 });

    // The same top-up cannot be entered twice, nor one dated in the future; nothing is written.
    const topUps = () => c.h.core.env().db.prepare('SELECT count(*) AS n FROM wallet_topups').get() as { n: number };
    expect(await c.h.call('wallet.recordTopUp', { amountPaise: 100_000, reference: 'neft-77' })).toMatchObject({ ok: false, error: { code: 'INVALID_TOP_UP', fields: [{ field: 'reference' }] } });
    expect(await c.h.call('wallet.recordTopUp', { amountPaise: 100_000, reference: 'NEFT-78', at: c.h.clock.now() + DAY_MS })).toMatchObject({ ok: false, error: { code: 'INVALID_TOP_UP', fields: [{ field: 'at' }] } });
    expect(topUps().n).toBe(1);
    await c.asCashier();
    expect(await c.h.call('wallet.recordTopUp', { amountPaise: 100, reference: 'X' })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('a completed sale with no payment recorded is a missing tender', async () => {
    const unpaid = await c.sell({ productId: FIXED, amountPaise: 100_000, tenders: [{ method: 'UPI', amountPaise: 100_000, reference: 'UTR-9' }] });
    await c.closeDrawer();
    const db = c.h.core.env().db;
    db.transaction(() => {
      const { payment_id } = db.prepare('SELECT payment_id FROM sale_payments WHERE sale_id = ?').get(unpaid.id) as { payment_id: string };
      db.prepare('DELETE FROM payment_tenders WHERE payment_id = ?').run(payment_id);
      db.prepare('DELETE FROM sale_payments WHERE payment_id = ?').run(payment_id);
      db.prepare('DELETE FROM payments WHERE id = ?').run(payment_id);
    })();

    const report = await c.endOfDay();
    expect(kinds(report)).toEqual(['TENDER_MISSING']);
    expect(report.discrepancies[0]).toMatchObject({ saleId: unpaid.id, referenceId: unpaid.referenceId, amountPaise: 100_000, message: expect.stringContaining('no payment was recorded') });
    expect(report.tenders).toMatchObject({ takenPaise: 50_000, netPaise: 50_000, expectedNetPaise: 150_000 });
    expectReadable(report);
  });

  it('a sale still processing is unsettled; once the service finishes it the counter is behind; Check now brings it level', async () => {
    const pending = await c.sell({ productId: PROCESSING, amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(pending.state).toBe('PROCESSING');
    await c.closeDrawer();

    const report = await c.endOfDay();
    expect(kinds(report)).toEqual(['UNSETTLED']);
    expect(report.discrepancies[0]).toMatchObject({ saleId: pending.id, message: expect.stringContaining('is still processing'), action: expect.stringContaining('Keep the customer’s payment on hold') });
    // Its payment is on hold, and the service holds the wallet charged for it: no other discrepancy.
    expect(report.tenders).toMatchObject({ netPaise: 100_000, expectedNetPaise: 100_000 });
    expect(report.wallet).toMatchObject({ spentPaise: 100_000, expectedSpentPaise: 100_000 });

    await c.control('POST', '/advance', { seconds: 200 });
    const behind = await c.endOfDay();
    expect(kinds(behind)).toEqual(['SERVICE_DIFFERS']);
    expect(behind.discrepancies[0]).toMatchObject({ saleId: pending.id, message: expect.stringContaining('the service says completed'), action: expect.stringContaining('Check now') });

    await c.h.ok('sale.checkNow', { saleId: pending.id });
    const level = await c.endOfDay();
    expect(level.discrepancies).toEqual([]);
  });

  it('a failed sale whose money was not given back is a refund due', async () => {
    const failed = await c.sell({ productId: FAILS, amountPaise: 30_000, tenders: cashTenders(30_000) });
    await c.closeDrawer();
    const report = await c.endOfDay();
    expect(kinds(report)).toEqual(['REFUND_DUE']);
    expect(report.discrepancies[0]).toMatchObject({ saleId: failed.id, amountPaise: 30_000, action: expect.stringContaining('Give the money back') });
  });

  it('a sale rung up while the service is being asked is in none of the day’s figures, not in its tenders alone', async () => {
    await c.asManager();
    // The service takes its time answering the check's questions about the day's sale.
    await c.control('POST', '/faults', { kind: 'delay', stage: 'before', ms: 1_500, count: 10, match: { method: 'GET', path: '/v1/partners/orders/*' } });
    const checking = c.h.ok('report.endOfDay', { day: c.day }) as Promise<EndOfDayReport>;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Meanwhile the manager sells at the counter: its payment is taken at once.
    const during = await c.h.ok('sale.place', { productId: FIXED, amountPaise: 20_000, tenders: cashTenders(20_000) });
    expect(during.state).toBe('SUCCESS');
    const report = await checking;
    expect(report.discrepancies.filter((d) => d.kind !== 'DRAWER')).toEqual([]);
    expect(report.journal.completed).toBe(1);
    expect(report.tenders).toMatchObject({ netPaise: 50_000, expectedNetPaise: 50_000 });
    // The next check sees it everywhere.
    await c.control('DELETE', '/faults');
    const after = await c.endOfDay();
    expect(after.journal.completed).toBe(2);
    expect(after.tenders).toMatchObject({ netPaise: 70_000, expectedNetPaise: 70_000 });
  });

  it('a drawer left open, and one closed short, are drawer discrepancies', async () => {
    const open = await c.endOfDay();
    expect(kinds(open)).toEqual(['DRAWER']);
    expect(open.discrepancies[0]!.message).toContain('is still open');
    expect(open.shifts).toEqual([expect.objectContaining({ closedAt: null, expectedCashPaise: 50_000, countedCashPaise: null, overShortPaise: null })]);

    await c.asCashier();
    await c.closeDrawer(-1_000);
    const short = await c.endOfDay();
    expect(kinds(short)).toEqual(['DRAWER']);
    expect(short.discrepancies[0]).toMatchObject({ amountPaise: -1_000, message: expect.stringContaining('₹10 short') });
  });

  it('a sale the service cannot be asked about is unreachable; one it does not know is unknown', async () => {
    await c.closeDrawer();
    await c.control('POST', '/faults', { kind: 'error-5xx', count: 20, match: { method: 'GET', path: '/v1/partners/orders/*' } });
    const unreachable = await c.endOfDay();
    expect(kinds(unreachable)).toEqual(['SERVICE_UNREACHABLE']);
    expect(unreachable.service).toMatchObject({ checked: 1, unreachable: 1 });
    await c.control('DELETE', '/faults');

    const db = c.h.core.env().db;
    const sale = db.prepare("SELECT id FROM sales WHERE state = 'SUCCESS'").get() as { id: string };
    db.prepare("UPDATE sales SET order_id = 'ord_never_placed' WHERE id = ?").run(sale.id);
    const unknown = await c.endOfDay();
    // The service knows no such order, so it charged nothing for it either: the wallet spent more than the sales it knows.
    expect(kinds(unknown).sort()).toEqual(['SERVICE_UNKNOWN', 'WALLET_MOVEMENT']);
    expectReadable(unknown);
  });

  it('words every discrepancy for people: no developer words', async () => {
    await c.sell({ productId: FAILS, amountPaise: 30_000, tenders: cashTenders(30_000) });
    await c.sell({ productId: PROCESSING, amountPaise: 50_000, tenders: cashTenders(50_000) });
    await c.control('PUT', '/wallet', { balance: c.h.sandbox.state.wallet.balancePaise / 100 + 10 });
    const report = await c.endOfDay();
    expect(new Set(kinds(report))).toEqual(new Set(['REFUND_DUE', 'UNSETTLED', 'WALLET_MOVEMENT', 'DRAWER']));
    for (const d of report.discrepancies) {
      for (const { word, pattern } of FORBIDDEN) {
        expect(d.message, `${d.kind} message has ${word}`).not.toMatch(pattern);
        expect(d.action, `${d.kind} action has ${word}`).not.toMatch(pattern);
      }
    }
  });
});
