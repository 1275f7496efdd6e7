import type Database from 'better-sqlite3';

/**
 * Environment schema 2: the manager's journal queries at a million sales.
 *
 * - The month summary reads only two covering indexes (no row look-ups): by state for the
 *   counts per state and per hour, by product for the brand ranking. Each replaces the
 *   narrower index of schema 1 with the same leading columns, so every query that used the
 *   old one still can, and a sale still updates two indexes, not four.
 * - A reference or order-id *substring* is found through a trigram index instead of a LIKE
 *   that reads every row. It is contentless (the text is in `sales` already) and keeps
 *   only the sale id beside each entry (no column sizes: nothing is ranked): an id never changes, while the implicit rowid of
 *   `sales` may be renumbered by VACUUM. Triggers keep it in step with every writer
 *   (journal, imports, tests). An order id that changes leaves its old entry behind; the
 *   query re-checks the real columns, so a stale entry can only cost a look-up, never a
 *   wrong result.
 */
export function environment002(db: Database.Database): void {
  db.exec(`
    DROP INDEX sales_by_state;
    CREATE INDEX sales_by_state ON sales (state, created_at DESC, amount_paise, product_id);
    DROP INDEX sales_by_product;
    CREATE INDEX sales_by_product ON sales (product_id, created_at DESC, state, amount_paise);

    CREATE VIRTUAL TABLE sales_ref_search USING fts5(
      sale_id UNINDEXED, ref,
      tokenize = 'trigram', content = '', contentless_unindexed = 1, columnsize = 0
    );
    CREATE TRIGGER sales_ref_search_insert AFTER INSERT ON sales BEGIN
      INSERT INTO sales_ref_search (sale_id, ref) VALUES (new.id, new.reference_id);
      INSERT INTO sales_ref_search (sale_id, ref) SELECT new.id, new.order_id WHERE new.order_id IS NOT NULL;
    END;
    CREATE TRIGGER sales_ref_search_reference AFTER UPDATE OF reference_id ON sales
      WHEN new.reference_id IS NOT old.reference_id BEGIN
      INSERT INTO sales_ref_search (sale_id, ref) VALUES (new.id, new.reference_id);
    END;
    CREATE TRIGGER sales_ref_search_order AFTER UPDATE OF order_id ON sales
      WHEN new.order_id IS NOT NULL AND new.order_id IS NOT old.order_id BEGIN
      INSERT INTO sales_ref_search (sale_id, ref) VALUES (new.id, new.order_id);
    END;

    -- Existing sales (backfill), in rowid order so the index is written in one sweep.
    INSERT INTO sales_ref_search (sale_id, ref) SELECT id, reference_id FROM sales;
    INSERT INTO sales_ref_search (sale_id, ref) SELECT id, order_id FROM sales WHERE order_id IS NOT NULL;
  `);
}
