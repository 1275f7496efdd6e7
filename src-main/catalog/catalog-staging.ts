import type { BrandListPage, KnownEntry, PartnerBrand, SplitBrandPage } from '../partner-api/types.js';
import type { Logger } from '../platform/logger.js';
import type { Outcome } from './brand-rows.js';
import { readPageRecord, StalePageRecordsError, type KnownPage, type PageRecord, type SeenPage, type StoredPageRow } from './catalog-page-records.js';
import type { CatalogWriter } from './catalog-writer.js';
import type { RawHashRow } from './stored-brands.js';
import type { BrandColumns } from './catalog-text.js';
import { incomingBrand, readIncoming, type IncomingBrand } from './brand-page-prep.js';
import type { ReplaceSummary } from './catalog-types.js';
import type { TimeSlicer } from './time-slicer.js';
import { stepAfter, type PageCursor } from './pages-ahead.js';

/** A stored brand as a replacement compares against it. */
export interface Stored {
  id: string;
  seq: number;
  hash: string;
  /** The hash of the page bytes the row was written from (catalog migration 6), null when not from page bytes. */
  raw: string | null;
  listed: boolean;
}


/** A replacement being fed; see CatalogWriter.begin. */
export interface ReplaceStaging {
  /**
   * Serialises and diffs a batch; throws (writing nothing) on a brand that cannot be serialised.
   * `page`: the wire page the batch is, whole (no entry dropped), recorded for the next sync.
   */
  add(brands: readonly PartnerBrand[], page?: SeenPage): Promise<void>;
  /**
   * A page handed over split (SplitBrandPage): an entry whose bytes hash exactly as the bytes a
   * stored, listed row was written from is taken as that row, unparsed; the others are parsed,
   * validated and diffed as by `add` (or taken as a worker read them ahead: brand-page-prep.ts). Returns the entries skipped as malformed; the page is
   * recorded (`page`) only when none was.
   */
  addSplit(split: SplitBrandPage, page: SeenPage): Promise<BrandListPage['skipped']>;
  /** The hash the last committed sync recorded for this page and limit, if any. */
  knownPageHash(pageNo: number, limit: number): string | null;
  /** The entries the last committed sync saw on this page, for listBrandsPageSplit; null when unknown. */
  knownPageEntries(pageNo: number, limit: number): KnownEntry[] | null;
  /** The cursor the service gave after this page when the last committed sync read it, as the sync would follow it; null when unknown or the end. */
  recordedNextCursor(pageNo: number, limit: number): PageCursor | null;
  /**
   * Takes a page whose body hashed as recorded as its stored brands, unparsed. Returns its
   * brand count and cursor, or null when the record cannot be trusted (a brand of it already
   * came in this sync, or is known to be no longer stored and listed): then the caller parses
   * the page. Until a page is diffed the stored rows are not read, and the record is checked
   * against them later: `add` or `commit` then throw StalePageRecordsError if it was wrong.
   */
  keepPage(pageNo: number): { brands: number; nextCursor: SeenPage['nextCursor'] } | null;
  /** Distinct ids added so far. */
  readonly received: number;
  /**
   * Commits the transaction the pages were written in, with the removals, stamps and page records;
   * rejects on failure, changing nothing more than the chunks already committed (CatalogWriter).
   */
  commit(): Promise<ReplaceSummary>;
  /** Ends an uncommitted replacement, rolling back what its pages wrote since the last chunk; a no-op once committed or abandoned. */
  abandon(): void;
}

/** Page records kept read back: more than the pages a sync requests ahead of the one it takes (PAGES_AHEAD in catalog-sync.ts). */
const RECENT_RECORDS = 8;

