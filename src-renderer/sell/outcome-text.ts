import type { SaleView } from '../bridge/api-types';

export interface OutcomeText {
  title: string;
  message: string;
  action: string;
}

/**
 * The sentence and the action for a sale that did not succeed. A REJECTED sale carries the
 * core's sentence in failureReason; a FAILED one carries the service's raw reason, so its
 * business code is explained here, in the cashier's words (the core's error table says the
 * same; the renderer may not import it).
 */
const NOT_CHARGED = 'The wallet was not charged.';
const FAILED_ACTIONS: Record<string, { message: string; action: string }> = {
  E200: { message: `The voucher could not be generated. ${NOT_CHARGED}`, action: 'Wait 1–2 minutes, then try again (a new order with a new reference).' },
  E201: { message: `The voucher provider could not confirm the voucher. ${NOT_CHARGED}`, action: 'Wait 1–2 minutes, then try again.' },
  E204: { message: `Voucher generation is temporarily unavailable. ${NOT_CHARGED}`, action: 'Wait a short while, then try again.' },
  E300: { message: "The store's wallet balance is too low for this order. Nothing was charged.", action: 'Ask the manager to top up the wallet, then try again.' },
  BRAND_NOT_AVAILABLE: { message: `This brand is not available right now. ${NOT_CHARGED}`, action: 'Offer the customer another brand.' },
  RATE_LIMIT: { message: `A sales limit for the store or this brand has been reached. ${NOT_CHARGED}`, action: 'Try a smaller amount, or try again later.' },
  E100: { message: 'This brand is temporarily unavailable at its voucher provider.', action: 'Try again later, or offer the customer another brand.' },
  E101: { message: 'This brand is not enabled for your store.', action: 'Offer another brand; the manager can ask support to enable it.' },
  E102: { message: 'This brand is inactive and cannot be sold.', action: 'Offer the customer another brand.' },
  E103: { message: "This brand cannot be sold under your store's business model.", action: 'Offer the customer another brand.' },
  E150: { message: 'This amount is not available for the brand.', action: 'Choose one of the listed amounts.' },
};

const GENERIC = { message: 'The order did not go through.', action: 'Check the details and try again; if it repeats, call the manager with the reference below.' };

export function outcomeText(sale: SaleView): OutcomeText {
  const known = sale.errorCode ? FAILED_ACTIONS[sale.errorCode] : undefined;
  switch (sale.state) {
    case 'SUCCESS':
      return { title: 'Sale complete', message: `${sale.vouchers.length} voucher${sale.vouchers.length === 1 ? '' : 's'} issued.`, action: 'Print the receipt and hand it to the customer.' };
    case 'FAILED':
      return { title: 'Sale failed', message: known?.message ?? `${sale.failureReason ?? 'The order failed.'} ${NOT_CHARGED}`, action: known?.action ?? GENERIC.action };
    case 'REJECTED':
      return { title: 'Sale refused', message: sale.failureReason ?? known?.message ?? GENERIC.message, action: known?.action ?? GENERIC.action };
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
