/**
 * How a customer pays, declared once: the methods, the shapes main stores and screens show,
 * and the customer's-payment states a sale's money can be in.
 */
export const TENDER_METHODS = ['CASH', 'UPI', 'CARD', 'OTHER'] as const;
export type TenderMethod = (typeof TENDER_METHODS)[number];

/** One part of a payment. `receivedPaise` (cash only): what the customer handed over, change is the rest. */
export interface Tender {
  method: TenderMethod;
  amountPaise: number;
  receivedPaise: number | null;
  /** UPI: the UTR / reference; CARD: the terminal's approval code or the card's last 4; OTHER: a note. */
  reference: string | null;
}

/** The customer's payment for a sale, taken once and carried to a retry of that sale if it fails. */
export interface Payment {
  id: string;
  shiftId: string;
  takenBy: string;
  takenAt: number;
  /** What the customer paid: the sum of the tenders. */
  amountPaise: number;
  /** Cash handed back at the counter when the payment was taken. */
  changePaise: number;
  tenders: Tender[];
}

/** Money given back for a sale that did not go through: by the same tenders, once per payment. */
export interface Refund {
  /** The id its audit line (`sale.refunded`) names; null for refunds recorded before refunds had ids. */
  refundId: string | null;
  paymentId: string;
  saleId: string;
  shiftId: string;
  refundedBy: string;
  at: number;
  amountPaise: number;
  tenders: Pick<Tender, 'method' | 'amountPaise'>[];
}

/**
 * What a manager decides for a sale in MANAGER_REVIEW: REFUND gives the customer's payment back
 * (as sale.refund does, from the open drawer); KEEP leaves it the sale's (the customer keeps the
 * vouchers, e.g. they were delivered and used).
 */
export const REVIEW_DECISIONS = ['REFUND', 'KEEP'] as const;
export type ReviewDecisionKind = (typeof REVIEW_DECISIONS)[number];

/** A manager's decision on record, once per payment. */
export interface ReviewDecision {
  paymentId: string;
  saleId: string;
  decision: ReviewDecisionKind;
  /** The manager who decided (signed in, or approving with their PIN). */
  decidedBy: string;
  /** Who was signed in when it was recorded. */
  askedBy: string;
  at: number;
  note: string;
}

/**
 * What the counter should do with the customer's money for a sale, derived from the sale's
 * state and its payment:
 * - NOT_RECORDED: no payment was recorded (sales from before tenders were kept).
 * - ON_HOLD: the outcome is not known yet — do not refund or resell.
 * - KEPT: vouchers were issued; the payment is the sale's (also after a manager's KEEP decision).
 * - REFUND_DUE: the sale did not go through — give the money back (sale.refund).
 * - REFUNDED: given back (also after a manager's REFUND decision).
 * - CARRIED_TO_RETRY: the payment went to the retry of this sale.
 * - MANAGER_REVIEW: the service cancelled or reversed a completed sale; a manager decides (sale.resolveReview).
 */
export const PAYMENT_STATES = ['NOT_RECORDED', 'ON_HOLD', 'KEPT', 'REFUND_DUE', 'REFUNDED', 'CARRIED_TO_RETRY', 'MANAGER_REVIEW'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
