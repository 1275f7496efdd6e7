import type { SaleView } from '../../contract/index.js';
import { describeError } from '../../partner-api/error-table.js';
import type { VoucherService } from '../../vouchers/voucher-service.js';
import type { SaleRecord } from '../journal/sale-record.js';

/** A journal row as screens see it: no brand snapshot internals, card numbers masked. */
export function saleView(sale: SaleRecord, vouchers: Pick<VoucherService, 'masked'>): SaleView {
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
    // The cashier's sentence and action for a sale that did not go through, from the one error table.
    failure: sale.errorCode && (sale.state === 'FAILED' || sale.state === 'REJECTED') ? describeError(sale.errorCode) : null,
    createdAt: sale.createdAt,
    updatedAt: sale.updatedAt,
    nextCheckAt: sale.nextCheckAt,
    printCount: sale.printCount,
    receiptOwed: sale.receiptOwed,
    retryOf: sale.retryOf,
    vouchers: vouchers.masked(sale.id),
  };
}
