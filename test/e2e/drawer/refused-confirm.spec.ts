import type { Page, Route } from '@playwright/test';
import { FRESH_PRESS_MS } from '../../../src-renderer/sell/fresh-press.js';
import { expect, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from '../sell/counter-page.js';
import { DrawerPage } from './drawer-page.js';

/**
 * A refused Confirm on the money screens, by keyboard only: focus lands on what to correct (or
 * on Confirm to try again), never on a disabled control or the page's body, and a lost answer
 * does not claim that nothing was recorded. Main's answers are the real ones, except where a
 * test takes one call's answer over (`page.route` on the host's /api/call): a refusal main could
 * give but the page's own checks never let through, or an answer cut after main wrote it.
 */
test.use({ viewport: { width: 1366, height: 768 } });

type Handler = (route: Route) => Promise<void>;

/** Takes over the answers to `method` (every other call goes to main as usual). */
async function answerFor(page: Page, method: string, handle: Handler): Promise<void> {
  await page.route('**/api/call', async (route) => {
    const body = route.request().postDataJSON() as { method?: string } | null;
    if (body?.method === method) return handle(route);
    return route.continue();
  });
}

/** The pay-in / pay-out form, filled, submitted with Enter in Reason; its Confirm dialog open and ready for a fresh press. */
async function payOut(page: Page, app: DrawerPage, amount: string, reason: string) {
  await page.getByLabel('Amount (₹)').fill(amount);
  await page.getByLabel('Reason').fill(reason);
  await page.getByLabel('Reason').press('Enter');
  const dialog = app.dialog('Record a pay-out');
  await expect(dialog.getByRole('button', { name: /^Take out/ })).toBeFocused();
  await page.waitForTimeout(FRESH_PRESS_MS); // the confirm takes only a fresh press
  return dialog;
}

test('pay-out refused, by the form and by main: focus goes to the amount to correct', async ({ page }) => {
  const app = new DrawerPage(page);
  await app.startAsManager();
  await app.ok('shift.open', { openingFloatPaise: 100_000 });
  await app.open('Drawer');
  const amount = page.getByLabel('Amount (₹)');

  // The form's own check: no amount, Enter in Reason.
  await page.getByLabel('Reason').fill('Rent');
  await page.getByLabel('Reason').press('Enter');
  await expect(page.getByText('Enter an amount in rupees, like 500.')).toBeVisible();
  await expect(amount).toBeFocused();

  // Main's refusal at the amount (more than the drawer holds): the dialog closes onto the amount.
  const dialog = await payOut(page, app, '5000', 'Rent');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('The drawer should hold ₹1,000; a pay-out of ₹5,000 is more than that. Count the drawer.')).toBeVisible();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toBeFocused();

  // Corrected from the keyboard alone, and recorded.
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('500');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(FRESH_PRESS_MS);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pay-out of ₹500 recorded.')).toBeVisible();
  expect((await app.ok('shift.current')).movements).toHaveLength(1);
});

