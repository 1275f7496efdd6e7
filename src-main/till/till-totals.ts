import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import type { ShiftRecord } from './shift-rows.js';
import type { TenderMethod } from './tender.js';

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

/** Float + cash taken − cash given back + pay-ins − pay-outs. */
export function expectedCash(shift: Pick<ShiftRecord, 'openingFloatPaise'>, totals: DrawerTotals): number {
  return shift.openingFloatPaise + totals.takenPaise - totals.refundedPaise + totals.payInsPaise - totals.payOutsPaise;
}

/** A total in two shapes, one for each kind of TillScope. */
type ScopedQuery = { shift: Statement; span: Statement };

/** The till's sums over payments, refunds and cash movements: a drawer's cash, and totals per tender method and per member of staff. */
export class TillTotals {
  private readonly drawer: Statement<{ shiftId: string }, DrawerTotals>;
  private readonly taken: ScopedQuery;
  private readonly refunded: ScopedQuery;
  private readonly takenByStaff: ScopedQuery;
  private readonly refundedByStaff: ScopedQuery;
  private readonly refundedOfEarlierSales: Statement<{ from: number; to: number }, { paise: number }>;

  constructor(db: Db) {
    // The column names in `where` (shift_id, at) belong to one table of each query.
    const scoped = (sql: (where: string) => string): ScopedQuery => ({
      shift: db.prepare(sql('shift_id = @shiftId')),
      span: db.prepare(sql('@from <= at AND at < @to')),
    });
    this.drawer = db.prepare<{ shiftId: string }, DrawerTotals>(`SELECT
          (SELECT COALESCE(SUM(t.amount_paise), 0) FROM payment_tenders t JOIN payments p ON p.id = t.payment_id WHERE p.shift_id = @shiftId AND t.method = 'CASH') AS takenPaise,
          (SELECT COALESCE(SUM(t.amount_paise), 0) FROM refund_tenders t JOIN refunds r ON r.payment_id = t.payment_id WHERE r.shift_id = @shiftId AND t.method = 'CASH') AS refundedPaise,
          (SELECT COALESCE(SUM(amount_paise), 0) FROM cash_movements WHERE shift_id = @shiftId AND kind = 'PAY_IN') AS payInsPaise,
          (SELECT COALESCE(SUM(amount_paise), 0) FROM cash_movements WHERE shift_id = @shiftId AND kind = 'PAY_OUT') AS payOutsPaise`);
    this.taken = scoped(
      (where) => `SELECT t.method, COUNT(DISTINCT p.id) AS count, SUM(t.amount_paise) AS paise FROM payment_tenders t
          JOIN (SELECT id, shift_id, taken_at AS at FROM payments) p ON p.id = t.payment_id WHERE ${where} GROUP BY t.method`,
    );
    this.refunded = scoped(
      (where) => `SELECT t.method, SUM(t.amount_paise) AS paise FROM refund_tenders t
          JOIN refunds r ON r.payment_id = t.payment_id WHERE ${where} GROUP BY t.method`,
    );
    this.takenByStaff = scoped(
      (where) => `SELECT taken_by AS staffId, COUNT(*) AS count, SUM(amount_paise) AS paise FROM (SELECT *, taken_at AS at FROM payments) WHERE ${where} GROUP BY taken_by`,
    );
    this.refundedByStaff = scoped((where) => `SELECT refunded_by AS staffId, SUM(amount_paise) AS paise FROM refunds WHERE ${where} GROUP BY refunded_by`);
    // A refund names the sale holding the payment when it was given (the last retry that took it along).
    this.refundedOfEarlierSales = db.prepare(`SELECT COALESCE(SUM(r.amount_paise), 0) AS paise FROM refunds r JOIN sales s ON s.id = r.sale_id
        WHERE @from <= r.at AND r.at < @to AND s.created_at < @from`);
  }

  /** Money given back in [from, to) for sales made before `from`: a customer who came back after midnight. */
  refundedForEarlierSales(span: { from: number; to: number }): number {
    return this.refundedOfEarlierSales.get(span)!.paise;
  }

  drawerOf(shiftId: string): DrawerTotals {
    return this.drawer.get({ shiftId })!;
  }

  /** Money taken and given back per tender method (payments by when taken, refunds by when given). */
  perTender(scope: TillScope): TenderTotalRow[] {
    return this.takenAndRefunded(scope, this.taken, this.refunded, 'method').map(({ key, count, takenPaise, refundedPaise }) => ({
      method: key as TenderMethod,
      count,
      takenPaise,
      refundedPaise,
    }));
  }

  /** Payments taken and refunds given per member of staff. */
  perStaff(scope: TillScope): StaffTotalRow[] {
    return this.takenAndRefunded(scope, this.takenByStaff, this.refundedByStaff, 'staffId').map(({ key, count, takenPaise, refundedPaise }) => ({
      staffId: key,
      payments: count,
      takenPaise,
      refundedPaise,
    }));
  }

  /** One total query for taking and one for giving back, in the scope's shape, joined on `keyColumn`. */
  private takenAndRefunded(
    scope: TillScope,
    takenQuery: ScopedQuery,
    refundedQuery: ScopedQuery,
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
