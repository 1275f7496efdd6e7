import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { cashTenders } from '../support/till.js';

const FIXED = 'TEST_FIXED_STANDARD';
const FAILS = 'TEST_E200_GENERATION_FAILED';
const CASHIER_PIN = '4826';
const MANAGER_PIN = '2580';

/** sale.resolveReview: a manager decides about the money of a completed sale the service cancelled or reversed afterwards. */
describe('a manager’s decision on a sale in MANAGER_REVIEW', () => {
  let h: BridgeHarness;
  let ids: { managerId: string; cashierId: string };

  beforeEach(async () => {
    h = await bridgeHarness();
    ids = await setUpCounter(h);
    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: CASHIER_PIN });
  });
  afterEach(async () => h.close());

  const audited = (action: string) => h.core.audit.list({ limit: 1000 }).reverse().filter((e) => e.action === action);
  const expectedCash = async () => ((await h.ok('shift.current')) as { expectedCashPaise: number }).expectedCashPaise;
  const count = (table: string) => (h.core.env().db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  /** A completed cash sale the service then reversed (it does so on its own; the engine applies what a poll or an event reports). */
  const reviewed = async () => {
    const done = await h.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(h.core.env().journal.transition(done.id, 'SUCCESS', 'REVERSED', { nextCheckAt: null }).applied).toBe(true);
    expect(await h.ok('sale.get', { saleId: done.id })).toMatchObject({ paymentState: 'MANAGER_REVIEW', reviewDecision: null });
    return done;
  };

  it('KEEP, approved with the manager’s PIN at the cashier’s session: the payment is the sale’s, audited with who, what and why', async () => {
    const sale = await reviewed();
    expect(await h.call('sale.resolveReview', { saleId: sale.id, decision: 'KEEP', note: 'Delivered by SMS and used' })).toMatchObject({ ok: false, error: { code: 'MANAGER_PIN_REQUIRED' } });
    expect(await h.call('sale.resolveReview', { saleId: sale.id, decision: 'KEEP', note: 'Delivered by SMS and used', managerPin: CASHIER_PIN })).toMatchObject({ ok: false, error: { code: 'INVALID_PIN' } });
    expect(count('review_decisions')).toBe(0);
    expect(audited('sale.review_decided')).toEqual([]);

    const kept = await h.ok('sale.resolveReview', { saleId: sale.id, decision: 'KEEP', note: '  Delivered by SMS and used  ', managerPin: MANAGER_PIN, approverId: ids.managerId });
    expect(kept).toMatchObject({ state: 'REVERSED', paymentState: 'KEPT', refund: null, reviewDecision: { decision: 'KEEP', note: 'Delivered by SMS and used', byName: 'Meera Shah' } });
    expect(audited('sale.review_decided')).toEqual([
      expect.objectContaining({ actor: ids.managerId, saleId: sale.id, details: expect.objectContaining({ decision: 'KEEP', note: 'Delivered by SMS and used', by: ids.cashierId, paymentId: sale.payment.id }) }),
    ]);
    // The cash stays in the drawer, and the shift's report counts the sale as completed, no longer in review.
    expect(await expectedCash()).toBe(50_000);
    expect((await h.ok('shift.xReport')).sales).toMatchObject({ completed: 1, completedPaise: 50_000, refundDue: 0, refunded: 0 });

    // The same decision again answers the same view and changes nothing; the other one is refused; sale.refund still refuses.
    expect(await h.ok('sale.resolveReview', { saleId: sale.id, decision: 'KEEP', note: 'again' })).toEqual(kept);
    expect(await h.call('sale.resolveReview', { saleId: sale.id, decision: 'REFUND', note: 'changed my mind', managerPin: MANAGER_PIN })).toMatchObject({
      ok: false,
      error: { code: 'REVIEW_DECIDED', message: expect.stringContaining('customer keeps the vouchers') },
    });
    expect(await h.call('sale.refund', { saleId: sale.id })).toMatchObject({ ok: false, error: { code: 'NOT_REFUNDABLE' } });
    expect(count('review_decisions')).toBe(1);
    expect(count('refunds')).toBe(0);
    expect(audited('sale.review_decided')).toHaveLength(1);
  });

  it('REFUND by a signed-in manager: given back from the drawer exactly as a refund is, once', async () => {
    const sale = await reviewed();
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: MANAGER_PIN });
    const refunded = await h.ok('sale.resolveReview', { saleId: sale.id, decision: 'REFUND', note: 'Vouchers void; customer came back' });
    expect(refunded).toMatchObject({ paymentState: 'REFUNDED', refund: { amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000 }], byName: 'Meera Shah' }, reviewDecision: { decision: 'REFUND' } });
    expect(await expectedCash()).toBe(0);
    const x = await h.ok('shift.xReport');
    expect(x.byTender[0]).toEqual({ method: 'CASH', count: 1, takenPaise: 50_000, refundedPaise: 50_000, netPaise: 0 });
    expect(x.sales).toMatchObject({ refunded: 1, completed: 0, refundDue: 0 });
    // One id names the decision, the refund's line and the refund on record.
    const [decided] = audited('sale.review_decided');
    const [line] = audited('sale.refunded');
    expect(decided).toMatchObject({ actor: ids.managerId, details: { decision: 'REFUND', note: 'Vouchers void; customer came back' } });
    expect(line!.details.refundId).toBe(decided!.details.decisionId);
    expect(h.core.env().db.prepare('SELECT refund_id AS id FROM refunds').all()).toEqual([{ id: decided!.details.decisionId }]);

    expect(await h.ok('sale.resolveReview', { saleId: sale.id, decision: 'REFUND', note: 'pressed twice' })).toEqual(refunded);
    expect(await h.call('sale.resolveReview', { saleId: sale.id, decision: 'KEEP', note: 'no' })).toMatchObject({ ok: false, error: { code: 'REVIEW_DECIDED' } });
    expect(await h.call('sale.refund', { saleId: sale.id })).toMatchObject({ ok: false, error: { code: 'NOT_REFUNDABLE' } });
    expect(await expectedCash()).toBe(0);
    expect(audited('sale.refunded')).toHaveLength(1);
  });

  it('REFUND with too little cash in the drawer is refused and records nothing', async () => {
    const sale = await reviewed();
    await h.ok('shift.cashMovement', { kind: 'PAY_OUT', amountPaise: 20_000, reason: 'to the safe' });
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: MANAGER_PIN });
    expect(await h.call('sale.resolveReview', { saleId: sale.id, decision: 'REFUND', note: 'give it back' })).toMatchObject({ ok: false, error: { code: 'NOT_ENOUGH_CASH' } });
    expect(count('review_decisions')).toBe(0);
    expect(count('refunds')).toBe(0);
    expect(await h.ok('sale.get', { saleId: sale.id })).toMatchObject({ paymentState: 'MANAGER_REVIEW' });
  });

  it('refuses a sale not in review, a missing note and an unknown decision, changing nothing; sale.refund is unchanged', async () => {
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: MANAGER_PIN });
    const done = await h.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: cashTenders(50_000) });
    const failed = await h.ok('sale.place', { productId: FAILS, amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(await h.call('sale.resolveReview', { saleId: done.id, decision: 'KEEP', note: 'x' })).toMatchObject({ ok: false, error: { code: 'NOT_IN_REVIEW', message: expect.stringContaining('cannot be refunded') } });
    expect(await h.call('sale.resolveReview', { saleId: failed.id, decision: 'REFUND', note: 'x' })).toMatchObject({ ok: false, error: { code: 'NOT_IN_REVIEW', message: expect.stringContaining('Give back') } });
    expect(await h.call('sale.resolveReview', { saleId: 'no-such-sale', decision: 'KEEP', note: 'x' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const sale = await reviewed();
    for (const bad of [{ note: '   ' }, { note: '' }, {}, { note: 'x', decision: 'HALF' }, { note: 'x'.repeat(201) }]) {
      expect(await h.call('sale.resolveReview', { saleId: sale.id, decision: 'KEEP', ...bad } as never), JSON.stringify(bad)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    }
    expect(count('review_decisions')).toBe(0);
    expect(audited('sale.review_decided')).toEqual([]);
    // The existing call, with its params, still gives back a failed sale.
    expect(await h.ok('sale.refund', { saleId: failed.id })).toMatchObject({ paymentState: 'REFUNDED', reviewDecision: null });
  });

  it('a decision audited and then stopped before its write is resumed under its id, not audited twice', async () => {
    const sale = await reviewed();
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: MANAGER_PIN });
    const append = h.core.audit.append.bind(h.core.audit);
    const killed = vi.spyOn(h.core.audit, 'append').mockImplementation((entry) => {
      const line = append(entry);
      if (entry.action === 'sale.review_decided') throw new Error('killed');
      return line;
    });
    expect(await h.call('sale.resolveReview', { saleId: sale.id, decision: 'KEEP', note: 'used already' })).toMatchObject({ ok: false });
    killed.mockRestore();
    expect(count('review_decisions')).toBe(0);
    expect(await h.ok('sale.resolveReview', { saleId: sale.id, decision: 'KEEP', note: 'used already' })).toMatchObject({ paymentState: 'KEPT' });
    const [first, retry, ...more] = audited('sale.review_decided');
    expect(more).toEqual([]);
    expect(retry!.details).toMatchObject({ decisionId: first!.details.decisionId, resumes: first!.seq });
  });
});
