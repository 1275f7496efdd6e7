import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import type { Logger } from '../platform/logger.js';
import type { BrandRows } from './brand-rows.js';
import type { Stored } from './catalog-staging.js';
import type { TimeSlicer } from './time-slicer.js';

/** Rows per read when listing the stored brands (keyset pages, so no statement stays open across a pause). */
const PAGE = 1000;
/** Rows per transaction recording bytes hashes after a replacement (each UPDATE rewrites a ~2 kB row). */
const RAW_HASH_CHUNK = 500;

/** An unchanged row and the hash of the page bytes its content was read from again. */
export interface RawHashRow {
  seq: number;
  contentHash: string;
  rawHash: string;
}

/**
 * What a replacement reads of the stored brands to diff pages against (their ids, content and
 * bytes hashes), and the bytes hashes it records for unchanged rows once it committed. On the
 * writing connection, owned by CatalogWriter.
 */
export class StoredBrands {
  private readonly storedPage: Statement;

  constructor(
    private readonly db: Db,
    private readonly rows: BrandRows,
    /** After recording (the writer asks for a checkpoint). */
    private readonly afterRecord: () => void,
  ) {
    this.storedPage = db.prepare('SELECT seq, id, content_hash, raw_hash, removed_at FROM brands WHERE seq > ? ORDER BY seq LIMIT ?');
  }

  /**
   * What is stored, by id, from one keyset walk instead of a point lookup per incoming brand;
   * read only once a page must be diffed (an unchanged sync takes every page from its record and
   * never needs it: the walk reads every wide row, ~25 ms at 10k brands). A webhook that changes
   * a row while pages are still coming in is seen at commit for delta rows (BrandRows.write re-reads);
   * an unchanged-looking row it touched is settled by the next sync, which finds the hashes different.
   */
  async read(slicer: TimeSlicer): Promise<{ byId: Map<string, Stored>; byRaw: Map<string, Stored> }> {
    const byId = new Map<string, Stored>();
    // The rows written from page bytes, by those bytes' hash: the only way a sync finds the row of an entry it does not parse.
    const byRaw = new Map<string, Stored>();
    for (let after = 0; ; ) {
      const page = this.storedPage.raw().all(after, PAGE) as [seq: number, id: string, hash: string, raw: string | null, removedAt: number | null][];
      // The slice is checked after every insert, and the two maps are filled in turn: a Map that
      // outgrows its table rehashes every entry in that one insert (≈ 25 ms at 65k entries on a
      // slow 2-core VM), and both maps reach that size at the same row.
      const rows: Stored[] = [];
      for (const [seq, id, hash, raw, removedAt] of page) {
        const row = { id, seq, hash, raw, listed: removedAt === null };
        rows.push(row);
        byId.set(id, row);
        if (slicer.due()) await slicer.pause();
      }
      for (const row of rows) {
        if (row.raw !== null) byRaw.set(row.raw, row);
        if (slicer.due()) await slicer.pause();
      }
      if (page.length < PAGE) break;
      after = page[page.length - 1]![0];
    }
    return { byId, byRaw };
  }

  /**
   * After a replacement committed (still holding `busy`): records which page bytes
   * unchanged rows' content was read from (rows written before bytes were hashed, or sent again
   * as other bytes of the same content), only while a row still holds that content (a webhook
   * that rewrote it meanwhile keeps it NULL). Outside the replacement's transaction, in short
   * ones of their own: after the update to catalog schema 6 that is every row once, and each
   * UPDATE rewrites the whole ~2 kB row, so in the sync's own transaction the COMMIT alone held
   * the loop ≈ 190 ms at 100k brands. Speed only: a failure leaves the rows not yet recorded
   * NULL, parsed next time, and is logged, since one that repeats makes every sync parse them again.
   */
  async recordRawHashes(rows: readonly RawHashRow[], slicer: TimeSlicer, logger: Logger): Promise<void> {
    let from = 0;
    try {
      for (; from < rows.length; from += RAW_HASH_CHUNK) {
        this.db.exec('BEGIN IMMEDIATE');
        try {
          for (const row of rows.slice(from, from + RAW_HASH_CHUNK)) this.rows.setRawHash(row.seq, row.contentHash, row.rawHash);
          this.db.exec('COMMIT');
        } finally {
          if (this.db.inTransaction) this.db.exec('ROLLBACK');
        }
        await slicer.pause();
      }
    } catch (error) {
      logger.log('warn', 'catalog.raw-hashes.failed', { rows: rows.length, notRecorded: rows.length - from, error });
    }
    this.afterRecord();
  }
}
