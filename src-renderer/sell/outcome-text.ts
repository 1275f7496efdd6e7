import type { SaleView, Tender } from '../bridge/contract';
import { formatPaise, formatTime } from '../ui/format';
import { tendersInWords } from './tender-draft';

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
        message: moneySettled(sale, sale.failure?.message ?? sale.failureReason ?? 'The order did not go through.'),
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
    case 'REVERSED': {
      // Main decides from the vouchers it holds (payment-state.ts): issued ones leave the money to
      // a manager; otherwise the sale simply did not go through, and moneyText says what to do.
      const title = sale.state === 'CANCELLED' ? 'Sale cancelled' : 'Sale reversed';
      if (sale.paymentState === 'MANAGER_REVIEW') {
        return { title, message: 'The service cancelled this order after issuing it; its vouchers are not valid.', action: "Do not hand over a receipt; call the manager about the customer's payment." };
      }
      if (sale.reviewDecision) {
        // A manager decided (sale.resolveReview): the money was given back, or the customer keeps the vouchers.
        return {
          title,
          message: 'The service cancelled this order after issuing it.',
          action: sale.reviewDecision.decision === 'REFUND' ? "A manager decided: the customer's payment was given back." : "A manager decided: the customer keeps the vouchers and the payment stays the sale's.",
        };
      }
      return {
        title,
        message: 'The service cancelled this order before issuing any voucher.',
        action: sale.paymentState === 'REFUND_DUE' ? "Give the customer's payment back." : 'Do not hand over a receipt.',
      };
    }
  }
}

export interface MoneyText {
  /** 'refund': give it back now; 'done': nothing more to do with it here. */
  kind: 'refund' | 'done';
  /** The line the cashier reads first: what to do with the customer's money. */
  headline: string;
  /** Why, in a sentence. */
  detail: string;
}

/** What the customer paid for a sale: the payment's sum, else what they were to pay. */
export const paidPaise = (sale: SaleView): number => sale.payment?.amountPaise ?? sale.customerPaysPaise;

const paidWith = (sale: SaleView): string => (sale.payment ? ` (${tendersInWords(sale.payment.tenders)})` : '');

/**
 * What to do with the customer's money when it is more than the state's own words say: give
 * it back (how much, how it was paid), given back, or gone with the retry (main derives the
 * payment state; till/tender.ts says what each means). Null where outcomeText already says
 * it — on hold (do not refund or resell yet; NEEDS_SUPPORT: keep it on hold, call the manager),
 * kept (issued vouchers are not refundable), a manager's review — and for sales recorded
 * before payments were kept.
 */
export function moneyText(sale: SaleView): MoneyText | null {
  const amount = formatPaise(paidPaise(sale));
  switch (sale.paymentState) {
    case 'NOT_RECORDED':
    case 'ON_HOLD':
    case 'KEPT':
    case 'MANAGER_REVIEW':
      return null;
    case 'REFUND_DUE':
      return {
        kind: 'refund',
        headline: `Give ${amount} back${paidWith(sale)}`,
        detail: canRetry(sale.state)
          ? 'No voucher was issued. Give the money back the way it was paid and record it here — or Try again: the same payment goes with the new order.'
          : 'No voucher was issued. Give the money back the way it was paid and record it here.',
      };
    case 'REFUNDED': {
      const refund = sale.refund;
      const given = refund ? formatPaise(refund.amountPaise) : amount;
      const how = refund ? ` (${tendersInWords(refund.tenders)})` : paidWith(sale);
      return { kind: 'done', headline: `Refunded ${given}${how}`, detail: refund ? `Given back at ${formatTime(refund.at)} by ${refund.byName}. Nothing more to give.` : 'Nothing more to give.' };
    }
    case 'CARRIED_TO_RETRY':
      return { kind: 'done', headline: 'Payment moved to the retry', detail: `The customer's ${amount}${paidWith(sale)} pays for the new try of this sale: do not refund it here.` };
  }
}

/** How to give one part back, by the way it was paid. */
export function refundStep(tender: Pick<Tender, 'method' | 'amountPaise' | 'reference'>): string {
  const amount = formatPaise(tender.amountPaise);
  const ref = (what: string) => (tender.reference ? ` (${what}${tender.reference})` : '');
  switch (tender.method) {
    case 'CASH':
      return `Give ${amount} back in cash from the drawer`;
    case 'UPI':
      return `Send ${amount} back by UPI${ref('UTR ')}`;
    case 'CARD':
      return `Reverse ${amount} on the card terminal${ref('approval ')}`;
    case 'OTHER':
      return `Give ${amount} back the way it was paid${ref('')}`;
  }
}

/**
 * Main's failure sentence ends with giving the customer's money back. Once it was given back,
 * or went with a retry, that ending is no longer what to do (moneyText says what happened to
 * it): the fact stays, the instruction goes — a cashier must not be told to pay out twice.
 */
function moneySettled(sale: SaleView, message: string): string {
  if (sale.paymentState !== 'REFUNDED' && sale.paymentState !== 'CARRIED_TO_RETRY') return message;
  return message.replace(/: give the customer's money back\.$/, '.');
}

/** Sales the service has not settled: they may still be checked by a person ("Check now"). */
export const canCheckNow = (state: SaleView['state']): boolean => isPendingState(state) || state === 'NEEDS_SUPPORT';
export const isPendingState = (state: SaleView['state']): boolean => state === 'INTENT' || state === 'IN_DOUBT' || state === 'PROCESSING';
export const canRetry = (state: SaleView['state']): boolean => state === 'FAILED' || state === 'REJECTED';
