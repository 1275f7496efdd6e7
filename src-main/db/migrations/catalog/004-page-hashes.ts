import type Database from 'better-sqlite3';

/**
 * Catalog schema 4: what each page of the last full sync looked like on the wire, so the next
 * sync can tell an unchanged page from its raw bytes and skip parsing it. `hash` is the SHA-1
 * of the page's body as received; `ids` (a JSON array) are the brands it gave, all stored and
 * listed with exactly that content when the row was written (the rows are replaced in the
 * sync's own commit, and cleared whenever a webhook rewrites a brand). `next_page_no` /
 * `next_limit` are its cursor (NULL at the last page).
 */
export function catalog004(db: Database.Database): void {
  db.exec(`
    CREATE TABLE catalog_pages (
      page_no INTEGER PRIMARY KEY,
      page_limit INTEGER NOT NULL,
      hash TEXT NOT NULL,
      ids TEXT NOT NULL,
      next_page_no INTEGER,
      next_limit INTEGER
    ) STRICT;
  `);
}
