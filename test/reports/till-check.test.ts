import { describe, expect, it } from 'vitest';
import type { SaleState } from '../../src-main/orders/journal/sale-state.js';
import type { DaySale } from '../../src-main/reports/day-sale.js';
import { checkDayTenders } from '../../src-main/reports/till-check.js';
import type { SalePayment } from '../../src-main/till/till-store.js';

const DAY = { from: 0, to: 86_400_000 };

const sale = (id: string, state: SaleState): DaySale => ({ id, referenceId: `POS-${id}`, orderId: `ord_${id}`, state, amountPaise: 50_000, discountPaise: 0, createdAt: 0, cashierId: null });

const paid = (saleId: string): SalePayment => ({
  payment: { id: `pay-${saleId}`, shiftId: 'shift-1', takenBy: 'cashier', takenAt: 0, amountPaise: 50_000, changePaise: 0, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 50_000, reference: null }] },
  refund: null,
  decision: null,
  carriedTo: null,
});

describe('the day’s tenders for a sale the service cancelled or reversed', () => {
  it('before any voucher was issued it is a refund due; after, the manager’s review; both still in the drawer', () => {
    const { tenders, discrepancies } = checkDayTenders({
      sales: [sale('early', 'CANCELLED'), sale('late', 'REVERSED')],
      till: { salePayment: paid },
      journal: { hasVouchers: (saleId) => saleId === 'late' },
      byTender: [{ method: 'CASH', count: 2, takenPaise: 100_000, refundedPaise: 0, netPaise: 100_000 }],
      paymentsSince: 0,
      day: DAY,
      refundedForEarlierSalesPaise: 0,
    });
    expect(tenders).toMatchObject({ netPaise: 100_000, expectedNetPaise: 100_000 });
    expect(discrepancies.map((d) => [d.kind, d.saleId, d.message])).toEqual([
      ['REFUND_DUE', 'early', expect.stringContaining('did not go through (cancelled)')],
      ['REFUND_DUE', 'late', expect.stringContaining('reversed by the service after it completed')],
    ]);
  });

  it('after a manager’s decision the sale is no longer under review: KEEP counts as completed, REFUND as given back', () => {
    const decided = (decision: 'KEEP' | 'REFUND') => (saleId: string): SalePayment => ({
      ...paid(saleId),
      decision: { paymentId: `pay-${saleId}`, saleId, decision, decidedBy: 'manager', askedBy: 'manager', at: 1, note: 'n' },
      refund:
        decision === 'REFUND'
          ? { refundId: 'r-1', paymentId: `pay-${saleId}`, saleId, shiftId: 'shift-1', refundedBy: 'manager', at: 1, amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000 }] }
          : null,
    });
    const kept = checkDayTenders({
      sales: [sale('late', 'REVERSED')],
      till: { salePayment: decided('KEEP') },
      journal: { hasVouchers: () => true },
      byTender: [{ method: 'CASH', count: 1, takenPaise: 50_000, refundedPaise: 0, netPaise: 50_000 }],
      paymentsSince: 0,
      day: DAY,
      refundedForEarlierSalesPaise: 0,
    });
    expect(kept).toMatchObject({ discrepancies: [], tenders: { netPaise: 50_000, expectedNetPaise: 50_000 } });
    const refunded = checkDayTenders({
      sales: [sale('late', 'REVERSED')],
      till: { salePayment: decided('REFUND') },
      journal: { hasVouchers: () => true },
      byTender: [{ method: 'CASH', count: 1, takenPaise: 50_000, refundedPaise: 50_000, netPaise: 0 }],
      paymentsSince: 0,
      day: DAY,
      refundedForEarlierSalesPaise: 0,
    });
    expect(refunded).toMatchObject({ discrepancies: [], tenders: { netPaise: 0, expectedNetPaise: 0 } });
  });
});

