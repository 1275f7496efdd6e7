import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';
import { OrdersPage } from './orders-page.js';

test('a failed paid sale whose money was not given back can be given back from Orders, once', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  const sale = await app.sell({ productId: 'TEST_E200_GENERATION_FAILED', amountPaise: 50_000 });
  expect(sale.state).toBe('FAILED');

  // Reached from Orders (as End of day's refund-due line leads there), not only from the Sell screen.
  await app.open('Orders');
  await new OrdersPage(page).openOrder(sale.referenceId);
  const money = page.getByRole('region', { name: 'Customer’s money' });
  await expect(money.getByRole('heading', { name: 'Give ₹500 back' })).toBeVisible();
  await expect(money.getByRole('list', { name: 'What to give back' })).toContainText('Give ₹500 back in cash from the drawer');
  await expectNoSeriousA11yViolations(page, 'manager-order-give-back');

  await money.getByRole('button', { name: 'Given back: ₹500' }).dblclick();
  await expect(money).toBeHidden();
  const detail = await app.ok<{ paymentState: string; refund: { amountPaise: number } | null }>('orders.detail', { saleId: sale.id });
  expect(detail).toMatchObject({ paymentState: 'REFUNDED', refund: { amountPaise: 50_000 } });
  // Recorded once: a second one is refused.
  expect(await app.bridge('sale.refund', { saleId: sale.id })).toMatchObject({ ok: false, error: { code: 'NOT_REFUNDABLE' } });
});
