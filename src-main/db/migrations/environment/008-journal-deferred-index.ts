import type Database from 'better-sqlite3';

/** An IST calendar day (UTC+05:30) and hour of day of a sale's created_at, in SQL; the summary computes the same. */
const IST_OFFSET_MS = 19_800_000;
const dayOf = (row: string): string => `((${row}.created_at + ${IST_OFFSET_MS}) / 86400000)`;
const hourOf = (row: string): string => `(((${row}.created_at + ${IST_OFFSET_MS}) / 3600000) % 24)`;

/** Adds (sign +1) or takes away (sign -1) one sale from the rollups, inside a trigger. */
function rollup(row: 'new' | 'old', sign: 1 | -1): string {
  const amount = `${sign === 1 ? '' : '-'}${row}.amount_paise`;
  return `
    INSERT INTO sales_day_state (day, state, hour, count, amount_paise)
      VALUES (${dayOf(row)}, ${row}.state, ${hourOf(row)}, ${sign}, ${amount})
      ON CONFLICT (day, state, hour) DO UPDATE SET count = count + excluded.count, amount_paise = amount_paise + excluded.amount_paise;
    INSERT INTO sales_day_brand (day, product_id, count, amount_paise)
      SELECT ${dayOf(row)}, ${row}.product_id, ${sign}, ${amount} WHERE ${row}.state = 'SUCCESS'
      ON CONFLICT (day, product_id) DO UPDATE SET count = count + excluded.count, amount_paise = amount_paise + excluded.amount_paise;`;
}

/**
 * Environment schema 8: a sale's two commits carry the sale, not the indexes built for the
 * manager's screens.
 *
 * - The trigram index of references and order ids is brought up to date *after* the sale's
 *   commit: the triggers now only queue the text to index (`sales_ref_search_pending`, one
 *   small row per reference or order id), and the journal moves the queue into the index in
 *   one transaction of its own (journal/sale-search-index.ts), right after the sale and at
 *   start-up for whatever a crash left queued. A search reads the queue beside the index, so
 *   a sale is found in between too. Moving and deleting in one transaction makes it
 *   idempotent: a crash leaves the entries queued or indexed, never both or neither.
 * - The month summary reads per-day rollups instead of ~30k index entries: by state and IST
 *   hour (`sales_day_state`) and, for completed sales, by brand (`sales_day_brand`). Triggers
 *   keep them in the commit of every change to a sale, from every writer, so they are never
 *   behind. A sale leaving a bucket leaves a row whose count is 0; the summary skips those.
 * - With the summary reading the rollups, the brand index no longer carries state and amount
 *   (schema 2 widened it for the summary): a sale's move from INTENT to its outcome then leaves
 *   it untouched, one page fewer in the answer's commit. The brand filter of the orders list
 *   seeks it as before.
 * - The brand as it was when sold is stored once per distinct snapshot (`brand_snapshots`,
 *   keyed by the SHA-256 of its JSON) and referenced by the sale; older sales keep theirs
 *   inline in `sales.brand_snapshot`, which new sales leave empty.
 *
 * The triggers of schema 7 (the store outbox) stay as they are.
 */
export function environment008(db: Database.Database): void {
  db.exec(`
    DROP TRIGGER sales_ref_search_insert;
    DROP TRIGGER sales_ref_search_reference;
    DROP TRIGGER sales_ref_search_order;
    CREATE TABLE sales_ref_search_pending (
      sale_id TEXT NOT NULL,
      ref TEXT NOT NULL,
      PRIMARY KEY (sale_id, ref)
    ) STRICT, WITHOUT ROWID;
    CREATE TRIGGER sales_ref_search_queue_insert AFTER INSERT ON sales BEGIN
      INSERT OR IGNORE INTO sales_ref_search_pending (sale_id, ref) VALUES (new.id, new.reference_id);
      INSERT OR IGNORE INTO sales_ref_search_pending (sale_id, ref) SELECT new.id, new.order_id WHERE new.order_id IS NOT NULL;
    END;
    CREATE TRIGGER sales_ref_search_queue_reference AFTER UPDATE OF reference_id ON sales
      WHEN new.reference_id IS NOT old.reference_id BEGIN
      INSERT OR IGNORE INTO sales_ref_search_pending (sale_id, ref) VALUES (new.id, new.reference_id);
    END;
    CREATE TRIGGER sales_ref_search_queue_order AFTER UPDATE OF order_id ON sales
      WHEN new.order_id IS NOT NULL AND new.order_id IS NOT old.order_id BEGIN
      INSERT OR IGNORE INTO sales_ref_search_pending (sale_id, ref) VALUES (new.id, new.order_id);
    END;

    CREATE TABLE sales_day_state (
      day INTEGER NOT NULL,
      state TEXT NOT NULL,
      hour INTEGER NOT NULL,
      count INTEGER NOT NULL,
      amount_paise INTEGER NOT NULL,
      PRIMARY KEY (day, state, hour)
    ) STRICT, WITHOUT ROWID;
    CREATE TABLE sales_day_brand (
      day INTEGER NOT NULL,
      product_id TEXT NOT NULL,
      count INTEGER NOT NULL,
      amount_paise INTEGER NOT NULL,
      PRIMARY KEY (day, product_id)
    ) STRICT, WITHOUT ROWID;
    CREATE TRIGGER sales_rollup_insert AFTER INSERT ON sales BEGIN ${rollup('new', 1)}
    END;
    CREATE TRIGGER sales_rollup_update AFTER UPDATE OF state, amount_paise, product_id, created_at ON sales
      WHEN new.state IS NOT old.state OR new.amount_paise IS NOT old.amount_paise OR new.product_id IS NOT old.product_id OR new.created_at IS NOT old.created_at
      BEGIN ${rollup('old', -1)} ${rollup('new', 1)}
    END;
    CREATE TRIGGER sales_rollup_delete AFTER DELETE ON sales BEGIN ${rollup('old', -1)}
    END;
    INSERT INTO sales_day_state (day, state, hour, count, amount_paise)
      SELECT ${dayOf('sales')}, state, ${hourOf('sales')}, count(*), SUM(amount_paise) FROM sales GROUP BY 1, 2, 3;
    INSERT INTO sales_day_brand (day, product_id, count, amount_paise)
      SELECT ${dayOf('sales')}, product_id, count(*), SUM(amount_paise) FROM sales WHERE state = 'SUCCESS' GROUP BY 1, 2;

    DROP INDEX sales_by_product;
    CREATE INDEX sales_by_product ON sales (product_id, created_at DESC);

    CREATE TABLE brand_snapshots (
      id INTEGER PRIMARY KEY,
      sha256 TEXT NOT NULL UNIQUE,
      snapshot TEXT NOT NULL
    ) STRICT;
    ALTER TABLE sales ADD COLUMN brand_snapshot_id INTEGER REFERENCES brand_snapshots (id);
  `);
}
