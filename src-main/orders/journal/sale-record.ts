import type { OrderRequestBody, PartnerBrand } from '../../partner-api/types.js';
import type { SaleState } from './sale-state.js';

/** One journal row: one referenceId, the intent that was committed, and what became of it. */
export interface SaleRecord {
  id: string;
  referenceId: string;
  state: SaleState;
  productId: string;
  brandTitle: string;
  /** The brand as validated at sale time, so history and reprints survive catalog changes. */
  brandSnapshot: PartnerBrand;
  /** The exact body sent (and resent) for this referenceId. */
  payload: OrderRequestBody;
  amountPaise: number;
  discountPaise: number;
  customerPhone: string | null;
  orderId: string | null;
  failureReason: string | null;
  errorCode: string | null;
  supportReason: string | null;
  cashierId: string | null;
  retryOf: string | null;
  createdAt: number;
  placedAt: number | null;
  updatedAt: number;
  nextCheckAt: number | null;
  pollCount: number;
  printCount: number;
  /** Completed, and its receipt neither printed nor recorded as left behind: the Sell screen keeps it pinned. */
  receiptOwed: boolean;
}

/** A manager's record that the customer of a completed sale left without the receipt. */
export interface ReceiptWaiver {
  at: number;
  /** The manager who approved it (by PIN, or signed in). */
  approvedBy: string;
  reason: string | null;
}

export type AttemptKind = 'place' | 'lookup' | 'poll' | 'get';

export interface SaleAttempt {
  saleId: string;
  seq: number;
  kind: AttemptKind;
  requestId: string;
  startedAt: number;
  finishedAt: number | null;
  outcome: string | null;
}

/** A voucher as stored: credentials sealed by the card vault, last four digits for masked display. */
export interface StoredVoucher {
  saleId: string;
  seq: number;
  voucherId: string | null;
  cardType: string;
  cardNumberSealed: Buffer | null;
  cardPinSealed: Buffer | null;
  cardNumberLast4: string | null;
  validTill: string | null;
  amountPaise: number;
}

/** What may change on a transition, besides the state. */
export interface SaleOutcomePatch {
  orderId?: string | null;
  failureReason?: string | null;
  errorCode?: string | null;
  supportReason?: string | null;
  placedAt?: number | null;
  nextCheckAt?: number | null;
  pollCount?: number;
}
