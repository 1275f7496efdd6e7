import { FRESH_PRESS_MS } from '../../../src-renderer/sell/fresh-press.js';
import { expect, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';

/**
 * Issue 11, "keys that cannot sell by accident": a key pressed for one step never acts on the
 * next. The waits of FRESH_PRESS_MS stand for a cashier reading the confirmation: a press
 * that comes sooner is the accident these tests make on purpose.
 */

test('two Enter presses 40 ms apart on Review sale open the confirmation and place nothing; a fresh Enter confirms', async ({ page, control }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await app.openBrand(BRANDS.fixed.title);
  await app.denomination('₹500').click();
  await app.reviewButton.focus();

  await page.keyboard.press('Enter');
  await page.waitForTimeout(40);
  await page.keyboard.press('Enter');

  const confirm = app.confirmDialog.getByRole('button', { name: /^Confirm ₹500/ });
  await expect(confirm).toBeFocused();
  // Long enough for a sale the second press had placed to show: none did.
  await page.waitForTimeout(FRESH_PRESS_MS);
  await expect(confirm).toBeFocused();
  await expect(app.resultDialog).toHaveCount(0);
  expect(await control('GET', '/orders')).toEqual([]);

  await page.keyboard.press('Enter');
  await expect(app.resultDialog).toHaveAccessibleName('Sale complete — ₹500');
  expect(await control('GET', '/orders')).toHaveLength(1);
});

test('Enter held down on Review sale opens the confirmation; its repeats never confirm, a fresh press does', async ({ page, control }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await app.openBrand(BRANDS.fixed.title);
  await app.denomination('₹500').click();
  await app.reviewButton.focus();

  await page.keyboard.down('Enter');
  const confirm = app.confirmDialog.getByRole('button', { name: /^Confirm ₹500/ });
  await expect(confirm).toBeFocused();
  await page.waitForTimeout(FRESH_PRESS_MS);
  // Still held: the keyboard repeats it (KeyboardEvent.repeat), however late.
  await page.keyboard.down('Enter');
  await page.keyboard.down('Enter');
  await page.keyboard.up('Enter');
  await page.waitForTimeout(FRESH_PRESS_MS);
  await expect(confirm).toBeFocused();
  await expect(app.resultDialog).toHaveCount(0);
  expect(await control('GET', '/orders')).toEqual([]);

  await page.keyboard.press('Enter');
  await expect(app.resultDialog).toHaveAccessibleName('Sale complete — ₹500');
  expect(await control('GET', '/orders')).toHaveLength(1);
});

test('Enter in the search opens a brand only when the words name it (title or tag), or when it is the only one listed', async ({ page }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  const start = page.getByText('Pick a brand to start a sale');

  // Only travel brands' descriptions say “holiday bookings”: Enter opens none of them.
  await app.search.fill('bookings');
  await expect(page.getByRole('heading', { name: /^Brands found: / })).toHaveText(/^Brands found: ([2-9]|\d{2,})$/);
  await app.search.press('Enter');
  await expect(page.locator('#brand-search-hint')).toHaveText(/^Enter opened nothing: no brand on sale has a name or tag starting with “bookings”/);
  await expect(start).toBeVisible();
  await expect(app.brandHeading).toHaveCount(0);

  // 'Processing for 30 minutes' is listed first (its description says “then SUCCESS”).
  await app.search.fill('processing then success');
  await expect(app.brandButton('Test · Processing then success')).toBeVisible();
  await app.search.press('Enter');
  await expect(app.brandHeading).toHaveText(BRANDS.processing.title);

  // A travel brand's “holiday bookings” sorts first alphabetically; a brand named for books opens.
  await app.search.fill('book');
  await expect(page.locator('.brand-list').getByRole('button').first()).toHaveAccessibleName(/book/i);
  await app.search.press('Enter');
  await expect(app.brandHeading).toHaveText(/\bBooks?\b/);

  // The only brand listed opens, even when only its description matched.
  await app.search.fill('quoted');
  await expect(page.getByRole('heading', { name: 'Brands found: 1' })).toBeVisible();
  await app.search.press('Enter');
  await expect(app.brandHeading).toHaveText('Test · Voucher amount as text');
});

test('“/” moves to the search without typing; in the search it types nothing', async ({ page }) => {
  const app = new CounterPage(page);
  await app.setUpManager();

  await app.search.pressSequentially('test');
  await page.keyboard.press('/');
  await expect(app.search).toBeFocused();
  await expect(app.search).toHaveValue('test');

  await app.brandButton(BRANDS.fixed.title).click();
  await expect(app.brandHeading).toBeFocused();
  await page.keyboard.press('/');
  await expect(app.search).toBeFocused();
  await expect(app.search).toHaveValue('test');
  // The text is selected, so typing replaces it.
  await page.keyboard.type('flex');
  await expect(app.search).toHaveValue('flex');
});

test('Esc in the search closes the open brand; a second Esc clears the search', async ({ page }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await app.openBrand(BRANDS.fixed.title);
  await app.denomination('₹500').click();

  await page.keyboard.press('/');
  await page.keyboard.type('flex');
  await expect(app.search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(app.brandHeading).toHaveCount(0);
  await expect(page.getByText('Pick a brand to start a sale')).toBeVisible();
  await expect(app.search).toBeFocused();
  await expect(app.search).toHaveValue('flex');

  await page.keyboard.press('Escape');
  await expect(app.search).toHaveValue('');
  await expect(app.search).toBeFocused();
});
