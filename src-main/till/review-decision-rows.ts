import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import type { ReviewDecision, ReviewDecisionKind } from './tender.js';

interface DecisionRow {
  payment_id: string;
  sale_id: string;
  decision: ReviewDecisionKind;
  decided_by: string;
  asked_by: string;
  at: number;
  note: string;
}

/** The `review_decisions` table: a manager's decision on a payment in review, at most once. */
export class ReviewDecisionRows {
  private readonly insert: Statement;
  private readonly ofPayment: Statement<[string], DecisionRow>;

  constructor(db: Db) {
    this.insert = db.prepare(`INSERT INTO review_decisions (payment_id, sale_id, decision, decided_by, asked_by, at, note)
        VALUES (@paymentId, @saleId, @decision, @decidedBy, @askedBy, @at, @note)`);
    this.ofPayment = db.prepare<[string], DecisionRow>('SELECT * FROM review_decisions WHERE payment_id = ?');
  }

  get(paymentId: string): ReviewDecision | null {
    const row = this.ofPayment.get(paymentId);
    return row
      ? { paymentId: row.payment_id, saleId: row.sale_id, decision: row.decision, decidedBy: row.decided_by, askedBy: row.asked_by, at: row.at, note: row.note }
      : null;
  }

  add(decision: ReviewDecision): void {
    this.insert.run(decision);
  }
}
