import type { Db } from '../db/database.js';
import type { Logger } from '../platform/logger.js';
import type { PartnerBrand } from '../partner-api/types.js';
import { BrandRows, type Outcome } from './brand-rows.js';
import { CatalogCheckpointer } from './catalog-checkpoint.js';
import { SearchIndexMerge } from './search-index-merge.js';
import type { BrandColumns } from './catalog-text.js';
import { Staging, type ReplaceStaging } from './catalog-staging.js';
import type { PageRecord, StoredPageRow } from './catalog-page-records.js';
import { StoredBrands } from './stored-brands.js';
import { TimeSlicer } from './time-slicer.js';
import type { ReplaceSummary } from './catalog-types.js';
import {
  FIRST_SYNC_CACHE_SIZE,
  FIRST_SYNC_CHUNK_ROWS,
  MAX_OWED_INDEX,
  OWED_INDEX_SLICE,
  PAGE_RECORDS_PER_READ,
  REPLACEMENT_CACHE_SIZE,
  REPLACEMENT_CHUNK_ROWS,
} from './catalog-write-sizes.js';

export const KV_LAST_FULL_SYNC = 'catalog.lastFullSyncAt';
export const KV_LAST_SUMMARY = 'catalog.lastSyncSummary';

export class CatalogBusyError extends Error {
  constructor() {
    super('A catalog replacement is already running');
    this.name = 'CatalogBusyError';
  }
}

/**
 * Full catalog replacement without long event-loop blocks, yielding (setImmediate) whenever a
 * slice has run `sliceMs`; one transaction unless it writes many rows (below):
 *
 * 1. read the last sync's page records; the stored ids and content hashes are read (plain
 *    reads, no transaction held) only once a page must be diffed;
 * 2. per page as it arrives: hash each brand against them (contentHash, no serialising) and
 *    write the new, changed and reappearing ones at once, inside a transaction opened by
 *    hand at the first write (`BEGIN IMMEDIATE`) and held across the following pages (a
 *    page's brands are all serialised before any of them is written, so a brand that cannot
 *    be serialised fails the page first); nothing of the list piles up in memory; a page handed
 *    over split (Staging.addSplit) takes a brand whose bytes hash as its row's `raw_hash` as that
 *    row without parsing it, and each row written keeps the hash of the bytes it was read from;
 * 3. after the last page: mark the vanished brands removed, record the pages, `COMMIT`.
 *    Any failure or an abandoned sync is a `ROLLBACK` of what the pages wrote since the last
 *    chunk's COMMIT (of everything, when it wrote fewer rows than a chunk).
 *
 * A sync that writes many rows commits every chunk of them: a first sync (no brand stored,
 * never synced) every FIRST_SYNC_CHUNK_ROWS, a later one every REPLACEMENT_CHUNK_ROWS, since a
 * COMMIT grows with its transaction (100k first-synced brands in one held the loop for hundreds
 * of ms; see REPLACEMENT_CHUNK_ROWS). Its rows become readable chunk by chunk, each brand whole
 * and as the service listed it, but the sync itself is not done: the vanished brands are marked
 * removed, the stamp (lastFullSyncAt: what the Catalog screen, the self-check and isStale read
 * as complete) and the page records are written only by the last transaction. The first chunk's
 * COMMIT deletes the last sync's page records (they vouch for rows the chunk may have changed).
 * A sync that fails after a chunk leaves what it committed (fresher copies of some brands, none
 * removed), no page records and the last complete sync's stamp: the next sync reads every page
 * and finds the committed rows unchanged. A failure before the first chunk commit changes
 * nothing, as before.
 *
 * better-sqlite3's `db.transaction()` cannot span an `await`, so it is not used here. While
 * the transaction is open, any other statement on THIS connection runs inside it: it sees
 * uncommitted rows, and its writes commit or roll back with ours (a webhook's update is applied
 * again after a rollback: replayOnRollback). Readers use a second connection (WAL snapshot
 * isolation): they see what is committed, never a transaction in progress.
 *
 * Each page taken whole is recorded (catalog_pages: its raw body's hash and its ids) by the last
 * transaction, so the next sync can take a byte-identical page as its stored brands unparsed.
 *
 * The FTS index is maintained row by row rather than with a final 'rebuild': inserting 100k
 * rows into the index costs about what 'rebuild' does (~3 s here) but can be sliced, and a
 * daily sync touches a handful of rows instead of re-indexing all of them. A COMMIT only appends
 * the last dirty pages to the WAL: the connection runs synchronous=NORMAL and leaves checkpoints
 * (an fsync and ~2 s of copying after a 100k first sync) to a worker thread (CatalogCheckpointer).
 */
