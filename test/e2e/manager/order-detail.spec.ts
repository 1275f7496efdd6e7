import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { MANAGER, ManagerApp } from './manager-app.js';
import { OrdersPage } from './orders-page.js';

test('an order shows masked vouchers; reveal needs the manager PIN and hides again; live balance', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  const sale = await app.sell({ productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000 });
  await app.open('Orders');
  await new OrdersPage(page).openOrder(sale.referenceId);

  const voucher = page.getByRole('listitem').filter({ hasText: 'Voucher 1' });
  await expect(voucher).toContainText('•••• •••• ••••');
  // The request trail is for support: folded away until asked for.
  const attempts = page.getByRole('table', { name: 'Each time the app asked the service about this sale' });
  await expect(attempts).toBeHidden();
  await page.getByText('Details for support', { exact: true }).click();
  await expect(attempts).toContainText('Order sent');
  await expect(page.getByLabel('Details for support')).toContainText(`Reference: ${sale.referenceId}`);

  await voucher.getByRole('button', { name: 'Check balance of voucher 1' }).click();
  await expect(voucher).toContainText('Balance left: ₹1,000');

  await voucher.getByRole('button', { name: 'Show card details of voucher 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manager approval' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('show the card number and PIN of voucher 1');
  await expect(dialog.getByLabel('Manager PIN', { exact: true })).toBeFocused();
  // Focus stays inside the dialog.
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'manager-order-reveal-pin');
  await dialog.getByLabel('Manager PIN', { exact: true }).fill(MANAGER.pin);
  await dialog.getByRole('button', { name: /Approve/ }).click();
  await expect(dialog).toBeHidden();
  await expect(voucher).toContainText(/Hidden again in \d+ s/);
  await expect(voucher.getByText('•••• •••• ••••')).toHaveCount(0);
  await voucher.getByRole('button', { name: 'Hide card details of voucher 1' }).click();
  await expect(voucher).toContainText('•••• •••• ••••');

  await page.keyboard.press('Escape');
  await expect(page.getByRole('heading', { name: /Needs your attention/ })).toBeVisible();
});
