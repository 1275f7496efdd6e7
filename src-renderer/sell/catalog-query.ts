import type { CatalogBrand } from '../bridge/contract';

/**
 * The sell screen's search as main runs it (src-main/catalog/catalog-text.ts ftsPrefixQuery and
 * catalog-reader.ts), so the page can tell when an answer it already holds answers a new query
 * exactly, and show it at once instead of waiting for the bridge.
 *
 * Main: the text is trimmed and cut at 100 characters; its words (runs of letters and digits,
 * NFKC, lower case) become prefix terms of at most 8 characters, at most 8 distinct terms, all
 * required, each matched against the tokens of title, description, tags and categories
 * (unicode61, diacritics removed). Results: not removed, ACTIVE first then by folded title, at
 * most `limit`. A category narrows to brands listing it.
 */
export const SEARCH_LIMIT = 60;
const MAX_TEXT = 100;
const MAX_TERMS = 8;
const MAX_TERM_CHARS = 8;

export interface CatalogQuery {
  /** The text as sent to main (trimmed, cut), '' for none. */
  text: string;
  terms: string[];
  category: string | null;
  /** Equal keys: main answers both queries with the same list. */
  key: string;
}

export function catalogQuery(text: string, category: string | null): CatalogQuery {
  const sent = text.trim().slice(0, MAX_TEXT);
  const words = sent.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = [...new Set(words.map((w) => [...w].slice(0, MAX_TERM_CHARS).join('')))].slice(0, MAX_TERMS);
  const cat = category?.trim().toUpperCase() || null;
  return { text: sent, terms, category: cat, key: `${terms.join(' ')}\u0000${cat ?? ''}` };
}

/** One answer from main: the query it answered and its list, whole when shorter than the limit. */
export interface CatalogAnswer {
  query: CatalogQuery;
  brands: CatalogBrand[];
  limit: number;
}

const ASCII = /^[\x20-\x7e]*$/;
const TOKENS = /[a-z0-9]+/g;

/**
 * A brand's searchable tokens, or null when its text is not plain printable ASCII: there
 * tokenizing is simply [A-Za-z0-9] runs folded to lower case, exactly as unicode61 does; past
 * ASCII (diacritics, other scripts, NFKC forms) only main's tokenizer is trusted.
 */
function tokensOf(entry: CatalogBrand): string[] | null {
  const b = entry.brand;
  const tags: unknown = (b as { tags?: unknown }).tags;
  if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) return null;
  const categories = b.categories.map((c) => c.trim().toUpperCase()).filter(Boolean);
  const text = [b.title, b.description ?? '', tags.join(' '), categories.join(' ')].join(' ');
  if (!ASCII.test(text)) return null;
  return text.toLowerCase().match(TOKENS) ?? [];
}

/** Every term of `wider` is a prefix of some term of `narrower`: whatever matches `narrower` matches `wider`. */
function narrows(narrower: string[], wider: string[]): boolean {
  return wider.every((w) => narrower.some((n) => n.startsWith(w)));
}

/**
 * The list main would answer for `query`, worked out from `answer` alone; null when that cannot
 * be known for sure. Known when the queries are the same, or when the answer was whole (fewer
 * than its limit) and `query` only narrows it (longer or more words, same or a first category):
 * then main's answer is exactly the brands of `answer` that match `query`, in the same order.
 */
export function answerFrom(answer: CatalogAnswer | null, query: CatalogQuery, limit = SEARCH_LIMIT): CatalogBrand[] | null {
  if (!answer) return null;
  if (answer.query.key === query.key) return answer.limit === limit ? answer.brands : null;
  if (answer.brands.length >= answer.limit) return null;
  if (answer.query.category !== null && answer.query.category !== query.category) return null;
  if (query.terms.length > 0 && !ASCII.test(query.terms.join(''))) return null;
  if (!narrows(query.terms, answer.query.terms)) return null;
  const out: CatalogBrand[] = [];
  for (const entry of answer.brands) {
    const tokens = tokensOf(entry);
    if (!tokens) return null;
    if (query.category && !entry.brand.categories.some((c) => c.trim().toUpperCase() === query.category)) continue;
    if (query.terms.every((t) => tokens.some((token) => token.startsWith(t)))) out.push(entry);
  }
  return out.slice(0, limit);
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
