import type Database from 'better-sqlite3';

/**
 * App schema 4: a PIN a manager reset is temporary — its owner must choose a new one at the
 * next sign-in before doing anything else. A flag on the staff row (a handful of rows, so the
 * STRICT table's re-check on ALTER costs nothing).
 */
export function app004(db: Database.Database): void {
  db.exec(`ALTER TABLE staff ADD COLUMN must_change_pin INTEGER NOT NULL DEFAULT 0 CHECK (must_change_pin IN (0, 1));`);
}
