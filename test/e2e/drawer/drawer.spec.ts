import { FRESH_PRESS_MS } from '../../../src-renderer/sell/fresh-press.js';
import { expect, expectNoSeriousA11yViolations, pdfText, saveReceiptPng, saveScreen, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from '../sell/counter-page.js';
import { CASHIER, DrawerPage } from './drawer-page.js';

test.use({ viewport: { width: 1366, height: 768 } });

/** The PDF's text on one line, as a person reads it. */
const flat = async (pdf: string) => (await pdfText(pdf)).replace(/\s+/g, ' ');

test('a cashier opens the drawer with a counted float, pays out, prints an X report and closes short: the Z report says so', async ({ page }) => {
  test.slow(); // three axe passes and three PDFs
  const app = new DrawerPage(page);
  await app.startAsCashier();
  // A cashier owns shifts: Drawer is in the nav, End of day is not.
  await expect(app.nav('End of day')).toHaveCount(0);
  await expect(app.headerState).toHaveText(/Drawer closed/);
  // Sell says the drawer is closed and leads to the Drawer screen.
  const counter = new CounterPage(page);
  await counter.expectNoShiftGate();
  await page.getByRole('button', { name: 'Open the drawer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Drawer' })).toBeVisible();
  await expect(page.getByText('The drawer is closed: no sale can be made')).toBeVisible();
  await expect(page.getByLabel('Opening float (₹)')).toBeFocused();

  // Notes and coins: 4 × ₹500 + 5 × ₹10 coin = ₹2,050, added up as typed.
  await app.countNotes({ '₹500 note': 4, '₹10 coin': 5 });
  await expect(page.locator('.cash-count__total-value')).toHaveText('₹2,050');
  await page.getByRole('button', { name: 'Open the drawer' }).click();
  const confirmOpen = app.dialog('Open the drawer');
  await expect(confirmOpen).toContainText('₹2,050');
  await confirmOpen.getByRole('button', { name: 'Open with ₹2,050' }).click();
  await expect(confirmOpen).toHaveCount(0);
  await expect(app.headerState).toHaveText(/Drawer open since \d{1,2}:\d{2} [ap]m/);
  await expect(app.tile('Opening float')).toContainText('₹2,050');
  expect(await app.ok('shift.current')).toMatchObject({ openingFloatPaise: 205_000, openedByName: CASHIER.name });

  // A cash sale of ₹500 on the Sell screen (customer hands ₹1,000, ₹500 change): ₹500 stays in the drawer.
  await app.nav('Sell').click();
  await counter.expectSellScreen();
  await counter.openBrand(BRANDS.fixed.title);
  await counter.denomination('₹500').click();
  await counter.review();
  await page.waitForTimeout(FRESH_PRESS_MS); // the confirm takes only a fresh press
  await page.keyboard.type('1000');
  await expect(counter.confirmDialog.getByLabel('Cash received (₹)')).toHaveValue('1000');
  await counter.confirm();
  await expect(counter.resultDialog).toHaveAccessibleName(/Sale complete/);
  await counter.print();
  await page.keyboard.press('Escape');
  await app.open('Drawer');
  await expect(app.tile('Expected cash now')).toContainText('₹2,550');

  // A pay-out with its reason, confirmed before it is recorded.
  await page.getByLabel('Amount (₹)').fill('200');
  await page.getByLabel('Reason').fill('Courier charges');
  await page.getByRole('button', { name: 'Record pay-out' }).click();
  const confirmOut = app.dialog('Record a pay-out');
  await expect(confirmOut).toContainText('Courier charges');
  await confirmOut.getByRole('button', { name: 'Take out ₹200' }).click();
  await expect(page.getByText('Pay-out of ₹200 recorded.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Pay-ins and pay-outs of this shift' })).toContainText('Courier charges');
  await expect(app.tile('Expected cash now')).toContainText('₹2,350');
  await expectNoSeriousA11yViolations(page, 'drawer-open');

  // X report: printed at once; the drawer stays open.
  await page.getByRole('button', { name: 'Print an X report' }).click();
  await expect(page.getByText('X report printed.')).toBeVisible();
  const x = await flat((await saveReceiptPng(page, 'x-report', '80mm')).pdf);
  for (const line of ['X REPORT — SHIFT STILL OPEN', 'TRAINING — NOT VALID', 'Opening float ₹2,050', 'Cash taken ₹500', 'Pay-outs −₹200', 'Expected in drawer ₹2,350', `Opened: `, `by ${CASHIER.name}`, 'Courier charges', 'Cash (1) ₹500', `${CASHIER.name} (1) ₹500`]) {
    expect(x).toContain(line);
  }
  expect(x).not.toContain('Counted');
  await expect(app.headerState).toHaveText(/Drawer open since/);

  // Close with ₹2,300 counted: ₹50 short, shown before confirming and after.
  await page.getByLabel('Cash counted (₹)').fill('2300');
  await page.getByLabel('Note (optional)').fill('Counted twice');
  await page.getByRole('button', { name: 'Close the drawer' }).click();
  const confirmClose = app.dialog('Close the drawer');
  await expect(confirmClose).toContainText('Expected in the drawer₹2,350');
  await expect(confirmClose).toContainText('Short by ₹50');
  await confirmClose.getByRole('button', { name: 'Close with ₹2,300 counted' }).click();
  await expect(app.tile('Over / short')).toContainText('Short by ₹50');
  await expect(app.tile('Expected')).toContainText('₹2,350');
  await expect(app.tile('Counted')).toContainText('₹2,300');
  await expect(page.getByText('Z report printed.')).toBeVisible();
  await expect(app.headerState).toHaveText(/Drawer closed/);
  await expectNoSeriousA11yViolations(page, 'drawer-closed-z-report');

  const z = await flat((await saveReceiptPng(page, 'z-report-short', '80mm')).pdf);
  for (const line of ['Z REPORT — SHIFT CLOSED', 'TRAINING — NOT VALID', 'Closed: ', 'Expected in drawer ₹2,350', 'Counted ₹2,300', 'Over / short Short by ₹50', 'Pay-outs −₹200', 'Cash (1) ₹500', 'Counted twice', 'Cashier: ____']) {
    expect(z).toContain(line);
  }
  // Selling now needs the drawer opened again.
  expect(await app.bridge('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 10_000, tenders: [{ method: 'CASH', amountPaise: 10_000 }] })).toMatchObject({ ok: false, error: { code: 'NO_OPEN_SHIFT' } });
});

test('the next shift closes over, on a 58 mm roll; a wrong count is refused next to the field and nothing is recorded', async ({ page }) => {
  const app = new DrawerPage(page);
  await app.startAsManager();
  await app.ok('settings.update', { receipt: { paperWidth: '58mm' } });
  await app.open('Drawer');

  await page.getByLabel('Opening float (₹)').fill('1,000.5x');
  await page.getByRole('button', { name: 'Open the drawer' }).click();
  await expect(page.getByText('Enter an amount in rupees, like 2000')).toBeVisible();
  await expect(app.dialog('Open the drawer')).toHaveCount(0);
  await page.getByLabel('Opening float (₹)').fill('1000');
  await page.getByRole('button', { name: 'Open the drawer' }).click();
  await app.dialog('Open the drawer').getByRole('button', { name: 'Open with ₹1,000' }).click();
  await expect(app.tile('Expected cash now')).toContainText('₹1,000');

  // A pay-out of more than the drawer holds: main refuses it, the reason shows at the amount, nothing is recorded.
  await page.getByLabel('Amount (₹)').fill('5000');
  await page.getByLabel('Reason').fill('Rent');
  await page.getByRole('button', { name: 'Record pay-out' }).click();
  await app.dialog('Record a pay-out').getByRole('button', { name: 'Take out ₹5,000' }).click();
  await expect(app.dialog('Record a pay-out')).toHaveCount(0);
  await expect(page.getByText('The drawer should hold ₹1,000; a pay-out of ₹5,000 is more than that. Count the drawer.')).toBeVisible();
  await expect(page.getByLabel('Amount (₹)')).toHaveAttribute('aria-invalid', 'true');
  expect((await app.ok('shift.current')).movements).toEqual([]);

  // A count whose row is not a number of pieces is refused in the form.
  await app.countNotes({ '₹500 note': 2, '₹100 note': 1 });
  await page.getByLabel('₹1 coins: pieces').fill('x');
  await page.getByRole('button', { name: 'Close the drawer' }).click();
  await expect(page.getByText('Enter a whole number of pieces for: ₹1 coin.')).toBeVisible();
  await page.getByLabel('₹1 coins: pieces').fill('');
  await expect(page.locator('.cash-count__total-value')).toHaveText('₹1,100');
  await page.getByRole('button', { name: 'Close the drawer' }).click();
  await expect(app.dialog('Close the drawer')).toContainText('Over by ₹100');
  await app.dialog('Close the drawer').getByRole('button', { name: 'Close with ₹1,100 counted' }).click();
  await expect(app.tile('Over / short')).toContainText('Over by ₹100');
  await expect(page.getByText('Z report printed.')).toBeVisible();
  await expect(page.getByTestId('printable-z-report')).toHaveClass(/receipt--58/);
  await saveScreen(page, 'drawer-closed-over');

  const z = await flat((await saveReceiptPng(page, 'z-report-over-58mm', '58mm')).pdf);
  for (const line of ['Counted ₹1,100', 'Over by ₹100', '₹500 × 2 ₹1,000', '₹100 × 1 ₹100', 'Meera Shah']) expect(z).toContain(line);

  // Back on the Drawer later, the Z report is still there, and is not printed a second time unasked.
  await app.nav('Sell').click();
  await app.open('Drawer');
  await expect(app.tile('Over / short')).toContainText('Over by ₹100');
  await expect(page.getByRole('button', { name: 'Print the Z report', exact: true })).toBeVisible();
  await expect(page.getByText('Z report printed.')).toHaveCount(0);

  // The next shift starts from a clean screen.
  await page.getByRole('button', { name: 'Open the next shift' }).click();
  await expect(page.getByLabel('Opening float (₹)')).toBeVisible();
});
