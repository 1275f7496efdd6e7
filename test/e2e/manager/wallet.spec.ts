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

test('the statement lists each sale charged, the failed one given back and a top-up, beside the service’s balances', async ({ page, control }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  await control('PUT', '/wallet', { balance: 10_000 });
  await app.ok('wallet.refresh', {});
  const done = await app.sell({ productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000 });
  const failed = await app.sell({ productId: 'TEST_E200_GENERATION_FAILED', amountPaise: 20_000 });
  await app.ok('wallet.recordTopUp', { amountPaise: 100_000, reference: 'NEFT-42' });

  await app.open('Wallet');
  const statement = page.getByRole('table', { name: 'Wallet statement' });
  await expect(statement.getByRole('row').filter({ hasText: done.referenceId })).toContainText('Sale charged');
  await expect(statement.getByRole('row').filter({ hasText: done.referenceId })).toContainText('−₹500');
  await expect(statement.getByRole('row').filter({ hasText: 'Sale given back (failed)' })).toContainText(failed.referenceId);
  await expect(statement.getByRole('row').filter({ hasText: 'NEFT-42' })).toContainText('+₹1,000');
  await expect(statement.getByRole('row').filter({ hasText: 'Balance read from the service' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'manager-wallet-statement');
  await page.screenshot({ path: 'test/artifacts/screens/manager-wallet-statement.png', fullPage: true });
});
