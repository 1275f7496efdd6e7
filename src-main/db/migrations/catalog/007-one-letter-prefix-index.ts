import type Database from 'better-sqlite3';

/**
 * Catalog schema 7: brands_fts keeps a prefix index for one character only (schema 5 had 1 to
 * 4). Each prefix index is another copy of every word of every brand a sync writes (description
 * words included): writing sandbox-shaped brands' rows, FTS entries and categories cost ≈ 27 µs
 * a brand at 10k and 33–37 at 100k with 1 to 4, ≈ 23.5 and 27–28 with 1 alone (measured bare,
 * one process, 2026-11-27). A longer prefix is matched the same way without its index (FTS5 walks the words it
 * starts), a little slower the first time: every brand matching a 2-character prefix, read at
 * 100k brands, ≈ 8 → ≈ 11 ms, 3 and 4 characters under a millisecond either way; the search's
 * in-memory listing keeps each match set until the next write. The one-character index stays:
 * a search warms the match set of every letter and digit after each write, in row pages, and
 * without it each page would walk every word the letter starts.
 *
 * An external-content index cannot change its options in place: made again and filled from the
 * brands table with 'rebuild', as schema 5 did (≈ 0.1 s at 10k brands, ≈ 1 s at 100k, once).
 */
export function catalog007(db: Database.Database): void {
  db.exec(`
    DROP TABLE brands_fts;
    CREATE VIRTUAL TABLE brands_fts USING fts5(
      title, description, tags, categories,
      content = 'brands', content_rowid = 'seq',
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '1'
    );
    INSERT INTO brands_fts (brands_fts, rank) VALUES ('hashsize', 131072);
    INSERT INTO brands_fts (brands_fts) VALUES ('rebuild');
  `);
}
