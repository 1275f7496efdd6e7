import type { Db } from '../db/database.js';
import type { DrawerCount } from '../contract/shift.js';
import { MovementRows, type CashMovementRecord } from './movement-rows.js';
import { PaymentRows, type CarriedTo, type HeldPayment } from './payment-rows.js';
import { RefundRows } from './refund-rows.js';
import { ReviewDecisionRows } from './review-decision-rows.js';
import { ShiftRows, type ShiftRecord } from './shift-rows.js';
import type { Payment, Refund, ReviewDecision, Tender } from './tender.js';
import { expectedCash, TillTotals, type DrawerTotals, type StaffTotalRow, type TenderTotalRow, type TillScope } from './till-totals.js';

export type { CashMovementRecord } from './movement-rows.js';
export type { ShiftRecord } from './shift-rows.js';
export { expectedCash, type DrawerTotals, type StaffTotalRow, type TenderTotalRow, type TillScope } from './till-totals.js';

/** A sale's payment as the counter holds it. */
export interface SalePayment {
  payment: Payment;
  refund: Refund | null;
  /** A manager's decision on it (the sale was in MANAGER_REVIEW), if one was recorded. */
  decision: ReviewDecision | null;
  /** The retry of this sale that took its payment along, if one did. */
  carriedTo: CarriedTo | null;
}

/** What recordRefund did: recorded, or why not (nothing was written). */
export type RefundWrite =
  | { recorded: true }
  | { recorded: false; reason: 'already-refunded' | 'carried' | 'shift-closed' | 'already-decided' }
  | { recorded: false; reason: 'not-enough-cash'; inDrawerPaise: number };

/** The cash in a list of tenders: what leaves or enters the drawer. */
export function cashPart(tenders: readonly Pick<Tender, 'method' | 'amountPaise'>[]): number {
  return tenders.filter((t) => t.method === 'CASH').reduce((sum, t) => sum + t.amountPaise, 0);
}

export class ShiftClosedError extends Error {
  constructor() {
    super('The drawer was closed before the sale was recorded');
    this.name = 'ShiftClosedError';
  }
}

export class PaymentRefundedError extends Error {
  constructor() {
    super('The payment was given back before the retry was recorded');
    this.name = 'PaymentRefundedError';
  }
}

/**
 * The till's records on the environment's SQLite file: shifts, cash movements, payments with
 * their tenders, refunds, review decisions. Each table's statements live with its rows
 * (shift-rows.ts …); this is where the writes that span tables take their commit and checks.
 * Payments are written inside the order journal's intent commit (recordPayment / carryPayment
 * are called from it), so they share its durability.
 */
export class TillStore {
  private readonly shifts: ShiftRows;
  private readonly cashMovements: MovementRows;
  private readonly payments: PaymentRows;
  private readonly refunds: RefundRows;
  private readonly decisions: ReviewDecisionRows;
  private readonly totals: TillTotals;

  constructor(private readonly db: Db) {
    this.shifts = new ShiftRows(db);
    this.cashMovements = new MovementRows(db);
    this.payments = new PaymentRows(db);
    this.refunds = new RefundRows(db);
    this.decisions = new ReviewDecisionRows(db);
    this.totals = new TillTotals(db);
  }

  currentShift(): ShiftRecord | undefined {
    return this.shifts.current();
  }

  shift(id: string): ShiftRecord | undefined {
    return this.shifts.get(id);
  }

  /** Shifts open at any time in [from, to), oldest first. */
  shiftsBetween(from: number, to: number): ShiftRecord[] {
    return this.shifts.between(from, to);
  }

  /** False when a shift is already open (the unique index decides, so two windows cannot both open one). */
  openShift(shift: Pick<ShiftRecord, 'id' | 'counter' | 'openedBy' | 'openedAt' | 'openingFloatPaise' | 'openingCount'>): boolean {
    return this.shifts.add(shift);
  }

  /** Closes the shift if it is still open, with the expected cash worked out in the same commit. */
  closeShift(id: string, close: { closedBy: string; closedAt: number; countedCashPaise: number; closingCount: DrawerCount[] | null; note: string | null }): ShiftRecord | null {
    return this.db
      .transaction(() => {
        const shift = this.shift(id);
        if (!shift || shift.closedAt !== null) return null;
        this.shifts.markClosed(id, { ...close, expectedCashPaise: expectedCash(shift, this.drawerTotals(id)) });
        return this.shift(id)!;
      })
      .immediate();
  }

