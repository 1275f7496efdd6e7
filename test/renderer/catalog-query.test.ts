import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import type { PartnerBrand } from '../../src-main/partner-api/types.js';
import type { CatalogBrand } from '../../src-main/contract/index.js';
import { AnswerCache, answerFrom, catalogQuery, type CatalogAnswer } from '../../src-renderer/sell/catalog-query.js';
import { makeBrand, tempDatabase } from '../catalog/fixtures.js';

const entry = (id: string, over: Partial<PartnerBrand> = {}): CatalogBrand => ({ brand: makeBrand(id, over), removed: false, removedAt: null, discount: null, syncedAt: 0 });
const answer = (text: string, brands: CatalogBrand[], category: string | null = null, limit = 60): CatalogAnswer => ({ query: catalogQuery(text, category), brands, limit });
const ids = (list: CatalogBrand[] | null) => list?.map((e) => e.brand.id) ?? null;

describe('catalogQuery: the query main runs for the text', () => {
  it('keys texts main answers alike the same: case, spacing, punctuation, repeated words, words past 8 characters', () => {
    const key = (t: string, c: string | null = null) => catalogQuery(t, c).key;
    expect(key('  Kalo  mi ')).toBe(key('kalo mi'));
    expect(key('kalo, mi!')).toBe(key('kalo mi'));
    expect(key('kalo kalo')).toBe(key('kalo'));
    expect(key('patisseries')).toBe(key('patisser'));
    expect(key('!!')).toBe(key(''));
    expect(key('kalo', ' food ')).toBe(key('kalo', 'FOOD'));
    expect(key('kalo', 'FOOD')).not.toBe(key('kalo'));
  });

  it('keeps at most 8 terms, as main does', () => {
    expect(catalogQuery('a b c d e f g h i j', null).terms).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
  });
});

describe('answerFrom: a list known without asking main', () => {
  const coffee = entry('c', { title: 'Kalo Coffee', description: 'Fresh beans', tags: ['brew'], categories: ['FOOD'] });
  const tea = entry('t', { title: 'Kalomi Tea', description: null, tags: [], categories: ['FOOD', 'health'] });
  const shoes = entry('s', { title: 'Mira Shoes', description: 'kalo leather', tags: [], categories: ['FASHION'] });
  const whole = answer('ka', [coffee, tea, shoes]);

  it('narrows a whole answer by every word as a token prefix, in the answer’s order', () => {
    expect(ids(answerFrom(whole, catalogQuery('kalo', null)))).toEqual(['c', 't', 's']);
    expect(ids(answerFrom(whole, catalogQuery('kalom', null)))).toEqual(['t']);
    expect(ids(answerFrom(whole, catalogQuery('kalo lea', null)))).toEqual(['s']);
    expect(ids(answerFrom(whole, catalogQuery('ka bre', null)))).toEqual(['c']);
    // Inside a word is not a prefix: 'alo' is in 'Kalo' but starts no token.
    expect(ids(answerFrom(answer('', [coffee, tea, shoes]), catalogQuery('alo', null)))).toEqual([]);
  });

  it('matches category words, and narrows to a category chosen after the text', () => {
    expect(ids(answerFrom(whole, catalogQuery('ka heal', null)))).toEqual(['t']);
    expect(ids(answerFrom(whole, catalogQuery('ka', 'food')))).toEqual(['c', 't']);
  });

  it('answers the same query from a truncated list, but never narrows one', () => {
    const truncated = answer('ka', [coffee, tea], null, 2);
    expect(ids(answerFrom(truncated, catalogQuery('KA ', null), 2))).toEqual(['c', 't']);
    expect(answerFrom(truncated, catalogQuery('kalo', null), 2)).toBeNull();
  });

  it('does not answer a wider query (Backspace), another category, or another limit', () => {
    expect(answerFrom(answer('kalo', [coffee]), catalogQuery('kal', null))).toBeNull();
    expect(answerFrom(answer('kalo', [coffee], 'FOOD'), catalogQuery('kalo', 'FASHION'))).toBeNull();
    expect(answerFrom(answer('kalo', [coffee], 'FOOD'), catalogQuery('kalo', null))).toBeNull();
    expect(answerFrom(answer('kalo', [coffee]), catalogQuery('kalo', null), 30)).toBeNull();
  });

  it('leaves text past plain ASCII to main’s tokenizer (diacritics, other scripts)', () => {
    const cafe = entry('e', { title: 'Kalo Café' });
    expect(answerFrom(answer('ka', [coffee, cafe]), catalogQuery('kalo', null))).toBeNull();
    expect(answerFrom(whole, catalogQuery('kalö', null))).toBeNull();
  });

  it('AnswerCache answers from an older whole answer and forgets everything on clear', () => {
    const cache = new AnswerCache(4);
    cache.put(answer('ka', [coffee, tea, shoes]));
    cache.put(answer('mi', [shoes], null, 1));
    expect(ids(cache.answer(catalogQuery('kalom', null)))).toEqual(['t']);
    expect(ids(cache.answer(catalogQuery('mi', null), 60))).toBeNull();
    cache.clear();
    expect(cache.answer(catalogQuery('kalom', null))).toBeNull();
  });
});

describe('answerFrom agrees with main’s own search', () => {
  const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'zen', 'tor', 'kal'];
  let env: ReturnType<typeof tempDatabase>;
  let repo: CatalogRepository;

  beforeAll(async () => {
    env = tempDatabase();
    repo = new CatalogRepository(env.db);
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const word = () => Array.from({ length: 1 + Math.floor(rand() * 3) }, () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)]).join('');
    const brands = Array.from({ length: 400 }, (_, i) =>
      makeBrand(`B${i}`, {
        // A few titles past ASCII: lists holding one are left to main.
        title: `${word()} ${word()}${i % 41 === 0 ? 'é' : ''}`,
        description: rand() < 0.3 ? null : `${word()} gift`,
        tags: rand() < 0.5 ? [word()] : [],
        categories: [['FOOD', 'FASHION', 'quick_commerce'][i % 3]!],
        status: i % 7 === 0 ? 'INACTIVE' : 'ACTIVE',
      }),
    );
    await repo.replaceAll(brands, Date.UTC(2026, 10, 1));
  });
  afterAll(() => env.cleanup());

  const search = (text: string, category: string | null, limit: number) =>
    repo.search({ includeInactive: true, limit, ...(text.trim() ? { text: text.trim() } : {}), ...(category ? { category } : {}) }) as unknown as CatalogBrand[];

  it('whenever it answers, the list is exactly main’s (typing on, adding words, choosing a category)', () => {
    const text = fc.array(fc.constantFrom(...SYLLABLES, ' ', 'a', 'e', 'é', 'o', 'z', '1'), { maxLength: 5 }).map((parts) => parts.join(''));
    const category = fc.constantFrom(null, 'FOOD', 'QUICK_COMMERCE');
    let answered = 0;
    fc.assert(
      fc.property(text, text, category, category, fc.constantFrom(5, 60, 500), (wider, more, c1, c2, limit) => {
        const before = answer(wider, search(wider, c1, limit), c1, limit);
        const query = catalogQuery(wider + more, c2 ?? c1);
        const known = answerFrom(before, query, limit);
        if (known === null) return;
        answered++;
        expect(ids(known)).toEqual(ids(search(wider + more, c2 ?? c1, limit)));
      }),
      { numRuns: 600 },
    );
    // The property says something only if many pairs were answered here (a limit above the
    // catalog's size makes every answer whole, so every narrowing is checked).
    expect(answered).toBeGreaterThan(100);
  });
});
