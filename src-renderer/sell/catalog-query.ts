import type { CatalogBrand } from '../bridge/contract';
import { namedBy, words } from './brand-match';

/**
 * The sell screen's search as main answers it (src-main/catalog/catalog-text.ts ftsPrefixQuery,
 * catalog-reader.ts, catalog-listing.ts, and the catalog service that adds title matches,
 * src-main/core/facade/catalog-facade.ts), so the page can tell when an answer it already holds
 * answers a new query exactly, and show it at once instead of waiting for the bridge.
 *
 * Main: the text is trimmed and cut at 100 characters; its words (runs of letters and digits,
 * NFKC, lower case) become prefix terms of at most 8 characters, at most 8 distinct terms, all
 * required, each matched against the tokens of title, description, tags and categories
 * (unicode61, diacritics removed). Those hits: not removed; brands the terms name (each starts
 * a word of the title or a tag) first, then ACTIVE first, then by folded title and id. A
 * category narrows to brands listing it. When the hits are fewer than `limit` and the text has
 * at least 3 characters besides spaces, titles that hold every word of the text (folded, not
 * cut, at most 8) follow: ACTIVE first, then those where every word starts a title word, then
 * by title. At most `limit` in all.
 */
export const SEARCH_LIMIT = 60;
const MAX_TEXT = 100;
const MAX_TERMS = 8;
const MAX_TERM_CHARS = 8;
/** catalog-facade.ts SUBSTRING_MIN_CHARS. */
const TITLE_SEARCH_MIN_CHARS = 3;

export interface CatalogQuery {
  /** The text as sent to main (trimmed, cut), '' for none. */
  text: string;
  terms: string[];
  /** The words main looks for inside titles when its word matches fall short; null when it does not. */
  titleWords: string[] | null;
  category: string | null;
  /** Equal keys: main answers both queries with the same list. */
  key: string;
}

export function catalogQuery(text: string, category: string | null): CatalogQuery {
  const sent = text.trim().slice(0, MAX_TEXT);
  const found = sent.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = [...new Set(found.map((w) => [...w].slice(0, MAX_TERM_CHARS).join('')))].slice(0, MAX_TERMS);
  const titleWords = sent.replace(/\s+/g, '').length >= TITLE_SEARCH_MIN_CHARS ? [...new Set(words(sent))].slice(0, MAX_TERMS) : null;
  const cat = category?.trim().toUpperCase() || null;
  return { text: sent, terms, titleWords, category: cat, key: JSON.stringify([terms, cat, titleWords]) };
}

/** One answer from main: the query it answered and its list, whole when shorter than the limit. */
export interface CatalogAnswer {
  query: CatalogQuery;
  brands: CatalogBrand[];
  limit: number;
}

const ASCII = /^[\x20-\x7e]*$/;
const TOKENS = /[a-z0-9]+/g;

/** What main sorts and matches a brand by, for a brand whose text is plain printable ASCII. */
interface Searchable {
  entry: CatalogBrand;
  /** Tokens of title, description, tags and categories. */
  tokens: string[];
  /** Folded title (lower case, single spaces), as main's title search and listing order see it. */
  title: string;
  /** Main's sort key: folded title, U+0001, id (catalog-text.ts sortKeyOf). */
  sortKey: string;
  inactive: number;
}

/**
 * A brand as main searches it, or null when its text is not plain printable ASCII: there
 * tokenizing is simply [A-Za-z0-9] runs folded to lower case, exactly as unicode61 does, and
 * string order is SQLite's byte order; past ASCII (diacritics, other scripts, NFKC forms) only
 * main is trusted.
 */
function searchable(entry: CatalogBrand): Searchable | null {
  const b = entry.brand;
  const tags: unknown = (b as { tags?: unknown }).tags;
  if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) return null;
  const categories = b.categories.map((c) => c.trim().toUpperCase()).filter(Boolean);
  const text = [b.title, b.description ?? '', tags.join(' '), categories.join(' ')].join(' ');
  if (!ASCII.test(text) || !ASCII.test(b.id)) return null;
  const title = b.title.toLowerCase().replace(/\s+/g, ' ').trim();
  return {
    entry,
    tokens: text.toLowerCase().match(TOKENS) ?? [],
    title,
    sortKey: `${title}\u0001${b.id}`,
    inactive: b.status === 'ACTIVE' ? 0 : 1,
  };
}

