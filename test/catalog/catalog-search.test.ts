import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { foldText, MAX_TERM_CHARS, normaliseCategories, sortKeyOf } from '../../src-main/catalog/catalog-text.js';
import type { CatalogSearchQuery } from '../../src-main/catalog/catalog-types.js';
import type { PartnerBrand } from '../../src-main/partner-api/types.js';
import { makeBrand, tempDatabase } from './fixtures.js';

const T0 = Date.UTC(2026, 10, 1);
const titles = (query: CatalogSearchQuery, repo: CatalogRepository): string[] => repo.search(query).map((b) => b.brand.title);

describe('search on a small catalog', () => {
  let env: ReturnType<typeof tempDatabase>;
  let repo: CatalogRepository;

  beforeEach(async () => {
    env = tempDatabase();
    repo = new CatalogRepository(env.db);
    await repo.replaceAll(
      [
        makeBrand('dhanak', { title: 'Dhanak Café', categories: ['FOOD'], tags: ['coffee', 'bakery'] }),
        makeBrand('plain', { title: 'Cafe Plain', categories: ['FOOD'] }),
        makeBrand('mayur', { title: 'Mayur Linen Co.', description: 'Shop curtains, bed linen and soft furnishings.', categories: ['FURNISHING'], tags: ['bazaar'] }),
        makeBrand('zoe', { title: "Zoë's Toy Attic", categories: ['KIDS'] }),
        makeBrand('quick', { title: 'Dash Basket', categories: ['QUICK_COMMERCE'] }),
        makeBrand('near', { title: 'Near & Far Travels', categories: ['TRAVEL_AND_TRANSPORT'] }),
        makeBrand('orchid', { title: 'Orchid Stays', categories: ['HOTELS'] }),
        makeBrand('sleepy', { title: 'Aardvark Sleepy Café', status: 'INACTIVE', categories: ['FOOD'] }),
        makeBrand('gone', { title: 'Gone Café', categories: ['FOOD'] }),
      ],
      T0,
    );
    // 'gone' vanishes from the next full list.
    const current = repo.search({ includeInactive: true, limit: 500 }).map((b) => b.brand).filter((b) => b.id !== 'gone');
    await repo.replaceAll(current, T0 + 1);
  });
  afterEach(async () => {
    await repo.checkpointIdle();
    env.cleanup();
  });

  it('finds by title prefix, description word, tag and category word', () => {
    expect(titles({ text: 'dha' }, repo)).toEqual(['Dhanak Café']);
    expect(titles({ text: 'curt' }, repo)).toEqual(['Mayur Linen Co.']);
    expect(titles({ text: 'bazaar' }, repo)).toEqual(['Mayur Linen Co.']);
    expect(titles({ text: 'coff' }, repo)).toEqual(['Dhanak Café']);
    expect(titles({ text: 'commerce' }, repo)).toEqual(['Dash Basket']);
    expect(titles({ text: 'quick_commerce' }, repo)).toEqual(['Dash Basket']);
    expect(titles({ text: 'transport' }, repo)).toEqual(['Near & Far Travels']);
  });

  it('requires every word, each as a prefix', () => {
    expect(titles({ text: 'mayur lin' }, repo)).toEqual(['Mayur Linen Co.']);
    expect(titles({ text: 'lin   MAY' }, repo)).toEqual(['Mayur Linen Co.']);
    expect(titles({ text: 'mayur xyz' }, repo)).toEqual([]);
  });

  it('ignores case and diacritics in both directions, ACTIVE first then by title', () => {
    expect(titles({ text: 'cafe' }, repo)).toEqual(['Cafe Plain', 'Dhanak Café']);
    expect(titles({ text: 'CAFÉ' }, repo)).toEqual(['Cafe Plain', 'Dhanak Café']);
    expect(titles({ text: 'zoe' }, repo)).toEqual(["Zoë's Toy Attic"]);
    expect(titles({ text: "zoë's toy" }, repo)).toEqual(["Zoë's Toy Attic"]);
    expect(titles({ text: 'cafe', includeInactive: true }, repo)).toEqual(['Cafe Plain', 'Dhanak Café', 'Aardvark Sleepy Café']);
  });

  it('excludes INACTIVE brands unless asked, and removed ones unless asked', () => {
    expect(titles({ text: 'sleepy' }, repo)).toEqual([]);
    expect(titles({ text: 'sleepy', includeInactive: true }, repo)).toEqual(['Aardvark Sleepy Café']);
    expect(titles({ text: 'gone' }, repo)).toEqual([]);
    const removed = repo.search({ text: 'gone', includeRemoved: true });
    expect(removed.map((b) => [b.brand.title, b.removed])).toEqual([['Gone Café', true]]);
  });

  it('browses a category when the text is empty (category id case-insensitive)', () => {
    expect(titles({ category: 'food' }, repo)).toEqual(['Cafe Plain', 'Dhanak Café']);
    expect(titles({ text: '   ', category: 'FOOD', includeInactive: true, includeRemoved: true }, repo)).toEqual([
      'Cafe Plain',
      'Dhanak Café',
      'Gone Café',
      'Aardvark Sleepy Café',
    ]);
    expect(titles({ text: 'dha', category: 'FOOD' }, repo)).toEqual(['Dhanak Café']);
    expect(titles({ text: 'dha', category: 'KIDS' }, repo)).toEqual([]);
    expect(titles({ category: 'NO_SUCH' }, repo)).toEqual([]);
  });

  it('matches a long word on its first 8 characters (the longest indexed prefix)', async () => {
    await repo.replaceAll([...repo.search({ includeInactive: true }).map((b) => b.brand), makeBrand('pat', { title: 'Pâtisserie Gulmohar' })], T0 + 2);
    expect(titles({ text: 'patisserie' }, repo)).toEqual(['Pâtisserie Gulmohar']);
    expect(titles({ text: 'patisseries gul' }, repo)).toEqual(['Pâtisserie Gulmohar']);
    expect(titles({ text: 'patisserxx' }, repo)).toEqual(['Pâtisserie Gulmohar']);
    expect(titles({ text: 'patissex' }, repo)).toEqual([]);
  });

  it('browses everything when the text has nothing searchable, and honours limit', () => {
    expect(titles({ text: '*** --' }, repo)).toHaveLength(7);
    expect(titles({}, repo)).toEqual(titles({ text: '' }, repo));
    expect(titles({ limit: 2 }, repo)).toEqual(['Cafe Plain', 'Dash Basket']);
    expect(titles({ limit: Number.NaN }, repo)).toHaveLength(7);
    expect(titles({ limit: 0 }, repo)).toHaveLength(1);
  });

  it('substring mode finds a title by a part of a word, word starts ranked first', () => {
    const sub = (text: string, extra: CatalogSearchQuery = {}) => titles({ text, mode: 'substring', ...extra }, repo);
    expect(sub('anak')).toEqual(['Dhanak Café']); // mid-word
    expect(sub('NAK caf')).toEqual(['Dhanak Café']); // every word, any order, case and accents folded
    expect(sub('afe')).toEqual(['Cafe Plain', 'Dhanak Café']);
    expect(sub('ar')).toEqual(['Near & Far Travels']);
    // 'a' starts a word only in 'Attic': that title first, then the mid-word ones by title.
    expect(sub('a')).toEqual(["Zoë's Toy Attic", 'Cafe Plain', 'Dash Basket', 'Dhanak Café', 'Mayur Linen Co.', 'Near & Far Travels', 'Orchid Stays']);
    expect(sub('linen')).toEqual(['Mayur Linen Co.']);
    expect(sub('curtains')).toEqual([]); // the title only: descriptions are for prefix search
    expect(sub('leepy')).toEqual([]);
    expect(sub('leepy', { includeInactive: true })).toEqual(['Aardvark Sleepy Café']);
    expect(sub('one caf', { includeRemoved: true })).toEqual(['Gone Café']);
    expect(sub('afe', { category: 'food', limit: 1 })).toEqual(['Cafe Plain']);
    expect(sub('afe', { category: 'KIDS' })).toEqual([]);
    expect(sub('*** --')).toEqual(titles({}, repo)); // nothing searchable: browse, as prefix mode does
  });

  it('substring mode ranks ACTIVE first, then word starts before mid-word, then by title', async () => {
    const more = [
      makeBrand('s1', { title: 'Zamazon Mart' }),
      makeBrand('s2', { title: 'Amazon Pay' }),
      makeBrand('s3', { title: 'Bamazon' }),
      makeBrand('s4', { title: 'Amazonia Old', status: 'INACTIVE' }),
    ];
    await repo.replaceAll([...repo.search({ includeInactive: true, limit: 500 }).map((b) => b.brand), ...more], T0 + 2);
    expect(titles({ text: 'amazon', mode: 'substring', includeInactive: true }, repo)).toEqual(['Amazon Pay', 'Bamazon', 'Zamazon Mart', 'Amazonia Old']);
    expect(titles({ text: 'mazon', mode: 'substring', limit: 2 }, repo)).toEqual(['Amazon Pay', 'Bamazon']);
    expect(titles({ text: 'amazon', mode: 'substring', limit: 1 }, repo)).toEqual(['Amazon Pay']);
    // A later write is seen at once (the in-memory listing is dropped on every write).
    await repo.replaceAll(repo.search({ includeInactive: true, limit: 500 }).map((b) => b.brand).filter((b) => b.id !== 's2'), T0 + 3);
    expect(titles({ text: 'mazon', mode: 'substring' }, repo)).toEqual(['Bamazon', 'Zamazon Mart']);
    expect(repo.applyBrandUpdate({ brandId: 's3', status: 'INACTIVE' }).ok).toBe(true);
    expect(titles({ text: 'mazon', mode: 'substring' }, repo)).toEqual(['Zamazon Mart']);
    // Short prefixes walk the same listing: 'b' starts 'Basket', the tag 'bakery' and 'bed' in a description.
    expect(titles({ text: 'b' }, repo)).toEqual(['Dash Basket', 'Dhanak Café', 'Mayur Linen Co.']);
  });

  it('treats FTS5 syntax in user text as plain words, never throwing', () => {
    const hostile = ['"', '*', 'NEAR(', '-', 'OR', 'title:', ')', '(', 'AND', 'NOT', '^', ':', '{title}:', '"unterminated', 'a OR b',
      'NEAR(cafe dha, 2)', 'title:cafe', '-cafe', 'cafe*', 'caf"e', "'", '\\', '+', '\u0000', 'x'.repeat(5000), 'a '.repeat(500), '🙂 café'];
    for (const text of hostile) {
      for (const category of [undefined, 'FOOD', "'; DROP TABLE brands; --"]) {
        expect(() => repo.search({ text, category, includeInactive: true, includeRemoved: true })).not.toThrow();
      }
    }
    expect(titles({ text: 'near' }, repo)).toEqual(['Near & Far Travels']);
    expect(titles({ text: 'NEAR(' }, repo)).toEqual(['Near & Far Travels']);
    expect(titles({ text: 'OR' }, repo)).toEqual(['Orchid Stays']);
    expect(titles({ text: 'title:cafe' }, repo)).toEqual([]); // 'title' is just a word here
    expect(titles({ text: '-cafe)' }, repo)).toEqual(['Cafe Plain', 'Dhanak Café']);
    expect(titles({ text: '"dhanak" OR "mayur"' }, repo)).toEqual([]); // no OR operator: all three words required
  });
});

