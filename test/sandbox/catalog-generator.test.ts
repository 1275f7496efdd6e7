import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { SPEC_CATEGORIES, type BrandWire, type TncItemWire } from '../../src-main/sandbox/catalog/brand-wire.js';
import { EXTRA_CATEGORIES, generateCatalog } from '../../src-main/sandbox/catalog/generate.js';
import { brandLogoSvg, initialsOf } from '../../src-main/sandbox/catalog/logo-svg.js';

const catalog = generateCatalog();
const brands = catalog.brands;
const categoriesOf = (b: BrandWire): string[] => b.category ?? b.categories ?? [];
const count = (pred: (b: BrandWire) => boolean): number => brands.filter(pred).length;

/** Asserts a field is null on some brands and non-null on others. */
function expectBothNullAndPresent(name: string, get: (b: BrandWire) => unknown): void {
  expect(count((b) => get(b) === null), `${name} null somewhere`).toBeGreaterThan(0);
  expect(count((b) => get(b) !== null && get(b) !== undefined), `${name} present somewhere`).toBeGreaterThan(0);
}

function subItemDepth(items: TncItemWire[] | null): number {
  if (!items) return 0;
  return Math.max(0, ...items.map((i) => (i.subItems ? 1 + subItemDepth(i.subItems) : 0)));
}

