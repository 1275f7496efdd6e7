import type Database from 'better-sqlite3';

/**
 * Environment schema 7: the outbox of a counter that belongs to a store. Every change to a
 * sale marks it, in the sale's own commit (triggers), so a counter killed right after a sale
 * still tells the store server about it when it starts again. A counter on its own marks
 * nothing: the triggers fire only once `store_link_state.linked` is 1.
 */
export function environment007(db: Database.Database): void {
  db.exec(`
    CREATE TABLE store_link_state (one INTEGER PRIMARY KEY CHECK (one = 1), linked INTEGER NOT NULL CHECK (linked IN (0, 1))) STRICT;
    INSERT INTO store_link_state (one, linked) VALUES (1, 0);
    CREATE TABLE store_outbox (sale_id TEXT PRIMARY KEY, marked INTEGER NOT NULL) STRICT;
    CREATE TRIGGER store_outbox_on_insert AFTER INSERT ON sales WHEN (SELECT linked FROM store_link_state) = 1
      BEGIN INSERT INTO store_outbox (sale_id, marked) VALUES (NEW.id, 1) ON CONFLICT (sale_id) DO UPDATE SET marked = marked + 1; END;
    CREATE TRIGGER store_outbox_on_update AFTER UPDATE ON sales WHEN (SELECT linked FROM store_link_state) = 1
      BEGIN INSERT INTO store_outbox (sale_id, marked) VALUES (NEW.id, 1) ON CONFLICT (sale_id) DO UPDATE SET marked = marked + 1; END;
  `);
}
