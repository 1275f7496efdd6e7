import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import type { BrandColumns } from './catalog-text.js';

/** Applied FTS changes let go of together (see indexSomeOwed). */
const OWED_RELEASE_BATCH = 1024;

/** What writing one brand did to the catalog: a row made, rewritten or left, and whether a removed brand came back. */
export type Outcome = { kind: 'inserted' | 'updated' | 'unchanged'; restored: boolean };

interface CurrentRow {
  seq: number;
  title: string;
  status: string;
  sort_key: string;
  description: string;
  tags: string;
  categories: string;
  content_hash: string;
  raw_hash: string | null;
  removed_at: number | null;
}

/**
 * One brand's row and everything kept beside it: its FTS entry (external content, so the old
 * entry is deleted by giving back exactly the values it indexed), its category rows and the
 * hash of the page bytes it was read from. The caller holds the transaction.
 *
 * The FTS changes are owed rather than made with the row: the sync applies them a few at a time
 * while it waits for its next page's entries from the page-prep worker (indexSomeOwed), time the
 * main thread otherwise spends idle, and every one still owed before any COMMIT (indexAllOwed), so
 * a committed catalog is always indexed whole. The writer keeps at most MAX_OWED_INDEX owed (a
 * sync without the worker has no such waits), so what a COMMIT applies at once stays short. They
 * are applied in the order they were owed (a brand written twice in one sync deletes the entry its
 * first write made); a rollback drops them. Each change ≈ 9 µs; a 10k first sync measured
 * ≈ 10–19 % shorter for it.
 */
export class BrandRows {
  private readonly current: Statement;
  private readonly insert: Statement;
  private readonly update: Statement;
  private readonly updateUnordered: Statement;
  private readonly restore: Statement;
  private readonly rawHashUpdate: Statement;
  private readonly ftsInsert: Statement;
  private readonly ftsDelete: Statement;
  private readonly categoryInsert: Statement;
  private readonly categoryDelete: Statement;

