import { expect, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';
import { OrderDetailPage } from './order-detail-page.js';
import { OrdersPage } from './orders-page.js';

test('resend delivery by SMS reaches the service; a channel without a contact is explained next to it', async ({ page, control }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  const withBoth = await app.sell({
    productId: 'TEST_FIXED_STANDARD',
    amountPaise: 25_000,
    customer: { name: 'Asha Rao', phoneNumber: '9876543210', email: 'asha@example.com' },
  });
  const phoneOnly = await app.sell({ productId: 'TEST_FIXED_STANDARD', amountPaise: 10_000, customer: { name: 'Vikram Iyer', phoneNumber: '9123456780' } });
  const order = await app.ok('orders.detail', { saleId: withBoth.id });
  const before = (await control<any[]>('GET', '/deliveries')).filter((d) => d.kind === 'resend');
  expect(before).toEqual([]);

  await app.open('Orders');
  const orders = new OrdersPage(page);
  const detail = new OrderDetailPage(page);

  // Email on an order without an email address: refused by the contact rules, shown by the Email box.
  await orders.openOrder(phoneOnly.referenceId);
  await detail.resend('Email', 'SMS');
  await expect(detail.channel('Email')).toHaveAccessibleDescription(/Email cannot be sent: this order has no valid customer email address/);
  await expect(detail.channel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(detail.channel('SMS')).not.toHaveAttribute('aria-invalid', 'true');
  await detail.back();

  await orders.openOrder(withBoth.referenceId);
  await expect(page.getByText(/To ••••••3210/).first()).toBeVisible();
  await detail.resend('SMS');
  await expect(page.getByRole('status').filter({ hasText: /Sent\. Delivery/ })).toBeVisible();

  const resent = (await control<any[]>('GET', '/deliveries')).filter((d) => d.kind === 'resend');
  expect(resent.length).toBeGreaterThan(0);
  expect(resent.every((d) => d.orderId === order.orderId && d.channel === 'SMS' && d.to === '9876543210')).toBe(true);
});
