import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import type { Refund, TenderMethod } from './tender.js';

interface RefundRow {
  refund_id: string | null;
  payment_id: string;
  sale_id: string;
  shift_id: string;
  refunded_by: string;
  at: number;
  amount_paise: number;
}

/** The `refunds` table with its `refund_tenders`: a payment given back, at most once. */
export class RefundRows {
  private readonly insert: Statement;
  private readonly insertTender: Statement;
  private readonly ofPayment: Statement<[string], RefundRow>;
  private readonly tenders: Statement<[string], { method: TenderMethod; amount_paise: number }>;

  constructor(db: Db) {
    this.insert = db.prepare(`INSERT INTO refunds (refund_id, payment_id, sale_id, shift_id, refunded_by, at, amount_paise)
        SELECT @refundId, @paymentId, @saleId, @shiftId, @refundedBy, @at, @amountPaise WHERE EXISTS (SELECT 1 FROM shifts WHERE id = @shiftId AND closed_at IS NULL)
        ON CONFLICT (payment_id) DO NOTHING`);
    this.insertTender = db.prepare('INSERT INTO refund_tenders (payment_id, seq, method, amount_paise) VALUES (?, ?, ?, ?)');
    this.ofPayment = db.prepare<[string], RefundRow>('SELECT * FROM refunds WHERE payment_id = ?');
    this.tenders = db.prepare<[string], { method: TenderMethod; amount_paise: number }>('SELECT method, amount_paise FROM refund_tenders WHERE payment_id = ? ORDER BY seq');
  }

  /** Whether `paymentId` was given back. */
  has(paymentId: string): boolean {
    return this.ofPayment.get(paymentId) !== undefined;
  }

  /** The refund of `paymentId`, with its tenders. */
  get(paymentId: string): Refund | null {
    const row = this.ofPayment.get(paymentId);
    if (!row) return null;
    return {
      refundId: row.refund_id,
      paymentId: row.payment_id,
      saleId: row.sale_id,
      shiftId: row.shift_id,
      refundedBy: row.refunded_by,
      at: row.at,
      amountPaise: row.amount_paise,
      tenders: this.tenders.all(paymentId).map((t) => ({ method: t.method, amountPaise: t.amount_paise })),
    };
  }

  /** Writes the refund with its tenders; the caller has checked, in its commit, that it may (TillStore.recordRefund). */
  add(refund: Refund): void {
    this.insert.run(refund);
    refund.tenders.forEach((t, i) => this.insertTender.run(refund.paymentId, i + 1, t.method, t.amountPaise));
  }
}
