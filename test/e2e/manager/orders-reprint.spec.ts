import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { MANAGER, ManagerApp } from './manager-app.js';
import { OrderDetailPage } from './order-detail-page.js';
import { OrdersPage } from './orders-page.js';

test('a reprint needs a manager PIN and says DUPLICATE', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  const sale = await app.sell({ productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000 });
  expect(sale.state).toBe('SUCCESS');
  // The cashier's original copy, printed at the counter.
  expect(await app.ok('receipt.print', { saleId: sale.id })).toMatchObject({ copy: 1 });

  await app.open('Orders');
  const orders = new OrdersPage(page);
  await orders.openOrder(sale.referenceId);
  const detail = new OrderDetailPage(page);
  await expect(page.getByText('Printed 1 time.', { exact: false })).toBeVisible();

  await detail.reprintButton.click();
  await expect(detail.approval).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'manager-order-reprint-pin');

  // A wrong PIN is refused in the dialog, nothing is printed.
  await detail.reprintWithPin('9999');
  await expect(detail.approval.getByRole('alert')).toBeVisible();
  expect((await app.ok('orders.detail', { saleId: sale.id })).printCount).toBe(1);

  await detail.reprintWithPin(MANAGER.pin);
  await expect(detail.approval).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'DUPLICATE #2' })).toBeVisible();
  await expect(page.getByTestId('printable-receipt')).toContainText('DUPLICATE #2');
  await expect(page.getByText('Printed 2 times.', { exact: false })).toBeVisible();
});