export class CatalogWriter {
  private readonly s: ReturnType<typeof prepare>;
  private readonly rows: BrandRows;
  private readonly checkpointer: CatalogCheckpointer;
  private readonly searchIndex: SearchIndexMerge;
  /** @internal The stored brands a staging diffs against, and the bytes hashes recorded after its commit. */
  readonly stored: StoredBrands;
  private busy = false;
  /** Bumped whenever the stored page hashes stop describing the stored brands (see forgetPages). */
  private pagesEpoch = 0;

  constructor(
    private readonly db: Db,
    private readonly sliceMs: number,
    /** Runs after every commit or rollback (the reader drops its memoised counts). */
    private readonly afterWrite: () => void,
    nativeBinding?: string,
    private readonly firstSyncChunkRows = FIRST_SYNC_CHUNK_ROWS,
    private readonly replacementChunkRows = REPLACEMENT_CHUNK_ROWS,
  ) {
    // The catalog is a copy of the service's list: a sync lost to a power cut is fetched again
    // at the next start, so its commits (and each FTS merge step) need not wait for an fsync;
    // WAL + NORMAL still never leaves a torn database. This connection is the catalog file's
    // own (the journal keeps FULL on its connection and file).
    db.pragma('synchronous = NORMAL');
    this.s = prepare(db);
    this.rows = new BrandRows(db);
    this.checkpointer = new CatalogCheckpointer(db, nativeBinding);
    this.searchIndex = new SearchIndexMerge(db, () => void this.checkpointer.request());
    this.stored = new StoredBrands(db, this.rows, () => void this.checkpointer.request());
  }

  /** The whole list at once: begin, add, commit. */
  async replaceAll(brands: readonly PartnerBrand[], syncedAt: number, logger: Logger): Promise<ReplaceSummary> {
    const staging = await this.begin(syncedAt, logger);
    try {
      await staging.add(brands);
      return await staging.commit();
    } finally {
      staging.abandon();
    }
  }

  /**
   * Starts a replacement fed page by page, stamped `syncedAt`. Each page's delta (new, changed
   * and reappearing brands) is written as it arrives, inside a transaction opened at the first
   * write and held until `commit` (or the chunk's end, see the class), so neither the parsed
   * pages nor the delta's JSON pile up in memory (at 100k brands that heap made GC pauses of
   * 100–200 ms); `abandon` rolls back what is not committed. One at a time: CatalogBusyError otherwise.
   */
  async begin(syncedAt: number, logger: Logger): Promise<ReplaceStaging> {
    if (this.busy) throw new CatalogBusyError();
    this.busy = true;
    try {
      const slicer = new TimeSlicer(this.sliceMs);
      // Taken before the records are read: a webhook's forgetPages during a pause below makes them untrusted.
      const epoch = this.pagesEpoch;
      const pages = new Map<number, StoredPageRow>();
      // At 100k brands the records are ≈ 4 MB of ids and entries (≈ 15 ms and the garbage it leaves): a slice at a time.
      for (let after = Number.MIN_SAFE_INTEGER; ; ) {
        const rows = this.s.pagesAfter.all(after, PAGE_RECORDS_PER_READ) as StoredPageRow[];
        for (const row of rows) pages.set(row.page_no, row);
        if (rows.length < PAGE_RECORDS_PER_READ) break;
        after = rows[rows.length - 1]!.page_no;
        if (slicer.due()) await slicer.pause();
      }
      const firstSync = this.s.anyBrand.get() === undefined && this.s.getKv.get(KV_LAST_FULL_SYNC) === undefined;
      this.chunk = firstSync
        ? { firstSync, rows: this.firstSyncChunkRows, cache: FIRST_SYNC_CACHE_SIZE }
        : { firstSync, rows: this.replacementChunkRows, cache: REPLACEMENT_CACHE_SIZE };
      this.recordsDropped = false;
      return new Staging(this, pages, epoch, slicer, syncedAt, logger);
    } catch (error) {
      this.release();
      throw error;
    }
  }


