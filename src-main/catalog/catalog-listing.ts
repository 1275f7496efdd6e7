import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import { INACTIVE, joinTitles, MATCH, NAMED, REMOVED, titleSubstring, walkListing, type ListingFilters, type ListingOrder, type RankMap } from './shared/listing-search.js';

export { substringTerms, type ListingFilters } from './shared/listing-search.js';

/** Rows per keyset page while loading; one page is a few ms even at 100k brands. */
const LOAD_PAGE = 2000;
/** Candidate sets kept for short prefixes (one byte per brand each). */
const MAX_CACHED_SETS = 64;

/**
 * The listing order (ACTIVE first, then folded title, then id) held in memory: per brand its
 * seq, flags and folded title, read from the narrow `brands_order` index alone (a covering
 * scan, ~40 ms at 100k brands, done in pages between event-loop turns after each write).
 *
 * It serves the two searches SQLite is bad at:
 * - text that matches many brands (a 1–3 character prefix matches a large share of the
 *   catalog): FTS gives the matching seqs, and those the words name, once (cached as a byte
 *   map per query until the next write); one walk down the listing then picks the page,
 *   instead of sorting thousands of matches or running one FTS check per walked row (that was
 *   6 ms p95 at 10k brands);
 * - a substring of the title ('mazon' → Amazon), which no index answers: a scan of ≤100k short
 *   folded titles with `String#includes` (a few ms at 100k), stopping early when it can.
 */
export class CatalogListing {
  /** Built by `load` / `loadSliced`. */
  constructor(
    /** In listing order. */
    readonly seqs: Int32Array,
    /** Bit 0: INACTIVE; bit 1: removed. */
    readonly flags: Uint8Array,
    /** Folded titles in listing order, each followed by a newline (never inside a folded title). */
    readonly joined: string,
    /** Where title i starts in `joined`; one more entry, the end. */
    readonly starts: Int32Array,
    readonly maxSeq: number,
  ) {
    this.order = { keys: seqs, flags, joined, starts };
  }

  private readonly sets = new Map<string, TextMatches>();
  private readonly order: ListingOrder;

  /** Loads synchronously (search needs it now). */
  static load(db: Db): CatalogListing {
    const b = new ListingBuilder(db);
    while (!b.step());
    return b.finish();
  }

  /** Loads one page per event-loop turn; null when `stale()` turned true meanwhile. */
  static async loadSliced(db: Db, stale: () => boolean, pause: () => Promise<void>): Promise<CatalogListing | null> {
    const b = new ListingBuilder(db);
    for (;;) {
      if (stale()) return null;
      if (b.step()) break;
      await pause();
    }
    return stale() ? null : b.finish();
  }

  /**
   * Seqs of the first `limit` text matches that pass the filters (and are in `inCategory`, a
   * byte map by seq, when given): those the words name (NAMED, see `textMatches`) first, then
   * the others, each in listing order. One pass, which stops once `limit` named brands are
   * found, or once every named one has been seen and enough others are kept; meanwhile it keeps
   * at most as many others as could still be shown.
   */
  walk(matches: TextMatches, filters: ListingFilters, limit: number, inCategory: Uint8Array | null): number[] {
    return walkListing(this.order, matches, filters, limit, inCategory);
  }

  /** Title substring search (listing-search.ts titleSubstring): ACTIVE first, word starts before mid-word, then by title. */
  substring(terms: readonly string[], filters: ListingFilters, limit: number, inCategory: Uint8Array | null): number[] {
    return titleSubstring(this.order, terms, filters, limit, inCategory);
  }

  hasMembers(key: string): boolean {
    return this.sets.has(key);
  }

  /** Byte map of the seqs `statement` returns for `param` (1 each), memoised per key until the listing is replaced. */
  members(key: string, statement: Statement, param: string): Uint8Array {
    let set = this.sets.get(key);
    if (!set) {
      set = { bytes: new Uint8Array(this.maxSeq + 1), named: 0 };
      this.mark(set, statement.pluck().all(param) as number[], MATCH);
      this.remember(key, set);
    }
    return set.bytes;
  }

