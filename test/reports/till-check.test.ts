import { describe, expect, it } from 'vitest';
import type { SaleState } from '../../src-main/orders/journal/sale-state.js';
import type { DaySale } from '../../src-main/reports/day-sale.js';
import { checkTenders } from '../../src-main/reports/till-check.js';
import type { SalePayment } from '../../src-main/till/till-store.js';

const sale = (id: string, state: SaleState): DaySale => ({ id, referenceId: `POS-${id}`, orderId: `ord_${id}`, state, amountPaise: 50_000, discountPaise: 0, createdAt: 0, cashierId: null });

const paid = (saleId: string): SalePayment => ({
  payment: { id: `pay-${saleId}`, shiftId: 'shift-1', takenBy: 'cashier', takenAt: 0, amountPaise: 50_000, changePaise: 0, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 50_000, reference: null }] },
  refund: null,
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
});