/** Every term of `wider` is a prefix of some term of `narrower`: whatever matches `narrower` matches `wider`. */
function narrows(narrower: string[], wider: string[]): boolean {
  return wider.every((w) => narrower.some((n) => n.startsWith(w)));
}

/** `word` occurs in `title` where a word starts (catalog-listing.ts indexAtWordStart). */
function atWordStart(title: string, word: string): boolean {
  for (let at = title.indexOf(word); at >= 0; at = title.indexOf(word, at + 1)) {
    if (at === 0 || !/[a-z0-9]/.test(title[at - 1]!)) return true;
  }
  return false;
}

const bySortKey = (a: { sortKey: string }, b: { sortKey: string }) => (a.sortKey < b.sortKey ? -1 : a.sortKey > b.sortKey ? 1 : 0);

/**
 * The list main would answer for `query`, worked out from `answer` alone; null when that cannot
 * be known for sure. Known when the queries are the same, or when the answer was whole (fewer
 * than its limit) and `query` only narrows it (longer or more words, same or a first category):
 * then every brand main lists for `query` is in `answer` (its title matches too, when main
 * added them to both), and the list is put in main's order here.
 */
export function answerFrom(answer: CatalogAnswer | null, query: CatalogQuery, limit = SEARCH_LIMIT): CatalogBrand[] | null {
  if (!answer) return null;
  if (answer.query.key === query.key) return answer.limit === limit ? answer.brands : null;
  if (answer.brands.length >= answer.limit) return null;
  if (answer.query.category !== null && answer.query.category !== query.category) return null;
  const titleWords = query.titleWords;
  if (!ASCII.test([...query.terms, ...(titleWords ?? [])].join(''))) return null;
  if (!narrows(query.terms, answer.query.terms)) return null;
  // Main's title matches for the new text are all in the answer only if main added title
  // matches to it too, for words that each new word contains.
  if (titleWords && !answer.query.titleWords?.every((w) => titleWords.some((n) => n.includes(w)))) return null;
  const found: (Searchable & { unnamed: number })[] = [];
  const inTitles: (Searchable & { midWord: number })[] = [];
  for (const entry of answer.brands) {
    const s = searchable(entry);
    if (!s) return null;
    if (query.category && !entry.brand.categories.some((c) => c.trim().toUpperCase() === query.category)) continue;
    if (query.terms.every((t) => s.tokens.some((token) => token.startsWith(t)))) {
      found.push({ ...s, unnamed: namedBy(entry, query.terms) ? 0 : 1 });
    } else if (titleWords?.every((w) => s.title.includes(w))) {
      inTitles.push({ ...s, midWord: titleWords.every((w) => atWordStart(s.title, w)) ? 0 : 1 });
    }
  }
  found.sort((a, b) => a.unnamed - b.unnamed || a.inactive - b.inactive || bySortKey(a, b));
  inTitles.sort((a, b) => a.inactive - b.inactive || a.midWord - b.midWord || bySortKey(a, b));
  return [...found, ...inTitles].slice(0, limit).map((s) => s.entry);
}

/**
 * The last answers from main, newest first, so going back (Backspace, Escape, a brand searched
 * again) is answered at once too. They hold until the catalog changes: main writes the catalog
 * only in a sync, which announces itself (catalog.synced), and the store clears this then.
 */
export class AnswerCache {
  private answers: CatalogAnswer[] = [];

  constructor(private readonly size = 24) {}

  put(answer: CatalogAnswer): void {
    this.answers = [answer, ...this.answers.filter((a) => a.query.key !== answer.query.key)].slice(0, this.size);
  }

  /** The list main would answer for `query`, from any answer held; null when none tells it for sure. */
  answer(query: CatalogQuery, limit = SEARCH_LIMIT): CatalogBrand[] | null {
    const same = this.answers.find((a) => a.query.key === query.key);
    if (same) return answerFrom(same, query, limit);
    for (const a of this.answers) {
      const known = answerFrom(a, query, limit);
      if (known) return known;
    }
    return null;
  }

  clear(): void {
    this.answers = [];
  }
}
