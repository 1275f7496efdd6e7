import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import type { CashMovementKind, DrawerCount } from '../contract/shift.js';
import type { SaleState } from '../orders/journal/sale-state.js';
import type { Payment, Refund, ReviewDecision, ReviewDecisionKind, Tender, TenderMethod } from './tender.js';

export interface ShiftRecord {
  id: string;
  counter: string;
  openedBy: string;
  openedAt: number;
  openingFloatPaise: number;
  openingCount: DrawerCount[] | null;
  closedBy: string | null;
  closedAt: number | null;
  expectedCashPaise: number | null;
  countedCashPaise: number | null;
  closingCount: DrawerCount[] | null;
  note: string | null;
}

export interface CashMovementRecord {
  id: string;
  /** The page's own id for the movement (`shift.cashMovement`'s `movementId`), null when it sent none. */
  movementId: string | null;
  shiftId: string;
  kind: CashMovementKind;
  amountPaise: number;
  reason: string;
  staffId: string;
  at: number;
}

/** The cash a shift's drawer took and gave, in paise. */
export interface DrawerTotals {
  takenPaise: number;
  refundedPaise: number;
  payInsPaise: number;
  payOutsPaise: number;
}

export interface TenderTotalRow {
  method: TenderMethod;
  count: number;
  takenPaise: number;
  refundedPaise: number;
}

export interface StaffTotalRow {
  staffId: string;
  payments: number;
  takenPaise: number;
  refundedPaise: number;
}

/** Which payments and refunds a total covers: one shift's drawer, or a span of time. */
export type TillScope = { shiftId: string } | { from: number; to: number };

/** A sale's payment as the counter holds it. */
export interface SalePayment {
  payment: Payment;
  refund: Refund | null;
  /** A manager's decision on it (the sale was in MANAGER_REVIEW), if one was recorded. */
  decision: ReviewDecision | null;
  /** The retry of this sale that took its payment along, if one did. */
  carriedTo: { saleId: string; referenceId: string } | null;
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

interface ShiftRow {
  id: string;
  counter: string;
  opened_by: string;
  opened_at: number;
  opening_float_paise: number;
  opening_count: string | null;
  closed_by: string | null;
  closed_at: number | null;
  expected_cash_paise: number | null;
  counted_cash_paise: number | null;
  closing_count: string | null;
  note: string | null;
}

const toShift = (r: ShiftRow): ShiftRecord => ({
  id: r.id,
  counter: r.counter,
  openedBy: r.opened_by,
  openedAt: r.opened_at,
  openingFloatPaise: r.opening_float_paise,
  openingCount: parseCount(r.opening_count),
  closedBy: r.closed_by,
  closedAt: r.closed_at,
  expectedCashPaise: r.expected_cash_paise,
  countedCashPaise: r.counted_cash_paise,
  closingCount: parseCount(r.closing_count),
  note: r.note,
});

interface MovementRow {
  id: string;
  movement_id: string | null;
  shift_id: string;
  kind: CashMovementKind;
  amount_paise: number;
  reason: string;
  staff_id: string;
  at: number;
}

const toMovement = (m: MovementRow): CashMovementRecord => ({
  id: m.id,
  movementId: m.movement_id,
  shiftId: m.shift_id,
  kind: m.kind,
  amountPaise: m.amount_paise,
  reason: m.reason,
  staffId: m.staff_id,
  at: m.at,
});

/** Counts were written by this class from checked input; a damaged one reads as "not counted". */
function parseCount(raw: string | null): DrawerCount[] | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every((c) => Number.isSafeInteger(c?.denominationPaise) && Number.isSafeInteger(c?.quantity)) ? (value as DrawerCount[]) : null;
  } catch {
    return null;
  }
}

/**
 * The till's records on the environment's SQLite file: shifts, cash movements, payments with
 * their tenders, refunds. Payments are written inside the order journal's intent commit
 * (recordPayment / carryPayment are called from it), so they share its durability.
 */
export class TillStore {
  private readonly s;

