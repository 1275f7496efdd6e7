import type { AttemptKind, ReceiptWaiver, SaleAttempt, SaleOutcomePatch, SaleRecord, StoredVoucher } from './sale-record.js';
import type { SaleState } from './sale-state.js';

export type NewSale = Omit<
  SaleRecord,
  | 'state'
  | 'orderId'
  | 'failureReason'
  | 'errorCode'
  | 'supportReason'
  | 'placedAt'
  | 'updatedAt'
  | 'nextCheckAt'
  | 'pollCount'
  | 'printCount'
  | 'receiptOwed'
>;

export type NewVoucher = Omit<StoredVoucher, 'saleId' | 'seq'>;

/** The first POST of a new sale, journaled in the intent's own commit (see insertIntent). */
export interface FirstSend {
  requestId: string;
  at: number;
}

/** An exchange whose answer arrived, recorded in the same commit as the move it causes. */
export interface FinishedAttempt {
  seq: number;
  at: number;
  outcome: string;
}

export interface TransitionResult {
  /** False when the row had already moved on (another path got there first) or the move is not allowed. */
  applied: boolean;
  record: SaleRecord;
}

/**
 * The order journal as the order engine sees it. The engine depends on this interface, not
 * on SQLite, so a future relay can keep one shared journal elsewhere and reuse the engine.
 * Every method is durable when it returns.
 */
export interface SaleJournal {
  /**
   * Commits the intent. With `firstSend`, attempt 1 (its X-REQUEST-ID) and placedAt go into
   * the same commit: one synchronous=FULL fsync before the request leaves instead of three.
   * `withIntent` writes what must exist exactly when the intent does (the customer's payment),
   * in the same commit; if it throws, nothing is committed. It writes other tables, never the
   * sale's row: the record handed back is the row as the intent's INSERT wrote it.
   */
  insertIntent(sale: NewSale, firstSend?: FirstSend, withIntent?: () => void): SaleRecord;
  get(id: string): SaleRecord | undefined;
  getByReference(referenceId: string): SaleRecord | undefined;
  getByOrderId(orderId: string): SaleRecord | undefined;
  /** The sale that retried `saleId`, if any: a failed sale is retried at most once. */
  getRetryOf(saleId: string): SaleRecord | undefined;
  /**
   * Moves `id` from `from` to `to` atomically (with vouchers, when given), if it is still in `from`.
   * `finished` closes the attempt whose answer caused the move in the same commit; it is
   * recorded even when the move is refused, because the exchange happened either way.
   */
  transition(id: string, from: SaleState, to: SaleState, patch: SaleOutcomePatch, vouchers?: NewVoucher[], finished?: FinishedAttempt): TransitionResult;
  /** Changes bookkeeping fields without changing the state (next check time, poll count, the order id a sale waiting for support turned out to have). */
  touch(id: string, state: SaleState, patch: Pick<SaleOutcomePatch, 'nextCheckAt' | 'pollCount' | 'placedAt' | 'orderId'>): boolean;
  beginAttempt(saleId: string, kind: AttemptKind, requestId: string, at: number): number;
  finishAttempt(saleId: string, seq: number, at: number, outcome: string): void;
  attempts(saleId: string): SaleAttempt[];
  vouchers(saleId: string): StoredVoucher[];
  /** Whether vouchers were issued for the sale: it completed, whatever the service made of it since. */
  hasVouchers(saleId: string): boolean;
  unfinished(): SaleRecord[];
  /** SUCCESS sales whose receipt is still owed (never printed, not recorded as left behind), oldest first. */
  unprinted(): SaleRecord[];
  /** Counts a printed copy; the first one settles the receipt a SUCCESS sale owed. */
  incrementPrintCount(saleId: string): number;
  /**
   * Takes back copy `copy` when the printer did not take it: only while it is the last one
   * counted (false otherwise); the first copy leaves the receipt owed again.
   */
  uncountPrint(saleId: string, copy: number): boolean;
  /**
   * Records that the customer left without the receipt, if it is still owed (applied false
   * otherwise: printed, already recorded, or not a completed sale), in one commit.
   */
  recordReceiptWaiver(saleId: string, waiver: ReceiptWaiver): TransitionResult;
  /** The manager's record that the customer of `saleId` left without the receipt, if there is one. */
  receiptWaiver(saleId: string): ReceiptWaiver | undefined;
}
