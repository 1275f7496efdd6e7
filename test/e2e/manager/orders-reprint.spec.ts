import { expect, expectNoSeriousA11yViolations, pdfText, saveReceiptPng, test } from '../fixtures/index.js';
import { MANAGER, ManagerApp } from './manager-app.js';
import { OrderDetailPage } from './order-detail-page.js';
import { OrdersPage } from './orders-page.js';

test('a reprint needs a manager PIN and says DUPLICATE, when and who approved it', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  // The narrowest roll: where a long number would be tempted to wrap.
  await app.ok('settings.update', { receipt: { paperWidth: '58mm' } });
  const sale = await app.sell({ productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000 });
  expect(sale.state).toBe('SUCCESS');
  // The cashier's original copy, printed at the counter.
  const original = await app.ok<{ copy: number; orderId: string; vouchers: { cardNumber: string }[] }>('receipt.print', { saleId: sale.id });
  expect(original).toMatchObject({ copy: 1, reprintedAt: null, approvedByName: null });

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

  const { pdf } = await saveReceiptPng(page, 'receipt-duplicate-58mm', '58mm');
  const lines = (await pdfText(pdf)).replace(/\u00a0/g, ' ').split('\n');
  const text = lines.join(' ').replace(/\s+/g, ' ');
  expect(text).toMatch(new RegExp(`DUPLICATE #2 — reprinted \\d{1,2} \\w{3} \\d{4}, \\d{1,2}:\\d{2} [ap]m, approved by ${MANAGER.name}`));
  // Neither the card number nor the order id is split across lines on 58 mm.
  expect(lines.some((l) => l.replace(/\s+/g, '').includes(original.vouchers[0]!.cardNumber))).toBe(true);
  expect(lines.some((l) => l.includes(original.orderId))).toBe(true);
});
