import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import type { SaleState } from '../orders/journal/sale-state.js';
import type { Payment, Tender, TenderMethod } from './tender.js';

interface PaymentRow {
  id: string;
  shift_id: string;
  taken_by: string;
  taken_at: number;
  amount_paise: number;
  change_paise: number;
}

interface TenderRow {
  method: TenderMethod;
  amount_paise: number;
  received_paise: number | null;
  reference: string | null;
}

interface HeldRow {
  state: SaleState;
  amount_paise: number;
  refunded: number;
  kept: number;
  issued: number;
}

/** The retry of a sale that took its payment along: which sale, and when it was made (and took it). */
export interface CarriedTo {
  saleId: string;
  referenceId: string;
  createdAt: number;
}

/** A payment of a shift with the sale holding it now (see PaymentRows.held). */
export interface HeldPayment {
  state: SaleState;
  amountPaise: number;
  refunded: boolean;
  kept: boolean;
  issued: boolean;
}

/**
 * The `payments` table with its `payment_tenders`, and `sale_payments`, which links a payment
 * to its sale and to each retry of that sale that took it along.
 */
export class PaymentRows {
  private readonly insert: Statement;
  private readonly insertTender: Statement;
  private readonly insertLink: Statement;
  private readonly ofSale: Statement<[string], PaymentRow>;
  private readonly tenders: Statement<[string], TenderRow>;
  private readonly retryHolding: Statement<[string, string], { id: string; reference_id: string; created_at: number }>;
  private readonly heldInShift: Statement<[string], HeldRow>;

  constructor(db: Db) {
    this.insert = db.prepare(`INSERT INTO payments (id, shift_id, taken_by, taken_at, amount_paise, change_paise)
        SELECT @id, @shiftId, @takenBy, @takenAt, @amountPaise, @changePaise WHERE EXISTS (SELECT 1 FROM shifts WHERE id = @shiftId AND closed_at IS NULL)`);
    this.insertTender = db.prepare('INSERT INTO payment_tenders (payment_id, seq, method, amount_paise, received_paise, reference) VALUES (?, ?, ?, ?, ?, ?)');
    this.insertLink = db.prepare('INSERT INTO sale_payments (sale_id, payment_id) VALUES (?, ?)');
    this.ofSale = db.prepare<[string], PaymentRow>('SELECT p.* FROM sale_payments sp JOIN payments p ON p.id = sp.payment_id WHERE sp.sale_id = ?');
    this.tenders = db.prepare<[string], TenderRow>('SELECT method, amount_paise, received_paise, reference FROM payment_tenders WHERE payment_id = ? ORDER BY seq');
    this.retryHolding = db.prepare<[string, string], { id: string; reference_id: string; created_at: number }>(
      'SELECT s.id, s.reference_id, s.created_at FROM sales s JOIN sale_payments sp ON sp.sale_id = s.id WHERE s.retry_of = ? AND sp.payment_id = ?',
    );
    // Each payment with the sale holding it now: the last of its retry chain.
    this.heldInShift = db.prepare<[string], HeldRow>(`SELECT s.state, p.amount_paise, r.payment_id IS NOT NULL AS refunded,
            EXISTS (SELECT 1 FROM review_decisions d WHERE d.payment_id = p.id AND d.decision = 'KEEP') AS kept,
            EXISTS (SELECT 1 FROM vouchers v WHERE v.sale_id = s.id) AS issued
          FROM payments p JOIN sale_payments sp ON sp.payment_id = p.id JOIN sales s ON s.id = sp.sale_id LEFT JOIN refunds r ON r.payment_id = p.id
          WHERE p.shift_id = ? AND NOT EXISTS (SELECT 1 FROM sale_payments sp2 JOIN sales s2 ON s2.id = sp2.sale_id WHERE sp2.payment_id = p.id AND s2.retry_of = s.id)`);
  }

  /** Writes the payment with its tenders; false (nothing written) when its shift is no longer open. */
  add(payment: Payment): boolean {
    if (this.insert.run(payment).changes !== 1) return false;
    payment.tenders.forEach((t, i) => this.insertTender.run(payment.id, i + 1, t.method, t.amountPaise, t.receivedPaise, t.reference));
    return true;
  }

  /** `saleId` holds `paymentId` (the sale it was taken for, or a retry taking it along). */
  link(saleId: string, paymentId: string): void {
    this.insertLink.run(saleId, paymentId);
  }

  /** The payment `saleId` holds, with its tenders. */
  get(saleId: string): Payment | null {
    const row = this.ofSale.get(saleId);
    if (!row) return null;
    return {
      id: row.id,
      shiftId: row.shift_id,
      takenBy: row.taken_by,
      takenAt: row.taken_at,
      amountPaise: row.amount_paise,
      changePaise: row.change_paise,
      tenders: this.tenders.all(row.id).map((t): Tender => ({ method: t.method, amountPaise: t.amount_paise, receivedPaise: t.received_paise, reference: t.reference })),
    };
  }

  /** The retry of `saleId` that took `paymentId` along, if one did. */
  carriedTo(saleId: string, paymentId: string): CarriedTo | null {
    const row = this.retryHolding.get(saleId, paymentId);
    return row ? { saleId: row.id, referenceId: row.reference_id, createdAt: row.created_at } : null;
  }

  /**
   * Each payment of the shift with the state of the sale holding it now, whether it was given
   * back, whether a manager decided to keep it (a sale in review), and whether that sale's
   * vouchers were issued.
   */
  held(shiftId: string): HeldPayment[] {
    return this.heldInShift.all(shiftId).map((r) => ({ state: r.state, amountPaise: r.amount_paise, refunded: r.refunded === 1, kept: r.kept === 1, issued: r.issued === 1 }));
  }
}
