import type { SaleView } from '../bridge/contract';

export interface OutcomeText {
  title: string;
  /** What happened, in the service's terms. */
  message: string;
  /** What the cashier does now — with the customer's money first. */
  action: string;
}

/**
 * What the counter says about a sale, per state: the one place for the result dialog and the
 * Pending sales strip. Each says whether the customer's money may be given back: never while
 * the service may still issue vouchers (a refund then gives the vouchers away), always when it
 * issued none. For a FAILED or REJECTED sale main sends the sentence (ending with the money)
 * and the action from its one error table (`sale.failure`); the renderer keeps no copy of it.
 */
export function outcomeText(sale: SaleView): OutcomeText {
  switch (sale.state) {
    case 'SUCCESS': {
      const count = `${sale.vouchers.length} voucher${sale.vouchers.length === 1 ? '' : 's'}`;
      return { title: 'Sale complete', message: `${count} issued. Issued vouchers cannot be refunded.`, action: 'Print the receipt and hand it to the customer.' };
    }
    case 'FAILED':
    case 'REJECTED':
      return {
        title: sale.state === 'FAILED' ? 'Sale failed' : 'Sale refused',
        // Main sets `failure` for every such sale; this only covers a view without it.
        message: sale.failure?.message ?? sale.failureReason ?? 'The order did not go through.',
        action: sale.failure?.action ?? 'Call the manager.',
      };
    case 'INTENT':
    case 'IN_DOUBT':
      return {
        title: 'Checking the sale',
        message: "The service's answer did not arrive; the app is asking.",
        action: 'Do not refund or resell yet: the service has not said whether it went through, and it is being checked.',
      };
    case 'PROCESSING':
      return {
        title: 'Sale processing',
        message: 'The service accepted the order; print the receipt from Pending sales when it succeeds.',
        action: 'Do not refund or resell yet: the vouchers are still being issued, and the app is checking.',
      };
    case 'NEEDS_SUPPORT':
      return {
        title: 'Needs the manager',
        message: "The service has not finished this order and may still complete it — keep the customer's payment on hold and call the manager.",
        action: 'Do not refund or resell it: if the service completes it, the vouchers are issued and paid for.',
      };
    case 'CANCELLED':
    case 'REVERSED':
      return {
        title: sale.state === 'CANCELLED' ? 'Sale cancelled' : 'Sale reversed',
        message: 'The service cancelled this order; the vouchers are not valid.',
        action: "Do not hand over a receipt; call the manager about the customer's payment.",
      };
  }
}

/** Sales the service has not settled: they may still be checked by a person ("Check now"). */
export const canCheckNow = (state: SaleView['state']): boolean => isPendingState(state) || state === 'NEEDS_SUPPORT';
export const isPendingState = (state: SaleView['state']): boolean => state === 'INTENT' || state === 'IN_DOUBT' || state === 'PROCESSING';
export const canRetry = (state: SaleView['state']): boolean => state === 'FAILED' || state === 'REJECTED';
