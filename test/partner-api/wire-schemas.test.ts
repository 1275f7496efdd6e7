import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartnerClient } from '../../src-main/partner-api/partner-client.js';
import { parseBrand, parseBrandList, parseJson, parseOrder, parseVoucher } from '../../src-main/partner-api/wire-schemas.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { clientFor, start } from './helpers.js';

/** Tolerant parsing of the wire (spec §2, §9): every variant the spec admits, and broken input. */
function wireBrand(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'B1',
    status: 'ACTIVE',
    title: 'Brand One',
    brandDescription: 'A brand',
    category: ['FOOD'],
    tags: ['pizza'],
    denominationType: 'FIXED',
    cardType: 'CARD_AND_PIN_NO_SECURED',
    redemptionType: 'ONLINE',
    amountRestrictions: {
      minOrderAmount: 100,
      maxOrderAmount: 5000,
      minVoucherAmount: 100,
      maxVoucherAmount: 1000,
      maxVouchersPerOrder: 5,
      maxVouchersPerDenomination: null,
      maxDenominationsPerOrder: null,
      denominations: [100, 500, 1000],
    },
    thumbnailUrl: 'https://img/thumb.png',
    logoUrl: 'https://img/logo.png',
    termsAndConditions: ['Valid once'],
    tncDetailed: { sections: [{ title: 'Use', items: [{ text: 'One per bill', subItems: null }] }] },
    howToUseInstructions: [{ retailMode: 'ONLINE', retailModeName: 'Online', instructions: ['Enter the code'] }],
    storeLocatorUrl: null,
    canBalanceBeFetched: true,
    voucherExpiryInMonths: 12,
    variantDetails: null,
    ...overrides,
  };
}