  /**
   * @internal A few of the FTS changes the rows written so far owe (BrandRows), inside the open
   * replacement's transaction; true while more are owed. For the time a sync waits anyway.
   */
  indexWhileWaiting(): boolean {
    return this.openedBy !== null && this.db.inTransaction && this.rows.indexSomeOwed(OWED_INDEX_SLICE);
  }

  /** @internal How many brands are stored and listed (not removed). */
  listedCount(): number {
    return this.s.listedCount.get() as number;
  }

  /**
   * A brand row was rewritten outside a sync (a webhook): the page hashes no longer vouch for
   * the stored rows, so the next sync parses every page; a replacement already running records none.
   */
  forgetPages(): void {
    this.s.pagesClear.run();
    this.pagesEpoch++;
  }

  /** @internal Whether the page hashes a staging loaded at `epoch` are still true. */
  pagesCurrent(epoch: number): boolean {
    return epoch === this.pagesEpoch;
  }

  /** @internal Whether a replacement holds the write transaction open on this connection. */
  get replacing(): boolean {
    return this.openedBy !== null;
  }

  /**
   * Runs `replay` after the running replacement rolls back. A webhook applied while a
   * replacement holds its transaction open lands inside it (same connection); replayed after a
   * rollback, it is not lost with the sync's rows.
   */
  replayOnRollback(replay: () => void): void {
    this.replays.push(replay);
  }

  private openedBy: object | null = null;
  private replays: (() => void)[] = [];
  /** The running replacement's rows per transaction and page cache while it writes (set by `begin`). */
  private chunk = { firstSync: false, rows: REPLACEMENT_CHUNK_ROWS, cache: REPLACEMENT_CACHE_SIZE };
  /** A chunk of the running replacement committed the deletion of the last sync's page records. */
  private recordsDropped = false;

