import { expect, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';

test('a connection reset after the order was committed ends in one SUCCESS order, not two', async ({ page, control }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await control('POST', '/faults', { kind: 'reset-after-commit', match: { method: 'POST', path: '/v1/partners/orders' } });

  await app.openBrand(BRANDS.fixed.title);
  await app.denomination('₹1,000').click();
  await app.review();
  await app.confirm();

  // Whether the lookup by reference answers within the call or just after, the dialog ends at SUCCESS.
  await expect(app.resultDialog).toHaveAccessibleName('Sale complete — ₹1,000', { timeout: 20_000 });
  await app.print();
  const orders = await control<{ status: string }[]>('GET', '/orders');
  expect(orders).toHaveLength(1);
  expect(orders[0]!.status).toBe('SUCCESS');
  const faults = await control<{ fired: unknown[] }>('GET', '/faults');
  expect(faults.fired).toHaveLength(1);
});