function brand(overrides: Record<string, unknown> = {}) {
  const parsed = parseBrand(wireBrand(overrides));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe('brand', () => {
  it('merges `category` and `categories`; neither gives []', () => {
    expect(brand({ category: ['FOOD'], categories: ['FOOD', 'HOT_DEALS'] }).categories).toEqual(['FOOD', 'HOT_DEALS']);
    expect(brand({ category: undefined, categories: ['GAMING'] }).categories).toEqual(['GAMING']);
    expect(brand({ category: undefined }).categories).toEqual([]);
    expect(brand({ category: null, categories: null }).categories).toEqual([]);
  });

  it('uses deprecated fields only as fallbacks', () => {
    expect(brand({ iconImageUrl: 'https://old/icon.png' }).thumbnailUrl).toBe('https://img/thumb.png');
    expect(brand({ thumbnailUrl: undefined, iconImageUrl: 'https://old/icon.png' }).thumbnailUrl).toBe('https://old/icon.png');

    const restrictions = { ...(wireBrand().amountRestrictions as object), minAmount: 1, maxAmount: 2 };
    expect(brand({ amountRestrictions: restrictions }).amountRestrictions).toMatchObject({ minOrderAmount: 100, maxOrderAmount: 5000 });
    const onlyOld = { ...restrictions, minOrderAmount: undefined, maxOrderAmount: null };
    expect(brand({ amountRestrictions: onlyOld }).amountRestrictions).toMatchObject({ minOrderAmount: 1, maxOrderAmount: 2 });
    expect(brand({ amountRestrictions: onlyOld }).amountRestrictions).not.toHaveProperty('minAmount');

    expect(brand({ usageInstructions: 'Old text' }).usageInstructionsText).toBeNull();
    expect(brand({ usageInstructions: 'Old text', howToUseInstructions: null }).usageInstructionsText).toBe('Old text');
  });

  it('never lets deprecated usageInstructions contradict redemptionType', () => {
    // The brand fixture is ONLINE; without structured steps the old text is the only instructions.
    expect(brand({ usageInstructions: 'In-store only. Show it at the billing counter.', howToUseInstructions: null }).usageInstructionsText).toBeNull();
    expect(brand({ usageInstructions: 'Redeem online at checkout.', howToUseInstructions: null }).usageInstructionsText).toBe('Redeem online at checkout.');
    expect(brand({ redemptionType: 'OFFLINE', usageInstructions: 'Redeem online at checkout.', howToUseInstructions: null }).usageInstructionsText).toBeNull();
  });

  // tncDetailed is "null when unavailable" (spec §2.2): the current field has spoken, so the
  // deprecated tncUrl may stand in only when tncDetailed is not sent at all (or unreadable).
  it.each([
    ['sent with sections', { tncDetailed: { sections: [{ title: 'T', items: [{ text: 'x', subItems: null }] }] } }, null, 1],
    ['null (unavailable)', { tncDetailed: null }, null, null],
    ['sent with no sections', { tncDetailed: { sections: [] } }, null, null],
    ['not sent', { tncDetailed: undefined }, 'https://old/tnc', null],
    ['unreadable', { tncDetailed: 'see website' }, 'https://old/tnc', null],
  ] as const)('links the deprecated tncUrl when tncDetailed is %s: %j', (_what, over, tncUrl, sections) => {
    const b = brand({ tncUrl: 'https://old/tnc', ...over });
    expect(b.tncUrl).toBe(tncUrl);
    expect(b.tncSections?.length ?? null).toBe(sections);
  });

  it('accepts nulls where the spec allows them', () => {
    const b = brand({
      brandDescription: null,
      amountRestrictions: null,
      termsAndConditions: null,
      tncDetailed: null,
      howToUseInstructions: null,
      voucherExpiryInMonths: null,
      tags: null,
    });
    expect(b).toMatchObject({ description: null, amountRestrictions: null, termsAndConditions: [], tncSections: null, howToUse: [], tags: [] });
    expect(b.voucherExpiryInMonths).toBeNull();
  });

  it('keeps unknown enum values verbatim and ignores extra fields', () => {
    const b = brand({ status: 'PAUSED', denominationType: 'RANGE', cardType: 'QR_SECURED', redemptionType: 'IN_APP', sparkle: true });
    expect(b).toMatchObject({ status: 'PAUSED', denominationType: 'RANGE', cardType: 'QR_SECURED', redemptionType: 'IN_APP' });
    expect(b).not.toHaveProperty('sparkle');
  });

  it('turns nested tncDetailed subItems null into [] at every depth', () => {
    const tncDetailed = {
      sections: [{ title: 'T', items: [{ text: 'a', subItems: [{ text: 'a.1', subItems: [{ text: 'a.1.x', subItems: null }] }] }, { text: 'b', subItems: null }] }],
    };
    expect(brand({ tncDetailed }).tncSections).toEqual([
      { title: 'T', items: [{ text: 'a', subItems: [{ text: 'a.1', subItems: [{ text: 'a.1.x', subItems: [] }] }] }, { text: 'b', subItems: [] }] },
    ]);
  });

  it('reads amount restrictions sent as numeric strings', () => {
    const restrictions = { ...(wireBrand().amountRestrictions as object), minVoucherAmount: '100.00', denominations: ['100', 500] };
    expect(brand({ amountRestrictions: restrictions }).amountRestrictions).toMatchObject({ minVoucherAmount: 100, denominations: [100, 500] });
  });
});

describe('brand list page', () => {
  it('keeps good entries and reports bad ones with index, id and reason', () => {
    const noRestrictions = wireBrand({ id: 'BAD_R', amountRestrictions: { minVoucherAmount: 1 } });
    const page = parseBrandList({
      data: [wireBrand({ id: 'A' }), { id: 'NO_TITLE', status: 'ACTIVE' }, 'not an object', noRestrictions, wireBrand({ id: 'Z', status: 42 })],
      nextCursor: { pageNo: 2, limit: 5 },
    });
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    expect(page.value.brands.map((b) => b.id)).toEqual(['A']);
    expect(page.value.nextCursor).toEqual({ pageNo: 2, limit: 5 });
    expect(page.value.skipped.map((s) => [s.index, s.id])).toEqual([
      [1, 'NO_TITLE'],
      [2, undefined],
      [3, 'BAD_R'],
      [4, 'Z'],
    ]);
    expect(page.value.skipped[0]!.reason).toMatch(/title/);
    expect(page.value.skipped[2]!.reason).toMatch(/amountRestrictions/);
    expect(page.value.skipped[3]!.reason).toMatch(/status/);
  });

  it('a null or missing cursor is the last page; a page without data fails as a whole', () => {
    expect(parseBrandList({ data: [] })).toEqual({ ok: true, value: { brands: [], skipped: [], nextCursor: null } });
    expect(parseBrandList({ data: [], nextCursor: null }).ok).toBe(true);
    expect(parseBrandList({ brands: [] }).ok).toBe(false);
    expect(parseBrandList({ data: [], nextCursor: { pageNo: 'two' } }).ok).toBe(false);
  });
});

describe('orders and vouchers', () => {
  const voucher = { id: 'v1', cardType: 'PIN_NO_SECURED', cardNumber: null, cardPin: '123456', validTill: '2027-01-31', amount: 500 };

  it('reads voucher amount as a number or a numeric string', () => {
    expect(parseVoucher({ ...voucher, amount: '500.00', balance: '120.50' })).toEqual({ ok: true, value: { ...voucher, amount: 500, balance: 120.5 } });
    expect(parseVoucher({ ...voucher, amount: 'five hundred' }).ok).toBe(false);
  });

  it('reads an order with vouchers null, unknown status, no voucher id, and extra fields', () => {
    const parsed = parseOrder({ id: 'o1', referenceId: 'r1', status: 'ON_HOLD', vouchers: null, failureReason: null, extra: 1 });
    expect(parsed).toEqual({ ok: true, value: { id: 'o1', referenceId: 'r1', status: 'ON_HOLD', vouchers: [], failureReason: null } });
    const { id: _id, ...noId } = voucher;
    const withVoucher = parseOrder({ id: 'o2', referenceId: 'r2', status: 'SUCCESS', vouchers: [noId] });
    expect(withVoucher.ok && withVoucher.value.vouchers[0]).toEqual({ ...voucher, id: null });
  });

  it('refuses an order without its referenceId or with a card number sent as a number', () => {
    expect(parseOrder({ id: 'o1', status: 'SUCCESS', vouchers: [] }).ok).toBe(false);
    expect(parseOrder({ id: 'o1', referenceId: 'r', status: 'SUCCESS', vouchers: [{ ...voucher, cardNumber: Number('9123456789012345') }] }).ok).toBe(false);
  });
});

describe('bodies that are not JSON', () => {
  it('reports HTML, truncated JSON and empty bodies as reasons, never throws', () => {
    expect(parseJson('<html><body>502 Bad Gateway</body></html>')).toEqual({ ok: false, error: 'body is HTML, not JSON' });
    expect(parseJson('{"id":"o1","referenceId":"r1","sta')).toEqual({ ok: false, error: 'body is not valid JSON (truncated?)' });
    expect(parseJson('')).toEqual({ ok: false, error: 'empty body' });
  });
});

describe('the sandbox catalog through the client', () => {
  let sandbox: Sandbox;
  let client: PartnerClient;

  beforeAll(async () => {
    sandbox = await start();
    client = clientFor(sandbox);
  });
  afterAll(async () => {
    client.close();
    await sandbox.close();
  });

  it('parses every brand of every page with nothing skipped, following nextCursor', async () => {
    const ids: string[] = [];
    let cursor: { pageNo: number; limit: number } | null = { pageNo: 1, limit: 200 };
    while (cursor) {
      const page = await client.listBrandsPage(cursor.pageNo, cursor.limit);
      if (!page.ok) throw new Error(page.error.message);
      expect(page.value.skipped).toEqual([]);
      ids.push(...page.value.brands.map((b) => b.id));
      cursor = page.value.nextCursor;
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(sandbox.state.catalog.list({}).length);
  });

  it('covers the deprecated fallbacks present in the generated catalog', async () => {
    const page = await client.listBrandsPage(1, 500);
    if (!page.ok) throw new Error(page.error.message);
    const brands = page.value.brands;
    expect(brands.every((b) => b.thumbnailUrl !== null)).toBe(true);
    expect(brands.some((b) => b.usageInstructionsText !== null && b.howToUse.length === 0)).toBe(true);
    expect(brands.filter((b) => b.tncUrl !== null).every((b) => b.tncSections === null)).toBe(true);
    expect(brands.filter((b) => b.amountRestrictions === null).length).toBe(4);
  });

  it('reads the single-brand `categories` spelling', async () => {
    const one = await client.getBrand('TEST_FIXED_STANDARD');
    expect(one.ok && one.value.categories).toEqual(['EMERGING_BRANDS']);
  });
});
