import type Database from 'better-sqlite3';

/**
 * Environment schema 10: the sales stuck in IN_DOUBT or NEEDS_SUPPORT, in time order, in a
 * partial index of their own. The attention list (SalesHistory.needingAttention) walks it and
 * the owed receipts' partial index (schema 4), both already in order, and merges the two,
 * instead of seeking the state index twice and sorting what it found. A sale that goes from
 * INTENT to SUCCESS or FAILED never enters it, so it costs the sale's two commits nothing.
 */
export function environment010(db: Database.Database): void {
  db.exec(`CREATE INDEX sales_stuck ON sales (created_at, id) WHERE state IN ('IN_DOUBT', 'NEEDS_SUPPORT');`);
}
