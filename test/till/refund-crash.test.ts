import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { cashTenders } from '../support/till.js';

const FAILS = 'TEST_E200_GENERATION_FAILED';

/** The refund's audit line (app.db) and its write (the environment's file) cannot share a commit: what the trail says when the process stops between them. */
describe('a refund audited but stopped before its write', () => {
  let h: BridgeHarness;

  beforeEach(async () => {
    h = await bridgeHarness();
    const ids = await setUpCounter(h);
    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '4826' });
  });
  afterEach(async () => h.close());

  const lines = (saleId: string) =>
    h.core.audit
      .list({ saleId, limit: 100 })
      .reverse()
      .filter((e) => e.action.startsWith('sale.refund'));
  const refundsOnRecord = () => h.core.env().db.prepare('SELECT refund_id AS refundId, payment_id AS paymentId FROM refunds').all();

  it('is resumed under the same refund id: one refund in the trail, not two', async () => {
    const failed = await h.ok('sale.place', { productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    // The process dies right after the audit line is written: nothing after it runs (no write, no "not recorded" line).
    const append = h.core.audit.append.bind(h.core.audit);
    const killed = vi.spyOn(h.core.audit, 'append').mockImplementation((entry) => {
      const line = append(entry);
      if (entry.action === 'sale.refunded') throw new Error('killed');
      return line;
    });
    const write = vi.spyOn(h.core.env().till, 'recordRefund');
    expect(await h.call('sale.refund', { saleId: failed.id })).toMatchObject({ ok: false });
    killed.mockRestore();
    expect(write).not.toHaveBeenCalled();
    expect(await h.ok('sale.get', { saleId: failed.id })).toMatchObject({ paymentState: 'REFUND_DUE' });

    // Started again, the counter gives it back: the retry names the unfinished attempt's id.
    expect(await h.ok('sale.refund', { saleId: failed.id })).toMatchObject({ paymentState: 'REFUNDED' });
    const [first, retry, ...more] = lines(failed.id);
    expect(more).toEqual([]);
    expect(first).toMatchObject({ action: 'sale.refunded', details: { refundId: expect.any(String), paymentId: failed.payment.id } });
    expect(retry).toMatchObject({ action: 'sale.refunded', details: { refundId: first!.details.refundId, resumes: first!.seq, paymentId: failed.payment.id } });
    expect(refundsOnRecord()).toEqual([{ refundId: first!.details.refundId, paymentId: failed.payment.id }]);
    // The drawer gave it once.
    expect(((await h.ok('shift.current')) as { expectedCashPaise: number }).expectedCashPaise).toBe(0);
  });

  it('a refund said not written is closed: the next one is a new refund with its own id', async () => {
    const failed = await h.ok('sale.place', { productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    const write = vi.spyOn(h.core.env().till, 'recordRefund').mockImplementationOnce(() => {
      throw new Error('disk I/O error');
    });
    expect(await h.call('sale.refund', { saleId: failed.id })).toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    write.mockRestore();
    expect(await h.ok('sale.refund', { saleId: failed.id })).toMatchObject({ paymentState: 'REFUNDED' });
    const [first, closed, second, ...more] = lines(failed.id);
    expect(more).toEqual([]);
    expect(closed).toMatchObject({ action: 'sale.refund_not_recorded', details: { refundId: first!.details.refundId, reason: 'disk I/O error' } });
    expect(second).toMatchObject({ action: 'sale.refunded' });
    expect(second!.details.refundId).not.toBe(first!.details.refundId);
    expect(second!.details).not.toHaveProperty('resumes');
    expect(refundsOnRecord()).toEqual([{ refundId: second!.details.refundId, paymentId: failed.payment.id }]);
  });

  it('finds a sale’s lines through the audit log’s index by sale', () => {
    const plan = h.core.audit['db'].prepare('EXPLAIN QUERY PLAN SELECT * FROM audit_log WHERE seq < ? AND sale_id = ? ORDER BY seq DESC LIMIT ?').all(1e9, 'x', 10) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('audit_log_by_sale');
  });
});
