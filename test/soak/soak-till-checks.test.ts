import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { tempDir } from '../support/temp-dir.js';
import { checkTill, type TillChecks } from './soak-till-checks.js';

const FIXED = 'TEST_FIXED_STANDARD';
const FAILS = 'TEST_E200_GENERATION_FAILED';

/**
 * The soak's money checks must catch what they promise to: a short day at the counter through
 * the real bridge holds them all, and each wrong record planted in a copy of its data file is
 * reported by the check that owns it.
 */
describe('the soak’s checks of the customer’s money', () => {
  let h: BridgeHarness;
  const work = tempDir('gv-till-checks-');
  /** Bridge answers, saved as the soak's child saves them. */
  const answers: string[] = [];
  const sales: Record<string, { id: string; payment: { id: string } }> = {};

  const save = async (method: string, payload: unknown, drawer: { snapshot: boolean }) => {
    const result = await h.call(method, payload);
    answers.push(JSON.stringify({ method, payload, result, ...(drawer.snapshot ? { drawerAt: h.clock.now() } : {}) }));
    return result;
  };
  const snapshot = async (method: string, payload: unknown = {}) => (await save(method, payload, { snapshot: true })).data;
  /** Money moves a second after the last drawer answer, as in the soak (each step advances the clock first). */
  const later = () => h.clock.advance(1_000);
  const place = async (name: string, input: Record<string, unknown>) => {
    later();
    sales[name] = await h.ok('sale.place', input);
    return sales[name]!;
  };

  beforeAll(async () => {
    h = await bridgeHarness();
    const { cashierId } = await setUpCounter(h);
    await h.ok('staff.signIn', { staffId: cashierId, pin: '4826' });
    const kept = await place('cashWithChange', { productId: FIXED, amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 100_000 }] });
    expect((await save('sale.refund', { saleId: kept.id }, { snapshot: false })).ok).toBe(false);
    await place('upi', { productId: FIXED, amountPaise: 100_000, tenders: [{ method: 'UPI', amountPaise: 100_000, reference: 'UTR000000001' }] });
    await place('splitDiscounted', {
      productId: FIXED,
      amountPaise: 50_000,
      discountPaise: 5_000,
      tenders: [
        { method: 'CASH', amountPaise: 20_000, receivedPaise: 50_000 },
        { method: 'CARD', amountPaise: 25_000, reference: '4321' },
      ],
    });
    const refunded = await place('failedRefunded', { productId: FAILS, amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000 }] });
    await h.ok('sale.refund', { saleId: refunded.id });
    const carried = await place('failedCarried', { productId: FAILS, amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000 }] });
    later();
    sales.carriedRetry = await h.ok('sale.retry', { saleId: carried.id });
    await h.ok('sale.refund', { saleId: sales.carriedRetry!.id });
    later();
    await h.ok('shift.cashMovement', { kind: 'PAY_IN', amountPaise: 20_000, reason: 'Float top-up' });
    await h.ok('shift.cashMovement', { kind: 'PAY_OUT', amountPaise: 5_000, reason: 'Courier' });
    const due = await place('refundDue', { productId: FAILS, amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000 }] });
    await snapshot('shift.xReport');
    const drawer = await snapshot('shift.current');
    await snapshot('shift.close', { countedCashPaise: drawer.expectedCashPaise - 1_000 });
    await h.ok('shift.open', { openingFloatPaise: 100_000 });
    // Given back from the next shift's drawer: the refund counts where the cash left.
    later();
    await h.ok('sale.refund', { saleId: due.id });
    await place('nextShift', { productId: FIXED, amountPaise: 25_000, tenders: [{ method: 'CASH', amountPaise: 25_000 }] });
    await snapshot('shift.current');
  });
  afterAll(async () => {
    await h.close();
    work.cleanup();
  });

  let copies = 0;
  /** Runs the checks on a copy of the day's data file after `plant` changed it. */
  const checkAfter = (plant: (db: Database.Database) => void): TillChecks => {
    const path = join(work.path, `copy-${++copies}.db`);
    h.core.env().db.prepare('VACUUM INTO ?').run(path);
    const db = new Database(path);
    try {
      db.pragma('foreign_keys = OFF');
      plant(db);
      return checkTill(db, answers);
    } finally {
      db.close();
    }
  };
  const paymentOf = (name: string) => sales[name]!.payment.id;
  const problems = (c: TillChecks) => ({ drawer: c.drawer, refunds: c.refunds, payments: c.payments, sharedPayments: c.sharedPayments, customerNet: c.customerNet });

  it('finds nothing wrong in a day at the counter, and checks every drawer answer', () => {
    const checks = checkAfter(() => {});
    expect(problems(checks)).toEqual({ drawer: [], refunds: [], payments: [], sharedPayments: [], customerNet: [] });
    expect(checks.figures).toMatchObject({
      shifts: 2,
      closedShifts: 1,
      payments: 7,
      byMethod: { CASH: 6, UPI: 1, CARD: 1 },
      splitPayments: 1,
      discountedSales: 1,
      changeGivenPaise: 80_000,
      refunds: 3,
      carriedRetries: 1,
      repaidRetries: 0,
      payIns: 1,
      payOuts: 1,
      snapshots: { current: 2, x: 1, z: 1 },
      refusals: { 'sale.refund NOT_REFUNDABLE': 1 },
      overShortPaise: -1_000,
    });
  });

  it('(a) a stored expected cash that is not float + cash − refunds + pay-ins − pay-outs', () => {
    const c = checkAfter((db) => db.exec('UPDATE shifts SET expected_cash_paise = expected_cash_paise + 100 WHERE closed_at IS NOT NULL'));
    expect(c.drawer.some((p) => p.includes('stores expected cash'))).toBe(true);
  });

  it('(a) a pay-out the app did not count in its X and Z reports', () => {
    const c = checkAfter((db) => db.exec("INSERT INTO cash_movements (id, shift_id, kind, amount_paise, reason, staff_id, at) SELECT 'planted', id, 'PAY_OUT', 700, 'x', 'someone', opened_at FROM shifts WHERE closed_at IS NOT NULL"));
    expect(c.drawer.filter((p) => p.includes('the app said')).map((p) => p.split(' ')[0])).toEqual(['shift.xReport', 'shift.current', 'shift.close']);
  });

  it('(a) a Z report whose sales do not match what became of the payments it took', () => {
    const c = checkAfter((db) => db.prepare("UPDATE sales SET state = 'PROCESSING' WHERE id = ?").run(sales.refundDue!.id));
    expect(c.drawer.filter((p) => p.startsWith('the last Z report'))).toHaveLength(1);
  });

  it('(a) change that does not match the cash handed over', () => {
    const c = checkAfter((db) => db.prepare('UPDATE payments SET change_paise = 0 WHERE id = ?').run(paymentOf('cashWithChange')));
    expect(c.drawer.some((p) => p.includes('minus the change given'))).toBe(true);
    expect(c.payments.some((p) => p.includes('change 0 recorded, 50000 due'))).toBe(true);
  });

  it('(b) a refund for a sale whose vouchers were issued', () => {
    const c = checkAfter((db) => {
      const paymentId = paymentOf('cashWithChange');
      db.prepare("INSERT INTO refunds (payment_id, sale_id, shift_id, refunded_by, at, amount_paise) SELECT ?, ?, shift_id, 'someone', taken_at, amount_paise FROM payments WHERE id = ?").run(paymentId, sales.cashWithChange!.id, paymentId);
      db.prepare("INSERT INTO refund_tenders VALUES (?, 1, 'CASH', 50000)").run(paymentId);
    });
    expect(c.refunds).toEqual([`refund of payment ${paymentOf('cashWithChange')} (sale ${sales.cashWithChange!.id}): the sale is SUCCESS`]);
    expect(c.customerNet).toHaveLength(1);
  });

  it('(b) a refund of a payment that went with the retry', () => {
    const c = checkAfter((db) => db.prepare('UPDATE refunds SET sale_id = ? WHERE payment_id = ?').run(sales.failedCarried!.id, paymentOf('failedCarried')));
    expect(c.refunds).toEqual([`refund of payment ${paymentOf('failedCarried')} (sale ${sales.failedCarried!.id}): the payment also went with a retry of the sale`]);
  });

  it('(b) a refund given by other tenders than the payment', () => {
    const c = checkAfter((db) => db.prepare("UPDATE refund_tenders SET method = 'UPI' WHERE payment_id = ?").run(paymentOf('failedRefunded')));
    expect(c.refunds.some((p) => p.includes('given back by'))).toBe(true);
    expect(c.drawer.length).toBeGreaterThan(0);
  });

  it('(c) a sale with no payment, and a payment whose tenders do not add up', () => {
    const c = checkAfter((db) => {
      db.prepare('DELETE FROM sale_payments WHERE sale_id = ?').run(sales.upi!.id);
      db.prepare('UPDATE payment_tenders SET amount_paise = amount_paise - 100 WHERE payment_id = ? AND method = ?').run(paymentOf('splitDiscounted'), 'CARD');
    });
    expect(c.payments).toEqual(
      expect.arrayContaining([
        `sale ${sales.upi!.id} holds 0 payments`,
        `payment ${paymentOf('upi')} is held by no sale`,
        `sale ${sales.splitDiscounted!.id}: the customer pays 45000, payment ${paymentOf('splitDiscounted')}'s tenders sum to 44900`,
      ]),
    );
  });

  it('(d) one payment held by two sales that are not a sale and its retry', () => {
    const c = checkAfter((db) => db.prepare('UPDATE sale_payments SET payment_id = ? WHERE sale_id = ?').run(paymentOf('cashWithChange'), sales.upi!.id));
    expect(c.sharedPayments).toHaveLength(1);
    expect(c.sharedPayments[0]).toContain(`payment ${paymentOf('cashWithChange')} is held by 2 unrelated sales`);
  });
});