  constructor(private readonly db: Db) {
    // Each total in two shapes; the column names in `where` (shift_id, at) belong to one table of each query.
    const scoped = (sql: (where: string) => string) => ({
      shift: db.prepare(sql('shift_id = @shiftId')),
      span: db.prepare(sql('@from <= at AND at < @to')),
    });
    this.s = {
      insertShift: db.prepare(`INSERT INTO shifts (id, counter, opened_by, opened_at, opening_float_paise, opening_count)
        VALUES (@id, @counter, @openedBy, @openedAt, @openingFloatPaise, @openingCount)`),
      openShift: db.prepare<[], ShiftRow>('SELECT * FROM shifts WHERE closed_at IS NULL'),
      shift: db.prepare<[string], ShiftRow>('SELECT * FROM shifts WHERE id = ?'),
      shiftsBetween: db.prepare<[number, number], ShiftRow>('SELECT * FROM shifts WHERE opened_at < ? AND (closed_at IS NULL OR closed_at >= ?) ORDER BY opened_at'),
      closeShift: db.prepare(`UPDATE shifts SET closed_by = @closedBy, closed_at = @closedAt, expected_cash_paise = @expectedCashPaise,
          counted_cash_paise = @countedCashPaise, closing_count = @closingCount, note = @note WHERE id = @id AND closed_at IS NULL`),
      insertMovement: db.prepare(`INSERT INTO cash_movements (id, movement_id, shift_id, kind, amount_paise, reason, staff_id, at)
        SELECT @id, @movementId, @shiftId, @kind, @amountPaise, @reason, @staffId, @at WHERE EXISTS (SELECT 1 FROM shifts WHERE id = @shiftId AND closed_at IS NULL)`),
      movements: db.prepare<[string], MovementRow>('SELECT * FROM cash_movements WHERE shift_id = ? ORDER BY at, rowid'),
      movementById: db.prepare<[string], MovementRow>('SELECT * FROM cash_movements WHERE movement_id = ?'),
      insertPayment: db.prepare(`INSERT INTO payments (id, shift_id, taken_by, taken_at, amount_paise, change_paise)
        SELECT @id, @shiftId, @takenBy, @takenAt, @amountPaise, @changePaise WHERE EXISTS (SELECT 1 FROM shifts WHERE id = @shiftId AND closed_at IS NULL)`),
      insertTender: db.prepare('INSERT INTO payment_tenders (payment_id, seq, method, amount_paise, received_paise, reference) VALUES (?, ?, ?, ?, ?, ?)'),
      linkPayment: db.prepare('INSERT INTO sale_payments (sale_id, payment_id) VALUES (?, ?)'),
      paymentOfSale: db.prepare<[string], { id: string; shift_id: string; taken_by: string; taken_at: number; amount_paise: number; change_paise: number }>(
        'SELECT p.* FROM sale_payments sp JOIN payments p ON p.id = sp.payment_id WHERE sp.sale_id = ?',
      ),
      tenders: db.prepare<[string], { method: TenderMethod; amount_paise: number; received_paise: number | null; reference: string | null }>(
        'SELECT method, amount_paise, received_paise, reference FROM payment_tenders WHERE payment_id = ? ORDER BY seq',
      ),
      refund: db.prepare<[string], { refund_id: string | null; payment_id: string; sale_id: string; shift_id: string; refunded_by: string; at: number; amount_paise: number }>(
        'SELECT * FROM refunds WHERE payment_id = ?',
      ),
      refundTenders: db.prepare<[string], { method: TenderMethod; amount_paise: number }>('SELECT method, amount_paise FROM refund_tenders WHERE payment_id = ? ORDER BY seq'),
      carriedTo: db.prepare<[string, string], { id: string; reference_id: string }>(
        'SELECT s.id, s.reference_id FROM sales s JOIN sale_payments sp ON sp.sale_id = s.id WHERE s.retry_of = ? AND sp.payment_id = ?',
      ),
      insertRefund: db.prepare(`INSERT INTO refunds (refund_id, payment_id, sale_id, shift_id, refunded_by, at, amount_paise)
        SELECT @refundId, @paymentId, @saleId, @shiftId, @refundedBy, @at, @amountPaise WHERE EXISTS (SELECT 1 FROM shifts WHERE id = @shiftId AND closed_at IS NULL)
        ON CONFLICT (payment_id) DO NOTHING`),
      decision: db.prepare<[string], { payment_id: string; sale_id: string; decision: ReviewDecisionKind; decided_by: string; asked_by: string; at: number; note: string }>(
        'SELECT * FROM review_decisions WHERE payment_id = ?',
      ),
      insertDecision: db.prepare(`INSERT INTO review_decisions (payment_id, sale_id, decision, decided_by, asked_by, at, note)
        VALUES (@paymentId, @saleId, @decision, @decidedBy, @askedBy, @at, @note)`),
      insertRefundTender: db.prepare('INSERT INTO refund_tenders (payment_id, seq, method, amount_paise) VALUES (?, ?, ?, ?)'),
      // Each payment with the sale holding it now: the last of its retry chain.
      heldPayments: db.prepare<[string], { state: SaleState; amount_paise: number; refunded: number; kept: number; issued: number }>(`SELECT s.state, p.amount_paise, r.payment_id IS NOT NULL AS refunded,
            EXISTS (SELECT 1 FROM review_decisions d WHERE d.payment_id = p.id AND d.decision = 'KEEP') AS kept,
            EXISTS (SELECT 1 FROM vouchers v WHERE v.sale_id = s.id) AS issued
          FROM payments p JOIN sale_payments sp ON sp.payment_id = p.id JOIN sales s ON s.id = sp.sale_id LEFT JOIN refunds r ON r.payment_id = p.id
          WHERE p.shift_id = ? AND NOT EXISTS (SELECT 1 FROM sale_payments sp2 JOIN sales s2 ON s2.id = sp2.sale_id WHERE sp2.payment_id = p.id AND s2.retry_of = s.id)`),
      drawer: db.prepare<{ shiftId: string }, DrawerTotals>(`SELECT
          (SELECT COALESCE(SUM(t.amount_paise), 0) FROM payment_tenders t JOIN payments p ON p.id = t.payment_id WHERE p.shift_id = @shiftId AND t.method = 'CASH') AS takenPaise,
          (SELECT COALESCE(SUM(t.amount_paise), 0) FROM refund_tenders t JOIN refunds r ON r.payment_id = t.payment_id WHERE r.shift_id = @shiftId AND t.method = 'CASH') AS refundedPaise,
          (SELECT COALESCE(SUM(amount_paise), 0) FROM cash_movements WHERE shift_id = @shiftId AND kind = 'PAY_IN') AS payInsPaise,
          (SELECT COALESCE(SUM(amount_paise), 0) FROM cash_movements WHERE shift_id = @shiftId AND kind = 'PAY_OUT') AS payOutsPaise`),
      taken: scoped(
        (where) => `SELECT t.method, COUNT(DISTINCT p.id) AS count, SUM(t.amount_paise) AS paise FROM payment_tenders t
          JOIN (SELECT id, shift_id, taken_at AS at FROM payments) p ON p.id = t.payment_id WHERE ${where} GROUP BY t.method`,
      ),
      refunded: scoped(
        (where) => `SELECT t.method, SUM(t.amount_paise) AS paise FROM refund_tenders t
          JOIN refunds r ON r.payment_id = t.payment_id WHERE ${where} GROUP BY t.method`,
      ),
      takenByStaff: scoped(
        (where) => `SELECT taken_by AS staffId, COUNT(*) AS count, SUM(amount_paise) AS paise FROM (SELECT *, taken_at AS at FROM payments) WHERE ${where} GROUP BY taken_by`,
      ),
      refundedByStaff: scoped((where) => `SELECT refunded_by AS staffId, SUM(amount_paise) AS paise FROM refunds WHERE ${where} GROUP BY refunded_by`),
    };
  }

