import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';

test('catalog sync now shows progress while selling goes on, then the new counts', async ({ page, control }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  await app.open('Catalog');
  await expect(page.getByRole('group', { name: 'Last full sync' })).toContainText('just now');

  // Slow pages, so the progress is there to see.
  await control('POST', '/faults', { kind: 'delay', ms: 700, stage: 'before', count: 20, match: { method: 'GET', path: '/v1/partners/products*' } });
  await page.getByRole('button', { name: 'Sync now' }).click();
  const bar = page.getByRole('progressbar', { name: 'Catalog sync' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuetext', /[1-9]\d* pages? fetched, [1-9]\d* brands stored/);
  await expectNoSeriousA11yViolations(page, 'manager-catalog-syncing');

  // Selling is never blocked: the current catalog answers during the sync.
  const search = await app.ok('catalog.search', { text: 'fixed' });
  expect(search.brands.length).toBeGreaterThan(0);

  await expect(page.getByRole('status').filter({ hasText: /Sync finished: [\d,]+ brands stored/ })).toBeVisible({ timeout: 30_000 });
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sync now' })).toBeEnabled();
});

test('catalog lists the brands that cannot be sold by name, not only their count', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  await app.open('Catalog');
  const table = page.getByRole('table', { name: 'Brands you cannot sell' });
  await expect(table).toBeVisible();
  const inactive = table.getByRole('row').filter({ hasText: 'Test · Inactive (E102)' });
  await expect(inactive).toContainText('Inactive at the service');
  // As many rows as the tile counts (the sandbox lists none as removed on a first sync).
  const tile = await page.getByRole('group', { name: 'Not available' }).textContent();
  const counted = Number(/Not available\s*([\d,]+)/.exec(tile ?? '')?.[1]?.replace(/,/g, ''));
  await expect(table.getByRole('row')).toHaveCount(counted + 1);
  await expectNoSeriousA11yViolations(page, 'manager-catalog-unavailable');
});
