import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { foldText, MAX_TERM_CHARS } from '../../src-main/catalog/catalog-text.js';
import type { CatalogBrand } from '../../src-main/catalog/catalog-types.js';
import type { PartnerBrand } from '../../src-main/partner-api/types.js';
import { sandboxCatalog } from './fixtures.js';

/** What the cashier's screen asks for. */
const SHOWN = 60;
const wordsOf = (text: string): string[] => foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
const termsOf = (text: string): string[] => [...new Set(wordsOf(text).map((w) => w.slice(0, MAX_TERM_CHARS)))];
/** Every typed word starts a word of the title or of a tag. */
const named = (brand: PartnerBrand, text: string): boolean => {
  const own = wordsOf([brand.title, ...brand.tags].join(' '));
  return termsOf(text).every((t) => own.some((w) => w.startsWith(t)));
};

describe('search of the sandbox catalog lists the brands the words name first', () => {
  let brands: PartnerBrand[];
  let repo: CatalogRepository;
  let cleanup: () => void;
  const search = (text: string, limit = SHOWN): CatalogBrand[] => repo.search({ text, includeInactive: true, limit });
  const titles = (list: CatalogBrand[]) => list.map((e) => e.brand.title);

  beforeAll(async () => {
    ({ repo, brands, cleanup } = await sandboxCatalog());
  });
  afterAll(() => cleanup());

  it('“inst”, “voucher” and “brand” show the brands with that title among the 60, ahead of descriptions that mention it', () => {
    // Each word is in the description of more brands than the screen shows ('delivered instantly', 'gift voucher').
    for (const text of ['inst', 'voucher', 'brand']) expect(search(text, 500).length, text).toBeGreaterThan(SHOWN);
    const inst = titles(search('inst'));
    expect(inst).toEqual(expect.arrayContaining(['Mogra Instruments', 'Navrang Instruments']));
    expect(titles(search('voucher')).slice(0, 2)).toEqual(['Test · Voucher amount as text', 'Test · Voucher generation failed (E200)']);
    expect(titles(search('brand'))[0]).toBe('Test · Brand not available');
    // Named ones (title or tag) first, then the rest; each ACTIVE first, then alphabetically.
    const found = search('inst');
    const split = found.findIndex((e) => !named(e.brand, 'inst'));
    expect(split).toBeGreaterThan(0);
    expect(found.slice(split).every((e) => !named(e.brand, 'inst'))).toBe(true);
    expect(found.some((e) => e.brand.status !== 'ACTIVE')).toBe(true);
    for (const part of [found.slice(0, split), found.slice(split)]) {
      const keys = part.map((e) => `${e.brand.status === 'ACTIVE' ? 0 : 1} ${foldText(e.brand.title)}`);
      expect(keys).toEqual([...keys].sort());
    }
  });

  it('for every prefix of every title word, no brand it names is cut off by one it does not name', () => {
    const prefixes = new Set<string>();
    for (const b of brands) for (const w of wordsOf(b.title)) for (let n = 1; n <= w.length; n++) prefixes.add(w.slice(0, n));
    expect(prefixes.size).toBeGreaterThan(1000);
    const wrong: string[] = [];
    for (const p of prefixes) {
      const shown = search(p).map((e) => named(e.brand, p));
      const namedInAll = search(p, 500).filter((e) => named(e.brand, p)).length;
      const inOrder = shown.every((n, i) => i === 0 || shown[i - 1]! || !n);
      const namedShown = shown.filter(Boolean).length;
      if (!inOrder || namedShown < Math.min(namedInAll, SHOWN)) wrong.push(p);
    }
    expect(wrong).toEqual([]);
  });
});
