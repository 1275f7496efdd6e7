import type Database from 'better-sqlite3';

/**
 * Environment schema 3: signed webhook deliveries this version could not understand are kept, not
 * dropped, so a later version can apply them (webhooks/unrecognised-webhooks.ts).
 *
 * - `body` is the delivery's bytes exactly as they came (a BLOB: they need not be UTF-8 or
 *   even JSON); `body_sha256` makes the service's retries of the same bytes one row.
 * - AUTOINCREMENT: an id the manager's screen shows is never reused for another delivery.
 */
export function environment003(db: Database.Database): void {
  db.exec(`
    CREATE TABLE webhook_unrecognised (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      body_sha256 TEXT NOT NULL UNIQUE,
      body BLOB NOT NULL,
      event_name TEXT,
      reason TEXT NOT NULL,
      received_at INTEGER NOT NULL,
      last_received_at INTEGER NOT NULL,
      deliveries INTEGER NOT NULL,
      last_tried_at INTEGER
    ) STRICT;
  `);
}
