import { FRESH_PRESS_MS } from '../../../src-renderer/sell/fresh-press.js';
import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';

/**
 * Issue 4's bar: a repeat sale of a known FIXED brand and denomination, keyboard only, in at
 * most 5 keystrokes from the sell screen to the print. The keys:
 *   Enter — the search box (focused) lists recent brands: picks the first one
 *   3     — third denomination (₹500), focus moves to Review
 *   Enter — review: the confirmation opens with Confirm focused
 *   Enter — confirm, pressed as a person does after reading it (a press within FRESH_PRESS_MS
 *           of the confirmation showing is not taken: keys-no-accident.spec.ts); the sale is
 *           placed; on SUCCESS, Print is focused
 *   Enter — print
 */
test('a repeat FIXED sale with the keyboard alone takes 5 keystrokes to the print', async ({ page }) => {
  const app = new CounterPage(page);
  await app.setUpManager();

  // An earlier sale of the brand makes it a recent brand of this counter.
  await app.openBrand(BRANDS.fixed.title);
  await app.denomination('₹500').click();
  await app.review();
  await app.confirm();
  await app.print();
  await app.resultDialog.getByRole('button', { name: /Next sale/ }).click();

  // The sell screen as the next customer finds it (a reload proves recents and focus survive).
  await page.reload();
  await app.expectSellScreen();
  await expect(page.getByRole('region', { name: 'Recent brands' }).getByRole('button').first()).toHaveAccessibleName(new RegExp(`^${BRANDS.fixed.title}`));

  const printCalls: number[] = [];
  let keys = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/call') && request.postData()?.includes('"receipt.print"')) printCalls.push(keys);
  });
  const press = async (key: string) => {
    keys += 1;
    await page.keyboard.press(key);
  };

  await press('Enter');
  await expect(app.brandHeading).toHaveText(BRANDS.fixed.title);
  await expect(app.brandHeading).toBeFocused();
  await press('3');
  await expect(app.reviewButton).toBeFocused();
  await expect(page.getByRole('region', { name: 'Vouchers' }).getByRole('status')).toHaveText('1 voucher, total ₹500');
  await press('Enter');
  await expect(app.confirmDialog).toBeVisible();
  await expect(app.confirmDialog.getByRole('button', { name: /^Confirm ₹500/ })).toBeFocused();
  await page.waitForTimeout(FRESH_PRESS_MS);
  await press('Enter');
  await expect(app.resultDialog).toHaveAccessibleName('Sale complete — ₹500');
  await expect(app.printButton()).toBeFocused();
  await press('Enter');
  await expect(app.resultDialog.getByText(/^Receipt printed/)).toBeVisible();

  expect(printCalls).toEqual([5]);
  expect(keys).toBeLessThanOrEqual(5);
  // Focus moves on to Next sale, so one more Enter serves the next customer.
  await expect(app.resultDialog.getByRole('button', { name: /Next sale/ })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'sell-keyboard-printed');
  await page.keyboard.press('Enter');
  await app.expectSellScreen();
});
