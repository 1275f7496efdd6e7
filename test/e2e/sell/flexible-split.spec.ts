import { expect, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';

test('a FLEXIBLE amount above the per-voucher maximum is split into equal vouchers the sandbox accepts', async ({ page, control, sandbox }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await app.openBrand(BRANDS.flexible.title);

  // ₹100 – ₹10,000 a voucher, at most 5: ₹25,000 is the fewest vouchers, as equal as possible.
  await app.field('Amount of each voucher (₹)').fill('25000');
  const preview = page.getByRole('region', { name: 'Vouchers' });
  await expect(preview.getByRole('listitem')).toHaveText(['1 × ₹8,334 = ₹8,334', '2 × ₹8,333 = ₹16,666']);
  await expect(preview.getByRole('status')).toHaveText('3 vouchers, total ₹25,000');

  await app.review();
  await expect(app.confirmDialog.getByText('Wallet is charged ₹25,000')).toBeVisible();
  await app.confirm();
  await expect(app.resultDialog).toHaveAccessibleName('Sale complete — ₹25,000');

  const orders = await control<{ voucherIds: string[] }[]>('GET', '/orders');
  expect(orders).toHaveLength(1);
  const amounts = orders[0]!.voucherIds.map((id) => sandbox.state.orders.vouchers.get(id)!.amountPaise / 100).sort((a, b) => b - a);
  expect(amounts).toEqual([8334, 8333, 8333]);

});