  /** False when the shift is no longer open. */
  addMovement(movement: CashMovementRecord): boolean {
    return this.cashMovements.add(movement);
  }

  movements(shiftId: string): CashMovementRecord[] {
    return this.cashMovements.list(shiftId);
  }

  /** The movement recorded under the page's `movementId`, in whichever shift. */
  movementById(movementId: string): CashMovementRecord | undefined {
    return this.cashMovements.get(movementId);
  }

  /** See PaymentRows.held. */
  heldPayments(shiftId: string): HeldPayment[] {
    return this.payments.held(shiftId);
  }

  drawerTotals(shiftId: string): DrawerTotals {
    return this.totals.drawerOf(shiftId);
  }

  /**
   * Writes a new payment for `saleId`. Called inside the journal's intent commit: if the shift
   * has closed meanwhile, ShiftClosedError rolls the intent back, so nothing is sent.
   */
  recordPayment(saleId: string, payment: Payment): void {
    if (!this.payments.add(payment)) throw new ShiftClosedError();
    this.payments.link(saleId, payment.id);
  }

  /** The retry `saleId` takes over `paymentId`, inside its intent commit; refused if it was given back meanwhile. */
  carryPayment(saleId: string, paymentId: string): void {
    if (this.refunds.has(paymentId)) throw new PaymentRefundedError();
    this.payments.link(saleId, paymentId);
  }

  salePayment(saleId: string): SalePayment | null {
    const payment = this.payments.get(saleId);
    if (!payment) return null;
    return {
      payment,
      refund: this.refunds.get(payment.id),
      decision: this.decisions.get(payment.id),
      carriedTo: this.payments.carriedTo(saleId, payment.id),
    };
  }

  /**
   * Gives a payment back, once: in one commit that the shift is still open, that no retry of the
   * sale took the payment along, that it was not given back already, and that the drawer holds
   * the cash part (the caller checks all of these first; this is the backstop against a race).
   */
  recordRefund(refund: Refund): RefundWrite {
    return this.db
      .transaction((): RefundWrite => {
        if (this.refunds.has(refund.paymentId)) return { recorded: false, reason: 'already-refunded' };
        if (this.payments.carriedTo(refund.saleId, refund.paymentId)) return { recorded: false, reason: 'carried' };
        const shift = this.shift(refund.shiftId);
        if (!shift || shift.closedAt !== null) return { recorded: false, reason: 'shift-closed' };
        const inDrawerPaise = expectedCash(shift, this.drawerTotals(shift.id));
        if (cashPart(refund.tenders) > inDrawerPaise) return { recorded: false, reason: 'not-enough-cash', inDrawerPaise };
        this.refunds.add(refund);
        return { recorded: true };
      })
      .immediate();
  }

  /**
   * Records a manager's decision on a payment in review, once, in one commit: with `refund` (a
   * REFUND decision), the refund is written by recordRefund inside the same commit, with all its
   * checks, and the decision only if it was.
   */
  recordReviewDecision(decision: ReviewDecision, refund: Refund | null): RefundWrite {
    return this.db
      .transaction((): RefundWrite => {
        if (this.decisions.get(decision.paymentId)) return { recorded: false, reason: 'already-decided' };
        if (refund) {
          const written = this.recordRefund(refund);
          if (!written.recorded) return written;
        } else if (this.refunds.has(decision.paymentId)) return { recorded: false, reason: 'already-refunded' };
        else if (this.payments.carriedTo(decision.saleId, decision.paymentId)) return { recorded: false, reason: 'carried' };
        this.decisions.add(decision);
        return { recorded: true };
      })
      .immediate();
  }

  /** Money taken and given back per tender method (payments by when taken, refunds by when given). */
  tenderTotals(scope: TillScope): TenderTotalRow[] {
    return this.totals.perTender(scope);
  }

  /** Payments taken and refunds given per member of staff. */
  staffTotals(scope: TillScope): StaffTotalRow[] {
    return this.totals.perStaff(scope);
  }

  /** See TillTotals.refundedForEarlierSales. */
  refundedForEarlierSales(span: { from: number; to: number }): number {
    return this.totals.refundedForEarlierSales(span);
  }
}
