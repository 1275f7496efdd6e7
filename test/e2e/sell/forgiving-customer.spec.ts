import { expect, test } from '../fixtures/index.js';
import { OrdersPage } from '../manager/orders-page.js';
import { BRANDS, CounterPage } from './counter-page.js';

const B2B_ONLY = { id: 'TEST_E103_B2B_ONLY', title: 'Test · B2B only (E103 for B2C partners)' };

test('the customer typed once: a +91 number is cleaned, kept through a refusal and a brand switch, and found by its last 4 digits', async ({ page, control }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await control('PUT', '/config', { businessModel: 'B2C' });
  expect((await app.bridge('settings.update', { businessModel: 'B2C' })).ok).toBe(true);
  // Another customer's sale, whose phone ends differently: a last-4 search must leave it out.
  const other = await app.bridge<{ referenceId: string }>('sale.place', {
    productId: BRANDS.fixed.id,
    amountPaise: 25_000,
    customer: { name: 'Asha Rao', phoneNumber: '9123456780' },
    tenders: [{ method: 'CASH', amountPaise: 25_000 }],
  });
  expect(other.ok).toBe(true);
  await page.reload();
  await app.expectSellScreen();

  // A brand the service refuses under B2C.
  await app.openBrand(B2B_ONLY.title);
  await app.field('Amount of each voucher (₹)').fill('500');
  const name = app.field('Customer name');
  const phone = app.field('Mobile number');
  const email = app.field('Email (optional)');
  await name.fill('Ravi K.');
  await phone.pressSequentially('+91 98765 43210');
  await expect(phone).toHaveValue('9876543210');
  await email.fill('ravi@example.in');
  await app.reviewButton.click();
  await expect(name).toHaveAccessibleDescription(/The name cannot contain '\.'/);
  await name.fill('Ravi Kumar');
  await app.review();
  await expect(app.confirmDialog.getByText('Ravi Kumar · 9876543210 · ravi@example.in')).toBeVisible();
  await app.confirm();
  await expect(app.resultDialog).toHaveAccessibleName(/^Sale refused/);
  await page.keyboard.press('Escape');
  await expect(app.resultDialog).toHaveCount(0);
  await expect(name).toHaveValue('Ravi Kumar');
  await expect(phone).toHaveValue('9876543210');
  await expect(email).toHaveValue('ravi@example.in');

  // Switching brand keeps the customer; the sale goes through with the clean number.
  await app.openBrand(BRANDS.fixed.title);
  await expect(name).toHaveValue('Ravi Kumar');
  await expect(phone).toHaveValue('9876543210');
  await expect(email).toHaveValue('ravi@example.in');
  await app.denomination('₹500').click();
  await app.review();
  await app.confirm();
  await expect(app.resultDialog).toHaveAccessibleName('Sale complete — ₹500');
  // The service (strict about phones) took it, and what was sent is the bare 10 digits.
  const orders = await control<{ referenceId: string; productId: string; status: string; amount: number }[]>('GET', '/orders');
  const sold = orders.find((o) => o.productId === BRANDS.fixed.id && o.amount === 500 && o.status === 'SUCCESS')!;
  const listed = await app.bridge<{ items: { id: string }[] }>('orders.list', { filter: { reference: sold.referenceId } });
  const detail = await app.bridge<{ customer: { phoneNumber?: string } | null }>('orders.detail', { saleId: listed.data!.items[0]!.id });
  expect(detail.data!.customer).toEqual({ name: 'Ravi Kumar', phoneNumber: '9876543210', email: 'ravi@example.in' });

  // A completed sale clears the customer for the next one.
  await app.resultDialog.getByRole('button', { name: /^Next sale/ }).click();
  await app.openBrand(BRANDS.fixed.title);
  await expect(name).toHaveValue('');
  await expect(phone).toHaveValue('');

  // Orders finds the sale by the last 4 digits of the phone.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders', exact: true }).click();
  const list = new OrdersPage(page);
  await expect(list.row(other.data!.referenceId)).toBeVisible();
  await page.getByLabel('Customer phone').fill('3210');
  await page.getByRole('button', { name: 'Show orders' }).click();
  await expect(list.row(sold.referenceId)).toBeVisible();
  await expect(list.row(other.data!.referenceId)).toHaveCount(0);
});
