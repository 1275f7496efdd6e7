import type Database from 'better-sqlite3';

/**
 * App schema 1 (app.db): what spans environments — the staff of the counter and the one
 * audit trail, whatever backend the sales go to. Times are epoch milliseconds.
 */
export function app001(db: Database.Database): void {
  db.exec(`
    CREATE TABLE staff (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      role TEXT NOT NULL,
      pin_hash TEXT NOT NULL,
      failed_attempts INTEGER NOT NULL DEFAULT 0,
      locked_until INTEGER,
      created_at INTEGER NOT NULL,
      disabled_at INTEGER
    ) STRICT;

    -- Append-only, hash-chained: each row's hash covers its content and the previous hash.
    CREATE TABLE audit_log (
      seq INTEGER PRIMARY KEY,
      at INTEGER NOT NULL,
      actor TEXT,
      action TEXT NOT NULL,
      sale_id TEXT,
      details TEXT NOT NULL,
      prev_hash TEXT NOT NULL,
      hash TEXT NOT NULL
    ) STRICT;
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
      BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;
  `);
}
