import { readFile } from 'node:fs/promises';
import { DAY_MS, istDateInput } from '../../../src-renderer/ui/india-day.js';
import { expect, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';
import { OrdersPage } from './orders-page.js';

test('orders filter by reference and status, and the CSV export downloads what is shown', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  const kept = await app.sell({ productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000, customer: { phoneNumber: '9876501234' } });
  const other = await app.sell({ productId: 'TEST_FIXED_STANDARD', amountPaise: 25_000 });
  const failed = await app.sell({ productId: 'TEST_BRAND_NOT_AVAILABLE', amountPaise: 50_000 });

  await app.open('Orders');
  const orders = new OrdersPage(page);
  await expect(orders.row(other.referenceId)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Showing 3 orders' })).toBeVisible();

  // By status: only the failed one.
  await page.getByRole('checkbox', { name: 'Failed', exact: true }).check();
  await page.getByRole('button', { name: 'Show orders' }).click();
  await expect(orders.row(failed.referenceId)).toBeVisible();
  await expect(orders.row(kept.referenceId)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(orders.row(kept.referenceId)).toBeVisible();

  // By day, typed dd/mm/yyyy as the hint says: tomorrow (in India) holds none, today all three.
  const ddmmyyyy = (ms: number): string => istDateInput(ms).split('-').reverse().join('/');
  const today = ddmmyyyy(Date.now());
  await expect(page.getByText('dd/mm/yyyy, for example', { exact: false })).toBeVisible();
  await orders.filterByDays(ddmmyyyy(Date.now() + DAY_MS), '');
  await expect(orders.row(kept.referenceId)).toHaveCount(0);
  await orders.filterByDays(today, today);
  await expect(orders.row(kept.referenceId)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Showing 3 orders' })).toBeVisible();
  // A day that does not exist, or the browser's month-first order, is explained next to the field.
  await orders.filterByDays('31/02/2026', '11/26/2026');
  await expect(page.getByLabel('From day')).toHaveAccessibleDescription(/Enter a real day as dd\/mm\/yyyy/);
  await expect(page.getByLabel('To day')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(orders.row(kept.referenceId)).toBeVisible();

  // By the customer's phone.
  await page.getByLabel('Customer phone').fill('9876501234');
  await page.getByRole('button', { name: 'Show orders' }).click();
  await expect(orders.row(kept.referenceId)).toBeVisible();
  await expect(orders.row(other.referenceId)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // By a piece of the reference: the same single order, then exported.
  await orders.filterByReference(kept.referenceId.slice(-8));
  await expect(orders.row(kept.referenceId)).toBeVisible();
  await expect(orders.row(other.referenceId)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Showing 1 order' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  expect(csv.split('\n')[0]).toContain('reference_id');
  expect(csv).toContain(kept.referenceId);
  expect(csv).not.toContain(other.referenceId);
  expect(csv).not.toContain('9876501234'); // phones are masked in exports
  await expect(page.getByRole('status').filter({ hasText: /Saved orders-.*1 order/ })).toBeVisible();

  // A phone search that is neither the last 4 digits nor the whole number is explained next to the field.
  await page.getByLabel('Customer phone').fill('+91 98765');
  await page.getByRole('button', { name: 'Show orders' }).click();
  await expect(page.getByText('Enter the last 4 digits or the whole 10-digit mobile number.')).toBeVisible();
});
