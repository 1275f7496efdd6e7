import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';
import { OrdersPage } from './orders-page.js';
import { SettingsPage } from './settings-page.js';

/** Every manager screen, loaded with something to show, passes axe (WCAG 2.2 AA) and is saved as a picture. */
test('each manager screen passes axe with data on it', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  const sale = await app.sell({ productId: 'TEST_FIXED_STANDARD', amountPaise: 150_000 });
  expect(sale.state).toBe('SUCCESS');
  await app.sell({ productId: 'TEST_BRAND_NOT_AVAILABLE', amountPaise: 50_000 });

  await app.open('Orders');
  const orders = new OrdersPage(page);
  await expect(orders.row(sale.referenceId)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'manager-orders');

  await orders.openOrder(sale.referenceId);
  await expect(page.getByRole('heading', { name: /Vouchers \(/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'manager-order-detail');
  await page.getByRole('button', { name: /Back to orders/ }).click();

  await orders.showSummary();
  await expect(page.getByRole('img', { name: /Sales by hour/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'manager-orders-summary');

  await app.open('Catalog');
  await expect(page.getByRole('group', { name: 'Brands you can sell' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'manager-catalog');

  await app.open('Wallet');
  await expect(page.getByRole('group', { name: 'Balance' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'manager-wallet');

  await app.open('Settings');
  const settings = new SettingsPage(page);
  for (const name of ['Store & receipt', 'Printer & devices', 'Staff', 'Connection', 'Training'] as const) {
    await settings.openPage(name);
    await expectNoSeriousA11yViolations(page, `manager-settings-${name}`);
  }
});