  currentShift(): ShiftRecord | undefined {
    const row = this.s.openShift.get();
    return row && toShift(row);
  }

  shift(id: string): ShiftRecord | undefined {
    const row = this.s.shift.get(id);
    return row && toShift(row);
  }

  /** Shifts open at any time in [from, to), oldest first. */
  shiftsBetween(from: number, to: number): ShiftRecord[] {
    return this.s.shiftsBetween.all(to, from).map(toShift);
  }

  /** False when a shift is already open (the unique index decides, so two windows cannot both open one). */
  openShift(shift: Pick<ShiftRecord, 'id' | 'counter' | 'openedBy' | 'openedAt' | 'openingFloatPaise' | 'openingCount'>): boolean {
    try {
      this.s.insertShift.run({ ...shift, openingCount: shift.openingCount && JSON.stringify(shift.openingCount) });
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') return false;
      throw error;
    }
  }

  /** Closes the shift if it is still open, with the expected cash worked out in the same commit. */
  closeShift(id: string, close: { closedBy: string; closedAt: number; countedCashPaise: number; closingCount: DrawerCount[] | null; note: string | null }): ShiftRecord | null {
    return this.db
      .transaction(() => {
        const shift = this.shift(id);
        if (!shift || shift.closedAt !== null) return null;
        const expectedCashPaise = expectedCash(shift, this.drawerTotals(id));
        this.s.closeShift.run({ id, ...close, closingCount: close.closingCount && JSON.stringify(close.closingCount), expectedCashPaise });
        return this.shift(id)!;
      })
      .immediate();
  }