  constructor(db: Db) {
    this.current = db.prepare('SELECT seq, title, status, sort_key, description, tags, categories, content_hash, raw_hash, removed_at FROM brands WHERE id = ?');
    // Positional parameters, bound by rowValues: named ones are looked up by name in an object
    // made for each row (≈ 2.4 µs a brand of a first sync's ≈ 25, measured at 10k).
    this.insert = db.prepare(
      `INSERT INTO brands (title, status, sort_key, description, categories, tags, denomination_type, content_hash, raw_hash, synced_at, data, id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.update = db.prepare(
      `UPDATE brands SET title = ?, status = ?, sort_key = ?, description = ?, categories = ?, tags = ?, denomination_type = ?,
              content_hash = ?, raw_hash = ?, synced_at = ?, data = ?, removed_at = NULL
        WHERE seq = ?`,
    );
    // SQLite rewrites the entry of every index on a column the SET clause names, whatever its
    // value: the listing's two order indexes (active_rank from status, sort_key, removed_at) sit at
    // the brand's place by title, so `update` rewrites a page of each anywhere in them. A brand
    // still listed whose status and sort key stay (a new description, denominations, logo…, most
    // of a day's changes) leaves them alone. Measured on a 10k sandbox-shaped catalog, 1,000 such
    // rows in one transaction (2-core VM): 34–47 µs a row and a 54–64 ms COMMIT with `update`,
    // 20–33 µs a row and a 2.5 ms COMMIT with this one; in a whole 10 %-changed sync (half its
    // changes are titles) within the noise at 10k, and 3.2–3.8 s against 3.4–4.3 s at 100k.
    this.updateUnordered = db.prepare(
      `UPDATE brands SET title = ?, description = ?, categories = ?, tags = ?, denomination_type = ?, content_hash = ?, raw_hash = ?, synced_at = ?, data = ?
        WHERE seq = ?`,
    );
    this.restore = db.prepare('UPDATE brands SET removed_at = NULL, synced_at = ?, raw_hash = ? WHERE seq = ?');
    this.rawHashUpdate = db.prepare('UPDATE brands SET raw_hash = ? WHERE seq = ? AND content_hash = ?');
    this.ftsInsert = db.prepare('INSERT INTO brands_fts (rowid, title, description, tags, categories) VALUES (?, ?, ?, ?, ?)');
    this.ftsDelete = db.prepare("INSERT INTO brands_fts (brands_fts, rowid, title, description, tags, categories) VALUES ('delete', ?, ?, ?, ?, ?)");
    this.categoryInsert = db.prepare('INSERT INTO brand_categories (brand_seq, category) VALUES (?, ?)');
    this.categoryDelete = db.prepare('DELETE FROM brand_categories WHERE brand_seq = ?');
  }

  /**
   * Writes one new, changed or reappearing brand, with the hash of the page bytes it was read
   * from (null: not from page bytes); re-reads it, since the diff ran outside the transaction.
   */
  write(row: BrandColumns, rawHash: string | null, syncedAt: number): Outcome {
    const cur = this.current.get(row.id) as CurrentRow | undefined;
    if (!cur) {
      const seq = Number(this.insert.run(...rowValues(row, rawHash, syncedAt), row.id).lastInsertRowid);
      this.owed.push([true, seq, row.title, row.description, row.tags, row.categories]);
      for (const category of row.categoryList) this.categoryInsert.run(seq, category);
      return { kind: 'inserted', restored: false };
    }
    const restored = cur.removed_at !== null;
    if (cur.content_hash === row.hash) {
      // The same content: bytes that read as it vouch for the row as well as the ones before.
      if (restored) this.restore.run(syncedAt, rawHash ?? cur.raw_hash, cur.seq);
      else if (rawHash !== null && rawHash !== cur.raw_hash) this.setRawHash(cur.seq, row.hash, rawHash);
      return { kind: 'unchanged', restored };
    }
    const indexed = cur.title !== row.title || cur.description !== row.description || cur.tags !== row.tags || cur.categories !== row.categories;
    if (indexed) this.owed.push([false, cur.seq, cur.title, cur.description, cur.tags, cur.categories]);
    if (!restored && cur.status === row.status && cur.sort_key === row.sortKey) {
      this.updateUnordered.run(row.title, row.description, row.categories, row.tags, row.denominationType, row.hash, rawHash, syncedAt, row.data, cur.seq);
    } else {
      this.update.run(...rowValues(row, rawHash, syncedAt), cur.seq);
    }
    if (indexed) this.owed.push([true, cur.seq, row.title, row.description, row.tags, row.categories]);
    if (cur.categories !== row.categories) {
      this.categoryDelete.run(cur.seq);
      for (const category of row.categoryList) this.categoryInsert.run(cur.seq, category);
    }
    return { kind: 'updated', restored };
  }

  /** FTS changes owed, in order: an entry to insert, or the exact values of one to delete. */
  private owed: [insert: boolean, seq: number, title: string, description: string, tags: string, categories: string][] = [];
  /** How many of `owed` were applied. */
  private applied = 0;

  /** How many FTS changes are owed. */
  get owedCount(): number {
    return this.owed.length - this.applied;
  }

  /** Applies up to `count` owed FTS changes; true while some are still owed. */
  indexSomeOwed(count: number): boolean {
    const end = Math.min(this.owed.length, this.applied + count);
    for (; this.applied < end; this.applied++) {
      const [insert, seq, title, description, tags, categories] = this.owed[this.applied]!;
      (insert ? this.ftsInsert : this.ftsDelete).run(seq, title, description, tags, categories);
    }
    if (this.applied === this.owed.length) {
      this.dropOwed();
      return false;
    }
    // Applied changes are let go of in batches: a sync that keeps some owed all along holds no more than a batch of them.
    if (this.applied >= OWED_RELEASE_BATCH) {
      this.owed.splice(0, this.applied);
      this.applied = 0;
    }
    return true;
  }

  /** @internal Changes held in memory, applied ones not yet let go of included. */
  get heldOwed(): number {
    return this.owed.length;
  }

  /** Applies every owed FTS change: before a COMMIT. */
  indexAllOwed(): void {
    this.indexSomeOwed(Infinity);
  }

  /** Forgets the owed FTS changes: their rows were rolled back. */
  dropOwed(): void {
    this.owed = [];
    this.applied = 0;
  }

  /**
   * Records the bytes a row's content was read from, only while the row still holds that
   * content: a webhook or a sale's fresh copy may have rewritten it since it was read.
   */
  setRawHash(seq: number, contentHash: string, rawHash: string): void {
    this.rawHashUpdate.run(rawHash, seq, contentHash);
  }
}

/** The columns insert and update both write, in their parameters' order. */
function rowValues(row: BrandColumns, rawHash: string | null, syncedAt: number) {
  return [row.title, row.status, row.sortKey, row.description, row.categories, row.tags, row.denominationType, row.hash, rawHash, syncedAt, row.data] as const;
}