  /**
   * @internal Writes a staging's delta rows, opening its transaction at the first one, each
   * with the hash of the page bytes it was read from (`rawHashes`, in step; null: not from page
   * bytes). The transaction is committed once it holds the replacement's chunk of rows, and the
   * next row opens another.
   */
  async writeDelta(
    owner: object,
    rows: readonly BrandColumns[],
    rawHashes: readonly (string | null)[],
    syncedAt: number,
    slicer: TimeSlicer,
  ): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    this.assertStillOpen(owner);
    for (const [i, row] of rows.entries()) {
      if (this.openedBy !== owner) this.open(owner, this.chunk.cache);
      outcomes.push(this.rows.write(row, rawHashes[i] ?? null, syncedAt));
      if (this.rows.owedCount > MAX_OWED_INDEX) this.rows.indexSomeOwed(this.rows.owedCount - MAX_OWED_INDEX);
      if (++this.rowsInTransaction >= this.chunk.rows) {
        // What the chunk's rows owe the search index, then the COMMIT, each in a slice of its own.
        while (this.rows.indexSomeOwed(OWED_INDEX_SLICE)) if (slicer.due()) await this.pauseInTransaction(slicer);
        if (slicer.due()) await this.pauseInTransaction(slicer);
        if (!this.recordsDropped) this.s.pagesClear.run();
        this.db.exec('COMMIT');
        this.recordsDropped = true;
        this.openedBy = null;
        // What the webhooks wrote inside it is committed now: nothing to replay.
        this.replays = [];
        // A first sync's chunks are the only catalog there is: counted and listed as they come.
        // A later sync's leave the reader's listing and counts the previous catalog's until it
        // ends (as in one transaction): reloading a 100k listing costs ≈ 40 ms, at the next search
        // after every chunk. Searches that go to SQLite see the committed chunks.
        if (this.chunk.firstSync) this.afterWrite();
      }
      if (slicer.due()) await (this.openedBy === owner ? this.pauseInTransaction(slicer) : slicer.pause());
    }
    return outcomes;
  }

  private rowsInTransaction = 0;


  /** @internal Staging's end: the removals, page records and stamps, COMMIT, then the checkpoint (unless a merge follows). */
  async finish(
    owner: object,
    /** `pagesSame`: every page came back as recorded, so the stored records stay (unless a chunk's COMMIT deleted them). */
    staging: { written: boolean; vanished: number[]; pages: PageRecord[]; pagesSame: boolean; summary: ReplaceSummary; slicer: TimeSlicer; merge: boolean },
    syncedAt: number,
  ): Promise<void> {
    const { written, vanished, summary, slicer } = staging;
    const pages = staging.pagesSame && !this.recordsDropped ? null : staging.pages;
    const changed = written || vanished.length > 0;
    this.assertStillOpen(owner);
    if (this.openedBy !== owner) this.open(owner, null);
    try {
      // What the last pages' rows still owe the search index, a slice at a time before the stamps and COMMIT.
      while (this.rows.indexSomeOwed(OWED_INDEX_SLICE)) if (slicer.due()) await this.pauseInTransaction(slicer);
      for (const seq of vanished) {
        summary.removed += this.s.markRemoved.run(syncedAt, seq).changes;
        if (slicer.due()) await this.pauseInTransaction(slicer);
      }
      if (pages) {
        this.s.pagesClear.run();
        for (const page of pages) {
          this.s.pageInsert.run(page.pageNo, page.limit, page.hash, JSON.stringify(page.ids), page.nextCursor?.pageNo ?? null, page.nextCursor?.limit ?? null, page.entries);
          if (slicer.due()) await this.pauseInTransaction(slicer);
        }
      }
      this.s.setKv.run(KV_LAST_FULL_SYNC, String(syncedAt));
      this.s.setKv.run(KV_LAST_SUMMARY, JSON.stringify(summary));
      // Nothing writes rows once the staging commits, so nothing is owed here; never COMMIT if something were.
      this.rows.indexAllOwed();
      this.db.exec('COMMIT');
      this.openedBy = null;
      this.replays = [];
      // The sync is whole: what its chunks owe is owed by it below.
      this.recordsDropped = false;
    } catch (error) {
      this.rollback(owner);
      throw error;
    }
    // An unchanged catalog keeps the reader's listing and match sets: reloading them costs
    // more than the whole unchanged sync.
    if (changed) this.afterWrite();
    if (staging.merge) this.searchIndex.owe();
    // With a merge to come, the checkpoint follows it (mergeInBackground).
    if ((changed || pages) && !this.searchIndex.isOwed) void this.checkpointer.request();
  }

  /** @internal After a replacement's last write: the FTS merge it (or one before it) owes, in the background, then the checkpoint. */
  mergeInBackground(slicer: TimeSlicer): void {
    this.searchIndex.start(slicer);
  }

  /**
   * @internal Ends `owner`'s transaction, if open, writing nothing; then replays the webhooks it
   * swallowed. A sync that fails after committing chunks owes their FTS merge and a checkpoint
   * (the next sync may find those rows unchanged and write nothing).
   */
  rollback(owner: object): void {
    if (this.openedBy !== owner) {
      // Failed between chunks: no transaction open, but the reader's listing is still the previous catalog's.
      if (this.recordsDropped && this.openedBy === null) {
        this.afterWrite();
        this.afterChunksKept();
      }
      return;
    }
    this.openedBy = null;
    const replays = this.replays;
    this.replays = [];
    this.rows.dropOwed();
    if (this.db.inTransaction) this.db.exec('ROLLBACK');
    this.afterWrite();
    for (const replay of replays) replay();
    if (this.recordsDropped) this.afterChunksKept();
  }

  /** A replacement ended without its last transaction, keeping the chunks it committed. */
  private afterChunksKept(): void {
    this.recordsDropped = false;
    this.searchIndex.owe();
    void this.checkpointer.request();
  }

  /** @internal */
  release(): void {
    if (this.cacheSize !== null) this.db.pragma(`cache_size = ${this.cacheSize}`);
    this.cacheSize = null;
    this.busy = false;
  }

  /** The connection's own page cache size while a replacement writes with a cache of its own. */
  private cacheSize: number | null = null;

  /** `bulkCache`: rows are about to be written, with this cache (null: the closing stamps alone keep the connection's). */
  private open(owner: object, bulkCache: number | null): void {
    if (this.openedBy !== null || this.db.inTransaction) throw new Error('The catalog connection is already in a transaction');
    // The page cache while rows are written (FIRST_SYNC_CACHE_SIZE, REPLACEMENT_CACHE_SIZE): a
    // COMMIT writes every dirty page still cached to the WAL, so a large cache makes a long COMMIT
    // (better-sqlite3's 16 MB: 30-70 ms for 5,000 rows), while the connection's usual 512 KiB
    // (PAGE_CACHE_KIB) has inserts read pages back (≈ 20 % slower, measured bare at 10k rows).
    // Set at the first write: reading the stored ids keeps the connection's own.
    if (bulkCache !== null && this.cacheSize === null) {
      this.cacheSize = this.db.pragma('cache_size', { simple: true }) as number;
      this.db.pragma(`cache_size = ${bulkCache}`);
    }
    this.db.exec('BEGIN IMMEDIATE');
    this.openedBy = owner;
    this.rowsInTransaction = 0;
  }

  /** Resolves when the background work after the last replacement (its FTS merge, then the WAL checkpoint) has finished. */
  async checkpointIdle(): Promise<void> {
    await this.searchIndex.idle();
    await this.checkpointer.idle();
  }

  /** Repair tool: re-derives the whole FTS index from the brands table (one long synchronous step). */
  rebuildSearchIndex(): void {
    this.searchIndex.rebuild();
    // Inside a replacement, the rows it wrote are in the table: the index rebuilt from it owes them nothing more.
    this.rows.dropOwed();
  }

  /** A pause inside our transaction; if something else on the connection ended it, stop rather than write outside it. */
  private async pauseInTransaction(slicer: TimeSlicer): Promise<void> {
    await slicer.pause();
    if (!this.db.inTransaction) throw new Error('The catalog transaction was ended by another caller during a pause');
  }

  /**
   * Between pages the connection runs other statements (a webhook's update); one that fails hard
   * (disk full, I/O error) makes SQLite roll the whole transaction back. Then nothing may go on
   * as if it were open: its rows and the FTS changes they owe are gone.
   */
  private assertStillOpen(owner: object): void {
    if (this.openedBy !== owner || this.db.inTransaction) return;
    this.rows.dropOwed();
    throw new Error('The catalog transaction was ended by another caller between pages');
  }
}

function prepare(db: Db) {
  return {
    markRemoved: db.prepare('UPDATE brands SET removed_at = ? WHERE seq = ? AND removed_at IS NULL'),
    pagesAfter: db.prepare('SELECT page_no, page_limit, hash, ids, next_page_no, next_limit, entries FROM catalog_pages WHERE page_no > ? ORDER BY page_no LIMIT ?'),
    pagesClear: db.prepare('DELETE FROM catalog_pages'),
    pageInsert: db.prepare('INSERT INTO catalog_pages (page_no, page_limit, hash, ids, next_page_no, next_limit, entries) VALUES (?, ?, ?, ?, ?, ?, ?)'),
    getKv: db.prepare('SELECT value FROM kv WHERE key = ?').pluck(),
    anyBrand: db.prepare('SELECT 1 FROM brands LIMIT 1').pluck(),
    listedCount: db.prepare('SELECT count(*) FROM brands WHERE removed_at IS NULL').pluck(),
    setKv: db.prepare('INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'),
  };
}
