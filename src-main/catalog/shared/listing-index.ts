import {
  INACTIVE,
  joinTitles,
  MATCH,
  NAMED,
  prefixTerms,
  REMOVED,
  substringTerms,
  titleSubstring,
  walkListing,
  wantsTitleSearch,
  type ListingFilters,
  type ListingOrder,
  type RankMap,
} from './listing-search.js';
import { forEachPosting, POSTINGS_SEPARATOR, splitTexts, type TextColumn } from './listing-codec.js';

/** What a row shows besides its id, title and tags, shared by many brands. Categories: ids (upper case), space-joined as stored. */
export type ListingKind = [status: string, denominationType: string, flags: number, categories: string, amounts: ListingAmounts | null];
/** [minVoucherAmount, maxVoucherAmount, denominations]. */
export type ListingAmounts = [min: number, max: number, denominations: number[] | null];

/**
 * The catalog's listing fields as columns, one entry per brand in listing order (ACTIVE first,
 * then folded title, then id), removed brands included, in the compact encodings of
 * listing-codec.ts. Enough for the page to answer a search exactly as main's catalog.search
 * does, and to draw the result rows.
 */
export interface CatalogListingColumns {
  /** How many brands. */
  count: number;
  ids: TextColumn;
  titles: TextColumn;
  /**
   * [position, folded title] (as the listing sorts and title search reads it) for every title
   * but those of printable ASCII whose folded form is the title in lower case: only there does
   * every engine's toLowerCase agree with main's.
   */
  folded: [number, string][];
  /** Tags, space-joined as stored. */
  tags: TextColumn;
  /** Per brand, its entry in `kinds`. */
  kind: number[];
  /** Flags bit 0: status is not ACTIVE; bit 1: removed. Amounts null when the service sent no amount rules or no limits. */
  kinds: ListingKind[];
  /** Every word of title, description, tags and categories as the full-text index holds it, sorted. */
  terms: TextColumn;
  /**
   * Per term, the positions of the brands holding it (encodePosting: delta-coded, odd when the
   * word is in the title or a tag, so the words name the brand), lists joined by POSTINGS_SEPARATOR.
   */
  postings: string;
}

/** What the page draws for a listed brand: the fields of CatalogBrand a result row reads. */
export interface ListedBrand {
  brand: {
    id: string;
    title: string;
    status: string;
    categories: string[];
    tags: string[];
    denominationType: string;
    amountRestrictions: { minVoucherAmount: number; maxVoucherAmount: number; denominations: number[] | null } | null;
  };
  removed: boolean;
}

export interface ListingQuery {
  text?: string;
  category?: string;
  includeInactive?: boolean;
  limit: number;
}

/** Rank maps kept for recent term sets (one byte per brand each). */
const MAX_CACHED = 64;
/** Prefix terms the page matches itself: its term dictionary is the index's own, and ASCII terms fold to themselves. */
const ASCII_TERM = /^[a-z0-9]+$/;

/**
 * catalog.search answered from the listing columns: the same word-prefix matches (every term
 * starts a word of title, description, tags or categories; brands the words name first, then
 * listing order), then mid-word title matches from SUBSTRING_MIN_CHARS, with the same walks
 * main runs (listing-search.ts). Keys are positions in the listing.
 */
export class ListingIndex {
  private readonly order: ListingOrder;
  private readonly n: number;
  private readonly rankMaps = new Map<string, RankMap>();
  private readonly categoryMaps = new Map<string, Uint8Array>();
  private readonly rows: (ListedBrand | undefined)[];
  private readonly titles: string[];
  /** Split on the first word search (the first letters are warmed a task after loading): ~15 ms at 100k brands. */
  private words: { terms: string[]; postings: string[] } | null = null;
  /** Split on first use (a row drawn, a category chosen). */
  private texts: { ids: string[]; tags: string[] } | null = null;

  constructor(private readonly columns: CatalogListingColumns) {
    this.n = columns.count;
    if (columns.kind.length !== this.n) throw new Error(`The listing has ${columns.kind.length} kinds for ${this.n} brands`);
    const keys = new Int32Array(this.n);
    const flags = new Uint8Array(this.n);
    const kindFlags = columns.kinds.map((k) => k[2]);
    for (let i = 0; i < this.n; i++) {
      keys[i] = i;
      flags[i] = kindFlags[columns.kind[i]!]!;
    }
    this.titles = splitTexts(columns.titles, this.n);
    const folded = this.titles.map((t) => t.toLowerCase());
    for (const [position, title] of columns.folded) folded[position] = title;
    const { joined, starts } = joinTitles(folded);
    this.order = { keys, flags, joined, starts };
    this.rows = new Array<ListedBrand | undefined>(this.n);
  }

  get size(): number {
    return this.n;
  }

  /** Whether `search` answers `text` exactly: its word terms are plain ASCII (past ASCII only SQLite's tokenizer is trusted). */
  answers(text: string): boolean {
    return prefixTerms(text).every((t) => ASCII_TERM.test(t));
  }

