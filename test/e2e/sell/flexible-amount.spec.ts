import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';

test('a FLEXIBLE amount out of range is refused next to the field, and nothing is ordered', async ({ page, control }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await app.openBrand(BRANDS.flexible.title);

  const amount = app.field('Amount of each voucher (₹)');
  await expect(amount).toBeFocused();
  await expect(page.getByText('From ₹100 to ₹10,000 a voucher', { exact: false })).toBeVisible();
  await amount.fill('50');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/₹100/);
  await expectNoSeriousA11yViolations(page, 'sell-flexible-out-of-range');

  // Enter does not get past the problem: no confirmation, no order.
  await page.keyboard.press('Enter');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(app.confirmDialog).toHaveCount(0);
  expect(await control('GET', '/orders')).toEqual([]);

  // Fixed in place, the same field goes through.
  await amount.fill('750');
  await expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('region', { name: 'Vouchers' }).getByRole('status')).toHaveText('1 voucher, total ₹750');
  await app.review();
  await expect(app.confirmDialog.getByText('Wallet is charged ₹750')).toBeVisible();
});