describe('generateCatalog', () => {
  it('is deterministic for a seed and changes with the seed', () => {
    expect(generateCatalog(20261125)).toEqual(catalog);
    expect(generateCatalog(7)).toEqual(generateCatalog(7));
    expect(generateCatalog(7).brands).not.toEqual(brands);
    expect(catalog.generator).toEqual({ seed: 20261125, version: 1 });
  });

  it('matches the committed resources/sandbox/catalog.json', () => {
    const path = fileURLToPath(new URL('../../resources/sandbox/catalog.json', import.meta.url));
    const committed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    expect(committed, 'resources/sandbox/catalog.json is stale: run `npm run sandbox:catalog`').toStrictEqual(catalog);
  });

  it('has at least 460 brands with unique ids and titles and no test brands', () => {
    expect(brands.length).toBeGreaterThanOrEqual(460);
    expect(new Set(brands.map((b) => b.id)).size).toBe(brands.length);
    expect(new Set(brands.map((b) => b.title)).size).toBe(brands.length);
    for (const b of brands) {
      expect(b.id).toMatch(/^brd_[a-z0-9_]+$/);
      expect(b.id.length).toBeLessThanOrEqual(64);
      expect(b.thumbnailUrl).toBe(`/assets/brands/${b.id}/thumbnail.svg`);
      expect(b.logoUrl).toBe(`/assets/brands/${b.id}/logo.svg`);
    }
  });

  it('covers every spec category at least 5 times, plus categories beyond the spec', () => {
    for (const c of SPEC_CATEGORIES) expect(count((b) => categoriesOf(b).includes(c)), c).toBeGreaterThanOrEqual(5);
    const spec = new Set<string>(SPEC_CATEGORIES);
    const extras = new Set(brands.flatMap(categoriesOf).filter((c) => !spec.has(c)));
    expect(extras.size).toBeGreaterThanOrEqual(2);
    for (const c of EXTRA_CATEGORIES) expect(extras.has(c)).toBe(true);
    for (const b of brands) {
      expect(categoriesOf(b).length).toBeGreaterThanOrEqual(1);
      expect(categoriesOf(b).length).toBeLessThanOrEqual(3);
      expect(new Set(categoriesOf(b)).size).toBe(categoriesOf(b).length);
    }
  });

  it('uses both category spellings, never both on one brand', () => {
    expect(count((b) => b.category !== undefined)).toBeGreaterThan(brands.length / 2);
    expect(count((b) => b.categories !== undefined)).toBeGreaterThan(0);
    expect(count((b) => b.category !== undefined && b.categories !== undefined)).toBe(0);
  });

  it('covers every enum value and both statuses', () => {
    for (const t of ['FIXED', 'FLEXIBLE']) expect(count((b) => b.denominationType === t), t).toBeGreaterThan(20);
    for (const t of ['CARD_NUMBER_SECURED', 'PIN_NO_SECURED', 'CARD_AND_PIN_NO_SECURED']) expect(count((b) => b.cardType === t), t).toBeGreaterThan(20);
    for (const t of ['ONLINE', 'OFFLINE', 'ONLINE_AND_OFFLINE']) expect(count((b) => b.redemptionType === t), t).toBeGreaterThan(20);
    expect(count((b) => b.status === 'INACTIVE')).toBeGreaterThan(0);
    expect(count((b) => b.status === 'ACTIVE')).toBeGreaterThan(brands.length * 0.8);
    expect(count((b) => b.canBalanceBeFetched)).toBeGreaterThan(0);
    expect(count((b) => !b.canBalanceBeFetched)).toBeGreaterThan(0);
  });

  it('has every nullable field both null and present', () => {
    expectBothNullAndPresent('brandDescription', (b) => b.brandDescription);
    expectBothNullAndPresent('amountRestrictions', (b) => b.amountRestrictions);
    expectBothNullAndPresent('termsAndConditions', (b) => b.termsAndConditions);
    expectBothNullAndPresent('tncDetailed', (b) => b.tncDetailed);
    expectBothNullAndPresent('howToUseInstructions', (b) => b.howToUseInstructions);
    expectBothNullAndPresent('storeLocatorUrl', (b) => b.storeLocatorUrl);
    expectBothNullAndPresent('voucherExpiryInMonths', (b) => b.voucherExpiryInMonths);
    expectBothNullAndPresent('variantDetails', (b) => b.variantDetails);
    const withAr = brands.filter((b) => b.amountRestrictions !== null);
    expect(withAr.some((b) => b.amountRestrictions?.maxVouchersPerDenomination === null)).toBe(true);
    expect(withAr.some((b) => typeof b.amountRestrictions?.maxVouchersPerDenomination === 'number')).toBe(true);
    expect(withAr.some((b) => b.amountRestrictions?.maxDenominationsPerOrder === null)).toBe(true);
    expect(withAr.some((b) => typeof b.amountRestrictions?.maxDenominationsPerOrder === 'number')).toBe(true);
  });

  it('has nested tnc subItems at least two levels deep, with null for leaves', () => {
    const depths = brands.map((b) => subItemDepth(b.tncDetailed?.sections.flatMap((s) => s.items) ?? null));
    expect(Math.max(...depths)).toBeGreaterThanOrEqual(2);
    const leaves = brands.flatMap((b) => b.tncDetailed?.sections.flatMap((s) => s.items) ?? []).filter((i) => !i.subItems);
    for (const leaf of leaves) expect(leaf.subItems).toBeNull();
    for (const b of brands) for (const s of b.tncDetailed?.sections ?? []) expect(s.items.length).toBeGreaterThan(0);
  });

  it('puts deprecated fields on some brands and not on others', () => {
    const present = {
      iconImageUrl: count((b) => b.iconImageUrl !== undefined),
      tncUrl: count((b) => b.tncUrl !== undefined),
      usageInstructions: count((b) => b.usageInstructions !== undefined),
      minAmount: count((b) => b.amountRestrictions?.minAmount !== undefined),
    };
    for (const [field, n] of Object.entries(present)) {
      expect(n, field).toBeGreaterThan(0);
      expect(n, field).toBeLessThan(brands.length);
    }
    for (const b of brands) {
      if (b.iconImageUrl !== undefined) expect(b.iconImageUrl).toBe(b.thumbnailUrl);
      if (b.tncUrl !== undefined) expect(b.tncUrl).toBe(`https://terms.example.in/${b.id}`);
      const ar = b.amountRestrictions;
      if (ar?.minAmount !== undefined) expect([ar.minAmount, ar.maxAmount]).toEqual([ar.minOrderAmount, ar.maxOrderAmount]);
    }
    // Some brands without structured steps still carry the deprecated free text.
    expect(count((b) => b.howToUseInstructions === null && typeof b.usageInstructions === 'string')).toBeGreaterThan(0);
  });

  it('keeps amount restrictions internally consistent', () => {
    for (const b of brands) {
      const ar = b.amountRestrictions;
      if (!ar) {
        expect(b.denominationType, b.id).toBe('FLEXIBLE');
        continue;
      }
      expect(ar.minOrderAmount, b.id).toBeLessThanOrEqual(ar.minVoucherAmount);
      expect(ar.minVoucherAmount, b.id).toBeLessThanOrEqual(ar.maxVoucherAmount);
      expect(ar.maxVoucherAmount, b.id).toBeLessThanOrEqual(ar.maxOrderAmount);
      expect(ar.maxVouchersPerOrder).toBeGreaterThanOrEqual(1);
      expect(ar.maxVouchersPerOrder).toBeLessThanOrEqual(10);
      if (ar.maxVouchersPerDenomination !== null) expect(ar.maxVouchersPerDenomination).toBeGreaterThanOrEqual(1);
      if (ar.maxDenominationsPerOrder !== null) expect(ar.maxDenominationsPerOrder).toBeGreaterThanOrEqual(1);
      if (b.denominationType === 'FLEXIBLE') {
        expect(ar.denominations, b.id).toBeNull();
        continue;
      }
      const d = ar.denominations ?? [];
      expect(d.length, b.id).toBeGreaterThanOrEqual(1);
      expect(d.length, b.id).toBeLessThanOrEqual(8);
      expect(d, b.id).toEqual([...new Set(d)].sort((x, y) => x - y));
      expect([d[0], d[d.length - 1]], b.id).toEqual([ar.minVoucherAmount, ar.maxVoucherAmount]);
    }
    // Some multi-value FIXED brands are restrictive enough that a split can be impossible.
    const restrictive = count((b) => {
      const ar = b.amountRestrictions;
      return (ar?.denominations?.length ?? 0) >= 2 && (ar?.maxVouchersPerDenomination ?? 99) <= 2 && (ar?.maxDenominationsPerOrder ?? 99) <= 2;
    });
    expect(restrictive).toBeGreaterThanOrEqual(3);
  });

  it('matches how-to-use modes and store locators to the redemption type', () => {
    const modes = { ONLINE: ['ONLINE'], OFFLINE: ['OFFLINE'], ONLINE_AND_OFFLINE: ['ONLINE', 'OFFLINE'] };
    for (const b of brands) {
      if (b.redemptionType === 'ONLINE') expect(b.storeLocatorUrl, b.id).toBeNull();
      else if (b.storeLocatorUrl !== null) expect(b.storeLocatorUrl).toBe(`https://stores.example.in/${b.id}`);
      if (!b.howToUseInstructions) continue;
      expect(b.howToUseInstructions.map((h) => h.retailMode), b.id).toEqual(modes[b.redemptionType]);
      for (const h of b.howToUseInstructions) {
        expect(h.retailModeName.length).toBeGreaterThan(0);
        expect(h.instructions.length).toBeGreaterThanOrEqual(2);
        expect(h.instructions.length).toBeLessThanOrEqual(5);
      }
    }
    expect(count((b) => b.redemptionType !== 'ONLINE' && b.storeLocatorUrl === null)).toBeGreaterThan(0);
  });

  it('has lowercase tags and some non-ASCII text', () => {
    for (const b of brands) {
      expect(b.tags.length, b.id).toBeGreaterThanOrEqual(2);
      expect(b.tags.length, b.id).toBeLessThanOrEqual(6);
      for (const t of b.tags) expect(t).toBe(t.toLowerCase());
    }
    expect(count((b) => /[^ -~]/.test(b.title))).toBeGreaterThan(0);
    expect(count((b) => /[\u0900-\u097f]/.test(b.brandDescription ?? ''))).toBeGreaterThan(0);
    expect(count((b) => b.id.toUpperCase().startsWith('TEST_'))).toBe(0);
  });
});

