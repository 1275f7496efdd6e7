import type { ListedBrand } from '../../src-main/catalog/shared/listing-index';
import { unavailableReason } from './brand-availability';

/**
 * How well a listed brand matches the typed words. Main's search matches each word as a prefix
 * of any word of the title, description, tags or categories, and lists the brands the words
 * name (ranks 0–2 below) before the others, each part alphabetically. The page ranks the hits
 * it holds finer, by where the words were found, so a brand whose title is what was typed comes
 * first ('Kasturi Totes' before 'Kasturi Bags', tagged totes), and Enter opens only a brand the
 * cashier named.
 *
 *   0 the title starts with the words, in the order typed ('dhoop bo' → Dhoop Books)
 *   1 every word starts a word of the title
 *   2 … of the title or a tag
 *   3 … of the title, a tag or a category
 *   4 otherwise (the description had to help)
 */
export type MatchRank = 0 | 1 | 2 | 3 | 4;

/** The worst rank Enter opens without the cashier choosing, and main lists first: the brand's name or a tag. */
const NAMED: MatchRank = 2;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Words as main's tokenizer (unicode61, diacritics removed) makes them: runs of letters and
 * digits, marks dropped, lower case. Typed terms are folded the same way, so 'naive' finds
 * 'Naïve' here exactly when it does in main. Main's title search folds its words the same way.
 */
export function words(text: string): string[] {
  // Plain ASCII has no marks to drop (most titles): skip the NFKD pass, it is most of the cost.
  const plain = PRINTABLE_ASCII.test(text) ? text : text.normalize('NFKD').replace(/\p{M}+/gu, '');
  return plain.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

const fold = (term: string): string => words(term).join('');

function coveredBy(terms: string[], tokens: string[]): boolean {
  return terms.every((t) => tokens.some((token) => token.startsWith(t)));
}

export function matchRank(entry: ListedBrand, terms: readonly string[]): MatchRank {
  const folded = terms.map(fold).filter(Boolean);
  if (folded.length === 0) return 0;
  const b = entry.brand;
  const title = words(b.title);
  if (folded.every((t, i) => title[i]?.startsWith(t))) return 0;
  if (coveredBy(folded, title)) return 1;
  const named = [...title, ...words(b.tags.join(' '))];
  if (coveredBy(folded, named)) return 2;
  if (coveredBy(folded, [...named, ...words(b.categories.join(' '))])) return 3;
  return 4;
}

/** Every word starts a word of the brand's title or of a tag: main lists these first, and Enter opens them. */
export function namedBy(entry: ListedBrand, terms: readonly string[]): boolean {
  return matchRank(entry, terms) <= NAMED;
}

/** The hits by rank, main's order (ACTIVE first, then title) kept within a rank; the same array when nothing moves. */
export function rankByMatch<T extends ListedBrand>(brands: T[], terms: readonly string[]): T[] {
  if (terms.length === 0 || brands.length < 2) return brands;
  const ranks = brands.map((e) => matchRank(e, terms));
  if (ranks.every((r, i) => i === 0 || ranks[i - 1]! <= r)) return brands;
  return brands.map((entry, i) => ({ entry, rank: ranks[i]! })).sort((a, b) => a.rank - b.rank).map((x) => x.entry);
}

/**
 * The brand Enter opens from the list as shown, or null: the first one that can be sold, when
 * the typed words name it (title or tag), or when it is the only brand listed.
 */
export function brandForEnter<T extends ListedBrand>(listed: readonly T[], terms: readonly string[]): T | null {
  const first = listed.find((entry) => unavailableReason(entry) === null);
  if (!first) return null;
  if (listed.length === 1 || namedBy(first, terms)) return first;
  return null;
}
