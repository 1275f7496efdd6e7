import type { SaleView } from '../../contract/index.js';
import { describeSaleFailure } from '../../partner-api/error-table.js';
import { paymentStateOf } from '../../till/payment-state.js';
import type { TillStore } from '../../till/till-store.js';
import type { VoucherService } from '../../vouchers/voucher-service.js';
import type { SaleJournal } from '../journal/sale-journal.js';
import { customerPaysOf } from '../rules/index.js';
import type { SaleRecord } from '../journal/sale-record.js';

/** What a sale's view is read from. */
export interface SaleViewSources {
  vouchers: Pick<VoucherService, 'masked'>;
  journal: Pick<SaleJournal, 'attempts' | 'hasVouchers'>;
  till: Pick<TillStore, 'salePayment'>;
  staffName: (staffId: string) => string;
}

/** A journal row as screens see it: no brand snapshot internals, card numbers masked, the customer's money beside it. */
export function saleView(sale: SaleRecord, { vouchers, journal, till, staffName }: SaleViewSources): SaleView {
  const held = till.salePayment(sale.id);
  return {
    id: sale.id,
    referenceId: sale.referenceId,
    orderId: sale.orderId,
    state: sale.state,
    productId: sale.productId,
    brandTitle: sale.brandTitle,
    amountPaise: sale.amountPaise,
    discountPaise: sale.discountPaise,
    customerPaysPaise: customerPaysOf(sale),
    payment: held && {
      id: held.payment.id,
      tenders: held.payment.tenders,
      amountPaise: held.payment.amountPaise,
      changePaise: held.payment.changePaise,
      takenAt: held.payment.takenAt,
      takenByName: staffName(held.payment.takenBy),
    },
    paymentState: paymentStateOf(sale.state, held, () => journal.hasVouchers(sale.id)),
    refund: held?.refund
      ? { amountPaise: held.refund.amountPaise, tenders: held.refund.tenders, at: held.refund.at, byName: staffName(held.refund.refundedBy) }
      : null,
    reviewDecision: held?.decision ? { decision: held.decision.decision, note: held.decision.note, at: held.decision.at, byName: staffName(held.decision.decidedBy) } : null,
    errorCode: sale.errorCode,
    failureReason: sale.failureReason,
    supportReason: sale.supportReason,
    requestIds: journal.attempts(sale.id).map((a) => a.requestId),
    // The cashier's sentence, action and what to do with the money, from the one error table.
    failure: sale.state === 'FAILED' || sale.state === 'REJECTED' ? describeSaleFailure(sale.errorCode) : null,
    createdAt: sale.createdAt,
    updatedAt: sale.updatedAt,
    nextCheckAt: sale.nextCheckAt,
    printCount: sale.printCount,
    receiptOwed: sale.receiptOwed,
    retryOf: sale.retryOf,
    vouchers: vouchers.masked(sale.id),
  };
}
