import type { SaleState } from '../orders/journal/sale-state.js';
import type { SalePayment } from './till-store.js';
import type { PaymentState, ReviewDecisionKind } from './tender.js';

/**
 * What to do with the customer's money for a sale in `state` holding `held` (see PAYMENT_STATES).
 * `issued`: whether the sale's vouchers were issued (SaleJournal.hasVouchers), asked only of a
 * cancelled or reversed sale.
 */
export function paymentStateOf(state: SaleState, held: SalePayment | null, issued: () => boolean): PaymentState {
  if (!held) return 'NOT_RECORDED';
  // Checked before the refund: when a retry took the payment along, that retry is where it went.
  if (held.carriedTo) return 'CARRIED_TO_RETRY';
  if (held.refund) return 'REFUNDED';
  // A manager decided to keep the payment of a sale in review (a REFUND decision is its refund, above).
  if (held.decision?.decision === 'KEEP') return 'KEPT';
  return heldPaymentState(state, issued);
}

/** The state of a payment still held (neither given back nor gone with a retry) for a sale in `state`. */
export function heldPaymentState(state: SaleState, issued: () => boolean): PaymentState {
  switch (state) {
    case 'SUCCESS':
      return 'KEPT';
    case 'FAILED':
    case 'REJECTED':
      return 'REFUND_DUE';
    case 'CANCELLED':
    case 'REVERSED':
      // Before any voucher was issued the sale simply did not go through; after, the customer
      // holds void vouchers they paid for, and a manager decides.
      return issued() ? 'MANAGER_REVIEW' : 'REFUND_DUE';
    case 'INTENT':
    case 'IN_DOUBT':
    case 'PROCESSING':
    case 'NEEDS_SUPPORT':
      return 'ON_HOLD';
  }
}

/** Why a sale's money cannot be given back now, per state: the one place for these sentences. */
export const REFUND_REFUSALS: Record<Exclude<PaymentState, 'REFUND_DUE'>, string> = {
  NOT_RECORDED: 'No payment was recorded for this sale, so there is nothing to give back here. Call the manager.',
  ON_HOLD: 'Do not refund yet: the service has not said whether this sale went through, and it may still issue the vouchers. Keep the payment on hold.',
  KEPT: 'This sale completed and its vouchers were issued, so it cannot be refunded.',
  REFUNDED: 'The customer’s payment for this sale was already given back.',
  CARRIED_TO_RETRY: 'The customer’s payment went to the retry of this sale; give money back for that sale if it fails too.',
  MANAGER_REVIEW: 'The service cancelled this sale after it completed; the manager decides about the customer’s money.',
};

/** Why a manager's decision (sale.resolveReview) cannot be recorded: the one place for these sentences. */
export const REVIEW_REFUSALS = {
  /** The sale's money is not waiting for a manager (by its payment state, REFUND_REFUSALS says what it is instead). */
  dueBack: 'It is due back: give it back with Give back.',
  notInReview: 'Only a sale the service cancelled after it completed waits for a manager’s decision about the customer’s money; this one does not.',
  /** A different decision is already on record: it stands. */
  decidedOtherwise: (decided: ReviewDecisionKind): string =>
    decided === 'REFUND'
      ? 'A manager already decided to give the customer’s money back for this sale, and it was given back. The decision cannot be changed.'
      : 'A manager already decided that the customer keeps the vouchers and the sale keeps the payment. The decision cannot be changed.',
};
