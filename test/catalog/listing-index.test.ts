import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { ListingIndex, type CatalogListingColumns, type ListedBrand } from '../../src-main/catalog/shared/listing-index.js';
import { catalogFacade, type CatalogFacade } from '../../src-main/core/facade/catalog-facade.js';
import type { CoreEvents } from '../../src-main/core/core-events.js';
import type { EnvironmentContext } from '../../src-main/core/environment-context.js';
import type { PartnerBrand } from '../../src-main/partner-api/types.js';
import { generateBrands } from '../bench/brands.js';
import { makeBrand, sandboxBrands, tempDatabase } from './fixtures.js';

const T0 = Date.UTC(2026, 10, 1);

/** Main's catalog.search as the bridge answers it: the facade over a real catalog database (it reads nothing else). */
function facadeOver(repo: CatalogRepository): CatalogFacade {
  return catalogFacade(() => ({ catalog: repo }) as unknown as EnvironmentContext, {} as CoreEvents);
}

interface Query {
  text?: string;
  category?: string;
  includeInactive?: boolean;
  limit: number;
}

/** Every brand of the columns in listing order, as a row draws it. */
function rowsOf(columns: CatalogListingColumns): ListedBrand['brand'][] {
  const index = new ListingIndex(columns);
  return Array.from({ length: index.size }, (_, p) => index.row(p).brand);
}

function pageAnswer(index: ListingIndex, query: Query): string[] {
  return index.search(query).map((p) => index.row(p).brand.id);
}

/** Catalogs with what search must tell apart: inactive and removed brands, shared words, categories, non-ASCII titles. */
async function catalogOf(brands: PartnerBrand[]): Promise<{ repo: CatalogRepository; facade: CatalogFacade; columns: CatalogListingColumns; cleanup(): void }> {
  const env = tempDatabase();
  const repo = new CatalogRepository(env.db);
  await repo.replaceAll(brands, T0);
  // Every 17th brand vanishes from the next full list: removed, still in the index.
  await repo.replaceAll(brands.filter((_, i) => i % 17 !== 5), T0 + 1);
  const { columns } = await repo.listing();
  if (!columns) throw new Error('no columns without a version held');
  return { repo, facade: facadeOver(repo), columns, cleanup: env.cleanup };
}

function queries(brands: PartnerBrand[], categories: string[]): fc.Arbitrary<Query> {
  const fragments = brands.flatMap((b) => [b.title, b.description ?? '', ...b.tags, ...b.categories]).filter(Boolean);
  // A piece of a real field: a prefix, a mid-word cut or a whole word, sometimes upper case.
  const piece = fc.tuple(fc.constantFrom(...fragments), fc.nat(40), fc.integer({ min: 1, max: 9 }), fc.boolean()).map(([f, at, len, upper]) => {
    const start = at % Math.max(1, f.length);
    const cut = f.slice(start, start + len);
    return upper ? cut.toUpperCase() : cut;
  });
  return fc.record(
    {
      text: fc.array(piece, { minLength: 1, maxLength: 3 }).map((ps) => ps.join(' ')),
      category: fc.constantFrom(...categories),
      includeInactive: fc.boolean(),
      limit: fc.constantFrom(1, 5, 60, 200),
    },
    { requiredKeys: ['limit'] },
  );
}

describe.each([
  ['the sandbox catalog', () => sandboxBrands()],
  [
    '1,500 generated brands, a tenth inactive',
    () => generateBrands(1_500).map((b, i) => (i % 10 === 3 ? { ...b, status: 'INACTIVE' } : b)),
  ],
])('the page answers search as main does: %s', (_name, brandsOf) => {
  let catalog: Awaited<ReturnType<typeof catalogOf>>;
  let brands: PartnerBrand[];
  let index: ListingIndex;
  let categories: string[];

  beforeAll(async () => {
    brands = brandsOf();
    catalog = await catalogOf(brands);
    index = new ListingIndex(catalog.columns);
    categories = [...new Set(brands.flatMap((b) => b.categories))];
  });
  afterAll(() => catalog.cleanup());

  it('gives the same brands in the same order for queries made of the catalog’s own words', () => {
    fc.assert(
      fc.property(queries(brands, categories), (query) => {
        fc.pre(index.answers(query.text ?? ''));
        expect(pageAnswer(index, query)).toEqual(catalog.facade.search(query).map((b) => b.brand.id));
      }),
      { numRuns: 400, seed: 20261126 },
    );
  });

  it('gives the same for every 1–3 character prefix of the titles, by category and not', () => {
    const prefixes = [...new Set(brands.flatMap((b) => [1, 2, 3].map((n) => b.title.toLowerCase().slice(0, n))))].filter((p) => index.answers(p));
    expect(prefixes.length).toBeGreaterThan(20);
    for (const text of prefixes) {
      for (const category of [undefined, categories[0]]) {
        const query = { text, category, includeInactive: true, limit: 60 };
        expect(pageAnswer(index, query), JSON.stringify(query)).toEqual(catalog.facade.search(query).map((b) => b.brand.id));
      }
    }
  });

  it('browses (no text) the same, with and without a category', () => {
    for (const category of [undefined, ...categories]) {
      for (const includeInactive of [false, true]) {
        const query = { category, includeInactive, limit: 200 };
        expect(pageAnswer(index, query)).toEqual(catalog.facade.search(query).map((b) => b.brand.id));
      }
    }
  });
});

