import type Database from 'better-sqlite3';

/**
 * Environment schema 6: the customer's money — cash-drawer shifts, the payment of each sale
 * and its tenders, refunds, and the wallet's history (readings and the manager's top-ups) that
 * the end of day checks the journal against.
 *
 * - `shifts`: one open shift at a time (the partial unique index; the file is one counter's). The expected cash
 *   and the count are written once, by the close.
 * - `payments` / `payment_tenders`: what the customer handed over, written in the commit that
 *   writes the sale's intent, so a sale is never sent without its payment on record (and a
 *   payment never exists without its sale). `sale_payments` links a sale to the payment it
 *   holds: a retry of a failed sale holds the same payment, so the money is counted once. Its
 *   own table, not a column, because adding a column to the STRICT `sales` table re-checks
 *   every row on upgrade.
 * - `refunds`: one per payment at most (its primary key), in the shift whose drawer gave it.
 * - `wallet_readings`: every balance the service reported; `wallet_topups`: the manager's.
 * Amounts are integer paise and never negative; the CHECKs make a bad write fail, not land.
 */
export function environment006(db: Database.Database): void {
  db.exec(`
    CREATE TABLE shifts (
      id TEXT PRIMARY KEY,
      counter TEXT NOT NULL,
      opened_by TEXT NOT NULL,
      opened_at INTEGER NOT NULL,
      opening_float_paise INTEGER NOT NULL CHECK (opening_float_paise >= 0),
      opening_count TEXT,
      closed_by TEXT,
      closed_at INTEGER,
      expected_cash_paise INTEGER,
      counted_cash_paise INTEGER CHECK (counted_cash_paise >= 0),
      closing_count TEXT,
      note TEXT,
      CHECK ((closed_at IS NULL) = (counted_cash_paise IS NULL))
    ) STRICT;
    -- This file is one counter's: at most one open shift in it, whatever the counter is named.
    CREATE UNIQUE INDEX shifts_one_open ON shifts ((closed_at IS NULL)) WHERE closed_at IS NULL;
    CREATE INDEX shifts_by_time ON shifts (opened_at);

    CREATE TABLE cash_movements (
      id TEXT PRIMARY KEY,
      shift_id TEXT NOT NULL REFERENCES shifts (id),
      kind TEXT NOT NULL CHECK (kind IN ('PAY_IN', 'PAY_OUT')),
      amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
      reason TEXT NOT NULL,
      staff_id TEXT NOT NULL,
      at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX cash_movements_by_shift ON cash_movements (shift_id, at);

    CREATE TABLE payments (
      id TEXT PRIMARY KEY,
      shift_id TEXT NOT NULL REFERENCES shifts (id),
      taken_by TEXT NOT NULL,
      taken_at INTEGER NOT NULL,
      amount_paise INTEGER NOT NULL CHECK (amount_paise >= 0),
      change_paise INTEGER NOT NULL CHECK (change_paise >= 0)
    ) STRICT;
    CREATE INDEX payments_by_shift ON payments (shift_id);
    CREATE INDEX payments_by_time ON payments (taken_at);

    CREATE TABLE payment_tenders (
      payment_id TEXT NOT NULL REFERENCES payments (id),
      seq INTEGER NOT NULL,
      method TEXT NOT NULL CHECK (method IN ('CASH', 'UPI', 'CARD', 'OTHER')),
      amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
      received_paise INTEGER CHECK (received_paise >= amount_paise),
      reference TEXT,
      PRIMARY KEY (payment_id, seq)
    ) STRICT;

    CREATE TABLE sale_payments (
      sale_id TEXT PRIMARY KEY REFERENCES sales (id),
      payment_id TEXT NOT NULL REFERENCES payments (id)
    ) STRICT;
    CREATE INDEX sale_payments_by_payment ON sale_payments (payment_id);

    CREATE TABLE refunds (
      payment_id TEXT PRIMARY KEY REFERENCES payments (id),
      sale_id TEXT NOT NULL REFERENCES sales (id),
      shift_id TEXT NOT NULL REFERENCES shifts (id),
      refunded_by TEXT NOT NULL,
      at INTEGER NOT NULL,
      amount_paise INTEGER NOT NULL CHECK (amount_paise >= 0)
    ) STRICT;
    CREATE INDEX refunds_by_shift ON refunds (shift_id);
    CREATE INDEX refunds_by_time ON refunds (at);

    CREATE TABLE refund_tenders (
      payment_id TEXT NOT NULL REFERENCES refunds (payment_id),
      seq INTEGER NOT NULL,
      method TEXT NOT NULL CHECK (method IN ('CASH', 'UPI', 'CARD', 'OTHER')),
      amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
      PRIMARY KEY (payment_id, seq)
    ) STRICT;

    CREATE TABLE wallet_readings (
      at INTEGER NOT NULL,
      balance_paise INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX wallet_readings_by_time ON wallet_readings (at);

    CREATE TABLE wallet_topups (
      id TEXT PRIMARY KEY,
      at INTEGER NOT NULL,
      amount_paise INTEGER NOT NULL CHECK (amount_paise > 0),
      reference TEXT NOT NULL,
      recorded_by TEXT NOT NULL,
      recorded_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX wallet_topups_by_time ON wallet_topups (at);
  `);
}
