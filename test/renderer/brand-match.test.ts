import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import type { CatalogBrand } from '../../src-main/contract/index.js';
import type { PartnerBrand } from '../../src-main/partner-api/types.js';
import { brandForEnter, matchRank, namedBy, rankByMatch } from '../../src-renderer/sell/brand-match.js';
import { catalogQuery } from '../../src-renderer/sell/catalog-query.js';
import { makeBrand, sandboxCatalog } from '../catalog/fixtures.js';

const entry = (id: string, over: Partial<PartnerBrand> = {}): CatalogBrand => ({ brand: makeBrand(id, over), removed: false, removedAt: null, discount: null, syncedAt: 0 });
const terms = (text: string) => catalogQuery(text, null).terms;
const ids = (list: readonly CatalogBrand[]) => list.map((e) => e.brand.id);
/** Enter in the search box over main's list for `text`, as the sell screen does it. */
const enter = (list: CatalogBrand[], text: string) => brandForEnter(rankByMatch(list, terms(text)), terms(text));

describe('matchRank: where the typed words were found', () => {
  const books = entry('books', { title: 'Dhoop Books', description: 'Books and notebooks', tags: ['reading'], categories: ['BOOKS_AND_STATIONERY'] });
  const stationer = entry('stat', { title: 'Ambar Stationers', description: 'Gift vouchers for books', tags: ['books'], categories: ['BOOKS_AND_STATIONERY'] });
  const shelf = entry('shelf', { title: 'Amla Paper Co.', description: 'Paper', tags: ['paper'], categories: ['BOOKS_AND_STATIONERY'] });
  const travel = entry('trav', { title: 'Amaltas Journeys', description: 'Trips and holiday bookings', tags: ['travel'], categories: ['TRAVEL_AND_TRANSPORT'] });

  it('ranks the title starting with the words, then title words, tags, categories, and the description last', () => {
    expect(matchRank(books, terms('dhoop bo'))).toBe(0);
    expect(matchRank(books, terms('book'))).toBe(1);
    expect(matchRank(books, terms('books dhoop'))).toBe(1);
    expect(matchRank(stationer, terms('book'))).toBe(2);
    expect(matchRank(stationer, terms('amb book'))).toBe(2);
    expect(matchRank(shelf, terms('book'))).toBe(3);
    expect(matchRank(travel, terms('book'))).toBe(4);
    // A word inside another is not a match here either: main matches word starts only.
    expect(matchRank(books, terms('ooks'))).toBe(4);
  });

  it('folds case, punctuation and diacritics as main’s tokenizer does', () => {
    const nomad = entry('n', { title: 'Naïve Nomad Travels' });
    expect(matchRank(nomad, terms('NAIVE, nomad!'))).toBe(0);
    expect(matchRank(nomad, terms('naïve trav'))).toBe(1);
    expect(matchRank(entry('t', { title: 'Test · Processing then success' }), terms('test processing'))).toBe(0);
  });

  it('rankByMatch keeps main’s order within a rank and returns the same array when nothing moves', () => {
    const list = [travel, shelf, stationer, books];
    expect(ids(rankByMatch(list, terms('book')))).toEqual(['books', 'stat', 'shelf', 'trav']);
    const inOrder = [books, stationer];
    expect(rankByMatch(inOrder, terms('book'))).toBe(inOrder);
    expect(rankByMatch(list, [])).toBe(list);
  });

  it('Enter opens the first brand on sale when the words name it (title or tag), or the only brand listed', () => {
    expect(enter([travel, books], 'book')?.brand.id).toBe('books');
    expect(enter([travel, stationer], 'book')?.brand.id).toBe('stat');
    // Category or description only, with more than one listed: nothing opens.
    expect(enter([travel, shelf], 'book')).toBeNull();
    expect(enter([travel], 'book')?.brand.id).toBe('trav');
    // The named brand cannot be sold: the next one on sale is not named, so nothing opens.
    const inactive = entry('off', { title: 'Kalo Books', status: 'INACTIVE' });
    expect(enter([inactive, travel], 'book')).toBeNull();
    expect(enter([inactive], 'book')).toBeNull();
    expect(enter([inactive, stationer, travel], 'book')?.brand.id).toBe('stat');
    // Nothing typed (recent brands, a category): the first brand on sale, as before.
    expect(brandForEnter([inactive, travel], [])?.brand.id).toBe('trav');
  });
});

describe('Enter over main’s own search of the sandbox catalog', () => {
  let brands: PartnerBrand[];
  let repo: CatalogRepository;
  let cleanup: () => void;
  const search = (text: string) => repo.search({ includeInactive: true, limit: 60, text });

  beforeAll(async () => {
    ({ repo, brands, cleanup } = await sandboxCatalog());
  });
  afterAll(() => cleanup());

  it('“processing then success” opens TEST_PROCESSING_SUCCESS, which main lists first: its title says so', () => {
    const found = search('processing then success');
    // 'Processing for 30 minutes' has “then SUCCESS” in its description only: main lists it after.
    expect(ids(found)).toEqual(['TEST_PROCESSING_SUCCESS', 'TEST_PROCESSING_STUCK']);
    expect(enter(found, 'processing then success')?.brand.id).toBe('TEST_PROCESSING_SUCCESS');
  });

  it('“book” opens a brand named for books, listed by main ahead of the travel brands that take bookings', () => {
    const found = search('book');
    const firstUnnamed = found.findIndex((e) => !namedBy(e, terms('book')));
    expect(firstUnnamed).toBeGreaterThan(0);
    expect(found.slice(firstUnnamed).some((e) => e.brand.categories.includes('TRAVEL_AND_TRANSPORT'))).toBe(true);
    expect(found.slice(firstUnnamed).every((e) => !namedBy(e, terms('book')))).toBe(true);
    const opened = enter(found, 'book');
    expect(opened).not.toBeNull();
    expect([opened!.brand.title, ...opened!.brand.tags].join(' ')).toMatch(/\bbook/i);
  });

  it('words found only in descriptions open nothing (“bookings”: holiday bookings of travel brands)', () => {
    const found = search('bookings');
    expect(found.length).toBeGreaterThan(1);
    expect(found.every((e) => matchRank(e, terms('bookings')) === 4)).toBe(true);
    expect(enter(found, 'bookings')).toBeNull();
  });

  it('a brand’s full title opens that very brand, for every brand on sale', () => {
    const onSale = brands.filter((b) => b.status === 'ACTIVE' && b.amountRestrictions !== null);
    expect(onSale.length).toBeGreaterThan(400);
    const wrong = onSale.filter((b) => enter(search(b.title), b.title)?.brand.id !== b.id).map((b) => b.title);
    // 'Test · B2C only (E103 for B2B partners)' and the B2B one share every word: order decides.
    expect(wrong).toEqual([]);
  });

  it('ranking only reorders main’s list: nothing added, nothing lost', () => {
    for (const text of ['a', 'bo', 'book', 'gift', 'test', 'inst', 'travel cab', 'processing then']) {
      const found = search(text);
      expect(ids(rankByMatch(found, terms(text))).sort()).toEqual(ids(found).sort());
    }
  });
});