  /** False when the shift is no longer open. */
  addMovement(movement: CashMovementRecord): boolean {
    return this.s.insertMovement.run(movement).changes === 1;
  }

  movements(shiftId: string): CashMovementRecord[] {
    return this.s.movements.all(shiftId).map(toMovement);
  }

  /** The movement recorded under the page's `movementId`, in whichever shift. */
  movementById(movementId: string): CashMovementRecord | undefined {
    const row = this.s.movementById.get(movementId);
    return row && toMovement(row);
  }

  /**
   * Each payment of the shift with the state of the sale holding it now, whether it was given
   * back, whether a manager decided to keep it (a sale in review), and whether that sale's
   * vouchers were issued.
   */
  heldPayments(shiftId: string): { state: SaleState; amountPaise: number; refunded: boolean; kept: boolean; issued: boolean }[] {
    return this.s.heldPayments.all(shiftId).map((r) => ({ state: r.state, amountPaise: r.amount_paise, refunded: r.refunded === 1, kept: r.kept === 1, issued: r.issued === 1 }));
  }

  drawerTotals(shiftId: string): DrawerTotals {
    return this.s.drawer.get({ shiftId })!;
  }

  /**
   * Writes a new payment for `saleId`. Called inside the journal's intent commit: if the shift
   * has closed meanwhile, ShiftClosedError rolls the intent back, so nothing is sent.
   */
  recordPayment(saleId: string, payment: Payment): void {
    if (this.s.insertPayment.run(payment).changes !== 1) throw new ShiftClosedError();
    payment.tenders.forEach((t, i) => this.s.insertTender.run(payment.id, i + 1, t.method, t.amountPaise, t.receivedPaise, t.reference));
    this.s.linkPayment.run(saleId, payment.id);
  }

  /** The retry `saleId` takes over `paymentId`, inside its intent commit; refused if it was given back meanwhile. */
  carryPayment(saleId: string, paymentId: string): void {
    if (this.s.refund.get(paymentId)) throw new PaymentRefundedError();
    this.s.linkPayment.run(saleId, paymentId);
  }

