import type Database from 'better-sqlite3';

/**
 * App schema 6: wrong PINs a store's counter counted on its own while its store server was
 * away, kept apart from the count it copies from the store (staff-replica.ts applyLocks): the
 * store never saw them, so its count must not wipe them out, while everything else the store says
 * (an unlock at another counter, a right PIN there) still reaches this counter.
 */
export function app006(db: Database.Database): void {
  db.exec(`
    ALTER TABLE staff ADD COLUMN offline_failures INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE staff ADD COLUMN offline_locked_until INTEGER;
  `);
}
