import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';

/**
 * The Sell screen answers search in the page from the listing columns (catalog.listing): the
 * list is main's catalog.search answer, and no search goes over the bridge while typing.
 */

/** Bridge methods the page calls, in order (the browser host's /api/call). */
function bridgeCalls(page: Page): string[] {
  const methods: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/call')) return;
    const body = request.postDataJSON() as { method?: string } | null;
    if (body?.method) methods.push(body.method);
  });
  return methods;
}

const results = (page: Page) => page.locator('section[aria-labelledby="results-heading"]');
const listedTitles = (page: Page) => results(page).locator('.brand-item__title').allTextContents();

test('typed text is answered in the page, as main answers it, without a search over the bridge', async ({ page, call }) => {
  const calls = bridgeCalls(page);
  const app = new CounterPage(page);
  const listing = page.waitForResponse(async (r) => r.url().endsWith('/api/call') && (r.request().postDataJSON() as { method?: string }).method === 'catalog.listing');
  await app.setUpManager();
  expect((await (await listing).json()).ok).toBe(true);

  const before = calls.length;
  // A word prefix, two words, a mid-word piece of a title (title search from 3 characters), one letter.
  for (const text of ['test fi', 'enomin', 'inactive', 't']) {
    await app.search.fill(text);
    const main = await call<{ brands: { brand: { title: string } }[] }>('catalog.search', { text, includeInactive: true, limit: 60 });
    if (!main.ok) throw new Error(JSON.stringify(main.error));
    const expected = main.data.brands.map((b) => b.brand.title);
    expect(expected.length).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: `Brands found: ${expected.length}` })).toBeVisible();
    // The page ranks named brands finer within main's list (brand-match.ts): the same brands.
    await expect.poll(async () => (await listedTitles(page)).sort()).toEqual([...expected].sort());
  }
  expect(calls.slice(before).filter((m) => m === 'catalog.search')).toEqual([]);
});

test('an inactive brand found in the page says why it cannot be sold; Enter opens a brand the words name', async ({ page }) => {
  const app = new CounterPage(page);
  const listing = page.waitForResponse(async (r) => r.url().endsWith('/api/call') && (r.request().postDataJSON() as { method?: string }).method === 'catalog.listing');
  await app.setUpManager();
  await listing;

  await app.search.fill('Inactive (E102');
  const inactive = app.brandButton('Test · Inactive (E102)');
  await expect(inactive).toHaveAttribute('aria-disabled', 'true');
  await expect(inactive).toContainText('Inactive — cannot be sold now');

  await app.search.fill('test fixed');
  await app.search.press('Enter');
  await expect(app.brandHeading).toHaveText(BRANDS.fixed.title);
  await expect(app.denomination('₹500')).toBeVisible();
});

test('a category chip narrows the page’s answer as main narrows its own', async ({ page, call }) => {
  const app = new CounterPage(page);
  const listing = page.waitForResponse(async (r) => r.url().endsWith('/api/call') && (r.request().postDataJSON() as { method?: string }).method === 'catalog.listing');
  await app.setUpManager();
  await listing;

  const categories = await call<{ categories: { category: string; brands: number }[] }>('catalog.categories');
  if (!categories.ok) throw new Error(JSON.stringify(categories.error));
  const category = categories.data.categories.find((c) => c.brands > 3)!.category;
  const main = await call<{ brands: { brand: { title: string } }[] }>('catalog.search', { text: 'gift', category, includeInactive: true, limit: 60 });
  if (!main.ok) throw new Error(JSON.stringify(main.error));

  await app.search.fill('gift');
  const chips = page.getByRole('group', { name: 'Categories' });
  // Chips: "All", then one per category with brands, in main's order.
  const shown = categories.data.categories.filter((c) => c.brands > 0);
  await expect(chips.getByRole('button')).toHaveCount(shown.length + 1);
  await chips.getByRole('button').nth(shown.findIndex((c) => c.category === category) + 1).click();
  await expect(page.getByRole('heading', { name: `Brands found: ${main.data.brands.length}` })).toBeVisible();
  await expect.poll(async () => (await listedTitles(page)).sort()).toEqual(main.data.brands.map((b) => b.brand.title).sort());
});
