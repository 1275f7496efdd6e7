import type Database from 'better-sqlite3';

/**
 * Environment schema 14: what a manager decided about the customer's money for a sale the
 * service cancelled or reversed after its vouchers were issued (payment state MANAGER_REVIEW):
 * one per payment at most (its primary key). REFUND is written in the same commit as the
 * payment's refund (refunds), KEEP on its own: the customer keeps the vouchers and the payment
 * stays the sale's. The sale is marked for the store (schema 7) in the same commit, so the store
 * hears of its new payment state.
 */
export function environment014(db: Database.Database): void {
  db.exec(`
    CREATE TABLE review_decisions (
      payment_id TEXT PRIMARY KEY REFERENCES payments (id),
      sale_id TEXT NOT NULL REFERENCES sales (id),
      decision TEXT NOT NULL CHECK (decision IN ('REFUND', 'KEEP')),
      decided_by TEXT NOT NULL,
      asked_by TEXT NOT NULL,
      at INTEGER NOT NULL,
      note TEXT NOT NULL CHECK (length(note) > 0)
    ) STRICT;
    CREATE INDEX review_decisions_by_sale ON review_decisions (sale_id);
    CREATE TRIGGER store_outbox_on_review_decision AFTER INSERT ON review_decisions WHEN (SELECT linked FROM store_link_state) = 1
      BEGIN INSERT INTO store_outbox (sale_id, marked) VALUES (NEW.sale_id, 1) ON CONFLICT (sale_id) DO UPDATE SET marked = marked + 1; END;
  `);
}
