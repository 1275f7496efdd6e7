import type Database from 'better-sqlite3';

/**
 * Environment schema 4: a completed sale whose receipt (the voucher itself) was never handed over.
 *
 * - `sales.receipt_owed` is set in the commit that makes a sale SUCCESS and cleared by its first
 *   print, by a manager recording that the customer left without it, or by a reversal. Kept as
 *   a flag, not worked out from state and print count, so "which receipts are still owed?" (the
 *   Sell screen's and the manager's question) reads one partial index holding only owed rows:
 *   a seek at a million sales.
 * - Sales completed before this schema are not marked: nobody recorded whether their receipt was
 *   handed over, and a counter's whole history must not land on the cashier's screen at once.
 * - `receipt_waivers`: the manager's record that the customer left without the receipt (who
 *   approved, when, why); the audit log has the same with who asked. Its own table, because
 *   each column added to the STRICT `sales` table makes SQLite re-check every row (about a
 *   second per column at a million sales, on upgrade).
 */
export function environment004(db: Database.Database): void {
  db.exec(`
    ALTER TABLE sales ADD COLUMN receipt_owed INTEGER NOT NULL DEFAULT 0 CHECK (receipt_owed IN (0, 1));
    CREATE INDEX sales_receipt_owed ON sales (receipt_owed, created_at, id) WHERE receipt_owed = 1;

    CREATE TABLE receipt_waivers (
      sale_id TEXT PRIMARY KEY REFERENCES sales (id),
      at INTEGER NOT NULL,
      approved_by TEXT NOT NULL,
      reason TEXT
    ) STRICT;
  `);
}
