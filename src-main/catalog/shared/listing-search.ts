/**
 * Catalog search's pure rules, imported by main (catalog-text, catalog-listing, the catalog
 * facade) and by the page (its in-memory listing index), so both answer a search the same way.
 * No imports beyond this folder: the renderer bundles it (eslint keeps it so).
 */

/** Most words a search may have; more adds cost, not precision. */
export const MAX_TOKENS = 8;
/**
 * Each word matches on its first 8 characters at most, in main and in the page alike. So
 * 'patisseries' also finds 'Pâtisserie': a slightly wider match, never a narrower one.
 * (brands_fts indexes prefixes of 1 character, catalog schema 7; a longer prefix is matched by
 * walking the terms it starts, few for a word of 3 or more characters.)
 */
export const MAX_TERM_CHARS = 8;
/** Below this many typed characters (spaces aside) a mid-word title match is mostly noise ("a" is in most titles). */
export const SUBSTRING_MIN_CHARS = 3;

/** Text with no marks and no compatibility forms: folding it is lower-casing and collapsing spaces, the same in every engine. */
export const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Lower case, no diacritics, single spaces: the order a cashier expects ('Café' next to 'Cafe'). */
export function foldText(text: string): string {
  // Printable ASCII has no marks and no compatibility forms: skip the NFKD pass (most of a
  // sync's per-row cost at 10k brands before this shortcut).
  if (PRINTABLE_ASCII.test(text)) return text.toLowerCase().replace(/\s+/g, ' ').trim();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * User text → the prefix terms of a word search: runs of letters and digits (the unicode61
 * tokenizer's notion of a token), NFKC, lower case, each cut to MAX_TERM_CHARS, each once, at
 * most MAX_TOKENS. Every term must start a word of the title, description, tags or categories.
 */
export function prefixTerms(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => [...w].slice(0, MAX_TERM_CHARS).join('')))].slice(0, MAX_TOKENS);
}

/** Query text → substring terms: folded like titles, runs of letters and digits, each once. */
export function substringTerms(text: string): string[] {
  return [...new Set(foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_TOKENS);
}

/** Whether a word search that found `found` of `limit` is followed by mid-word title matches for `text`. */
export function wantsTitleSearch(text: string, found: number, limit: number): boolean {
  return found < limit && text.trim().replace(/\s+/g, '').length >= SUBSTRING_MIN_CHARS;
}

/** Listing flags: bit 0 INACTIVE (status is not ACTIVE), bit 1 removed. */
export const INACTIVE = 1;
export const REMOVED = 2;

/** Values of a text search's rank map; 0: not a match. */
export const MATCH = 1;
/** A match the words name: every term starts a word of the title or a tag. */
export const NAMED = 2;

export interface ListingFilters {
  inactive: boolean;
  removed: boolean;
}

function skipMask(f: ListingFilters): number {
  return (f.inactive ? 0 : INACTIVE) | (f.removed ? 0 : REMOVED);
}

/**
 * The listing order (ACTIVE first, then folded title, then id) as columns: per position the
 * brand's key (main: its seq; the page: its position), flags and folded title.
 */
export interface ListingOrder {
  keys: Int32Array;
  flags: Uint8Array;
  /** Folded titles in listing order, each followed by a newline (never inside a folded title). */
  joined: string;
  /** Where title i starts in `joined`; one more entry, the end. */
  starts: Int32Array;
}

/** A word search's matches, as a map by key (0, MATCH, NAMED), and how many are NAMED. */
export interface RankMap {
  bytes: Uint8Array;
  named: number;
}

/**
 * Keys of the first `limit` word matches that pass the filters (and are in `inCategory`, a
 * byte map by key, when given): those the words name first, then the others, each in listing
 * order. One pass, which stops once `limit` named brands are found, or once every named one
 * has been seen and enough others are kept.
 */
export function walkListing(order: ListingOrder, matches: RankMap, filters: ListingFilters, limit: number, inCategory: Uint8Array | null): number[] {
  const skip = skipMask(filters);
  const named: number[] = [];
  const others: number[] = [];
  const { keys, flags } = order;
  const ranks = matches.bytes;
  let namedUnseen = matches.named;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const rank = ranks[key]!;
    if (rank === 0) continue;
    if (rank === NAMED) namedUnseen--;
    if ((flags[i]! & skip) === 0 && (!inCategory || inCategory[key] === 1)) {
      if (rank === NAMED) {
        named.push(key);
        if (named.length >= limit) break;
      } else if (others.length < limit - named.length) others.push(key);
    }
    if (namedUnseen === 0 && others.length >= limit - named.length) break;
  }
  return named.concat(others).slice(0, limit);
}

/**
 * Title substring search: every term must occur in the folded title. Ranked ACTIVE first,
 * then brands where every term starts a title word ('amaz' in 'Amazon Pay') before those
 * where one sits mid-word ('mazon'), then by title. Ranking word starts first means every
 * hit has to be seen, so the scan skips from hit to hit with `indexOf` over all titles
 * joined in one string (V8's string search, ~1 GB/s) rather than testing titles one by one;
 * only titles holding the longest term are looked at closely.
 */
export function titleSubstring(order: ListingOrder, terms: readonly string[], filters: ListingFilters, limit: number, inCategory: Uint8Array | null): number[] {
  if (terms.length === 0) return [];
  const skip = skipMask(filters);
  const { keys, flags, joined, starts } = order;
  const lead = terms.reduce((a, b) => (b.length > a.length ? b : a));
  const out: number[] = [];
  let wordStart: number[] = [];
  let midWord: number[] = [];
  let segment = -1;
  const flush = () => {
    for (const key of wordStart) if (out.length < limit) out.push(key);
    for (const key of midWord) if (out.length < limit) out.push(key);
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
    const key = keys[i]!;
    if (inCategory && inCategory[key] !== 1) continue;
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
    if (allAtWordStart) wordStart.push(key);
    else if (out.length + wordStart.length + midWord.length < limit) midWord.push(key);
  }
  flush();
  return out.slice(0, limit);
}

/** Index of `term` in `title` at a word start; -1 if only mid-word; -2 if absent. */
export function indexAtWordStart(title: string, term: string): number {
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

/** Joins folded titles for ListingOrder: the string and where each title starts. */
export function joinTitles(titles: readonly string[]): { joined: string; starts: Int32Array } {
  const starts = new Int32Array(titles.length + 1);
  let at = 0;
  titles.forEach((title, i) => {
    starts[i] = at;
    at += title.length + 1;
  });
  starts[titles.length] = at;
  return { joined: titles.length === 0 ? '' : `${titles.join('\n')}\n`, starts };
}
