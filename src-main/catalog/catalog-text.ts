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

/**
 * The content hash a brand row is stored with, telling a re-sync whether a brand changed
 * without serialising it: a walk over the brand's JSON value (exactly what JSON.stringify
 * would write: undefined members skipped, -0 as 0, keys in order), mixed into two independent
 * 32-bit lanes with length and type tags, so ["ab"] and ["a","b"] differ. 64 bits: two
 * different brands hash alike with odds of about 1 in 10^19. ≈ 6.6 µs a brand where
 * JSON.stringify + SHA-1 took ≈ 13 (measured, sandbox-shaped brands of ~2 kB).
 */
export function contentHash(value: unknown): string {
  lane1 = 0x811c9dc5;
  lane2 = 0x9747b28c;
  mixValue(value);
  return hex(fmix(lane1)) + hex(fmix(lane2));
}

/** The two lanes of the hash being computed (module state: a walk is synchronous, and locals this hot stay in registers). */
let lane1 = 0;
let lane2 = 0;

function mix(code: number): void {
  lane1 = Math.imul(lane1 ^ code, 0x01000193);
  lane2 = Math.imul(((lane2 << 5) | (lane2 >>> 27)) ^ code, 0x5bd1e995);
}

function mixText(text: string): void {
  let a = Math.imul(lane1 ^ text.length, 0x01000193);
  let b = Math.imul(((lane2 << 5) | (lane2 >>> 27)) ^ text.length, 0x5bd1e995);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(((b << 5) | (b >>> 27)) ^ code, 0x5bd1e995);
  }
  lane1 = a;
  lane2 = b;
}

/** Murmur3's finaliser: every input bit reaches every output bit. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

const hex = (n: number) => (n >>> 0).toString(16).padStart(8, '0');

/** Tags outside the UTF-16 range, so no character can stand for one. */
const TAG_NULL = 0x10001;
const TAG_FALSE = 0x10002;
const TAG_TRUE = 0x10003;
const TAG_NUMBER = 0x10004;
const TAG_STRING = 0x10005;
const TAG_ARRAY = 0x10006;
const TAG_OBJECT = 0x10007;
const TAG_END = 0x10008;

function mixValue(value: unknown): void {
  if (value === null) return mix(TAG_NULL);
  switch (typeof value) {
    case 'string':
      mix(TAG_STRING);
      return mixText(value);
    case 'number':
      // As JSON writes it: String(-0) is '0', and a non-finite number is written null.
      if (!Number.isFinite(value)) return mix(TAG_NULL);
      mix(TAG_NUMBER);
      return mixText(String(value));
    case 'boolean':
      return mix(value ? TAG_TRUE : TAG_FALSE);
    case 'object': {
      if (Array.isArray(value)) {
        mix(TAG_ARRAY);
        for (const item of value as unknown[]) mixValue(skippedByJson(item) ? null : item);
        return mix(TAG_END);
      }
      mix(TAG_OBJECT);
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const member = (value as Record<string, unknown>)[key];
        if (skippedByJson(member)) continue;
        mixText(key);
        mixValue(member);
      }
      return mix(TAG_END);
    }
    default:
      // A BigInt: JSON.stringify's own TypeError, as storing it would throw.
      JSON.stringify(value);
      throw new TypeError(`A ${typeof value} cannot be stored as JSON`);
  }
}

/** Members JSON leaves out of an object (and writes null for in an array). */
function skippedByJson(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
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
export function brandColumns(brand: PartnerBrand, hash = contentHash(brand)): BrandColumns {
  const data = JSON.stringify(brand);
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