describe('brandLogoSvg', () => {
  it('produces a self-contained SVG for both kinds', () => {
    for (const kind of ['logo', 'thumbnail'] as const) {
      const svg = brandLogoSvg({ id: 'brd_saffron_lane_041', title: 'Saffron Lane' }, kind);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).toContain('>SL<');
      expect(svg).not.toMatch(/href=|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    }
    expect(brandLogoSvg({ id: 'x', title: 'T' }, 'logo')).toContain('viewBox="0 0 128 128"');
    expect(brandLogoSvg({ id: 'x', title: 'T' }, 'thumbnail')).toContain('viewBox="0 0 320 180"');
  });

  it('escapes XML special characters in titles', () => {
    const svg = brandLogoSvg({ id: 'brd_ab', title: 'A&B <x>' }, 'thumbnail');
    expect(svg).toContain('A&amp;B &lt;x&gt;');
    expect(svg).not.toContain('A&B');
    expect(svg).not.toContain('<x>');
    expect(brandLogoSvg({ id: 'brd_q', title: 'Say "hi"' }, 'logo')).toContain('aria-label="Say &quot;hi&quot;"');
  });

  it('derives colour from the id and initials from the title', () => {
    const a = brandLogoSvg({ id: 'brd_one', title: 'Same Name' }, 'logo');
    expect(brandLogoSvg({ id: 'brd_one', title: 'Same Name' }, 'logo')).toBe(a);
    expect(brandLogoSvg({ id: 'brd_two', title: 'Same Name' }, 'logo')).not.toBe(a);
    expect(initialsOf("Zoë's Toy Attic")).toBe('ZT');
    expect(initialsOf('café mithaas')).toBe('CM');
    expect(initialsOf('  ')).toBe('?');
  });
});
