import { expect, expectNoSeriousA11yViolations, pdfText, saveReceiptPng, test } from '../fixtures/index.js';
import { BRANDS, CounterPage, MANAGER } from './counter-page.js';

test('first launch → training sale of a FIXED brand split automatically → receipt printed', async ({ page, control, sandbox }) => {
  test.slow(); // five axe-core passes over a screen of 60 brands
  const app = new CounterPage(page);
  await expect(page.getByText('TRAINING', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'setup');
  await app.setUpManager();
  await expectNoSeriousA11yViolations(page, 'sell');

  await app.openBrand(BRANDS.fixed.title);
  await expect(app.denomination('₹2,000')).toBeVisible();
  await app.field(/Or enter an amount to split/).fill('3500');
  const preview = page.getByRole('region', { name: 'Vouchers' });
  await expect(preview.getByRole('listitem')).toHaveText(['1 × ₹2,000 = ₹2,000', '1 × ₹1,000 = ₹1,000', '1 × ₹500 = ₹500']);
  await expect(preview.getByRole('status')).toHaveText('3 vouchers, total ₹3,500');
  await expectNoSeriousA11yViolations(page, 'sell-brand-fixed');

  await app.review();
  await expect(app.confirmDialog.getByText('Wallet is charged ₹3,500')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'sell-confirm');
  await app.confirm();

  await expect(app.resultDialog).toHaveAccessibleName('Sale complete — ₹3,500');
  // On screen the credentials are masked: last four of the card number, no PIN.
  const rows = app.resultDialog.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText(/•••• •••• •••• \d{4}/);
  await expect(app.printButton()).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'sell-result-success');
  await app.print();

  // What was printed: the staged receipt, as print media renders it.
  const { pdf } = await saveReceiptPng(page, 'receipt-fixed-split', '80mm');
  const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
  const orders = await control<{ voucherIds: string[] }[]>('GET', '/orders');
  expect(orders).toHaveLength(1);
  const vouchers = orders[0]!.voucherIds.map((id) => sandbox.state.orders.vouchers.get(id)!);
  expect(vouchers).toHaveLength(3);
  // Card numbers print in groups of four; compare without spaces.
  const compact = text.replace(/\s+/g, '');
  for (const v of vouchers) {
    expect(compact).toContain(v.cardNumber); // CARD_AND_PIN_NO_SECURED: both
    expect(text).toContain(`PIN: ${v.cardPin}`);
  }
  expect(text).toContain('TRAINING — NOT VALID');
  expect(text).toMatch(/How to use — Online/i);
  expect(text).toContain('Enter the code at checkout.');
  expect(text).toMatch(/How to use — In store/i);
  expect(text).toContain('Show the voucher at the counter.');
  expect(text).toContain('Total: ₹3,500');
  expect(text).not.toContain('DUPLICATE');
  // The store-locator QR code is a data: URL (the CSP allows no other image source for it).
  await expect(app.printable.locator('img[alt^="QR code for the store locator"]')).toHaveAttribute('src', /^data:image\/png/);

  // A second print is a reprint: a manager's name and PIN (the only manager is already chosen), and the copy says DUPLICATE #2.
  await app.printButton().click();
  const approval = page.getByRole('dialog', { name: 'Manager approval' });
  await expect(approval.getByRole('radio', { name: MANAGER.name })).toBeChecked();
  await expect(approval.getByLabel('Manager PIN', { exact: true })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'sell-reprint-manager-pin');
  await approval.getByLabel('Manager PIN', { exact: true }).fill('1357');
  await page.keyboard.press('Enter');
  await expect(approval.getByRole('alert')).toHaveText('That PIN does not match the manager chosen (4 tries left before approvals lock)');
  await approval.getByLabel('Manager PIN', { exact: true }).fill(MANAGER.pin);
  await page.keyboard.press('Enter');
  await expect(approval).toHaveCount(0);
  await expect(app.resultDialog.getByText('Receipt printed (DUPLICATE #2).')).toBeVisible();
  await expect(app.printable).toContainText('DUPLICATE #2');
});
