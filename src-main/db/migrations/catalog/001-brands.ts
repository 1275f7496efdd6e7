import type Database from 'better-sqlite3';
import { CREATE_KV_TABLE } from '../kv-table.js';

/**
 * Catalog schema 1 (<environment>-catalog.db): the brands of one environment's service and
 * their full-text index, in a file of their own so that a long sync never holds the order
 * journal's write lock. Times are epoch milliseconds; JSON columns hold parsed-and-validated
 * objects, never raw network text.
 */
export function catalog001(db: Database.Database): void {
  db.exec(CREATE_KV_TABLE);
  db.exec(`
    -- Catalog: one row per brand ever seen; a full sync marks vanished brands removed, never deletes.
    -- seq is an explicit rowid alias because the FTS index keys on it: VACUUM may renumber an
    -- implicit rowid, which would silently point the index at the wrong brands.
    -- active_rank/sort_key give the listing order (ACTIVE first, then title without case or
    -- diacritics, then id) so search can walk an index instead of sorting every match.
    CREATE TABLE brands (
      seq INTEGER PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      title TEXT NOT NULL,
      status TEXT NOT NULL,
      active_rank INTEGER GENERATED ALWAYS AS (CASE status WHEN 'ACTIVE' THEN 0 ELSE 1 END) VIRTUAL,
      sort_key TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT '',
      categories TEXT NOT NULL DEFAULT '',
      tags TEXT NOT NULL DEFAULT '',
      denomination_type TEXT NOT NULL,
      content_hash TEXT NOT NULL,
      removed_at INTEGER,
      synced_at INTEGER NOT NULL,
      discount TEXT,
      -- Last on purpose: the JSON spills into overflow pages, and columns after it would too.
      data TEXT NOT NULL
    ) STRICT;
    -- Walked in order for broad searches and browsing; covers every filter column.
    CREATE INDEX brands_order ON brands (active_rank, sort_key, removed_at);
    -- Narrow copy of the ordering columns by seq, so sorting FTS matches never reads the wide rows.
    CREATE INDEX brands_by_seq ON brands (seq, active_rank, sort_key, removed_at);

    -- Exact category membership (upper-case ids), for browsing and counts.
    CREATE TABLE brand_categories (
      brand_seq INTEGER NOT NULL REFERENCES brands (seq),
      category TEXT NOT NULL,
      PRIMARY KEY (brand_seq, category)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX brand_categories_by_category ON brand_categories (category, brand_seq);

    -- Maintained row by row by the catalog repository (no triggers), so a full sync can be
    -- written in short slices; removed brands stay indexed for includeRemoved searches.
    -- Prefix indexes up to 8 characters: search matches each word on at most its first 8, and
    -- an indexed prefix can be checked for a single row cheaply. hashsize 128 KiB (default
    -- 1 MiB) keeps each flush of pending terms short (measured: ≤ 22 ms instead of ≤ 140 ms).
    CREATE VIRTUAL TABLE brands_fts USING fts5(
      title, description, tags, categories,
      content = 'brands', content_rowid = 'seq',
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '1 2 3 4 5 6 7 8'
    );
    INSERT INTO brands_fts (brands_fts, rank) VALUES ('hashsize', 131072);
  `);
}
