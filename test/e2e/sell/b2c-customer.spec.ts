import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';

test('B2C: missing and invalid customer details are shown next to their fields', async ({ page, control }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await control('PUT', '/config', { businessModel: 'B2C' });
  expect((await app.bridge('settings.update', { businessModel: 'B2C' })).ok).toBe(true);
  await page.reload();
  await app.expectSellScreen();

  await app.openBrand(BRANDS.fixed.title);
  await expect(page.getByRole('heading', { name: 'Customer (required)' })).toBeVisible();
  await app.denomination('₹1,000').click();
  await app.reviewButton.click();

  const name = app.field('Customer name');
  const phone = app.field('Mobile number');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/name/i);
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/10-digit/);
  await expect(app.confirmDialog).toHaveCount(0);

  await name.fill('R@vi 123');
  await phone.fill('12345');
  await app.field('Email (optional)').fill('ravi at example');
  await app.reviewButton.click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(app.field('Email (optional)')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page, 'sell-b2c-errors');
  expect(await control('GET', '/orders')).toEqual([]);

  await name.fill('Ravi Kumar');
  await phone.fill('9876543210');
  await app.field('Email (optional)').fill('ravi@example.in');
  await app.review();
  await expect(app.confirmDialog.getByText('Ravi Kumar · 9876543210 · ravi@example.in')).toBeVisible();
  await app.confirm();
  await expect(app.resultDialog).toHaveAccessibleName('Sale complete — ₹1,000');
});

test('a cashier reads the business model too: under B2C the customer form is required from the start', async ({ page, control, call }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await control('PUT', '/config', { businessModel: 'B2C' });
  expect((await app.bridge('settings.update', { businessModel: 'B2C' })).ok).toBe(true);
  expect((await app.bridge('staff.create', { name: 'Asha Rao', role: 'cashier', pin: '4826' })).ok).toBe(true);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('radio', { name: /Asha Rao/ }).check();
  await page.getByLabel('PIN', { exact: true }).fill('4826');
  await page.keyboard.press('Enter');
  await app.expectSellScreen();
  expect((await call('staff.session')).ok).toBe(true);

  await app.openBrand(BRANDS.fixed.title);
  // Settings hold no secrets, so a cashier's screen knows the counter sells B2C before the first refusal.
  await expect(page.getByRole('heading', { name: 'Customer (required)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Customer \(optional for B2B\)/ })).toHaveCount(0);
  await app.denomination('₹500').click();
  await app.reviewButton.click();
  await expect(app.field('Mobile number')).toHaveAttribute('aria-invalid', 'true');
  await expect(app.confirmDialog).toHaveCount(0);
});
