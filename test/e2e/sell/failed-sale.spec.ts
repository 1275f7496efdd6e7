import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';

test('a FAILED sale says what happened and what to do; Try again is a new order', async ({ page, control }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await app.openBrand(BRANDS.failed.title);
  await app.field('Amount of each voucher (₹)').fill('500');
  await app.review();
  await app.confirm();

  await expect(app.resultDialog).toHaveAccessibleName('Sale failed — ₹500');
  await expect(app.resultDialog.getByRole('alert')).toHaveText(/voucher could not be generated.*wallet was not charged\. No voucher was issued: give the customer's money back\.$/i);
  await expect(app.resultDialog.getByText(/Wait 1–2 minutes, then try again/)).toBeVisible();
  // The code is for support: folded away until asked for.
  const details = app.resultDialog.getByLabel('Details for support');
  await expect(details).toBeHidden();
  await app.resultDialog.getByText('Details for support', { exact: true }).click();
  await expect(details).toContainText('Code: E200');
  await expectNoSeriousA11yViolations(page, 'sell-result-failed');

  await app.resultDialog.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(async () => (await control<unknown[]>('GET', '/orders')).length).toBe(2);
  const orders = await control<{ referenceId: string; status: string }[]>('GET', '/orders');
  expect(new Set(orders.map((o) => o.referenceId)).size).toBe(2);
  expect(orders.every((o) => o.status === 'FAILED')).toBe(true);
  await expect(app.resultDialog).toHaveAccessibleName('Sale failed — ₹500');

  // Back returns to the sale as it was, to change the brand or the amount.
  await app.resultDialog.getByRole('button', { name: /^Back/ }).click();
  await expect(app.resultDialog).toHaveCount(0);
  await expect(app.field('Amount of each voucher (₹)')).toHaveValue('500');
});

test('Esc while Try again is on its way does not close the result: the answer lands where the cashier is', async ({ page, control }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await app.openBrand(BRANDS.failed.title);
  await app.field('Amount of each voucher (₹)').fill('500');
  await app.review();
  await app.confirm();
  await expect(app.resultDialog).toHaveAccessibleName('Sale failed — ₹500');

  // The service takes its time with the retry.
  await control('POST', '/faults', { kind: 'delay', stage: 'before', ms: 4_000, match: { method: 'POST', path: '/v1/partners/orders' } });
  await app.resultDialog.getByRole('button', { name: 'Try again' }).click();
  await expect(app.resultDialog.getByRole('button', { name: 'Trying again…' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(app.resultDialog).toBeVisible();
  await app.resultDialog.getByRole('button', { name: /^Back/ }).click();
  await expect(app.resultDialog).toBeVisible();
  // The retry's answer is shown in the same dialog, as the current sale's.
  await expect.poll(async () => (await control<unknown[]>('GET', '/orders')).length).toBe(2);
  await expect(app.resultDialog.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(app.resultDialog).toHaveAccessibleName('Sale failed — ₹500');
});
