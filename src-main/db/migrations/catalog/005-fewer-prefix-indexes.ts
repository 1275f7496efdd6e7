import type Database from 'better-sqlite3';

/**
 * Catalog schema 5: brands_fts keeps prefix indexes for 1 to 4 characters only (schema 1 had
 * 1 to 8). Every prefix index is another copy of each word in the index, written for every
 * brand a sync writes: 1 to 8 cost ≈ 14 µs a brand and 1 to 4 ≈ 7 (plus half the merge work),
 * measured on sandbox-shaped brands. A 5 to 8 character prefix is still matched the same way
 * (FTS5 walks the terms it starts) and no slower measurably: at 100k brands a word of 5 to 7
 * characters found in every brand took 14-15 ms on its first search with 1 to 4 and 20-21 ms
 * with 1 to 8 (a loaded machine; cached afterwards until the next write). An external-content
 * index cannot change its options in place: it is made again and filled from the brands table
 * with 'rebuild' (the same rows a sync indexes, removed ones included), once, inside the
 * migration's transaction, at the first start after the update (measured: ≈ 0.1 s at 10k
 * brands, ≈ 1 s at 100k).
 */
export function catalog005(db: Database.Database): void {
  db.exec(`
    DROP TABLE brands_fts;
    CREATE VIRTUAL TABLE brands_fts USING fts5(
      title, description, tags, categories,
      content = 'brands', content_rowid = 'seq',
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '1 2 3 4'
    );
    INSERT INTO brands_fts (brands_fts, rank) VALUES ('hashsize', 131072);
    INSERT INTO brands_fts (brands_fts) VALUES ('rebuild');
  `);
}
