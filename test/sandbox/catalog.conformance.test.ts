import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandWire } from '../../src-main/sandbox/catalog/brand-wire.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { TestApi, withSandbox } from './harness.js';

/**
 * Conformance: the catalog endpoints (spec §2.2, §4.2, §4.3, §9; README "Catalog",
 * "Test brands", "Catalog paging"). Expected values come from the committed catalog file
 * and the README's list of test brands, not from the sandbox's own code.
 */
const FILE = fileURLToPath(new URL('../../resources/sandbox/catalog.json', import.meta.url));
const generated = (JSON.parse(readFileSync(FILE, 'utf8')) as { brands: BrandWire[] }).brands;
const byId = new Map(generated.map((b) => [b.id, b]));

/** The README "Test brands" table. */
const TEST_BRANDS = [
  'TEST_PROCESSING_SUCCESS', 'TEST_PROCESSING_FAILED', 'TEST_PROCESSING_STUCK', 'TEST_BRAND_NOT_AVAILABLE',
  'TEST_E100_TEMPORARILY_DISABLED', 'TEST_E101_NOT_ENABLED', 'TEST_E102_INACTIVE', 'TEST_E103_B2C_ONLY',
  'TEST_E103_B2B_ONLY', 'TEST_E200_GENERATION_FAILED', 'TEST_E201_POLLING_FAILED', 'TEST_E204_GENERATION_UNAVAILABLE',
  'TEST_FIXED_STANDARD', 'TEST_FLEXIBLE_STANDARD', 'TEST_AMOUNT_AS_STRING',
];
const LISTED_TEST_BRANDS = TEST_BRANDS.filter((id) => id !== 'TEST_E101_NOT_ENABLED');
const LISTED_TOTAL = generated.length + LISTED_TEST_BRANDS.length;
/** A page size that divides the list exactly, so the last full page must say nextCursor null. */
const EXACT_LIMIT = Array.from({ length: 191 }, (_, i) => 200 - i).find((d) => LISTED_TOTAL % d === 0) ?? LISTED_TOTAL;
const titleBrand = generated.find((b) => b.title === "Zoë's Toy Attic")!;

const categoriesOf = (b: BrandWire): string[] => b.category ?? b.categories ?? [];
const text = (b: BrandWire): string => `${b.title}\n${b.brandDescription ?? ''}`.toLowerCase();
const ids = (brands: { id: string }[]): string[] => brands.map((b) => b.id);
const sorted = (list: string[]): string[] => [...list].sort();

function expectBadRequest(res: { status: number; body: any }, field: string): void {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('BAD_REQUEST');
  expect(res.body.error.message).toMatch(new RegExp(field));
  expect(res.body.error.details).toEqual([{ field, message: expect.any(String) }]);
  expect(typeof res.body.requestId).toBe('string');
}

