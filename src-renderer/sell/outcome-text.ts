import type { SaleView } from '../bridge/contract';

export interface OutcomeText {
  title: string;
  message: string;
  action: string;
}

/**
 * The sentence and the action for a sale. For a sale that did not go through, main sends both
 * from its one error table (`sale.failure`); the renderer keeps no copy of that table.
 */
const GENERIC = { message: 'The order did not go through.', action: 'Check the details and try again; if it repeats, call the manager with the reference below.' };

export function outcomeText(sale: SaleView): OutcomeText {
  const known = sale.failure;
  switch (sale.state) {
    case 'SUCCESS':
      return { title: 'Sale complete', message: `${sale.vouchers.length} voucher${sale.vouchers.length === 1 ? '' : 's'} issued.`, action: 'Print the receipt and hand it to the customer.' };
    case 'FAILED':
      return { title: 'Sale failed', message: known?.message ?? `${sale.failureReason ?? 'The order failed.'} The wallet was not charged.`, action: known?.action ?? GENERIC.action };
    case 'REJECTED':
      return { title: 'Sale refused', message: known?.message ?? sale.failureReason ?? GENERIC.message, action: known?.action ?? GENERIC.action };
    case 'PROCESSING':
      return { title: 'Sale processing', message: 'The service is still issuing the vouchers. The app checks by itself.', action: 'Serve the next customer; the sale waits in Pending sales and can be printed when it succeeds.' };
    case 'INTENT':
    case 'IN_DOUBT':
      return { title: 'Checking the sale', message: 'The answer from the service did not arrive. The app is checking by its reference whether the order was created.', action: 'Do not sell it again. It waits in Pending sales until the check finishes.' };
    case 'NEEDS_SUPPORT':
      return { title: 'Needs the manager', message: sale.supportReason ?? 'This sale could not be settled automatically.', action: 'Treat it as not sold for now and call the manager.' };
    case 'CANCELLED':
    case 'REVERSED':
      return { title: sale.state === 'CANCELLED' ? 'Sale cancelled' : 'Sale reversed', message: 'The service cancelled this order; the vouchers are not valid.', action: 'Do not hand over a receipt; call the manager.' };
  }
}

export const isPendingState = (state: SaleView['state']): boolean => state === 'INTENT' || state === 'IN_DOUBT' || state === 'PROCESSING';
export const canRetry = (state: SaleView['state']): boolean => state === 'FAILED' || state === 'REJECTED';