/**
 * The planner picks one of three query shapes by candidate counts (FTS-driven, category-driven,
 * or walking the listing index). On a catalog big enough for each, every shape must give
 * exactly what a plain in-memory search gives.
 */
describe('search agrees with an in-memory reference, whatever query shape is chosen', () => {
  const WORDS = ['shop', 'store', 'café', 'cafe', 'crème', 'linen', 'mayur', 'neem', 'naïve', 'zoë', 'amaltas', 'kesar', 'travel', 'toy', 'spa', 'pâtisserie', 'rare1', 'rarest'];
  const CATEGORIES = ['FOOD', 'FASHION', 'KIDS', 'TRAVEL_AND_TRANSPORT', 'QUICK_COMMERCE'];
  let env: ReturnType<typeof tempDatabase>;
  let repo: CatalogRepository;
  const stored: { brand: PartnerBrand; removed: boolean; words: string[]; namedBy: string[]; sortKey: string }[] = [];

  beforeAll(async () => {
    env = tempDatabase();
    repo = new CatalogRepository(env.db);
    let seed = 7;
    // 32-bit arithmetic: in doubles the product loses its low bits and the words repeat.
    const rand = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 16) % n;
    };
    const brands: PartnerBrand[] = [];
    for (let i = 0; i < 3200; i++) {
      const word = (): string => WORDS[rand(WORDS.length - 2)]!; // the two rare words are placed by hand
      const title = `${word()} ${word()} ${i}`;
      const categories = i % 97 === 0 ? ['KIDS'] : [CATEGORIES[rand(2)]!, ...(i % 3 === 0 ? ['QUICK_COMMERCE'] : [])];
      const rare = i % 401 === 0 ? ' rare1' : i === 1234 ? ' rarest' : '';
      brands.push(makeBrand(`id${i}`, { title: title.replace(/^./, (c) => c.toUpperCase()), description: `Shop ${word()}${rare}`, tags: [word()], categories, status: i % 7 === 0 ? 'INACTIVE' : 'ACTIVE' }));
    }
    await repo.replaceAll(brands, T0);
    const kept = brands.filter((_, i) => i % 11 !== 0);
    await repo.replaceAll(kept, T0 + 1);
    const keptIds = new Set(kept.map((b) => b.id));
    for (const brand of brands) {
      const words = wordsOf([brand.title, brand.description ?? '', ...brand.tags, ...normaliseCategories(brand.categories)].join(' '));
      const namedBy = wordsOf([brand.title, ...brand.tags].join(' '));
      stored.push({ brand, removed: !keptIds.has(brand.id), words, namedBy, sortKey: sortKeyOf(brand.title, brand.id) });
    }
  });
  afterAll(async () => {
    await repo.checkpointIdle();
    env.cleanup();
  });

  function wordsOf(text: string): string[] {
    return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
  }
  function reference(q: CatalogSearchQuery): string[] {
    const terms = [...new Set(wordsOf(q.text ?? '').map((t) => t.slice(0, MAX_TERM_CHARS)))].slice(0, 8);
    const category = q.category?.trim().toUpperCase();
    const covers = (words: string[]) => terms.every((t) => words.some((w) => w.startsWith(t)));
    // Brands the words name (title or tag) first, then ACTIVE first, then by title.
    const unnamed = (s: (typeof stored)[number]) => Number(!covers(s.namedBy));
    return stored
      .filter(({ brand, removed, words }) => {
        if (removed && !q.includeRemoved) return false;
        if (brand.status !== 'ACTIVE' && !q.includeInactive) return false;
        if (category && !normaliseCategories(brand.categories).includes(category)) return false;
        return covers(words);
      })
      .sort(
        (a, b) =>
          unnamed(a) - unnamed(b) ||
          Number(a.brand.status !== 'ACTIVE') - Number(b.brand.status !== 'ACTIVE') ||
          (a.sortKey < b.sortKey ? -1 : 1),
      )
      .slice(0, q.limit ?? 50)
      .map(({ brand }) => brand.id);
  }

  const PREFIXES = ['patisseri', 'pâtisserie', 's', 'c', 'sh', 'caf', 'café', 'cre', 'crème', 'n', 'na', 'naive', 'zo', 'zoe', 'rare1', 'rarest', 'rar', 'kid', 'food', 'quick', 'x', '12', '7', 'shop', 'store'];
  const queryArb = fc.record({
    text: fc.array(fc.constantFrom(...PREFIXES), { maxLength: 3 }).map((words) => words.join(' ')),
    category: fc.option(fc.constantFrom(...CATEGORIES, 'food', 'NONE'), { nil: undefined }),
    includeInactive: fc.boolean(),
    includeRemoved: fc.boolean(),
    limit: fc.integer({ min: 1, max: 120 }),
  });

  it('for hand-picked queries that force each shape', () => {
    const queries: CatalogSearchQuery[] = [
      { text: 's' }, // broad short prefix: walks the in-memory listing
      { text: 'rar' }, // short and rare: FTS gathers, SQLite sorts
      { text: 'rarest' }, // rare: FTS gathers
      { text: 'rar', category: 'FOOD', includeRemoved: true }, // rare, in a category: FTS gathers
      { text: 'patisseries' }, // longer than the prefix indexes: matched on its first 8 characters
      { text: 's', category: 'KIDS' }, // broad text, small category: the listing walk through both byte maps
      { text: 'shop', category: 'KIDS', includeInactive: true }, // 'shop' is in every description: 10 named, then the rest
      { text: 'store', category: 'FOOD', limit: 300 }, // ~280 named, then the first of the rest
      { category: 'FOOD', includeInactive: true }, // big category browse: walks the index
      { category: 'KIDS', includeRemoved: true }, // small category browse: category-driven
      { limit: 500, includeInactive: true, includeRemoved: true },
    ];
    for (const q of queries) expect(repo.search(q).map((b) => b.brand.id), JSON.stringify(q)).toEqual(reference(q));
  });

  function substringReference(q: CatalogSearchQuery): string[] {
    const terms = [...new Set(wordsOf(q.text ?? ''))].slice(0, 8);
    const category = q.category?.trim().toUpperCase();
    const atWordStart = (title: string, t: string) => wordsOf(title).some((w) => w.startsWith(t)) || foldText(title).startsWith(t);
    return stored
      .filter(({ brand, removed }) => {
        if (removed && !q.includeRemoved) return false;
        if (brand.status !== 'ACTIVE' && !q.includeInactive) return false;
        if (category && !normaliseCategories(brand.categories).includes(category)) return false;
        return terms.every((t) => foldText(brand.title).includes(t));
      })
      .map((s) => ({ ...s, tier: terms.every((t) => atWordStart(s.brand.title, t)) ? 0 : 1 }))
      .sort(
        (a, b) =>
          Number(a.brand.status !== 'ACTIVE') - Number(b.brand.status !== 'ACTIVE') || a.tier - b.tier || (a.sortKey < b.sortKey ? -1 : 1),
      )
      .slice(0, q.limit ?? 50)
      .map(({ brand }) => brand.id);
  }

  it('after the background warm-up (one-letter match sets read in pages), one-letter searches agree', async () => {
    await repo.searchWarm();
    for (const text of ['s', 'c', 'n', 'z', 'x', '7', 'k']) {
      for (const q of [{ text }, { text, includeInactive: true, includeRemoved: true, limit: 120 }]) {
        expect(repo.search(q).map((b) => b.brand.id), JSON.stringify(q)).toEqual(reference(q));
      }
    }
  });

  it('in substring mode, for generated queries', () => {
    const SUBSTRINGS = ['af', 'afé', 'inen', 'ayu', 'ore', 'toy', 'e', 'ss', 'ri', 'ë', '12', '99', 'zzz', 'aïv', 'caf'];
    fc.assert(
      fc.property(queryArb, fc.array(fc.constantFrom(...SUBSTRINGS), { minLength: 1, maxLength: 2 }), (q, words) => {
        const query: CatalogSearchQuery = { ...q, text: words.join(' '), mode: 'substring' };
        expect(repo.search(query).map((b) => b.brand.id)).toEqual(substringReference(query));
      }),
      { numRuns: 200 },
    );
  });

  it('for generated queries', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        expect(repo.search(q).map((b) => b.brand.id)).toEqual(reference(q));
      }),
      { numRuns: 300 },
    );
  });
});
