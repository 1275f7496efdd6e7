import type Database from 'better-sqlite3';

/**
 * Environment schema 11: each pay-in or pay-out keeps the id the page gave it
 * (`shift.cashMovement`'s `movementId`), so Confirm sent again after a lost answer finds the
 * movement already recorded instead of recording it twice. Null for movements recorded without
 * one (before this schema, or by a caller that sends none); the partial unique index holds each
 * id once, whichever shift it is in. A column, not a table of its own: adding it makes SQLite
 * re-check the STRICT table's rows once, and a drawer's pay-ins and pay-outs are few.
 */
export function environment011(db: Database.Database): void {
  db.exec(`
    ALTER TABLE cash_movements ADD COLUMN movement_id TEXT;
    CREATE UNIQUE INDEX cash_movements_by_movement_id ON cash_movements (movement_id) WHERE movement_id IS NOT NULL;
  `);
}