  /**
   * The matches of a text search, memoised per key until the listing is replaced: MATCH for the
   * seqs of the FTS query `match`, NAMED for those of `named` too (ftsNamedQuery: a subset).
   * `statement` runs one FTS query and returns rowids.
   */
  textMatches(key: string, statement: Statement, match: string, named: string): TextMatches {
    let set = this.sets.get(key);
    if (!set) {
      set = { bytes: new Uint8Array(this.maxSeq + 1), named: 0 };
      // all(), not iterate(): a third of the cost for 100k rowids.
      this.mark(set, statement.pluck().all(match) as number[], MATCH);
      this.mark(set, statement.pluck().all(named) as number[], NAMED);
      this.remember(key, set);
    }
    return set;
  }

  /**
   * The same, read in rowid pages between event-loop turns (`paged` takes the FTS query, the
   * last rowid and a page size): a one-letter prefix can match every brand, 100k rows in one
   * synchronous read. For warming in the background only.
   */
  async textMatchesSliced(key: string, paged: Statement, match: string, named: string, pause: () => Promise<boolean>): Promise<void> {
    if (this.sets.has(key)) return;
    const set = { bytes: new Uint8Array(this.maxSeq + 1), named: 0 };
    for (const [query, rank] of [
      [match, MATCH],
      [named, NAMED],
    ] as const) {
      for (let after = 0; ; ) {
        const page = paged.pluck().all(query, after, LOAD_PAGE) as number[];
        this.mark(set, page, rank);
        if (page.length < LOAD_PAGE) break;
        after = page[page.length - 1]!;
        if (!(await pause())) return;
      }
      if (!(await pause())) return;
    }
    this.remember(key, set);
  }

  /** NAMED only upgrades a MATCH: a brand the words name is a match by definition. */
  private mark(set: TextMatches, seqs: readonly number[], rank: typeof MATCH | typeof NAMED): void {
    const bytes = set.bytes;
    for (const seq of seqs) {
      if (seq > this.maxSeq) continue;
      if (rank === MATCH) bytes[seq] = MATCH;
      else if (bytes[seq] === MATCH) {
        bytes[seq] = NAMED;
        set.named++;
      }
    }
  }

  private remember(key: string, set: TextMatches): void {
    if (this.sets.size >= MAX_CACHED_SETS) this.sets.delete(this.sets.keys().next().value!);
    this.sets.set(key, set);
  }
}

/**
 * Seqs a text search matched, as a byte map by seq (0: no match, MATCH, NAMED: the words name
 * the brand), and how many are NAMED. A category's members are kept the same way (all MATCH).
 */
export type TextMatches = RankMap;

class ListingBuilder {
  private readonly seqs: number[] = [];
  private readonly flags: number[] = [];
  private readonly titles: string[] = [];
  private maxSeq = 0;
  private after: [number, string] | null = null;
  private readonly first: Statement;
  private readonly next: Statement;

  constructor(db: Db) {
    const columns = 'SELECT seq, active_rank, sort_key, removed_at IS NOT NULL FROM brands INDEXED BY brands_order';
    this.first = db.prepare(`${columns} ORDER BY active_rank, sort_key LIMIT ${LOAD_PAGE}`).raw();
    // Row-value keyset: seeks straight to the next page in the same index.
    this.next = db.prepare(`${columns} WHERE (active_rank, sort_key) > (?, ?) ORDER BY active_rank, sort_key LIMIT ${LOAD_PAGE}`).raw();
  }

  /** Reads one page; true when done. */
  step(): boolean {
    const page = (this.after ? this.next.all(...this.after) : this.first.all()) as [number, number, string, number][];
    for (const [seq, activeRank, sortKey, removed] of page) {
      this.seqs.push(seq);
      this.flags.push((activeRank === 0 ? 0 : INACTIVE) | (removed ? REMOVED : 0));
      // sort_key is the folded title, U+0001, the id (catalog-text sortKeyOf).
      this.titles.push(sortKey.slice(0, sortKey.indexOf('\u0001')));
      if (seq > this.maxSeq) this.maxSeq = seq;
    }
    if (page.length < LOAD_PAGE) return true;
    const last = page[page.length - 1]!;
    this.after = [last[1], last[2]];
    return false;
  }

  finish(): CatalogListing {
    const { joined, starts } = joinTitles(this.titles);
    return new CatalogListing(Int32Array.from(this.seqs), Uint8Array.from(this.flags), joined, starts, this.maxSeq);
  }
}