  salePayment(saleId: string): SalePayment | null {
    const row = this.s.paymentOfSale.get(saleId);
    if (!row) return null;
    const payment: Payment = {
      id: row.id,
      shiftId: row.shift_id,
      takenBy: row.taken_by,
      takenAt: row.taken_at,
      amountPaise: row.amount_paise,
      changePaise: row.change_paise,
      tenders: this.s.tenders.all(row.id).map((t): Tender => ({ method: t.method, amountPaise: t.amount_paise, receivedPaise: t.received_paise, reference: t.reference })),
    };
    const refund = this.s.refund.get(row.id);
    const carried = this.s.carriedTo.get(saleId, row.id);
    const decision = this.s.decision.get(row.id);
    return {
      payment,
      refund: refund
        ? {
            refundId: refund.refund_id,
            paymentId: refund.payment_id,
            saleId: refund.sale_id,
            shiftId: refund.shift_id,
            refundedBy: refund.refunded_by,
            at: refund.at,
            amountPaise: refund.amount_paise,
            tenders: this.s.refundTenders.all(row.id).map((t) => ({ method: t.method, amountPaise: t.amount_paise })),
          }
        : null,
      decision: decision
        ? { paymentId: decision.payment_id, saleId: decision.sale_id, decision: decision.decision, decidedBy: decision.decided_by, askedBy: decision.asked_by, at: decision.at, note: decision.note }
        : null,
      carriedTo: carried ? { saleId: carried.id, referenceId: carried.reference_id } : null,
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
        if (this.s.refund.get(refund.paymentId)) return { recorded: false, reason: 'already-refunded' };
        if (this.s.carriedTo.get(refund.saleId, refund.paymentId)) return { recorded: false, reason: 'carried' };
        const shift = this.shift(refund.shiftId);
        if (!shift || shift.closedAt !== null) return { recorded: false, reason: 'shift-closed' };
        const inDrawerPaise = expectedCash(shift, this.drawerTotals(shift.id));
        if (cashPart(refund.tenders) > inDrawerPaise) return { recorded: false, reason: 'not-enough-cash', inDrawerPaise };
        this.s.insertRefund.run(refund);
        refund.tenders.forEach((t, i) => this.s.insertRefundTender.run(refund.paymentId, i + 1, t.method, t.amountPaise));
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
        if (this.s.decision.get(decision.paymentId)) return { recorded: false, reason: 'already-decided' };
        if (refund) {
          const written = this.recordRefund(refund);
          if (!written.recorded) return written;
        } else if (this.s.refund.get(decision.paymentId)) return { recorded: false, reason: 'already-refunded' };
        else if (this.s.carriedTo.get(decision.saleId, decision.paymentId)) return { recorded: false, reason: 'carried' };
        this.s.insertDecision.run(decision);
        return { recorded: true };
      })
      .immediate();
  }

  /** Money taken and given back per tender method (payments by when taken, refunds by when given). */
  tenderTotals(scope: TillScope): TenderTotalRow[] {
    return this.takenAndRefunded(scope, this.s.taken, this.s.refunded, 'method').map(({ key, count, takenPaise, refundedPaise }) => ({
      method: key as TenderMethod,
      count,
      takenPaise,
      refundedPaise,
    }));
  }

  /** Payments taken and refunds given per member of staff. */
  staffTotals(scope: TillScope): StaffTotalRow[] {
    return this.takenAndRefunded(scope, this.s.takenByStaff, this.s.refundedByStaff, 'staffId').map(({ key, count, takenPaise, refundedPaise }) => ({
      staffId: key,
      payments: count,
      takenPaise,
      refundedPaise,
    }));
  }

  /** One total query for taking and one for giving back, in the scope's shape, joined on `keyColumn`. */
  private takenAndRefunded(
    scope: TillScope,
    takenQuery: { shift: Statement; span: Statement },
    refundedQuery: { shift: Statement; span: Statement },
    keyColumn: 'method' | 'staffId',
  ): { key: string; count: number; takenPaise: number; refundedPaise: number }[] {
    const shape = 'shiftId' in scope ? 'shift' : 'span';
    const params = 'shiftId' in scope ? { shiftId: scope.shiftId } : { from: scope.from, to: scope.to };
    const taken = takenQuery[shape].all(params) as Record<string, string | number>[];
    const refunded = refundedQuery[shape].all(params) as Record<string, string | number>[];
    const keys = new Set([...taken, ...refunded].map((row) => String(row[keyColumn])));
    return [...keys].map((key) => {
      const took = taken.find((t) => t[keyColumn] === key);
      return {
        key,
        count: Number(took?.count ?? 0),
        takenPaise: Number(took?.paise ?? 0),
        refundedPaise: Number(refunded.find((r) => r[keyColumn] === key)?.paise ?? 0),
      };
    });
  }
}

/** Float + cash taken − cash given back + pay-ins − pay-outs. */
export function expectedCash(shift: Pick<ShiftRecord, 'openingFloatPaise'>, totals: DrawerTotals): number {
  return shift.openingFloatPaise + totals.takenPaise - totals.refundedPaise + totals.payInsPaise - totals.payOutsPaise;
}
