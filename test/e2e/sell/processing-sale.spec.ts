import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';

test('a PROCESSING sale waits in Pending sales, survives a reload, resolves when the service does, and prints', async ({ page, advance }) => {
  test.slow(); // a reload and two axe-core passes
  const app = new CounterPage(page);
  await app.setUpManager();
  await app.openBrand(BRANDS.processing.title);
  await app.field('Amount of each voucher (₹)').fill('500');
  await app.review();
  await app.confirm();

  await expect(app.resultDialog).toHaveAccessibleName('Sale processing — ₹500');
  await expect(app.resultDialog.getByRole('button', { name: /Next sale/ })).toBeFocused();
  await page.keyboard.press('Enter');

  // The cashier is free to serve the next customer; the sale waits in the strip.
  await app.expectSellScreen();
  const card = app.pending.getByRole('listitem', { name: new RegExp(`${BRANDS.processing.title}.*Processing`) });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sell-pending-processing');

  await page.reload();
  await app.expectSellScreen();
  await expect(card).toBeVisible();

  // The sandbox resolves it after 180 s; the app's own poll (its clock moved too) finds it.
  await advance(180);
  const ready = app.pending.getByRole('listitem', { name: new RegExp(`${BRANDS.processing.title}.*Not printed — print now`) });
  await expect(ready).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, 'sell-pending-ready');
  await ready.getByRole('button', { name: 'Print receipt' }).click();

  await expect(app.resultDialog).toHaveAccessibleName('Sale complete — ₹500');
  await expect(app.printButton()).toBeFocused();
  await app.print();
  await expect(app.printable).toContainText('TRAINING — NOT VALID');
  await app.resultDialog.getByRole('button', { name: /Next sale/ }).click();
  await expect(app.pending).toHaveCount(0);
});
