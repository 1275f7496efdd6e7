import { describe, expect, it } from 'vitest';
import type { SaleState } from '../../src-main/orders/journal/sale-state.js';
import type { DaySale } from '../../src-main/reports/day-sale.js';
import { checkTenders } from '../../src-main/reports/till-check.js';
import type { SalePayment } from '../../src-main/till/till-store.js';

const sale = (id: string, state: SaleState): DaySale => ({ id, referenceId: `POS-${id}`, orderId: `ord_${id}`, state, amountPaise: 50_000, discountPaise: 0, createdAt: 0, cashierId: null });

const paid = (saleId: string): SalePayment => ({
  payment: { id: `pay-${saleId}`, shiftId: 'shift-1', takenBy: 'cashier', takenAt: 0, amountPaise: 50_000, changePaise: 0, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 50_000, reference: null }] },
  refund: null,
  decision: null,
  carriedTo: null,
});

describe('the day’s tenders for a sale the service cancelled or reversed', () => {
  it('before any voucher was issued it is a refund due; after, the manager’s review; both still in the drawer', () => {
    const { tenders, discrepancies } = checkTenders({
      sales: [sale('early', 'CANCELLED'), sale('late', 'REVERSED')],
      till: { salePayment: paid },
      journal: { hasVouchers: (saleId) => saleId === 'late' },
      byTender: [{ method: 'CASH', count: 2, takenPaise: 100_000, refundedPaise: 0, netPaise: 100_000 }],
      paymentsSince: 0,
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
    const kept = checkTenders({
      sales: [sale('late', 'REVERSED')],
      till: { salePayment: decided('KEEP') },
      journal: { hasVouchers: () => true },
      byTender: [{ method: 'CASH', count: 1, takenPaise: 50_000, refundedPaise: 0, netPaise: 50_000 }],
      paymentsSince: 0,
    });
    expect(kept).toMatchObject({ discrepancies: [], tenders: { netPaise: 50_000, expectedNetPaise: 50_000 } });
    const refunded = checkTenders({
      sales: [sale('late', 'REVERSED')],
      till: { salePayment: decided('REFUND') },
      journal: { hasVouchers: () => true },
      byTender: [{ method: 'CASH', count: 1, takenPaise: 50_000, refundedPaise: 50_000, netPaise: 0 }],
      paymentsSince: 0,
    });
    expect(refunded).toMatchObject({ discrepancies: [], tenders: { netPaise: 0, expectedNetPaise: 0 } });
  });
});
