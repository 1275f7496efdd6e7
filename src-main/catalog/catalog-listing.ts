import type { Statement } from 'better-sqlite3';
import type { Db } from '../db/database.js';
import { foldText } from './catalog-text.js';

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
 * - a 1–2 character prefix, which matches a large share of the catalog: FTS gives the matching
 *   seqs once (cached as a byte map per prefix until the next write) and the walk down the
 *   listing stops after `limit` hits, instead of sorting thousands of matches or running one
 *   FTS check per walked row (that was 6 ms p95 at 10k brands);
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
  ) {}

  private readonly sets = new Map<string, Uint8Array>();

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
   * Seqs of the first `limit` brands in listing order whose seq is in `members` (a byte map
   * indexed by seq) and that pass the filters.
   */
  walk(members: Uint8Array, filters: ListingFilters, limit: number): number[] {
    const skip = skipMask(filters);
    const out: number[] = [];
    const { seqs, flags } = this;
    for (let i = 0; i < seqs.length && out.length < limit; i++) {
      if ((flags[i]! & skip) !== 0) continue;
      const seq = seqs[i]!;
      if (members[seq] === 1) out.push(seq);
    }
    return out;
  }

  /**
   * Title substring search: every term must occur in the folded title. Ranked ACTIVE first,
   * then brands where every term starts a title word ('amaz' in 'Amazon Pay') before those
   * where one sits mid-word ('mazon'), then by title. Ranking word starts first means every
   * hit has to be seen, so the scan skips from hit to hit with `indexOf` over all titles
   * joined in one string (V8's string search, ~1 GB/s) rather than testing 100k titles one
   * by one; only titles holding the longest term are looked at closely.
   */
  substring(terms: readonly string[], filters: ListingFilters, limit: number, inCategory: Uint8Array | null): number[] {
    const skip = skipMask(filters);
    const { seqs, flags, joined, starts } = this;
    const lead = terms.reduce((a, b) => (b.length > a.length ? b : a));
    const out: number[] = [];
    let wordStart: number[] = [];
    let midWord: number[] = [];
    let segment = -1;
    const flush = () => {
      for (const seq of wordStart) if (out.length < limit) out.push(seq);
      for (const seq of midWord) if (out.length < limit) out.push(seq);
      wordStart = [];
      midWord = [];
    };
    let i = 0;
    for (let at = joined.indexOf(lead); at >= 0; at = joined.indexOf(lead, starts[i + 1]!)) {
      while (starts[i + 1]! <= at) i++; // the title holding this hit (hits only move forward)
      const f = flags[i]!;
      if ((f & skip) !== 0) continue;
      // ACTIVE and INACTIVE rank apart: close the ACTIVE segment before the first INACTIVE one.
      const seg = f & INACTIVE;
      if (seg !== segment) {
        flush();
        if (out.length >= limit) break;
        segment = seg;
      }
      // Enough word-start hits in this segment: nothing later in it can rank higher.
      if (out.length + wordStart.length >= limit) continue;
      const seq = seqs[i]!;
      if (inCategory && inCategory[seq] !== 1) continue;
      const title = joined.slice(starts[i]!, starts[i + 1]! - 1);
      let allAtWordStart = true;
      let all = true;
      for (const term of terms) {
        const where = indexAtWordStart(title, term);
        if (where === -2) {
          all = false;
          break;
        }
        if (where === -1) allAtWordStart = false;
      }
      if (!all) continue;
      if (allAtWordStart) wordStart.push(seq);
      else if (out.length + wordStart.length + midWord.length < limit) midWord.push(seq);
    }
    flush();
    return out.slice(0, limit);
  }

  hasMembers(key: string): boolean {
    return this.sets.has(key);
  }

  /** Byte map of the seqs `query` returns, memoised per key until the listing is replaced. */
  members(key: string, statement: Statement, param: string): Uint8Array {
    let set = this.sets.get(key);
    if (!set) {
      set = new Uint8Array(this.maxSeq + 1);
      for (const seq of statement.pluck().iterate(param) as IterableIterator<number>) if (seq <= this.maxSeq) set[seq] = 1;
      this.remember(key, set);
    }
    return set;
  }

  /**
   * The same, read in rowid pages between event-loop turns (`paged` takes the param, the last
   * rowid and a page size): a one-letter prefix can match every brand, 100k rows in one
   * synchronous read. For warming in the background only.
   */
  async membersSliced(key: string, paged: Statement, param: string, pause: () => Promise<boolean>): Promise<void> {
    if (this.sets.has(key)) return;
    const set = new Uint8Array(this.maxSeq + 1);
    for (let after = 0; ; ) {
      const page = paged.pluck().all(param, after, LOAD_PAGE) as number[];
      for (const seq of page) if (seq <= this.maxSeq) set[seq] = 1;
      if (page.length < LOAD_PAGE) break;
      after = page[page.length - 1]!;
      if (!(await pause())) return;
    }
    this.remember(key, set);
  }

  private remember(key: string, set: Uint8Array): void {
    if (this.sets.size >= MAX_CACHED_SETS) this.sets.delete(this.sets.keys().next().value!);
    this.sets.set(key, set);
  }
}

export interface ListingFilters {
  inactive: boolean;
  removed: boolean;
}

const INACTIVE = 1;
const REMOVED = 2;

function skipMask(f: ListingFilters): number {
  return (f.inactive ? 0 : INACTIVE) | (f.removed ? 0 : REMOVED);
}

/** Index of `term` in `title` at a word start; -1 if only mid-word; -2 if absent. */
function indexAtWordStart(title: string, term: string): number {
  let at = title.indexOf(term);
  if (at < 0) return -2;
  for (; at >= 0; at = title.indexOf(term, at + 1)) {
    if (at === 0 || !isWordChar(title.charCodeAt(at - 1), title[at - 1]!)) return at;
  }
  return -1;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;
/** Letters and digits, as the FTS tokenizer and substringTerms split words; ASCII without a regex. */
function isWordChar(code: number, char: string): boolean {
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
  return WORD_CHAR.test(char);
}

/** Query text → substring terms: folded like titles, runs of letters and digits, each once. */
export function substringTerms(text: string): string[] {
  return [...new Set(foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 8);
}

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
    const starts = new Int32Array(this.titles.length + 1);
    let at = 0;
    this.titles.forEach((title, i) => {
      starts[i] = at;
      at += title.length + 1;
    });
    starts[this.titles.length] = at;
    const joined = this.titles.length === 0 ? '' : `${this.titles.join('\n')}\n`;
    return new CatalogListing(Int32Array.from(this.seqs), Uint8Array.from(this.flags), joined, starts, this.maxSeq);
  }
}