test('a pay-out whose answer is lost after main recorded it: not known, Confirm again records it once', async ({ page }) => {
  const app = new DrawerPage(page);
  await app.startAsManager();
  await app.ok('shift.open', { openingFloatPaise: 100_000 });
  await app.open('Drawer');

  // Main records the pay-out; its answer never reaches the page.
  await answerFor(page, 'shift.cashMovement', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  const dialog = await payOut(page, app, '200', 'Courier charges');
  await page.keyboard.press('Enter');
  const notice = dialog.getByRole('alert');
  await expect(notice).toContainText('Not known whether this was recorded');
  await expect(notice).toContainText('this pay-out is recorded once however often it is confirmed');
  await expect(dialog).not.toContainText('Nothing was recorded');
  await expect(dialog).not.toContainText('Nothing was changed');
  expect((await app.ok('shift.current')).movements).toHaveLength(1);
  // Focus is where the cashier acts next: Confirm, to try again.
  const confirm = dialog.getByRole('button', { name: 'Take out ₹200' });
  await expect(confirm).toBeFocused();

  await page.unrouteAll();
  await page.waitForTimeout(FRESH_PRESS_MS);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pay-out of ₹200 recorded.')).toBeVisible();
  // The same movement id: main answered the one it holds, nothing more was taken out.
  const movements = (await app.ok('shift.current')).movements as { amountPaise: number }[];
  expect(movements.map((m) => m.amountPaise)).toEqual([20_000]);
});

test('a pay-out recorded with its answer lost, then edited and confirmed: refused, and the next Enter records nothing', async ({ page }) => {
  const app = new DrawerPage(page);
  await app.startAsManager();
  await app.ok('shift.open', { openingFloatPaise: 100_000 });
  await app.open('Drawer');

  // Main records the pay-out; its answer never reaches the page.
  await answerFor(page, 'shift.cashMovement', async (route) => {
    await route.fetch();
    await route.abort('connectionreset');
  });
  let dialog = await payOut(page, app, '200', 'Courier');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('Not known whether this was recorded');
  await page.unrouteAll();

  // The cashier goes back, edits the reason and confirms again: the same entry, another reason.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  dialog = await payOut(page, app, '200', 'Courier charges');
  await page.keyboard.press('Enter');

  // Refused: the dialog is gone, the form is empty, the recorded pay-out is in the list, and the cashier is told.
  await expect(dialog).toHaveCount(0);
  const notice = page.getByRole('alert').filter({ hasText: 'Already recorded' });
  await expect(notice).toContainText('already recorded from this entry; nothing more was recorded');
  await expect(page.getByLabel('Amount (₹)')).toHaveValue('');
  await expect(page.getByLabel('Reason')).toHaveValue('');
  await expect(page.getByRole('table', { name: 'Pay-ins and pay-outs of this shift' })).toContainText('Courier');

  // One more Enter, wherever focus now is, records nothing.
  await page.waitForTimeout(FRESH_PRESS_MS);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(FRESH_PRESS_MS);
  await expect(app.dialog('Record a pay-out')).toHaveCount(0);
  const movements = (await app.ok('shift.current')).movements as { amountPaise: number; reason: string }[];
  expect(movements.map((m) => [m.amountPaise, m.reason])).toEqual([[20_000, 'Courier']]);

  // The next movement entered is a new one, under a new id.
  await payOut(page, app, '300', 'Milk');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Pay-out of ₹300 recorded.')).toBeVisible();
  expect(((await app.ok('shift.current')).movements as unknown[]).length).toBe(2);
});

test('Confirm sale refused: focus goes back to Cash received, whether main names the field or the answer is lost', async ({ page }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await app.openBrand(BRANDS.fixed.title);
  await app.denomination('₹500').click();
  await app.review();
  const dialog = app.confirmDialog;
  const received = dialog.getByLabel('Cash received (₹)');
  await page.waitForTimeout(FRESH_PRESS_MS);
  await page.keyboard.type('1000');
  await expect(received).toBeFocused();

  // Main refuses the cash received (a rule the page's own check does not know).
  await answerFor(page, 'sale.place', (route) =>
    route.fulfill({
      json: { ok: false, error: { code: 'INVALID_SALE', message: 'Check the payment.', fields: [{ field: 'tenders.0.receivedPaise', message: 'Count the notes again: ₹1,000 was not accepted.' }] } },
    }),
  );
  await page.keyboard.press('Enter');
  await expect(dialog.locator('.field__error')).toHaveText('Count the notes again: ₹1,000 was not accepted.');
  await expect(received).toHaveAttribute('aria-invalid', 'true');
  await expect(received).toBeEnabled();
  await expect(received).toBeFocused();

  // Corrected; then the answer is lost before main has it: the error is announced, focus stays on the field.
  await page.unrouteAll();
  await answerFor(page, 'sale.place', (route) => route.abort('connectionreset'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2000');
  await page.waitForTimeout(FRESH_PRESS_MS); // the step counts as shown again after a refusal
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('The app’s background service did not answer.');
  await expect(received).toBeEnabled();
  await expect(received).toBeFocused();

  // Enter again (the same sale id): the sale goes through, with the change of the cash received.
  await page.unrouteAll();
  await page.waitForTimeout(FRESH_PRESS_MS);
  await page.keyboard.press('Enter');
  await expect(app.resultDialog).toHaveAccessibleName('Sale complete — ₹500', { timeout: 20_000 });
  await expect(app.resultDialog.locator('.change-due')).toHaveText('Change due ₹1,500');
  const orders = await app.bridge<{ items: unknown[] }>('orders.list', {});
  expect(orders.data!.items).toHaveLength(1);
});