describe('catalog (GET /v1/partners/products, GET /v1/partners/products/:id)', () => {
  let sandbox: Sandbox;
  let api: TestApi;
  let all: BrandWire[];

  const list = async (query: string): Promise<{ data: BrandWire[]; nextCursor: { pageNo: number; limit: number } | null }> => {
    const res = await api.get(`/v1/partners/products${query}`);
    expect(res.status, `GET products${query}`).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    ({ sandbox, api } = await withSandbox());
    await api.login();
    all = (await list('')).data;
  });
  afterAll(() => sandbox.close());

  describe('listing without pageNo', () => {
    it('returns every listed brand (≥ 460 generated + test brands, without TEST_E101_NOT_ENABLED) and nextCursor null', async () => {
      const body = await list('');
      expect(body.nextCursor).toBeNull();
      expect(generated.length).toBeGreaterThanOrEqual(460);
      expect(body.data).toHaveLength(LISTED_TOTAL);
      expect(new Set(ids(body.data)).size).toBe(LISTED_TOTAL);
      expect(sorted(ids(body.data))).toEqual(sorted([...generated.map((b) => b.id), ...LISTED_TEST_BRANDS]));
      expect(ids(body.data)).not.toContain('TEST_E101_NOT_ENABLED');
    });

    it('includes ACTIVE and INACTIVE brands alike', () => {
      const inactive = all.filter((b) => b.status === 'INACTIVE');
      expect(all.every((b) => b.status === 'ACTIVE' || b.status === 'INACTIVE')).toBe(true);
      expect(inactive.length).toBe(generated.filter((b) => b.status === 'INACTIVE').length + 1);
      expect(ids(inactive)).toContain('TEST_E102_INACTIVE');
      expect(all.length - inactive.length).toBeGreaterThan(400);
    });

    it('serves each generated brand exactly as stored, with asset URLs made absolute', () => {
      const served = new Map(all.map((b) => [b.id, b]));
      const abs = (path: string): string => `${sandbox.url}${path}`;
      for (const stored of generated) {
        const expected: BrandWire = { ...stored, thumbnailUrl: abs(stored.thumbnailUrl), logoUrl: abs(stored.logoUrl) };
        if (stored.iconImageUrl !== undefined) expected.iconImageUrl = abs(stored.iconImageUrl);
        expect(served.get(stored.id)).toStrictEqual(expected);
      }
    });

    it('keeps each brand’s stored spelling of categories in the list (both spellings occur)', () => {
      const served = new Map(all.map((b) => [b.id, b]));
      const withCategories = generated.filter((b) => b.categories);
      const withCategory = generated.filter((b) => b.category);
      expect(withCategories.length).toBeGreaterThan(0);
      expect(withCategory.length).toBeGreaterThan(0);
      for (const b of withCategories) expect(served.get(b.id)).not.toHaveProperty('category');
      for (const b of withCategory) expect(served.get(b.id)).not.toHaveProperty('categories');
    });
  });

  describe('paging', () => {
    it('defaults limit to 50 when pageNo is given', async () => {
      const body = await list('?pageNo=1');
      expect(body.data).toHaveLength(50);
      expect(body.nextCursor).toEqual({ pageNo: 2, limit: 50 });
      expect(ids(body.data)).toEqual(ids(all).slice(0, 50));
    });

    it.each([37, 50, EXACT_LIMIT])('walks the whole list exactly once following nextCursor (limit %i)', async (limit) => {
      const seen: string[] = [];
      let cursor: { pageNo: number; limit: number } | null = { pageNo: 1, limit };
      let pages = 0;
      while (cursor) {
        const body = await list(`?pageNo=${cursor.pageNo}&limit=${cursor.limit}`);
        pages += 1;
        expect(body.data.length).toBeGreaterThan(0);
        expect(body.data.length).toBeLessThanOrEqual(limit);
        if (body.nextCursor) expect(body.nextCursor).toEqual({ pageNo: cursor.pageNo + 1, limit });
        seen.push(...ids(body.data));
        cursor = body.nextCursor;
        expect(pages).toBeLessThan(100);
      }
      expect(pages).toBe(Math.ceil(LISTED_TOTAL / limit));
      expect(seen).toEqual(ids(all));
    });

    it('answers one page with nextCursor null when limit covers everything (limit 500)', async () => {
      const body = await list('?pageNo=1&limit=500');
      expect(ids(body.data)).toEqual(ids(all));
      expect(body.nextCursor).toBeNull();
    });

    it('returns empty data and nextCursor null for a pageNo beyond the end', async () => {
      for (const query of [`?pageNo=${Math.ceil(LISTED_TOTAL / 50) + 1}`, '?pageNo=999&limit=10']) {
        const body = await list(query);
        expect(body.data).toEqual([]);
        expect(body.nextCursor).toBeNull();
      }
    });

    it.each(['0', '-1', 'abc', '1.5', '1e2', ' 1'])('answers 400 for pageNo=%j', async (value) => {
      expectBadRequest(await api.get(`/v1/partners/products?pageNo=${encodeURIComponent(value)}`), 'pageNo');
    });

    it.each(['0', '-1', 'abc', '1.5', '501'])('answers 400 for limit=%j', async (value) => {
      expectBadRequest(await api.get(`/v1/partners/products?pageNo=1&limit=${encodeURIComponent(value)}`), 'limit');
    });
  });

  describe('search and filters', () => {
    it('q matches titles case-insensitively, including non-ASCII letters', async () => {
      expect(titleBrand).toBeDefined();
      const body = await list(`?q=${encodeURIComponent('ZOË')}`);
      expect(ids(body.data)).toEqual([titleBrand.id]);
      expect(body.nextCursor).toBeNull();

      const medicals = await list('?q=Medicals');
      const expected = generated.filter((b) => text(b).includes('medicals'));
      expect(expected.length).toBeGreaterThan(1);
      expect(sorted(ids(medicals.data))).toEqual(sorted(ids(expected)));
    });

    it('q matches descriptions (a word found in no title)', async () => {
      const expected = generated.filter((b) => (b.brandDescription ?? '').toLowerCase().includes('grooming'));
      expect(expected.length).toBeGreaterThan(0);
      expect(generated.some((b) => b.title.toLowerCase().includes('grooming'))).toBe(false);
      const body = await list('?q=GROOMING');
      expect(sorted(ids(body.data))).toEqual(sorted(ids(expected)));
    });

    it('q does not match words that appear only in tags', async () => {
      const tagged = generated.filter((b) => b.tags.includes('handmade'));
      expect(tagged.length).toBeGreaterThan(0);
      expect(generated.some((b) => text(b).includes('handmade'))).toBe(false);
      expect((await list('?q=handmade')).data).toEqual([]);
    });

    it('q pages like the full list', async () => {
      const expected = generated.filter((b) => text(b).includes('medicals'));
      const page1 = await list('?q=medicals&pageNo=1&limit=2');
      expect(page1.data).toHaveLength(2);
      expect(page1.nextCursor).toEqual(expected.length > 2 ? { pageNo: 2, limit: 2 } : null);
    });

    it('category filters over both stored spellings (category and categories)', async () => {
      const expected = generated.filter((b) => categoriesOf(b).includes('HOME_DECOR'));
      expect(expected.some((b) => b.categories)).toBe(true);
      expect(expected.some((b) => b.category)).toBe(true);
      const body = await list('?category=HOME_DECOR');
      expect(sorted(ids(body.data))).toEqual(sorted(ids(expected)));
      for (const b of body.data) expect(categoriesOf(b)).toContain('HOME_DECOR');
    });

    it('category includes the test brands under their category', async () => {
      const body = await list('?category=EMERGING_BRANDS');
      const expected = [...generated.filter((b) => categoriesOf(b).includes('EMERGING_BRANDS')).map((b) => b.id), ...LISTED_TEST_BRANDS];
      expect(sorted(ids(body.data))).toEqual(sorted(expected));
    });

    it('q and category combine (both must match)', async () => {
      const expected = generated.filter((b) => categoriesOf(b).includes('PHARMACY') && text(b).includes('medicals'));
      const onlyQ = generated.filter((b) => text(b).includes('medicals'));
      expect(expected.length).toBeGreaterThan(0);
      const body = await list('?q=medicals&category=PHARMACY');
      expect(sorted(ids(body.data))).toEqual(sorted(ids(expected)));
      expect(body.data.length).toBeLessThanOrEqual(onlyQ.length);
    });

    it('an unknown category or a q matching nothing gives empty data', async () => {
      expect((await list('?category=NO_SUCH_CATEGORY')).data).toEqual([]);
      expect((await list('?q=zzzqqqxxx')).data).toEqual([]);
    });
  });

  describe('brand images', () => {
    it('logoUrl and thumbnailUrl are absolute URLs on the sandbox origin for every brand', () => {
      for (const b of all) {
        expect(b.logoUrl).toBe(`${sandbox.url}/assets/brands/${b.id}/logo.svg`);
        expect(b.thumbnailUrl).toBe(`${sandbox.url}/assets/brands/${b.id}/thumbnail.svg`);
      }
    });

    it('the URLs are fetchable SVG images, also for test brands and unicode titles', async () => {
      const sample = [all[0]!, all.find((b) => b.id === titleBrand.id)!, all.find((b) => b.id === 'TEST_FIXED_STANDARD')!];
      for (const b of sample) {
        for (const url of [b.logoUrl, b.thumbnailUrl]) {
          const res = await fetch(url);
          expect(res.status, url).toBe(200);
          expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
          expect((await res.text()).startsWith('<svg')).toBe(true);
        }
      }
    });

    it('an unknown brand asset is a 404 envelope', async () => {
      const res = await api.get('/assets/brands/no_such_brand/logo.svg');
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    });
  });

  describe('single brand', () => {
    const inactive = generated.find((b) => b.status === 'INACTIVE')!;
    const storedWithCategory = generated.find((b) => b.category)!;
    const storedWithCategories = generated.find((b) => b.categories)!;

    it.each([
      ['an INACTIVE generated brand', inactive.id],
      ['a brand stored with `category`', storedWithCategory.id],
      ['a brand stored with `categories`', storedWithCategories.id],
    ])('returns %s with `categories` and no `category`', async (_case, id) => {
      const res = await api.get(`/v1/partners/products/${id}`);
      expect(res.status).toBe(200);
      const stored = byId.get(id)!;
      expect(res.body.id).toBe(id);
      expect(res.body.status).toBe(stored.status);
      expect(res.body.categories).toEqual(categoriesOf(stored));
      expect(res.body).not.toHaveProperty('category');
      const { category: _c, categories: _cs, ...rest } = stored;
      expect(res.body).toMatchObject({ ...rest, logoUrl: `${sandbox.url}${stored.logoUrl}`, thumbnailUrl: `${sandbox.url}${stored.thumbnailUrl}` });
    });

    it.each(TEST_BRANDS)('returns test brand %s by id (listed or not)', async (id) => {
      const res = await api.get(`/v1/partners/products/${id}`);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(id);
      expect(Array.isArray(res.body.categories)).toBe(true);
      expect(res.body).not.toHaveProperty('category');
      expect(res.body.logoUrl).toBe(`${sandbox.url}/assets/brands/${id}/logo.svg`);
    });

    it('TEST_E102_INACTIVE is INACTIVE and TEST_E101_NOT_ENABLED is retrievable though not listed', async () => {
      expect((await api.get('/v1/partners/products/TEST_E102_INACTIVE')).body.status).toBe('INACTIVE');
      expect((await api.get('/v1/partners/products/TEST_E101_NOT_ENABLED')).status).toBe(200);
    });

    it('answers 404 with an envelope for an unknown id', async () => {
      const res = await api.request('GET', '/v1/partners/products/brd_no_such_brand', undefined, { headers: { 'X-REQUEST-ID': 'cat-404' } });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: { code: 'NOT_FOUND', message: expect.any(String) }, requestId: 'cat-404' });
    });

    it('passes deprecated fields through where the brand has them, and omits them elsewhere', async () => {
      const withDeprecated = generated.find((b) => b.iconImageUrl && b.tncUrl && b.usageInstructions && b.amountRestrictions?.minAmount !== undefined)!;
      const without = generated.find((b) => !b.iconImageUrl && !b.tncUrl && !b.usageInstructions && b.amountRestrictions && b.amountRestrictions.minAmount === undefined)!;
      expect(withDeprecated).toBeDefined();
      expect(without).toBeDefined();

      const res = (await api.get(`/v1/partners/products/${withDeprecated.id}`)).body;
      expect(res.iconImageUrl).toBe(`${sandbox.url}${withDeprecated.iconImageUrl}`);
      expect(res.tncUrl).toBe(withDeprecated.tncUrl);
      expect(res.usageInstructions).toBe(withDeprecated.usageInstructions);
      expect(res.amountRestrictions.minAmount).toBe(withDeprecated.amountRestrictions!.minAmount);
      expect(res.amountRestrictions.maxAmount).toBe(withDeprecated.amountRestrictions!.maxAmount);

      const plain = (await api.get(`/v1/partners/products/${without.id}`)).body;
      for (const field of ['iconImageUrl', 'tncUrl', 'usageInstructions']) expect(plain).not.toHaveProperty(field);
      expect(plain.amountRestrictions).not.toHaveProperty('minAmount');
    });

    it('round-trips unicode titles and descriptions intact in the list and by id', async () => {
      const unicode = generated.filter((b) => /[^\x20-\x7e]/.test(b.title) || /[^\x20-\x7e]/.test(b.brandDescription ?? ''));
      expect(unicode.some((b) => /[\u0900-\u097f]/.test(b.brandDescription ?? ''))).toBe(true);
      const served = new Map(all.map((b) => [b.id, b]));
      for (const b of unicode) {
        expect(served.get(b.id)!.title).toBe(b.title);
        expect(served.get(b.id)!.brandDescription).toBe(b.brandDescription);
      }
      const one = (await api.get(`/v1/partners/products/${titleBrand.id}`)).body;
      expect(one.title).toBe("Zoë's Toy Attic");
      expect(one.brandDescription).toBe(titleBrand.brandDescription);
    });
  });
});
