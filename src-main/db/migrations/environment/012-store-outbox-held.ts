import type Database from 'better-sqlite3';

/**
 * Environment schema 12: the outbox rows the store server refused on their own, each held back
 * until `held_until` (store-link/outbox-holds.ts). Kept in the file beside the outboxes (schemas
 * 7 and 9), not in memory, so a counter started again neither offers every refused row at once
 * (a burst the store refuses again) nor forgets, until it is refused again, what Settings lists.
 * One table for every outbox, named by its kind (sales, till, vouchers) and its row's id there:
 * the hold is the outbox drainer's, the same for every kind, and the rows' own tables stay as
 * their triggers write them.
 */
export function environment012(db: Database.Database): void {
  db.exec(`
    CREATE TABLE store_outbox_held (
      outbox TEXT NOT NULL,
      row_id TEXT NOT NULL,
      held_until INTEGER NOT NULL,
      since INTEGER NOT NULL,
      code TEXT NOT NULL,
      message TEXT NOT NULL,
      PRIMARY KEY (outbox, row_id)
    ) STRICT;
  `);
}
