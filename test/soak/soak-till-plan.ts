/**
 * The customer's money in the soak, as a pure function of (seed, step) like the rest of the plan:
 * a discount now and then, how the customer pays, what the cashier does with the money of a sale
 * that did not go through, cash in and out of the drawer, X reports and shift changes. Drawn from
 * a stream of its own, so the sales and faults a seed plans are the ones it planned before
 * tenders existed.
 */
import { stepRandom } from './soak-plan.js';

export type TenderMethod = 'CASH' | 'UPI' | 'CARD' | 'OTHER';

/**
 * A sale refused for its drawer: none open, or one handed over while the sale was checked. The
 * plan keeps a drawer open and changes shifts between sales, so either is the app's fault.
 */
export const DRAWER_REFUSALS: ReadonlySet<string> = new Set(['NO_OPEN_SHIFT', 'DRAWER_CHANGED']);

/** A tender as sale.place / sale.retry take it. */
export interface TenderEntry {
  method: TenderMethod;
  amountPaise: number;
  receivedPaise?: number;
  reference?: string;
}

export interface CashMovementPlan {
  kind: 'PAY_IN' | 'PAY_OUT';
  amountPaise: number;
  reason: string;
}

export interface TillPlan {
  discountPaise: number;
  /** How the customer pays (amount − discount), planned for the step's sale. */
  tenders: TenderEntry[];
  /** Before "Try again": give the money back first, so the retry takes a new payment (`retryTenders`). */
  refundBeforeRetry: boolean;
  /** A retry that failed too is tried once more (a chain of three sales over one or two payments). */
  retryAgain: boolean;
  retryTenders: TenderEntry[];
  /** A sale that ended FAILED / REJECTED (after any retry) gets its money back now; otherwise at the close. */
  refundNow: boolean;
  /** The cashier tries what must be refused: a refund of a sale that kept its money, a second refund, paying a carried retry twice, a pay-out the drawer cannot cover. */
  probe: boolean;
  movement: CashMovementPlan | null;
  xReport: boolean;
  /** At the end of the step the shift is closed with a count and the next one opened. */
  shiftChange: { overShortPaise: number; nextFloatPaise: number } | null;
}

/** Salt of the till's stream: independent of the sale / fault draws of the same step. */
const TILL_SALT = 11;

