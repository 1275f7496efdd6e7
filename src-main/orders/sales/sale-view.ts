import type { SaleView } from '../../contract/index.js';
import { describeSaleFailure } from '../../partner-api/error-table.js';
import type { VoucherService } from '../../vouchers/voucher-service.js';
import type { SaleJournal } from '../journal/sale-journal.js';
import type { SaleRecord } from '../journal/sale-record.js';

/** A journal row as screens see it: no brand snapshot internals, card numbers masked. */
export function saleView(sale: SaleRecord, vouchers: Pick<VoucherService, 'masked'>, journal: Pick<SaleJournal, 'attempts'>): SaleView {
  return {
    id: sale.id,
    referenceId: sale.referenceId,
    orderId: sale.orderId,
    state: sale.state,
    productId: sale.productId,
    brandTitle: sale.brandTitle,
    amountPaise: sale.amountPaise,
    discountPaise: sale.discountPaise,
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
