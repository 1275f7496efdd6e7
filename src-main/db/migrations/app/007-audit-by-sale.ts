import type Database from 'better-sqlite3';

/**
 * App schema 7: the audit log by sale, newest last. A refund or a manager's review decision
 * looks up its sale's own lines before it writes (till/refunds.ts: an attempt audited but never
 * written is resumed under its id, not audited again as a second one); without this index that
 * read walks the whole log.
 */
export function app007(db: Database.Database): void {
  db.exec('CREATE INDEX audit_log_by_sale ON audit_log (sale_id, seq) WHERE sale_id IS NOT NULL;');
}
