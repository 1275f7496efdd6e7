import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';
import { OrdersPage } from './orders-page.js';

test('an in-doubt order is pinned on top with what to do, and Check now settles it', async ({ page, control }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  // The order is committed but the answer is lost; the lookups by reference fail until the faults are cleared
  // (more than the 3 failures of one lookup with its retries, so the automatic re-check cannot settle it first).
  await control('POST', '/faults', { kind: 'error-5xx', count: 30, match: { method: 'GET', path: '/v1/partners/orders/by-reference/*' } });
  await control('POST', '/faults', { kind: 'reset-after-commit', match: { method: 'POST', path: '/v1/partners/orders' } });
  const sale = await app.sell({ productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000 });
  expect(sale.state).toBe('IN_DOUBT');

  await app.open('Orders');
  const orders = new OrdersPage(page);
  const card = orders.attentionCard(sale.referenceId);
  await expect(page.getByRole('heading', { name: 'Needs your attention (1)' })).toBeVisible();
  await expect(card).toContainText('In doubt');
  await expect(card).toContainText('Do not sell it again');
  await expectNoSeriousA11yViolations(page, 'manager-orders-in-doubt');

  await control('DELETE', '/faults');
  await card.getByRole('button', { name: /^Check now/ }).click();
  await expect(page.getByRole('status').filter({ hasText: `Order ${sale.referenceId} checked: now Success.` })).toBeVisible();
  // Settled, but its voucher was never printed: the card stays, now saying so, until a receipt is printed.
  await expect(card).toContainText('Receipt not printed');
  await expect(card.getByRole('button', { name: /^Check now/ })).toHaveCount(0);
  await expect(orders.row(sale.referenceId)).toContainText('Success');
  await orders.openOrder(sale.referenceId);
  await page.getByRole('button', { name: /^Print receipt/ }).click();
  await expect(page.getByText('Printed 1 time.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: /Back to orders/ }).click();
  await expect(orders.attentionCard(sale.referenceId)).toHaveCount(0);
  expect((await app.ok('orders.list', {})).items).toHaveLength(1);
});