  /** Positions of the brands catalog.search lists for `query`, in its order. Call only when `answers(query.text)`. */
  search(query: ListingQuery): number[] {
    const text = query.text ?? '';
    const category = query.category?.trim().toUpperCase() || null;
    const filters: ListingFilters = { inactive: query.includeInactive === true, removed: false };
    const inCategory = category ? this.categoryMap(category) : null;
    const terms = text ? prefixTerms(text) : [];
    const found = terms.length > 0 ? walkListing(this.order, this.rankMap(terms), filters, query.limit, inCategory) : this.browse(filters, query.limit, inCategory);
    if (!wantsTitleSearch(text, found.length, query.limit)) return found;
    const seen = new Set(found);
    const more = titleSubstring(this.order, substringTerms(text), filters, query.limit, inCategory).filter((p) => !seen.has(p));
    return found.concat(more).slice(0, query.limit);
  }

  /** The brand at `position`, as a result row draws it. */
  row(position: number): ListedBrand {
    let row = this.rows[position];
    if (!row) {
      const texts = this.rowTexts();
      const [status, denominationType, flags, categories, amounts] = this.columns.kinds[this.columns.kind[position]!]!;
      row = {
        brand: {
          id: texts.ids[position]!,
          title: this.titles[position]!,
          status,
          categories: splitWords(categories),
          tags: splitWords(texts.tags[position]!),
          denominationType,
          amountRestrictions: amounts ? { minVoucherAmount: amounts[0], maxVoucherAmount: amounts[1], denominations: amounts[2] } : null,
        },
        removed: (flags & REMOVED) !== 0,
      };
      this.rows[position] = row;
    }
    return row;
  }

  private rowTexts(): { ids: string[]; tags: string[] } {
    const c = this.columns;
    this.texts ??= { ids: splitTexts(c.ids, this.n), tags: splitTexts(c.tags, this.n) };
    return this.texts;
  }

  private dictionary(): { terms: string[]; postings: string[] } {
    if (!this.words) {
      const c = this.columns;
      // Every term is in some brand: no list is empty, so an empty string is no lists.
      const postings = c.postings === '' ? [] : c.postings.split(POSTINGS_SEPARATOR);
      this.words = { terms: splitTexts(c.terms, postings.length), postings };
    }
    return this.words;
  }

  /** Browsing (no words): listing order, filtered. */
  private browse(filters: ListingFilters, limit: number, inCategory: Uint8Array | null): number[] {
    const skip = (filters.inactive ? 0 : INACTIVE) | (filters.removed ? 0 : REMOVED);
    const out: number[] = [];
    for (let i = 0; i < this.n && out.length < limit; i++) {
      if ((this.order.flags[i]! & skip) === 0 && (!inCategory || inCategory[i] === 1)) out.push(i);
    }
    return out;
  }

  /** MATCH where every term starts some word of the brand, NAMED where each starts a title or tag word. */
  private rankMap(terms: readonly string[]): RankMap {
    const key = terms.join(' ');
    let map = this.rankMaps.get(key);
    if (map) return map;
    const matched = new Uint8Array(this.n);
    const named = new Uint8Array(this.n);
    const mark = new Uint8Array(this.n);
    const markPosting = (position: number, isNamed: boolean) => {
      mark[position] = mark[position]! | (isNamed ? NAMED : MATCH);
    };
    for (const term of terms) {
      mark.fill(0);
      const { terms: dictionary, postings } = this.dictionary();
      for (let t = lowerBound(dictionary, term); t < dictionary.length && dictionary[t]!.startsWith(term); t++) {
        forEachPosting(postings[t]!, markPosting);
      }
      for (let i = 0; i < this.n; i++) {
        const m = mark[i]!;
        if (m === 0) continue;
        matched[i] = matched[i]! + 1;
        if ((m & NAMED) !== 0) named[i] = named[i]! + 1;
      }
    }
    const bytes = new Uint8Array(this.n);
    let namedCount = 0;
    for (let i = 0; i < this.n; i++) {
      if (matched[i] !== terms.length) continue;
      if (named[i] === terms.length) {
        bytes[i] = NAMED;
        namedCount++;
      } else bytes[i] = MATCH;
    }
    map = { bytes, named: namedCount };
    if (this.rankMaps.size >= MAX_CACHED) this.rankMaps.delete(this.rankMaps.keys().next().value!);
    this.rankMaps.set(key, map);
    return map;
  }

  private categoryMap(category: string): Uint8Array {
    let map = this.categoryMaps.get(category);
    if (!map) {
      const { kind, kinds } = this.columns;
      const inKind = kinds.map((k) => splitWords(k[3]).includes(category));
      map = new Uint8Array(this.n);
      for (let i = 0; i < this.n; i++) if (inKind[kind[i]!]) map[i] = 1;
      this.categoryMaps.set(category, map);
    }
    return map;
  }
}

function splitWords(joined: string): string[] {
  return joined === '' ? [] : joined.split(' ');
}

/** First index in the sorted `list` whose entry is ≥ `value`. */
function lowerBound(list: readonly string[], value: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