describe('the listing columns', () => {
  it('draw a row as main stores the brand, and leave out removed brands', async () => {
    const brands = [
      makeBrand('amazon', { title: 'Amazon Pay', tags: ['shopping'], categories: ['ECOMMERCE'] }),
      makeBrand('sleepy', { title: 'Sleepy Owl', status: 'INACTIVE', categories: ['FOOD'] }),
      makeBrand('gone', { title: 'Gone Amazonia', categories: ['FOOD'] }),
    ];
    const env = tempDatabase();
    try {
      const repo = new CatalogRepository(env.db);
      await repo.replaceAll(brands, T0);
      await repo.replaceAll(brands.slice(0, 2), T0 + 1);
      const index = new ListingIndex((await repo.listing()).columns!);
      const amazon = index.row(index.search({ text: 'mazon', limit: 10 })[0]!);
      expect(index.search({ text: 'mazon', includeInactive: true, limit: 10 }).map((p) => index.row(p).brand.id)).toEqual(['amazon']);
      expect(amazon).toEqual({
        brand: {
          id: 'amazon',
          title: 'Amazon Pay',
          status: 'ACTIVE',
          categories: ['ECOMMERCE'],
          tags: ['shopping'],
          denominationType: brands[0]!.denominationType,
          amountRestrictions: {
            minVoucherAmount: brands[0]!.amountRestrictions!.minVoucherAmount,
            maxVoucherAmount: brands[0]!.amountRestrictions!.maxVoucherAmount,
            denominations: brands[0]!.amountRestrictions!.denominations,
          },
        },
        removed: false,
      });
      expect(index.search({ text: 'owl', limit: 10 })).toEqual([]);
      expect(index.search({ text: 'owl', includeInactive: true, limit: 10 }).map((p) => index.row(p).brand.status)).toEqual(['INACTIVE']);
    } finally {
      env.cleanup();
    }
  });

  it('answer no columns while the version the page holds is current, and new ones after a write', async () => {
    const env = tempDatabase();
    try {
      const repo = new CatalogRepository(env.db);
      await repo.replaceAll([makeBrand('a', { title: 'Alpha' })], T0);
      const first = await repo.listing();
      expect(rowsOf(first.columns!).map((r) => r.id)).toEqual(['a']);
      expect(await repo.listing(first.version)).toEqual({ version: first.version, columns: null });
      await repo.replaceAll([makeBrand('a', { title: 'Alpha' }), makeBrand('b', { title: 'Beta' })], T0 + 1);
      const second = await repo.listing(first.version);
      expect(second.version).not.toBe(first.version);
      expect(rowsOf(second.columns!).map((r) => r.id)).toEqual(['a', 'b']);
    } finally {
      env.cleanup();
    }
  });

  it('read across a write are read again, so they answer the catalog after it', async () => {
    const env = tempDatabase();
    try {
      const repo = new CatalogRepository(env.db);
      await repo.replaceAll([makeBrand('a', { title: 'Alpha' }), makeBrand('b', { title: 'Beta' })], T0);
      // The brands are read before the first pause; the write lands in that pause.
      const reading = repo.listing();
      expect(repo.applyBrandUpdate({ brandId: 'a', status: 'INACTIVE' }).ok).toBe(true);
      const answer = await reading;
      expect(rowsOf(answer.columns!).map((r) => [r.id, r.status])).toEqual([
        ['b', 'ACTIVE'],
        ['a', 'INACTIVE'],
      ]);
      expect(await repo.listing(answer.version)).toEqual({ version: answer.version, columns: null });
    } finally {
      env.cleanup();
    }
  });

  it('are answered only for ASCII words: past ASCII only the index’s tokenizer is trusted', () => {
    const none = { joined: '', odd: [] };
    const index = new ListingIndex({ count: 0, ids: none, titles: none, folded: [], tags: none, kind: [], kinds: [], terms: none, postings: '' });
    expect(index.answers('dhanak caf')).toBe(true);
    expect(index.answers('café')).toBe(false);
    expect(index.answers('!!')).toBe(true);
  });
});
