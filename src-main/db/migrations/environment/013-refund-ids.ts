import type Database from 'better-sqlite3';

/**
 * Environment schema 13: each refund's id, the one its audit line (`sale.refunded`) names. A
 * refund audited and then stopped before its write (the process killed between the two) is
 * resumed under the same id (till/refunds.ts), so the trail names one refund, not two. Null for
 * refunds written before this schema.
 */
export function environment013(db: Database.Database): void {
  db.exec('ALTER TABLE refunds ADD COLUMN refund_id TEXT;');
}
