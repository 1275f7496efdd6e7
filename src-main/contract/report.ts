import { z } from 'zod';
import type { SaleState } from '../orders/journal/sale-state.js';
import type { Settings } from '../settings/settings-schema.js';
import { needs } from './define.js';
import type { CashierTotal, TenderTotal } from './shift.js';

/** What kind of disagreement an end of day found; each comes with a sentence and what to do. */
export const DISCREPANCY_KINDS = [
  /** The service reports a different state or amount for an order than the journal. */
  'SERVICE_DIFFERS',
  /** The service does not know a reference the counter sent (or could not be asked). */
  'SERVICE_UNKNOWN',
  'SERVICE_UNREACHABLE',
  /** A sale whose outcome is still not known at the end of the day. */
  'UNSETTLED',
  /** The wallet moved by more or less than the journal's debits plus the top-ups entered. */
  'WALLET_MOVEMENT',
  /** No wallet reading at the day's start or end, so the wallet cannot be checked. */
  'WALLET_NOT_READ',
  /** A completed sale whose tenders do not cover what the customer pays (or that has none). */
  'TENDER_MISSING',
  /** A paid sale that did not go through and whose money was not given back. */
  'REFUND_DUE',
  /** A shift of the day still open, or closed over or short. */
  'DRAWER',
  /** A store's counter sold that day but has not checked it since (its figures are missing from the store's day). */
  'COUNTER_NOT_CHECKED',
] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

export interface Discrepancy {
  kind: DiscrepancyKind;
  /** The plain sentence for the manager. */
  message: string;
  /** What to do about it. */
  action: string;
  saleId: string | null;
  referenceId: string | null;
  orderId: string | null;
  /**
   * The amount in question, when there is one. Signed where it is a difference: WALLET_MOVEMENT
   * (+ the wallet spent more than the sales explain), DRAWER (+ over, − short), TENDER_MISSING
   * (+ missing, − more than the sales account for), SERVICE_DIFFERS on an amount (the service's
   * vouchers − the sale).
   */
  amountPaise: number | null;
}

/**
 * A store day (India time, 00:00–24:00 IST) checked three ways: the journal's sales against
 * the service's view of every order sent, against the wallet's movement, and against the
 * tenders taken minus refunds.
 */
export interface EndOfDayReport {
  /** YYYY-MM-DD, India time. */
  day: string;
  from: number;
  to: number;
  generatedAt: number;
  generatedByName: string;
  training: boolean;
  store: Settings['store'];
  matched: boolean;
  discrepancies: Discrepancy[];
  journal: {
    byState: { state: SaleState; count: number; amountPaise: number }[];
    completed: number;
    /** Face value of the vouchers issued. */
    completedPaise: number;
    discountPaise: number;
    /** What the customers of completed sales pay (face value − discount). */
    customerPaysPaise: number;
    /** What the day's sales cost the wallet as the journal holds them: completed or still processing (face value − discount). */
    walletDebitPaise: number;
    voucherCount: number;
  };
  service: {
    /** The day's sales looked up at the service (by order id, else by reference): each agreed, differed or could not be asked. */
    checked: number;
    agreed: number;
    differed: number;
    unreachable: number;
  };
  wallet: {
    openingBalancePaise: number | null;
    openingReadAt: number | null;
    closingBalancePaise: number | null;
    closingReadAt: number | null;
    topUpsPaise: number;
    /** opening + top-ups − closing: what the wallet actually spent between the readings. */
    spentPaise: number | null;
    /** Debits of the journal's sales between the two readings (reversals netted). */
    expectedSpentPaise: number | null;
  };
  tenders: {
    byTender: TenderTotal[];
    takenPaise: number;
    refundedPaise: number;
    netPaise: number;
    /**
     * What the day's sales account for: what completed sales' customers pay, plus payments still
     * on hold, due back or awaiting a manager (still in hand); refunded ones count nothing.
     */
    expectedNetPaise: number;
  };
  byCashier: CashierTotal[];
  shifts: { id: string; counter: string; openedAt: number; closedAt: number | null; expectedCashPaise: number; countedCashPaise: number | null; overShortPaise: number | null }[];
  /**
   * A store's counter: the store's day, made of each counter's own check (this one's run just
   * now) and the wallet checked store-wide; one line per counter. Absent on a counter on its own.
   */
  counters?: { id: string; name: string; sales: number; checkedAt: number | null; matched: boolean | null }[];
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a day is YYYY-MM-DD');

export const reportMethods = {
  /** Checks the day three ways (asks the service about every order of the day). Audited. */
  'report.endOfDay': needs('seeAllTotals')(z.strictObject({ day })).returns<EndOfDayReport>(),
};