export class Staging implements ReplaceStaging {
  /** Per id, the last occurrence's outcome: null when it matched a stored, listed row (nothing written). */
  private readonly incoming = new Map<string, Outcome | null>();
  /** Pages seen whole in this replacement, recorded at commit for the next one. */
  private readonly seenPages: PageRecord[] = [];
  /** Ids that came more than once: a page holding one does not vouch for the stored row. */
  private readonly repeated = new Set<string>();
  private added = 0;
  private written = false;
  private done = false;
  /** The stored brands by id, read at the first page that must be diffed (see StoredBrands.read). */
  private stored: Map<string, Stored> | null = null;
  /** The stored rows by the hash of the page bytes each was written from; read with `stored`. */
  private byRaw: Map<string, Stored> | null = null;
  /**
   * Ids taken from page records before `stored` was read: not in `incoming` yet, nor checked
   * against the stored rows (storedRows moves them). The records of one sync name distinct ids
   * (a page holding a repeated id is not recorded), so these need no duplicate check among themselves.
   */
  private kept: string[][] = [];
  /** Unchanged rows seen with page bytes other than the ones recorded: recorded after the commit (StoredBrands.recordRawHashes). */
  private rehashed: RawHashRow[] = [];
  private keptCount = 0;
  /** Records lately read back, oldest first (see knownPage). */
  private readonly recentKnown = new Map<number, KnownPage>();

  constructor(
    private readonly writer: CatalogWriter,
    private readonly knownPages: Map<number, StoredPageRow>,
    private readonly pagesEpoch: number,
    private readonly slicer: TimeSlicer,
    private readonly syncedAt: number,
    /** For what fails after the commit and only costs speed (see StoredBrands.recordRawHashes). */
    private readonly logger: Logger,
  ) {}

  /** Throws once the replacement was committed or abandoned: nothing more may be fed to it. */
  private assertOpen(): void {
    if (this.done) throw new Error('This catalog replacement has already ended');
  }

  knownPageHash(pageNo: number, limit: number): string | null {
    const page = this.knownPage(pageNo);
    return page && page.row.page_limit === limit && this.writer.pagesCurrent(this.pagesEpoch) ? page.row.hash : null;
  }

  knownPageEntries(pageNo: number, limit: number): KnownEntry[] | null {
    const page = this.knownPage(pageNo);
    // Only a guess where to hash: an entry is taken for what its hash says, never for its place.
    return page && page.row.page_limit === limit ? page.entries : null;
  }

  recordedNextCursor(pageNo: number, limit: number): PageCursor | null {
    // Only a guess which page to ask for next (PagesAhead): the page's answer names the one the sync takes.
    const row = this.knownPages.get(pageNo);
    if (!row || row.page_limit !== limit || row.next_page_no === null || row.next_limit === null) return null;
    // The record is what the file holds: followed only as the sync would follow it (a page that
    // listed no brand ended the list, whatever cursor it carried; a cursor must advance).
    const step = stepAfter({ pageNo, limit }, { pageNo: row.next_page_no, limit: row.next_limit }, row.ids === '[]' ? 0 : 1);
    return step.kind === 'next' ? step.cursor : null;
  }

  /**
   * A page's record with its JSON columns read back, or null. The file may hold anything: a
   * record whose ids or entries are not as a sync writes them is dropped, so the page is read as
   * if unrecorded (and, `knownPages` no longer matching, every record is written anew at commit).
   * The last few read are kept: the sync asks for a page's hash and entries when it requests the
   * page, up to a few pages ahead (PagesAhead), and keeps the page when it takes it.
   */
  private knownPage(pageNo: number): KnownPage | null {
    const recent = this.recentKnown.get(pageNo);
    if (recent) return recent;
    const row = this.knownPages.get(pageNo);
    if (!row) return null;
    const known = readPageRecord(row);
    if (!known) {
      this.knownPages.delete(pageNo);
      return null;
    }
    this.recentKnown.set(pageNo, known);
    if (this.recentKnown.size > RECENT_RECORDS) this.recentKnown.delete(this.recentKnown.keys().next().value!);
    return known;
  }

  keepPage(pageNo: number): { brands: number; nextCursor: SeenPage['nextCursor'] } | null {
    this.assertOpen();
    const known = this.knownPage(pageNo);
    if (!known || !this.writer.pagesCurrent(this.pagesEpoch)) return null;
    const { row: page, ids } = known;
    const stored = this.stored;
    if (stored === null) {
      // Nothing came through `add` yet, so only other records' ids came in, and they are distinct
      // from these; checked against the stored rows later (storedRows, or commit's count).
      this.kept.push(ids);
      this.keptCount += ids.length;
    } else {
      for (const id of ids) {
        if (this.incoming.has(id) || stored.get(id)?.listed !== true) return null;
      }
      for (const id of ids) this.incoming.set(id, null);
    }
    this.added += ids.length;
    const nextCursor = page.next_page_no === null || page.next_limit === null ? null : { pageNo: page.next_page_no, limit: page.next_limit };
    this.seenPages.push({ pageNo, limit: page.page_limit, hash: page.hash, nextCursor, ids, entries: page.entries });
    return { brands: ids.length, nextCursor };
  }

