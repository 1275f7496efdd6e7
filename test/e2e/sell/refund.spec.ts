import { expect, expectNoSeriousA11yViolations, saveScreen, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';

/**
 * Issue 11, item 2: a paid sale that did not go through says "Give ₹X back (cash)" and is
 * refunded once, by the way it was paid; a sale still settling says "Do not refund or resell
 * yet", and main refuses its refund as it refuses one for a completed sale.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test('a FAILED paid sale: give the money back, recorded once; the button goes and a second refund is refused; a retry takes the payment again', async ({ page, control }) => {
  test.slow(); // two axe-core passes, a refund and a retry
  const app = new CounterPage(page);
  await app.setUpManager();
  await app.openBrand(BRANDS.failed.title);
  await app.field('Amount of each voucher (₹)').fill('500');
  await app.review();
  await app.confirmDialog.getByLabel('Cash received (₹)').fill('1000');
  await app.confirm();

  const dialog = app.resultDialog;
  await expect(dialog).toHaveAccessibleName('Sale failed — ₹500');
  // The change was counted out when the notes were taken; the money to give back is the ₹500.
  await expect(dialog.locator('.change-due')).toHaveText('Change due ₹500');
  await expect(dialog.getByText('Give ₹500 back (cash)', { exact: true })).toBeVisible();
  await saveScreen(page, 'sell-result-refund-due');

  // Back to the sale: the strip keeps saying it, with no Dismiss, until it is given back.
  await dialog.getByRole('button', { name: /^Back/ }).click();
  const card = app.pending.getByRole('listitem', { name: BRANDS.failed.title });
  await expect(card.getByText('Give ₹500 back (cash)', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: /Dismiss/ })).toHaveCount(0);
  await card.getByRole('button', { name: /^Give back ₹500…/ }).click();

  const refund = page.getByRole('dialog', { name: 'Give the money back — ₹500' });
  await expect(refund.getByRole('list', { name: 'What to give back' }).getByRole('listitem')).toHaveText(['Give ₹500 back in cash from the drawer']);
  const given = refund.getByRole('button', { name: /^Given back: ₹500/ });
  await expect(given).toBeFocused();
  await saveScreen(page, 'sell-refund-confirm');
  await expectNoSeriousA11yViolations(page, 'sell-refund-confirm');
  // Esc steps back to the outcome, nothing recorded.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveAccessibleName('Sale failed — ₹500');
  await dialog.getByRole('button', { name: /^Give back ₹500…/ }).click();
  await refund.getByRole('button', { name: /^Given back: ₹500/ }).click();

  await expect(dialog).toHaveAccessibleName('Sale failed — ₹500');
  await expect(dialog.getByText('Refunded ₹500 (cash)', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Give back/ })).toHaveCount(0);
  // Given back: no sentence tells the cashier to pay out again, and nothing is left to do in the strip.
  await expect(dialog.getByRole('alert')).toHaveText(/No voucher was issued\.$/);
  await expect(card).toHaveCount(0);
  await saveScreen(page, 'sell-result-refunded');

  const saleId = (await app.bridge<{ items: { id: string }[] }>('orders.list', {})).data!.items[0]!.id;
  const again = await app.bridge('sale.refund', { saleId });
  expect(again).toMatchObject({ ok: false, error: { code: 'NOT_REFUNDABLE' } });
  const view = (await app.bridge<{ paymentState: string; refund: { amountPaise: number } }>('sale.get', { saleId })).data!;
  expect(view).toMatchObject({ paymentState: 'REFUNDED', refund: { amountPaise: 50_000 } });

  // Given back, Try again first takes the payment again, and sends it with the new order.
  await dialog.getByRole('button', { name: 'Try again…' }).click();
  const payAgain = page.getByRole('dialog', { name: 'Take the payment again — ₹500' });
  await payAgain.getByRole('radio', { name: 'UPI' }).check();
  await payAgain.getByLabel('UPI reference (UTR)').fill('998877665544');
  await payAgain.getByRole('button', { name: /^Take ₹500 and try again/ }).click();
  await expect(dialog).toHaveAccessibleName('Sale failed — ₹500');
  await expect(dialog.getByText('Give ₹500 back (UPI)', { exact: true })).toBeVisible();
  expect(await control<unknown[]>('GET', '/orders')).toHaveLength(2);
});

test('a PROCESSING paid sale says do not refund or resell yet, and main refuses its refund; so it does for a completed one', async ({ page }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  await app.openBrand(BRANDS.processing.title);
  await app.field('Amount of each voucher (₹)').fill('500');
  await app.review();
  await app.confirm();

  await expect(app.resultDialog).toHaveAccessibleName('Sale processing — ₹500');
  await expect(app.resultDialog.getByText(/^Do not refund or resell yet: /)).toBeVisible();
  await expect(app.resultDialog.getByRole('button', { name: /Give back/ })).toHaveCount(0);
  const { sales } = (await app.bridge<{ sales: { id: string; paymentState: string }[] }>('sale.pending')).data!;
  expect(sales[0]!.paymentState).toBe('ON_HOLD');
  expect(await app.bridge('sale.refund', { saleId: sales[0]!.id })).toMatchObject({ ok: false, error: { code: 'NOT_REFUNDABLE' } });
  await app.resultDialog.getByRole('button', { name: /Next sale/ }).click();

  await app.openBrand(BRANDS.fixed.title);
  await app.denomination('₹500').click();
  await app.review();
  await app.confirm();
  await expect(app.resultDialog).toHaveAccessibleName('Sale complete — ₹500');
  await expect(app.resultDialog.getByRole('button', { name: /Give back/ })).toHaveCount(0);
  const saleId = (await app.bridge<{ items: { id: string; state: string }[] }>('orders.list', {})).data!.items.find((s) => s.state === 'SUCCESS')!.id;
  expect(await app.bridge('sale.refund', { saleId })).toMatchObject({ ok: false, error: { code: 'NOT_REFUNDABLE' } });
});

test('no open shift: Sell says so plainly and offers the drawer; once a shift is open it sells', async ({ page }) => {
  const app = new CounterPage(page);
  await app.setUpManager(undefined, undefined, { openDrawer: false });
  await saveScreen(page, 'sell-no-shift');
  await expectNoSeriousA11yViolations(page, 'sell-no-shift');

  // Opened elsewhere (the Drawer screen, another tab): main's shift.changed brings the Sell screen back.
  await app.openDrawer();
  await app.expectSellScreen();
});
