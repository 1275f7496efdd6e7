import { createHash } from 'node:crypto';
import type { PartnerBrand } from '../partner-api/types.js';
import { foldText, prefixTerms } from './shared/listing-search.js';

/**
 * Text shaping shared by the writer (what gets indexed and how rows sort) and the reader
 * (how user text becomes an FTS5 query). Kept in one place so both sides agree.
 */

export { foldText, MAX_TERM_CHARS } from './shared/listing-search.js';

/**
 * Total order for listing: folded title, then id. U+0001 sorts below every printable
 * character, so 'abc' comes before 'abc d' and equal titles are ordered by id.
 */
export function sortKeyOf(title: string, id: string): string {
  return `${foldText(title)}\u0001${id}`;
}

/** Category ids as stored and filtered: trimmed, upper case, each once. */
export function normaliseCategories(categories: readonly string[]): string[] {
  const out = new Set<string>();
  for (const c of categories) {
    const id = c.trim().toUpperCase();
    if (id) out.add(id);
  }
  return [...out];
}

export function contentHash(json: string): string {
  return createHash('sha1').update(json).digest('base64url');
}

/** The stored JSON of a brand and its hash: all a re-sync needs to tell an unchanged brand. */
export function serialiseBrand(brand: PartnerBrand): { data: string; hash: string } {
  const data = JSON.stringify(brand);
  return { data, hash: contentHash(data) };
}

/** The denormalised columns of a brand row, derived from the stored PartnerBrand. */
export interface BrandColumns {
  id: string;
  title: string;
  status: string;
  sortKey: string;
  description: string;
  categories: string;
  categoryList: string[];
  tags: string;
  denominationType: string;
  data: string;
  hash: string;
}

/** Throws when the brand cannot be serialised; callers do this before touching the database. */
export function brandColumns(brand: PartnerBrand, serialised = serialiseBrand(brand)): BrandColumns {
  const { data, hash } = serialised;
  const categoryList = normaliseCategories(brand.categories);
  return {
    id: brand.id,
    title: brand.title,
    status: brand.status,
    sortKey: sortKeyOf(brand.title, brand.id),
    description: brand.description ?? '',
    // Space-joined: the FTS tokenizer splits QUICK_COMMERCE into 'quick' 'commerce'.
    categories: categoryList.join(' '),
    categoryList,
    tags: brand.tags.join(' '),
    denominationType: brand.denominationType,
    data,
    hash,
  };
}

/**
 * User text → FTS5 query that cannot be misread as syntax. Words are runs of letters and
 * digits (the unicode61 tokenizer's own notion of a token), so quotes, `*`, `-`, `:`,
 * parentheses and `^` can never reach FTS5 as operators; each word is then double-quoted,
 * which also turns NEAR / OR / AND / NOT into plain words. The result is like `"caf"* "mum"*`:
 * every word a prefix, all required. Null when nothing searchable is left.
 */
export function ftsPrefixQuery(text: string): string | null {
  const terms = prefixTerms(text);
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.replaceAll('"', '""')}"*`).join(' ');
}

/**
 * The brands of `match` (an ftsPrefixQuery) that the words name: every word starts a word of
 * the title or a tag. Search lists these before brands found through the description or a
 * category, so a brand called what the cashier typed is never cut off by ones that only mention it.
 */
export function ftsNamedQuery(match: string): string {
  return `{title tags} : (${match})`;
}