const pick = <T>(rnd: () => number, items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
const int = (rnd: () => number, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

type TenderKind = 'EXACT_CASH' | 'CASH_WITH_CHANGE' | 'UPI' | 'CARD' | 'SPLIT_CASH_UPI';
const TENDER_KINDS: readonly [TenderKind, number][] = [
  ['EXACT_CASH', 35],
  ['CASH_WITH_CHANGE', 20],
  ['UPI', 20],
  ['CARD', 15],
  ['SPLIT_CASH_UPI', 10],
];
/** Notes a customer hands over when paying cash with change: ₹100, ₹500, ₹2,000. */
const NOTES = [10_000, 50_000, 200_000];
const FLOATS = [0, 100_000, 200_000, 200_000, 500_000];
/** Counted minus expected at a close: mostly right, sometimes short or over. */
const OVER_SHORT = [0, 0, 0, -10_000, -200, 5_000];
const PAY_IN_REASONS = ['Change from the bank', 'Float top-up'];
const PAY_OUT_REASONS = ['Courier', 'Tea and snacks', 'Cash to the safe'];

function tenderKind(rnd: () => number): TenderKind {
  let r = rnd() * 100;
  for (const [kind, w] of TENDER_KINDS) {
    r -= w;
    if (r < 0) return kind;
  }
  return 'EXACT_CASH';
}

/** Handed over in whole notes, always more than the amount: the rest is change. */
const cashHandedOver = (rnd: () => number, amountPaise: number) => {
  const note = pick(rnd, NOTES);
  return (Math.floor(amountPaise / note) + 1) * note;
};

// References never look like a voucher's 16-digit card number or 6-digit PIN (the secrets sweep looks for those).
const utr = (rnd: () => number) => `UTR${String(int(rnd, 0, 999_999_999)).padStart(9, '0')}`;
const cardReference = (rnd: () => number) => (rnd() < 0.5 ? `APR${String(int(rnd, 0, 999)).padStart(3, '0')}` : String(int(rnd, 0, 9999)).padStart(4, '0'));

export function tendersFor(rnd: () => number, customerPaysPaise: number): TenderEntry[] {
  const kind = tenderKind(rnd);
  switch (kind) {
    case 'CASH_WITH_CHANGE':
      return [{ method: 'CASH', amountPaise: customerPaysPaise, receivedPaise: cashHandedOver(rnd, customerPaysPaise) }];
    case 'UPI':
      return [{ method: 'UPI', amountPaise: customerPaysPaise, reference: utr(rnd) }];
    case 'CARD':
      return [{ method: 'CARD', amountPaise: customerPaysPaise, reference: cardReference(rnd) }];
    case 'SPLIT_CASH_UPI': {
      // Whole rupees in cash, the rest by UPI; both parts more than ₹0.
      const cash = Math.min(customerPaysPaise - 100, Math.max(100, Math.round((customerPaysPaise * (0.2 + rnd() * 0.6)) / 100) * 100));
      if (cash <= 0 || cash >= customerPaysPaise) break;
      const withChange = rnd() < 0.5;
      return [
        { method: 'CASH', amountPaise: cash, ...(withChange ? { receivedPaise: cashHandedOver(rnd, cash) } : {}) },
        { method: 'UPI', amountPaise: customerPaysPaise - cash, reference: utr(rnd) },
      ];
    }
    case 'EXACT_CASH':
      break;
  }
  return [{ method: 'CASH', amountPaise: customerPaysPaise }];
}

export function planTill(seed: number, step: number, amountPaise: number): TillPlan {
  const rnd = stepRandom(seed, step, TILL_SALT);
  // Whole rupees, at most a fifth of the sale: the customer always pays something.
  const discountPaise = rnd() < 0.15 ? Math.round((amountPaise * pick(rnd, [0.05, 0.1, 0.2])) / 100) * 100 : 0;
  const pays = amountPaise - discountPaise;
  const tenders = tendersFor(rnd, pays);
  const refundBeforeRetry = rnd() < 0.25;
  const retryTenders = tendersFor(rnd, pays);
  const refundNow = rnd() < 0.6;
  const retryAgain = rnd() < 0.3;
  const probe = rnd() < 0.08;
  const m = rnd();
  const movement: CashMovementPlan | null =
    m < 0.04
      ? { kind: 'PAY_IN', amountPaise: int(rnd, 1, 20) * 10_000, reason: pick(rnd, PAY_IN_REASONS) }
      : m < 0.08
        ? { kind: 'PAY_OUT', amountPaise: int(rnd, 1, 60) * 5_000, reason: pick(rnd, PAY_OUT_REASONS) }
        : null;
  const xReport = rnd() < 0.03;
  const shiftChange = rnd() < 0.006 ? { overShortPaise: pick(rnd, OVER_SHORT), nextFloatPaise: pick(rnd, FLOATS) } : null;
  return { discountPaise, tenders, refundBeforeRetry, retryAgain, retryTenders, refundNow, probe, movement, xReport, shiftChange };
}

/** The float a drawer opened at `step` starts with (the first lifetime's, or after a kill between a close and the next open). */
export function openingFloat(seed: number, step: number): number {
  return pick(stepRandom(seed, step, TILL_SALT + 1), FLOATS);
}

/** What the cashier counts at the final close: the expected cash, off by the seeded over/short. */
export function finalOverShort(seed: number): number {
  return pick(stepRandom(seed, 0, TILL_SALT + 2), OVER_SHORT);
}

/** A count is never negative, even when the drawer is short of what it should hold. */
export const countedCash = (expectedPaise: number, overShortPaise: number) => Math.max(0, expectedPaise + overShortPaise);
