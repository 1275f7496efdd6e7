import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';

test('a low wallet shows the banner and the alert state after a refresh', async ({ page, control }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  await app.open('Wallet');
  await expect(page.getByText('Alert off', { exact: false })).toBeVisible();

  await control('PUT', '/wallet', { balance: 500 });
  await page.getByRole('button', { name: 'Refresh balance' }).click();

  await expect(page.getByRole('group', { name: 'Balance' })).toContainText('₹500');
  await expect(page.getByRole('status').filter({ hasText: 'Wallet balance is low' })).toBeVisible();
  await expect(page.getByText('Low-balance alert is on')).toBeVisible();
  await expect(page.getByText(/Read just now/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'manager-wallet-low');

  // Lowering the alert level below the balance turns the alert off; a nonsense level is refused by the field.
  await page.getByLabel('Warn me when the wallet falls below (₹)').fill('abc');
  await page.getByRole('button', { name: 'Save alert level' }).click();
  await expect(page.getByText('Enter an amount in rupees, like 10000.')).toBeVisible();
  await page.getByLabel('Warn me when the wallet falls below (₹)').fill('400');
  await page.getByRole('button', { name: 'Save alert level' }).click();
  await expect(page.getByText('Alert level saved.')).toBeVisible();
  await expect(page.getByText('Alert off', { exact: false })).toBeVisible();
});
