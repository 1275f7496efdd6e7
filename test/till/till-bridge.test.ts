import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { DRAWER_CHANGED, DRAWER_CHANGED_ACTION } from '../../src-main/orders/sales/sale-service.js';
import { NO_OPEN_SHIFT } from '../../src-main/till/shift-service.js';
import { cashTenders } from '../support/till.js';

const FIXED = 'TEST_FIXED_STANDARD';
const FAILS = 'TEST_E200_GENERATION_FAILED';
const CASHIER_PIN = '4826';
const MANAGER_PIN = '2580';

describe('the customer’s money through the bridge: tenders, change, refunds', () => {
  let h: BridgeHarness;
  let ids: { managerId: string; cashierId: string };

  beforeEach(async () => {
    h = await bridgeHarness();
    ids = await setUpCounter(h);
    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: CASHIER_PIN });
  });
  afterEach(async () => h.close());

  const orderPosts = () => h.sandbox.requests.list().filter((r) => r.method === 'POST' && r.path === '/v1/partners/orders').length;
  const audited = (action: string) => h.core.audit.list({ limit: 1000 }).filter((e) => e.action === action);
  const shift = async () => (await h.ok('shift.current')) as { id: string; expectedCashPaise: number };

  it('takes cash with change and answers the change due', async () => {
    const sale = await h.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 100_000 }] });
    expect(sale).toMatchObject({ state: 'SUCCESS', changePaise: 50_000, customerPaysPaise: 50_000, paymentState: 'KEPT', refund: null });
    expect(sale.payment).toMatchObject({ amountPaise: 50_000, changePaise: 50_000, takenByName: 'Ravi Kumar', tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 100_000, reference: null }] });
    // The drawer keeps the sale's amount: the change went back to the customer.
    expect((await shift()).expectedCashPaise).toBe(50_000);
  });

  it('names the discount: the customer pays and the wallet is charged the face value less the discount', async () => {
    const quote = await h.ok('sale.quote', { productId: FIXED, amountPaise: 50_000, discountPaise: 5_000 });
    expect(quote).toMatchObject({ totalPaise: 50_000, discountPaise: 5_000, customerPaysPaise: 45_000, debitPaise: 45_000, changePaise: null });
    const withCash = await h.ok('sale.quote', { productId: FIXED, amountPaise: 50_000, discountPaise: 5_000, tenders: [{ method: 'CASH', amountPaise: 45_000, receivedPaise: 50_000 }] });
    expect(withCash.changePaise).toBe(5_000);

    const before = orderPosts();
    const wrong = await h.call('sale.place', { productId: FIXED, amountPaise: 50_000, discountPaise: 5_000, tenders: cashTenders(50_000) });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'INVALID_SALE', fields: [{ field: 'tenders', message: 'The payment adds up to ₹500, but the customer pays ₹450 (₹50 too much).' }] } });
    expect(orderPosts()).toBe(before);
    expect(h.core.env().journal.unfinished()).toEqual([]);

    const sale = await h.ok('sale.place', { productId: FIXED, amountPaise: 50_000, discountPaise: 5_000, tenders: cashTenders(45_000) });
    expect(sale).toMatchObject({ state: 'SUCCESS', customerPaysPaise: 45_000, payment: { amountPaise: 45_000 } });
  });

  it('takes UPI, card and split payments and keeps their references', async () => {
    const upi = await h.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: [{ method: 'UPI', amountPaise: 50_000, reference: '412345678901' }] });
    expect(upi.payment.tenders).toEqual([{ method: 'UPI', amountPaise: 50_000, receivedPaise: null, reference: '412345678901' }]);
    const card = await h.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: [{ method: 'CARD', amountPaise: 50_000, reference: '4321' }] });
    expect(card).toMatchObject({ changePaise: 0, payment: { tenders: [{ method: 'CARD', reference: '4321' }] } });
    const split = await h.ok('sale.place', {
      productId: FIXED,
      amountPaise: 100_000,
      tenders: [
        { method: 'UPI', amountPaise: 60_000, reference: 'UTR-1' },
        { method: 'CASH', amountPaise: 40_000, receivedPaise: 50_000 },
      ],
    });
    expect(split).toMatchObject({ state: 'SUCCESS', changePaise: 10_000, payment: { amountPaise: 100_000 } });
    // Only the cash part is in the drawer.
    expect((await shift()).expectedCashPaise).toBe(40_000);
    const x = await h.ok('shift.xReport');
    expect(x.byTender).toEqual([
      { method: 'CASH', count: 1, takenPaise: 40_000, refundedPaise: 0, netPaise: 40_000 },
      { method: 'UPI', count: 2, takenPaise: 110_000, refundedPaise: 0, netPaise: 110_000 },
      { method: 'CARD', count: 1, takenPaise: 50_000, refundedPaise: 0, netPaise: 50_000 },
      { method: 'OTHER', count: 0, takenPaise: 0, refundedPaise: 0, netPaise: 0 },
    ]);
  });

  it('refuses to sell with no shift open, before anything reaches the service', async () => {
    await h.ok('shift.close', { countedCashPaise: 0 });
    const before = orderPosts();
    const refused = await h.call('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(refused).toMatchObject({ ok: false, error: { code: 'NO_OPEN_SHIFT', fields: [{ field: 'shift' }] } });
    expect(orderPosts()).toBe(before);
    expect(audited('sale.placed')).toEqual([]);
  });

  it('refuses a sale whose drawer closed while the brand was being checked: no intent, nothing sent', async () => {
    h.sandbox.state.faults.arm({ kind: 'delay', ms: 300, stage: 'before', match: { method: 'GET', path: `/v1/partners/products/${FIXED}` } });
    const placing = h.call('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: cashTenders(50_000) });
    // The close goes through the core while the brand request is held back.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = h.core.shifts.close({ countedCashPaise: 0 }, ids.cashierId);
    expect(closed.ok).toBe(true);
    expect(await placing).toMatchObject({ ok: false, error: { code: 'NO_OPEN_SHIFT' } });
    expect(orderPosts()).toBe(0);
    expect(h.core.env().db.prepare('SELECT COUNT(*) AS n FROM sales').get()).toEqual({ n: 0 });
    expect(h.core.env().db.prepare('SELECT COUNT(*) AS n FROM payments').get()).toEqual({ n: 0 });
    expect(audited('sale.not_recorded')).toHaveLength(1);
  });

  it('refuses a sale whose drawer was handed over while the brand was being checked, saying so: nothing recorded in either drawer', async () => {
    // The brand check is held until the handover is done; the sale read the first drawer before it.
    const client = h.core.env().client;
    const checkBrand = client.getBrand.bind(client);
    let checking!: () => void;
    const asked = new Promise<void>((resolve) => (checking = resolve));
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    vi.spyOn(client, 'getBrand').mockImplementationOnce(async (...args) => {
      checking();
      await answered;
      return checkBrand(...args);
    });
    const placing = h.call('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: cashTenders(50_000) });
    await asked;
    await h.ok('shift.close', { countedCashPaise: 0 });
    const next = await h.ok('shift.open', { openingFloatPaise: 20_000 });
    answer();

    const refused = await placing;
    expect(refused).toEqual({ ok: false, error: { code: 'DRAWER_CHANGED', message: DRAWER_CHANGED, action: DRAWER_CHANGED_ACTION } });
    expect(refused.error.message).not.toContain(NO_OPEN_SHIFT);
    expect(orderPosts()).toBe(0);
    expect(h.core.env().db.prepare('SELECT COUNT(*) AS n FROM sales').get()).toEqual({ n: 0 });
    expect(h.core.env().db.prepare('SELECT COUNT(*) AS n FROM payments').get()).toEqual({ n: 0 });
    expect(await shift()).toMatchObject({ id: next.id, expectedCashPaise: 20_000 });

    // Confirmed again, the sale goes into the drawer open now.
    const sold = await h.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(sold).toMatchObject({ state: 'SUCCESS', payment: { amountPaise: 50_000 } });
    expect(await shift()).toMatchObject({ id: next.id, expectedCashPaise: 70_000 });
  });

  it('gives a failed paid sale’s money back once, by its tenders, from the drawer', async () => {
    const failed = await h.ok('sale.place', {
      productId: FAILS,
      amountPaise: 50_000,
      tenders: [
        { method: 'CASH', amountPaise: 30_000, receivedPaise: 30_000 },
        { method: 'UPI', amountPaise: 20_000, reference: 'UTR-9' },
      ],
    });
    expect(failed).toMatchObject({ state: 'FAILED', paymentState: 'REFUND_DUE' });
    expect((await shift()).expectedCashPaise).toBe(30_000);

    const refunded = await h.ok('sale.refund', { saleId: failed.id });
    expect(refunded).toMatchObject({
      paymentState: 'REFUNDED',
      refund: { amountPaise: 50_000, byName: 'Ravi Kumar', tenders: [{ method: 'CASH', amountPaise: 30_000 }, { method: 'UPI', amountPaise: 20_000 }] },
    });
    expect((await shift()).expectedCashPaise).toBe(0);

    const again = await h.call('sale.refund', { saleId: failed.id });
    expect(again).toMatchObject({ ok: false, error: { code: 'NOT_REFUNDABLE', message: 'The customer’s payment for this sale was already given back.' } });
    const [both1, both2] = await Promise.all([h.call('sale.refund', { saleId: failed.id }), h.call('sale.refund', { saleId: failed.id })]);
    expect([both1.ok, both2.ok]).toEqual([false, false]);
    expect(audited('sale.refunded')).toHaveLength(1);
    expect(h.core.env().db.prepare('SELECT COUNT(*) AS n FROM refunds').get()).toEqual({ n: 1 });
  });

  it('gives back no more cash than the drawer holds: the cashier pays in first, and nothing is written meanwhile', async () => {
    const failed = await h.ok('sale.place', { productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    // The cash went to the safe with the previous shift; a new drawer opens with ₹100.
    await h.ok('shift.close', { countedCashPaise: 50_000 });
    await h.ok('shift.open', { openingFloatPaise: 10_000 });
    const short = await h.call('sale.refund', { saleId: failed.id });
    expect(short).toMatchObject({
      ok: false,
      error: { code: 'NOT_ENOUGH_CASH', message: 'The drawer should hold ₹100, less than the ₹500 to give back in cash. Record a pay-in of the difference on the Drawer screen (or call the manager), then give it back.' },
    });
    expect(h.core.env().db.prepare('SELECT COUNT(*) AS n FROM refunds').get()).toEqual({ n: 0 });
    expect(audited('sale.refunded')).toEqual([]);
    await h.ok('shift.cashMovement', { kind: 'PAY_IN', amountPaise: 40_000, reason: 'Cash from the safe for a refund' });
    expect(await h.ok('sale.refund', { saleId: failed.id })).toMatchObject({ paymentState: 'REFUNDED' });
    expect((await shift()).expectedCashPaise).toBe(0);
  });

  it('audits a refund before writing it: a refund whose audit line cannot be written is not given', async () => {
    const failed = await h.ok('sale.place', { productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    const append = h.core.audit.append.bind(h.core.audit);
    const spy = vi.spyOn(h.core.audit, 'append').mockImplementation((entry) => {
      if (entry.action === 'sale.refunded') throw new Error('disk full');
      return append(entry);
    });
    const refused = await h.call('sale.refund', { saleId: failed.id });
    spy.mockRestore();
    expect(refused).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    // Nothing was given: the money is still due, and the next try gives it once.
    expect(h.core.env().db.prepare('SELECT COUNT(*) AS n FROM refunds').get()).toEqual({ n: 0 });
    expect(await h.ok('sale.get', { saleId: failed.id })).toMatchObject({ paymentState: 'REFUND_DUE' });
    expect(await h.ok('sale.refund', { saleId: failed.id })).toMatchObject({ paymentState: 'REFUNDED' });
    expect(audited('sale.refunded')).toHaveLength(1);
  });

  it('refuses to refund a completed sale and a sale whose outcome is not known', async () => {
    const done = await h.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(await h.call('sale.refund', { saleId: done.id })).toMatchObject({
      ok: false,
      error: { code: 'NOT_REFUNDABLE', message: 'This sale completed and its vouchers were issued, so it cannot be refunded.' },
    });

    // The order's answer never arrives and nobody can be asked: the sale stays in doubt.
    h.sandbox.state.faults.arm({ kind: 'error-5xx', status: 503, count: 50, match: { path: '/v1/partners/orders*' } });
    const doubt = await h.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(doubt).toMatchObject({ state: 'IN_DOUBT', paymentState: 'ON_HOLD' });
    const refused = await h.call('sale.refund', { saleId: doubt.id });
    expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_REFUNDABLE', message: expect.stringMatching(/^Do not refund yet/) } });
    expect(audited('sale.refunded')).toEqual([]);
    h.sandbox.state.faults.clear();
  });

  it('carries a failed sale’s payment to its retry: taken once, never refunded twice', async () => {
    const failed = await h.ok('sale.place', { productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    const doubled = await h.call('sale.retry', { saleId: failed.id, tenders: cashTenders(50_000) });
    expect(doubled).toMatchObject({ ok: false, error: { code: 'INVALID_SALE', fields: [{ field: 'tenders' }] } });

    const retry = await h.ok('sale.retry', { saleId: failed.id });
    expect(retry).toMatchObject({ retryOf: failed.id, state: 'FAILED', paymentState: 'REFUND_DUE', changePaise: 0, payment: { id: failed.payment.id } });
    expect(await h.ok('sale.get', { saleId: failed.id })).toMatchObject({ paymentState: 'CARRIED_TO_RETRY' });
    expect(await h.call('sale.refund', { saleId: failed.id })).toMatchObject({ ok: false, error: { code: 'NOT_REFUNDABLE' } });

    expect(await h.ok('sale.refund', { saleId: retry.id })).toMatchObject({ paymentState: 'REFUNDED' });
    // The cash came in once and went out once.
    expect((await shift()).expectedCashPaise).toBe(0);
    const x = await h.ok('shift.xReport');
    expect(x.byTender[0]).toEqual({ method: 'CASH', count: 1, takenPaise: 50_000, refundedPaise: 50_000, netPaise: 0 });
    expect(x.sales).toMatchObject({ refunded: 1, refundDue: 0 });
  });

  it('lets only one of a refund and a retry racing for the same payment have it', async () => {
    const failed = await h.ok('sale.place', { productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    const posts = orderPosts();
    const [retry, refund] = await Promise.all([h.call('sale.retry', { saleId: failed.id }), h.call('sale.refund', { saleId: failed.id })]);
    // The refund commits while the retry is still checking the brand; the retry's intent then finds the money gone.
    expect(refund.ok).toBe(true);
    expect(retry).toMatchObject({ ok: false, error: { code: 'INVALID_SALE', fields: [{ field: 'tenders', message: expect.stringContaining('given back meanwhile') }] } });
    expect(orderPosts()).toBe(posts);
    expect(h.core.env().db.prepare('SELECT COUNT(*) AS n FROM sale_payments').get()).toEqual({ n: 1 });
  });

  it('asks for a new payment to retry a sale whose money was given back', async () => {
    const failed = await h.ok('sale.place', { productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    await h.ok('sale.refund', { saleId: failed.id });
    expect(await h.call('sale.retry', { saleId: failed.id })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_SALE', fields: [{ field: 'tenders', message: 'Record how the customer paid ₹500.' }] },
    });
    const retry = await h.ok('sale.retry', { saleId: failed.id, tenders: [{ method: 'CARD', amountPaise: 50_000, reference: '9911' }] });
    expect(retry.payment).toMatchObject({ tenders: [{ method: 'CARD' }] });
    expect(retry.payment.id).not.toBe(failed.payment.id);
    expect(await h.ok('sale.get', { saleId: failed.id })).toMatchObject({ paymentState: 'REFUNDED' });
  });

  // The service cancels or reverses an order on its own (spec: not a partner action) and announces
  // it; the engine confirms the event with a GET and applies the status it reads.
  const serviceEnds = async (orderId: string, to: 'CANCELLED' | 'REVERSED') => {
    h.sandbox.state.orders.endByOperator(orderId, to);
    expect(await h.core.env().engine.onOrderTerminalEvent(orderId)).toMatchObject({ orderId, state: to });
  };

  it('a sale the service cancelled before issuing any voucher is due back like a failed one, once', async () => {
    const pending = await h.ok('sale.place', { productId: 'TEST_PROCESSING_STUCK', amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(pending).toMatchObject({ state: 'PROCESSING', paymentState: 'ON_HOLD' });
    await serviceEnds(pending.orderId, 'CANCELLED');
    expect(await h.ok('sale.get', { saleId: pending.id })).toMatchObject({ state: 'CANCELLED', paymentState: 'REFUND_DUE', vouchers: [] });
    // The shift's report counts it as due back too.
    expect((await h.ok('shift.xReport')).sales).toMatchObject({ refundDue: 1, refundDuePaise: 50_000, onHold: 0 });

    expect(await h.ok('sale.refund', { saleId: pending.id })).toMatchObject({ paymentState: 'REFUNDED', refund: { amountPaise: 50_000 } });
    expect((await shift()).expectedCashPaise).toBe(0);
    expect(await h.call('sale.refund', { saleId: pending.id })).toMatchObject({ ok: false, error: { code: 'NOT_REFUNDABLE' } });
    expect(audited('sale.refunded')).toHaveLength(1);
  });

  it('a completed sale the service reversed afterwards is the manager’s to decide: the counter does not refund it', async () => {
    const done = await h.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(done).toMatchObject({ state: 'SUCCESS', paymentState: 'KEPT' });
    expect((await h.ok('shift.xReport')).sales).toMatchObject({ completed: 1, completedPaise: 50_000 });
    await serviceEnds(done.orderId, 'REVERSED');
    expect(await h.ok('sale.get', { saleId: done.id })).toMatchObject({ state: 'REVERSED', paymentState: 'MANAGER_REVIEW' });
    // No longer counted as completed, nor as due back: it waits for the manager.
    expect((await h.ok('shift.xReport')).sales).toMatchObject({ completed: 0, completedPaise: 0, refundDue: 0, refunded: 0 });
    expect(await h.call('sale.refund', { saleId: done.id })).toMatchObject({
      ok: false,
      error: { code: 'NOT_REFUNDABLE', message: 'The service cancelled this sale after it completed; the manager decides about the customer’s money.' },
    });
    expect(h.core.env().db.prepare('SELECT COUNT(*) AS n FROM refunds').get()).toEqual({ n: 0 });
  });

  it('lets a manager and a cashier see the same payment state in the orders detail', async () => {
    const failed = await h.ok('sale.place', { productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: MANAGER_PIN });
    expect(await h.ok('orders.detail', { saleId: failed.id })).toMatchObject({ paymentState: 'REFUND_DUE', payment: { takenByName: 'Ravi Kumar' } });
  });
});