  /** The stored brands, read once; the ids taken from page records before are checked against them. */
  private async storedRows(): Promise<Map<string, Stored>> {
    if (this.stored) return this.stored;
    const { byId: stored, byRaw } = await this.writer.stored.read(this.slicer);
    for (const ids of this.kept) {
      for (const id of ids) {
        if (stored.get(id)?.listed !== true) {
          this.writer.forgetPages();
          throw new StalePageRecordsError();
        }
        this.incoming.set(id, null);
      }
    }
    this.kept = [];
    this.keptCount = 0;
    this.stored = stored;
    this.byRaw = byRaw;
    return stored;
  }

  get received(): number {
    return this.incoming.size + this.keptCount;
  }

  async add(brands: readonly PartnerBrand[], page?: SeenPage): Promise<void> {
    this.assertOpen();
    await this.addParsed(brands.map(incomingBrand), null);
    if (page) this.seenPages.push({ ...page, ids: brands.map((b) => b.id), entries: null });
  }

  async addSplit(split: SplitBrandPage, page: SeenPage): Promise<BrandListPage['skipped']> {
    this.assertOpen();
    // Read once, with `byRaw` (storedRows checks the ids taken from page records against them).
    await this.storedRows();
    const byRaw = this.byRaw!;
    const { entryHashes } = split;
    // An entry is taken for the one row its exact bytes were read into (the bytes hold the id),
    // never for a row that came in already this sync (a repeated id: the last one wins, so it is
    // parsed). The bytes hash finds the row itself, not its id to look up again: every entry of a
    // changed page comes here, and at 100k brands a lookup in these maps is a few cache misses
    // (1.65–1.74 → 1.42–1.50 µs an entry, 100k 10 %-changed re-syncs on a slow 2-core VM).
    const taken: (string | null)[] = entryHashes.map((raw) => {
      const was = byRaw.get(raw);
      return was !== undefined && was.listed && was.raw === raw && !this.incoming.has(was.id) ? was.id : null;
    });
    const takenIds = new Set<string>();
    const twice = new Set<string>();
    for (const id of taken) if (id !== null) (takenIds.has(id) ? twice : takenIds).add(id);
    // The same bytes twice in one page: a repeated id, parsed like any other.
    if (twice.size > 0) taken.forEach((id, i) => id !== null && twice.has(id) && (taken[i] = null));
    // The FTS entries the pages before owe are written while this page's entries are still being read.
    let read = await readIncoming(split, (i) => taken[i] === null, () => this.writer.indexWhileWaiting());
    // An entry parsed with the id of one taken by its bytes repeats it in this page: the page is read whole, as without bytes hashes.
    if (read.brands.some(({ id }) => takenIds.has(id) && !twice.has(id))) {
      taken.fill(null);
      read = await readIncoming(split, () => true);
    }
    const ids = taken.slice();
    for (const id of taken) {
      if (id === null) continue;
      this.incoming.set(id, null);
      this.added++;
    }
    for (const { id, index } of read.brands) ids[index] = id;
    await this.addParsed(
      read.brands,
      read.brands.map((b) => entryHashes[b.index]!),
    );
    if (read.skipped.length === 0) {
      const entries = JSON.stringify(entryHashes.map((hash, i) => [split.entryLengths[i], hash]));
      this.seenPages.push({ ...page, ids: ids as string[], entries });
    }
    return read.skipped;
  }

