import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import type { BrandPageSource, SkippedBrand } from '../../src-main/catalog/catalog-page-source.js';
import { CatalogSync } from '../../src-main/catalog/catalog-sync.js';
import { FakeClock } from '../../src-main/platform/clock.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import type { PartnerBrand, TncItem } from '../../src-main/partner-api/types.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { tempDatabase } from './fixtures.js';

/**
 * The catalog synced over real HTTP from the sandbox. The page source here is a deliberately
 * tiny stand-in for the app's partner client (login, one GET per page, a minimal wire →
 * PartnerBrand mapping), so this test depends only on the catalog domain and the sandbox.
 */
function sandboxPageSource(baseUrl: string): BrandPageSource {
  let token: string | null = null;
  const login = async (): Promise<string> => {
    const res = await fetch(`${baseUrl}/v1/partners/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-REQUEST-ID': randomUUID() },
      body: JSON.stringify({ clientId: 'sandbox-staging-client', clientSecret: 'sandbox-staging-secret' }),
    });
    if (res.status !== 200) throw new Error(`login ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  };
  return {
    async listBrandsPage(pageNo, limit) {
      token ??= await login();
      const requestId = randomUUID();
      const res = await fetch(`${baseUrl}/v1/partners/products?pageNo=${pageNo}&limit=${limit}`, {
        headers: { Authorization: `Bearer ${token}`, 'X-REQUEST-ID': requestId },
      });
      if (res.status !== 200) return { ok: false, error: { code: `HTTP_${res.status}`, message: await res.text() } };
      const body = (await res.json()) as { data: any[]; nextCursor: { pageNo: number; limit: number } | null };
      const brands: PartnerBrand[] = [];
      const skipped: SkippedBrand[] = [];
      body.data.forEach((wire, index) => {
        if (typeof wire?.id !== 'string' || typeof wire.title !== 'string') skipped.push({ index, id: wire?.id, reason: 'id/title missing' });
        else brands.push(toPartnerBrand(wire));
      });
      return { ok: true, value: { brands, skipped, nextCursor: body.nextCursor }, requestId };
    },
  };
}

function toPartnerBrand(w: any): PartnerBrand {
  const tnc = (item: any): TncItem => ({ text: item.text, subItems: (item.subItems ?? []).map(tnc) });
  const r = w.amountRestrictions;
  return {
    id: w.id,
    status: w.status,
    title: w.title,
    description: w.brandDescription ?? null,
    categories: w.category ?? w.categories ?? [],
    tags: w.tags ?? [],
    denominationType: w.denominationType,
    cardType: w.cardType,
    redemptionType: w.redemptionType,
    amountRestrictions: r
      ? {
          minOrderAmount: r.minOrderAmount ?? r.minAmount,
          maxOrderAmount: r.maxOrderAmount ?? r.maxAmount,
          minVoucherAmount: r.minVoucherAmount,
          maxVoucherAmount: r.maxVoucherAmount,
          maxVouchersPerOrder: r.maxVouchersPerOrder,
          maxVouchersPerDenomination: r.maxVouchersPerDenomination ?? null,
          maxDenominationsPerOrder: r.maxDenominationsPerOrder ?? null,
          denominations: r.denominations ?? null,
        }
      : null,
    thumbnailUrl: w.thumbnailUrl ?? w.iconImageUrl ?? null,
    logoUrl: w.logoUrl ?? null,
    termsAndConditions: w.termsAndConditions ?? [],
    tncSections: w.tncDetailed ? w.tncDetailed.sections.map((s: any) => ({ title: s.title, items: s.items.map(tnc) })) : null,
    tncUrl: w.tncDetailed === undefined ? (w.tncUrl ?? null) : null,
    howToUse: w.howToUseInstructions ?? [],
    usageInstructionsText: w.howToUseInstructions ? null : (w.usageInstructions ?? null),
    storeLocatorUrl: w.storeLocatorUrl ?? null,
    canBalanceBeFetched: w.canBalanceBeFetched === true,
    voucherExpiryInMonths: w.voucherExpiryInMonths ?? null,
    variantDetails: w.variantDetails ?? null,
  };
}

describe('catalog sync from the real sandbox', () => {
  let sandbox: Sandbox;
  let env: ReturnType<typeof tempDatabase>;
  let repo: CatalogRepository;

  beforeAll(async () => {
    sandbox = await startSandbox({ tickMs: 60_000 });
    env = tempDatabase();
    repo = new CatalogRepository(env.db);
  });
  afterAll(async () => {
    await sandbox.close();
    env.cleanup();
  });

  it('stores every listed brand and makes them searchable', async () => {
    const listed = sandbox.state.catalog.list({}).map((r) => r.wire);
    expect(listed.length).toBeGreaterThanOrEqual(470);

    const sync = new CatalogSync({ source: sandboxPageSource(sandbox.url), repo, clock: new FakeClock(), logger: memoryLogger(), pageSize: 100 });
    const result = await sync.syncNow();
    expect(result).toMatchObject({ ok: true, value: { brands: listed.length, skipped: 0, removed: 0, pages: Math.ceil(listed.length / 100) } });

    const all = repo.search({ includeInactive: true, limit: 500 }).map((b) => b.brand.id);
    expect(all.sort()).toEqual(listed.map((w) => w.id).sort());
    expect(repo.get('TEST_E101_NOT_ENABLED')).toBeNull(); // not listed for this partner
    expect(repo.get('TEST_E102_INACTIVE')?.brand.status).toBe('INACTIVE');
    expect(repo.search({ text: 'inactive e102' })).toEqual([]);
    expect(repo.search({ text: 'inactive e102', includeInactive: true }).map((b) => b.brand.id)).toEqual(['TEST_E102_INACTIVE']);

    // 'cafe' finds every ACTIVE listed brand with Café in its title.
    const cafes = listed.filter((w) => w.status === 'ACTIVE' && /Café/.test(w.title)).map((w) => w.title);
    expect(cafes.length).toBeGreaterThan(0);
    const found = repo.search({ text: 'cafe', limit: 500 }).map((b) => b.brand.title);
    expect(found).toEqual(expect.arrayContaining(cafes));

    // Both wire spellings (category / categories) end up in one category list.
    const counts = new Map(repo.categories().map((c) => [c.category, c.brands]));
    for (const category of ['FOOD', 'FASHION', 'TRAVEL_AND_TRANSPORT']) {
      const expected = listed.filter((w) => (w.category ?? w.categories ?? []).includes(category)).length;
      expect(counts.get(category), category).toBe(expected);
    }
    expect(listed.some((w) => w.categories && !w.category)).toBe(true);

    // An unchanged second sync rewrites nothing.
    const again = await sync.syncNow();
    expect(again).toMatchObject({ ok: true, value: { changes: { unchanged: listed.length, inserted: 0, updated: 0 } } });
  });
});