describe('the day’s tenders when the money moves after midnight', () => {
  const HOUR = 3_600_000;
  const cash = (paise: number) => [{ method: 'CASH' as const, count: 1, takenPaise: paise, refundedPaise: 0, netPaise: paise }];
  const refundAt = (saleId: string, at: number) => ({ refundId: `r-${saleId}`, paymentId: `pay-${saleId}`, saleId, shiftId: 'shift-2', refundedBy: 'cashier', at, amountPaise: 50_000, tenders: [{ method: 'CASH' as const, amountPaise: 50_000 }] });
  const check = (over: Partial<Parameters<typeof checkDayTenders>[0]>) =>
    checkDayTenders({ sales: [], till: { salePayment: () => null }, journal: { hasVouchers: () => false }, byTender: [], paymentsSince: 0, day: DAY, refundedForEarlierSalesPaise: 0, ...over });

  it('a failed sale given back the next morning: its day held the money at closing, the next day gave it back', () => {
    const failed = sale('failed', 'FAILED');
    const refundedNextDay = (saleId: string): SalePayment => ({ ...paid(saleId), refund: refundAt(saleId, DAY.to + 9 * HOUR) });
    // The failed sale's own day: taken, not given back before the day ended.
    expect(check({ sales: [failed], till: { salePayment: refundedNextDay }, byTender: cash(50_000) })).toEqual({
      discrepancies: [],
      tenders: expect.objectContaining({ netPaise: 50_000, expectedNetPaise: 50_000 }),
    });
    // The next day lists no sale of it, and gave 500 back.
    const nextDay = { from: DAY.to, to: DAY.to + DAY.to };
    expect(check({ day: nextDay, byTender: [{ method: 'CASH', count: 0, takenPaise: 0, refundedPaise: 50_000, netPaise: -50_000 }], refundedForEarlierSalesPaise: 50_000 })).toEqual({
      discrepancies: [],
      tenders: expect.objectContaining({ netPaise: -50_000, expectedNetPaise: -50_000 }),
    });
    // Without the refund counted for the next day, 500 would be unexplained there.
    expect(check({ day: nextDay, byTender: [{ method: 'CASH', count: 0, takenPaise: 0, refundedPaise: 50_000, netPaise: -50_000 }] }).discrepancies).toEqual([
      expect.objectContaining({ kind: 'TENDER_MISSING', amountPaise: 50_000 }),
    ]);
  });

  it('a failed sale retried the next day with the same payment: taken on the first day, kept on the second', () => {
    const nextDay = { from: DAY.to, to: DAY.to + DAY.to };
    const first = { ...sale('first', 'FAILED'), createdAt: DAY.to - HOUR };
    const retry = { ...sale('retry', 'SUCCESS'), createdAt: nextDay.from + 10 * HOUR };
    const payment = paid('first').payment;
    const holding = (saleId: string): SalePayment =>
      saleId === 'first' ? { payment, refund: null, decision: null, carriedTo: { saleId: 'retry', referenceId: 'POS-retry', createdAt: retry.createdAt } } : { payment, refund: null, decision: null, carriedTo: null };
    expect(check({ sales: [first], till: { salePayment: holding }, byTender: cash(50_000) })).toEqual({
      discrepancies: [],
      tenders: expect.objectContaining({ netPaise: 50_000, expectedNetPaise: 50_000 }),
    });
    expect(check({ day: nextDay, sales: [retry], till: { salePayment: holding }, byTender: [] })).toEqual({
      discrepancies: [],
      tenders: expect.objectContaining({ netPaise: 0, expectedNetPaise: 0 }),
    });
    // Retried twice the next day (first → retry → again), the last one given back: the payment is taken off that day once.
    const again = { ...sale('again', 'FAILED'), createdAt: nextDay.from + 11 * HOUR };
    const chain = (refunded: boolean) => (saleId: string): SalePayment => ({
      payment,
      refund: refunded && saleId === 'again' ? refundAt('first', nextDay.from + 12 * HOUR) : null,
      decision: null,
      carriedTo: saleId === 'first' ? { saleId: 'retry', referenceId: 'POS-retry', createdAt: retry.createdAt } : saleId === 'retry' ? { saleId: 'again', referenceId: 'POS-again', createdAt: again.createdAt } : null,
    });
    const failedRetry = { ...retry, state: 'FAILED' as const };
    expect(check({ day: nextDay, sales: [failedRetry, again], till: { salePayment: chain(true) }, byTender: [{ method: 'CASH', count: 0, takenPaise: 0, refundedPaise: 50_000, netPaise: -50_000 }] })).toEqual({
      discrepancies: [],
      tenders: expect.objectContaining({ netPaise: -50_000, expectedNetPaise: -50_000 }),
    });
    // Not yet given back, the last retry holds it: the drawer still has it, taken the day before.
    expect(check({ day: nextDay, sales: [failedRetry, again], till: { salePayment: chain(false) }, byTender: [] })).toEqual({
      discrepancies: [expect.objectContaining({ kind: 'REFUND_DUE', saleId: 'again', amountPaise: 50_000 })],
      tenders: expect.objectContaining({ netPaise: 0, expectedNetPaise: 0 }),
    });
    // A retry the same day keeps its day's money as before: the first sale accounts for nothing, the retry for the payment.
    const sameDayRetry = { ...retry, createdAt: DAY.to - HOUR / 2 };
    const sameDay = (saleId: string): SalePayment => ({ ...holding(saleId), carriedTo: saleId === 'first' ? { saleId: 'retry', referenceId: 'POS-retry', createdAt: sameDayRetry.createdAt } : null });
    expect(check({ sales: [first, sameDayRetry], till: { salePayment: sameDay }, byTender: cash(50_000) })).toEqual({
      discrepancies: [],
      tenders: expect.objectContaining({ netPaise: 50_000, expectedNetPaise: 50_000 }),
    });
  });
});
