import type { SaleView } from '../bridge/contract';
import { formatDateTime, formatPaise } from '../ui/format';

/** What partner support asks for about a sale, as one text to read out or paste into a message. */
export function supportText(sale: SaleView): string {
  return [
    `${sale.brandTitle} ${formatPaise(sale.amountPaise)}, state ${sale.state}`,
    `Placed: ${formatDateTime(sale.createdAt)}`,
    `Reference: ${sale.referenceId}`,
    `Order id: ${sale.orderId ?? 'none yet'}`,
    ...(sale.errorCode ? [`Code: ${sale.errorCode}`] : []),
    ...(sale.supportReason ? [`Note: ${sale.supportReason}`] : []),
    `Request ids: ${sale.requestIds.length > 0 ? sale.requestIds.join(', ') : 'none'}`,
  ].join('\n');
}
