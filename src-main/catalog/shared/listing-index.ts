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

/**
 * The catalog's listing fields as columns (catalog.listing), one entry per brand in listing
 * order (ACTIVE first, then folded title, then id), removed brands included. Enough for the
 * page to answer a search exactly as main's catalog.search does, and to draw the result rows.
 */
export interface CatalogListingColumns {
  ids: string[];
  titles: string[];
  /** Folded titles, as the listing sorts and title search reads them. */
  folded: string[];
  statuses: string[];
  /** Bit 0: status is not ACTIVE; bit 1: removed. */
  flags: number[];
  /** Tags, space-joined as stored. */
  tags: string[];
  /** Category ids (upper case), space-joined as stored. */
  categories: string[];
  denominationTypes: string[];
  /** [minVoucherAmount, maxVoucherAmount, denominations]; null when the service sent no amount rules. */
  amounts: ([number, number, number[] | null] | null)[];
  /** Every word of title, description, tags and categories as the full-text index holds it, sorted. */
  terms: string[];
  /**
   * Per term, the positions of the brands holding it, ascending and delta-coded, each value
   * `delta * 2 + 1` when the word is in the title or a tag (the words name the brand), else `delta * 2`.
   */
  postings: number[][];
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

  constructor(private readonly columns: CatalogListingColumns) {
    this.n = columns.ids.length;
    const keys = new Int32Array(this.n);
    for (let i = 0; i < this.n; i++) keys[i] = i;
    const { joined, starts } = joinTitles(columns.folded);
    this.order = { keys, flags: Uint8Array.from(columns.flags), joined, starts };
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
      const c = this.columns;
      const amounts = c.amounts[position];
      row = {
        brand: {
          id: c.ids[position]!,
          title: c.titles[position]!,
          status: c.statuses[position]!,
          categories: splitWords(c.categories[position]!),
          tags: splitWords(c.tags[position]!),
          denominationType: c.denominationTypes[position]!,
          amountRestrictions: amounts ? { minVoucherAmount: amounts[0], maxVoucherAmount: amounts[1], denominations: amounts[2] } : null,
        },
        removed: (c.flags[position]! & REMOVED) !== 0,
      };
      this.rows[position] = row;
    }
    return row;
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
    for (const term of terms) {
      mark.fill(0);
      const { terms: dictionary, postings } = this.columns;
      for (let t = lowerBound(dictionary, term); t < dictionary.length && dictionary[t]!.startsWith(term); t++) {
        let position = 0;
        for (const value of postings[t]!) {
          position += value >>> 1;
          mark[position] = mark[position]! | ((value & 1) === 1 ? NAMED : MATCH);
        }
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
      map = new Uint8Array(this.n);
      for (let i = 0; i < this.n; i++) if (splitWords(this.columns.categories[i]!).includes(category)) map[i] = 1;
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
