import { expect, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';
import { OrdersPage } from './orders-page.js';

test('a manager records on the attention list that the customer left without the receipt, without a PIN', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  const sale = await app.sell({ productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000 });
  expect(sale.state).toBe('SUCCESS');
  // Sold behind the screen's back: a reload shows it pinned on Sell, where a manager lands.
  await page.reload();
  const pinned = page.getByRole('region', { name: /Pending sales/ }).getByRole('listitem', { name: 'Test · Fixed denominations ₹1,000: Not printed — print now' });
  await expect(pinned).toBeVisible();

  await app.open('Orders');
  const orders = new OrdersPage(page);
  const card = orders.attentionCard(sale.referenceId);
  await expect(card).toContainText('Receipt not printed');
  await card.getByRole('button', { name: /^Customer left without receipt/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Customer left without receipt' });
  await expect(dialog).toContainText('it is recorded in your name');
  await expect(dialog.getByLabel('Manager PIN', { exact: true })).toHaveCount(0);
  await expect(dialog.getByLabel('Reason (optional)')).toBeFocused();
  await page.keyboard.type('Left before printing');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Order ${sale.referenceId}: recorded that the customer left without the receipt.` })).toBeVisible();
  await expect(orders.attentionCard(sale.referenceId)).toHaveCount(0);
  const owed = await app.ok<{ receiptOwed: boolean; printCount: number }>('sale.get', { saleId: sale.id });
  expect(owed).toMatchObject({ receiptOwed: false, printCount: 0 });

  // Back on Sell, the strip asks main again: the sale is no longer pinned.
  await app.navButton('Sell').click();
  await expect(page.getByRole('searchbox', { name: /Find a brand/ })).toBeFocused();
  await expect(pinned).toHaveCount(0);
  await expect(page.getByRole('region', { name: /Pending sales/ })).toHaveCount(0);
});