  /**
   * Diffs and writes parsed brands; `rawHashes` (in step, or null) are the hashes of the page
   * bytes each was read from, stored with its row.
   */
  private async addParsed(brands: readonly IncomingBrand[], rawHashes: readonly string[] | null): Promise<void> {
    // An unchanged brand costs one content hash (no serialising) and leaves nothing behind;
    // the JSON and columns (folded sort key, categories, …) are derived for the delta alone,
    // all of the batch before any is written, so a brand that cannot be serialised writes nothing.
    const stored = await this.storedRows();
    const delta: BrandColumns[] = [];
    const deltaRaw: (string | null)[] = [];
    const ids: string[] = [];
    // Ids of this batch's delta: not in `incoming` until the delta is written below.
    const pending = new Set<string>();
    for (const [i, brand] of brands.entries()) {
      const { id, hash } = brand;
      const raw = rawHashes?.[i] ?? null;
      const was = stored.get(id);
      const earlier = this.incoming.get(id);
      const earlierHere = pending.has(id);
      // A repeated id: the last one wins (re-written when an earlier one was, even back to the stored content).
      if (earlier !== undefined || earlierHere) this.repeated.add(id);
      if (was && was.listed && was.hash === hash && !earlier && !earlierHere) {
        this.incoming.set(id, null);
        if (raw !== null && raw !== was.raw) this.rehashed.push({ seq: was.seq, contentHash: hash, rawHash: raw });
      } else {
        delta.push(brand.columns());
        deltaRaw.push(raw);
        ids.push(id);
        pending.add(id);
      }
      this.added++;
      if (this.slicer.due()) await this.slicer.pause();
    }
    if (delta.length > 0) {
      this.written = true;
      const outcomes = await this.writer.writeDelta(this, delta, deltaRaw, this.syncedAt, this.slicer);
      outcomes.forEach((outcome, i) => {
        const id = ids[i]!;
        const earlier = this.incoming.get(id);
        // An id written twice counts once, as what it was to the catalog before this sync.
        this.incoming.set(id, earlier ? { kind: earlier.kind === 'unchanged' ? outcome.kind : earlier.kind, restored: earlier.restored || outcome.restored } : outcome);
      });
    }
  }

  async commit(): Promise<ReplaceSummary> {
    this.assertOpen();
    this.done = true;
    try {
      const vanished: number[] = [];
      // Every page came from its record (the records name distinct ids, each stored and listed):
      // when as many brands are listed as came in, they are the same brands and none vanished,
      // known without reading every row.
      const allKept = this.stored === null && this.writer.listedCount() === this.keptCount;
      // Otherwise two walks over every brand (100k at most): sliced like the rest.
      for (const [id, was] of allKept ? [] : await this.storedRows()) {
        if (was.listed && !this.incoming.has(id)) vanished.push(was.seq);
        if (this.slicer.due()) await this.slicer.pause();
      }
      const summary: ReplaceSummary = {
        received: this.received,
        duplicates: this.added - this.received,
        inserted: 0,
        updated: 0,
        unchanged: this.keptCount,
        restored: 0,
        removed: 0,
      };
      for (const outcome of this.incoming.values()) {
        summary[outcome ? outcome.kind : 'unchanged']++;
        if (outcome?.restored) summary.restored++;
        if (this.slicer.due()) await this.slicer.pause();
      }
      // A page record vouches that its ids are stored with the content the page gave: not so
      // for an id a later page overrode, nor after a webhook rewrote rows meanwhile.
      const current = this.writer.pagesCurrent(this.pagesEpoch);
      const pages = !current ? [] : this.repeated.size === 0 ? this.seenPages : this.seenPages.filter((p) => !p.ids.some((id) => this.repeated.has(id)));
      const same =
        current &&
        pages.length === this.knownPages.size &&
        pages.every((p) => {
          const was = this.knownPages.get(p.pageNo);
          return was !== undefined && was.hash === p.hash && was.page_limit === p.limit;
        });
      this.stored?.clear();
      this.byRaw?.clear();
      this.incoming.clear();
      const merge = summary.inserted + summary.updated > 0;
      await this.writer.finish(this, { written: this.written, vanished, pages, pagesSame: same, summary, slicer: this.slicer, merge }, this.syncedAt);
      if (this.rehashed.length > 0) await this.writer.stored.recordRawHashes(this.rehashed, this.slicer, this.logger);
      this.rehashed = [];
      this.writer.mergeInBackground(this.slicer);
      return summary;
    } finally {
      this.writer.rollback(this);
      this.writer.release();
    }
  }

  abandon(): void {
    if (this.done) return;
    this.done = true;
    this.stored?.clear();
    this.byRaw?.clear();
    this.incoming.clear();
    this.rehashed = [];
    this.writer.rollback(this);
    this.writer.release();
  }
}
