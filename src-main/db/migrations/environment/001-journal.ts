import type Database from 'better-sqlite3';
import { CREATE_KV_TABLE } from '../kv-table.js';

/**
 * Environment schema 1 (training.db, staging.db, production.db): one file per environment,
 * so training sales can never mix with real ones — the order journal, the sealed vouchers,
 * the secrets and wallet readings (kv) and the webhook deliveries seen. Money is integer
 * paise. Times are epoch milliseconds. JSON columns hold parsed-and-validated objects, never
 * raw network text.
 */
export function environment001(db: Database.Database): void {
  db.exec(CREATE_KV_TABLE);
  db.exec(`
    -- Order journal: one row per referenceId. A cashier's retry after a rejection is a new row
    -- (retry_of points back), because a referenceId is never reused once it may be consumed.
    CREATE TABLE sales (
      id TEXT PRIMARY KEY,
      reference_id TEXT NOT NULL UNIQUE,
      state TEXT NOT NULL,
      product_id TEXT NOT NULL,
      brand_title TEXT NOT NULL,
      brand_snapshot TEXT NOT NULL,
      payload TEXT NOT NULL,
      amount_paise INTEGER NOT NULL,
      discount_paise INTEGER NOT NULL DEFAULT 0,
      customer_phone TEXT,
      order_id TEXT,
      failure_reason TEXT,
      error_code TEXT,
      support_reason TEXT,
      cashier_id TEXT,
      retry_of TEXT REFERENCES sales (id),
      created_at INTEGER NOT NULL,
      placed_at INTEGER,
      updated_at INTEGER NOT NULL,
      next_check_at INTEGER,
      poll_count INTEGER NOT NULL DEFAULT 0,
      print_count INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX sales_by_time ON sales (created_at DESC, id DESC);
    CREATE INDEX sales_by_state ON sales (state, created_at DESC);
    CREATE INDEX sales_by_product ON sales (product_id, created_at DESC);
    CREATE INDEX sales_by_phone ON sales (customer_phone, created_at DESC) WHERE customer_phone IS NOT NULL;
    CREATE INDEX sales_by_order ON sales (order_id) WHERE order_id IS NOT NULL;
    -- A failed sale is retried at most once: a double click must not sell twice.
    CREATE UNIQUE INDEX sales_retry_once ON sales (retry_of) WHERE retry_of IS NOT NULL;

    -- Every HTTP exchange made for a sale, with its X-REQUEST-ID, for support.
    CREATE TABLE sale_attempts (
      sale_id TEXT NOT NULL REFERENCES sales (id),
      seq INTEGER NOT NULL,
      kind TEXT NOT NULL,
      request_id TEXT NOT NULL,
      started_at INTEGER NOT NULL,
      finished_at INTEGER,
      outcome TEXT,
      PRIMARY KEY (sale_id, seq)
    ) STRICT;

    -- Vouchers: card number and PIN only encrypted; last4 for masked display and search.
    CREATE TABLE vouchers (
      sale_id TEXT NOT NULL REFERENCES sales (id),
      seq INTEGER NOT NULL,
      voucher_id TEXT,
      card_type TEXT NOT NULL,
      card_number_enc BLOB,
      card_pin_enc BLOB,
      card_number_last4 TEXT,
      valid_till TEXT,
      amount_paise INTEGER NOT NULL,
      PRIMARY KEY (sale_id, seq)
    ) STRICT;

    -- Webhook deliveries seen, for at-most-once application of each event.
    -- payload: the verified body, kept until applied so a crash after the 2xx loses nothing.
    CREATE TABLE webhook_events (
      event_key TEXT PRIMARY KEY,
      event_type TEXT NOT NULL,
      received_at INTEGER NOT NULL,
      outcome TEXT NOT NULL,
      payload TEXT
    ) STRICT;
    CREATE INDEX webhook_events_pending ON webhook_events (outcome) WHERE outcome = 'received';
  `);
}
