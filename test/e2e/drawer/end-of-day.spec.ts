import { readFile } from 'node:fs/promises';
import { expect, expectNoSeriousA11yViolations, pdfText, saveReceiptPng, test } from '../fixtures/index.js';
import { DrawerPage, FIXED } from './drawer-page.js';

test.use({ viewport: { width: 1366, height: 768 } });

test('end of day: matched after a day of sales; a top-up not entered makes it not match until the manager records it on the Wallet screen', async ({ page, control }) => {
  test.slow(); // two axe passes, three end-of-day checks against the sandbox, a PDF
  const app = new DrawerPage(page);
  await app.startAsManager(); // the app reads the wallet at sign-in: the day's opening balance
  await app.ok('shift.open', { openingFloatPaise: 100_000 });

  // Cash with change, UPI, and a split of cash and card.
  const sales = [
    await app.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 100_000 }] }),
    await app.ok('sale.place', { productId: FIXED, amountPaise: 100_000, tenders: [{ method: 'UPI', amountPaise: 100_000, reference: 'UTR-881' }] }),
    await app.ok('sale.place', { productId: FIXED, amountPaise: 25_000, tenders: [{ method: 'CASH', amountPaise: 5_000 }, { method: 'CARD', amountPaise: 20_000, reference: '4417' }] }),
  ];
  expect(sales.map((s) => s.state)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
  // The drawer closes balanced: ₹1,000 float + ₹500 + ₹50 cash.
  expect(await app.ok('shift.close', { countedCashPaise: 155_000 })).toMatchObject({ overShortPaise: 0 });

  await app.open('End of day');
  const day = page.getByLabel('Day', { exact: true });
  await expect(day).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/); // today, dd/mm/yyyy
  await page.getByRole('button', { name: 'Check the day' }).click();
  const verdict = page.locator('.verdict');
  await expect(verdict).toContainText('Matched');
  await expect(verdict).toContainText('Sales, the service, the wallet and the payments taken agree');
  await expect(page.getByRole('heading', { name: /To look at/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Sales recorded here' })).toContainText('Completed sales3');
  await expect(page.getByRole('region', { name: 'Sales recorded here' })).toContainText('Customers pay₹1,750');
  await expect(page.getByRole('region', { name: 'The service' })).toContainText('Every order agrees');
  await expect(page.getByRole('region', { name: 'Wallet' })).toContainText('Spent between the readings₹1,750');
  const payments = page.getByRole('table', { name: 'Payments by method' });
  await expect(payments.getByRole('row')).toHaveCount(4); // header + cash, UPI, card (other unused)
  await expect(payments.getByRole('row', { name: /Cash/ })).toContainText('₹550');
  await expect(page.getByRole('table', { name: 'Payments by cashier' })).toContainText('Meera Shah');
  await expect(page.getByRole('table', { name: 'Drawers of the day' })).toContainText('Balanced');
  await expectNoSeriousA11yViolations(page, 'end-of-day-matched');

  // The printed summary.
  await page.getByRole('button', { name: 'Print the summary' }).click();
  await expect(page.getByText('Summary printed.')).toBeVisible();
  const summary = (await pdfText((await saveReceiptPng(page, 'end-of-day-summary', '80mm')).pdf)).replace(/\s+/g, ' ');
  for (const line of ['END OF DAY', 'MATCHED', 'TRAINING — NOT VALID', 'Completed (3) ₹1,750', 'Customers pay ₹1,750', 'Cash (2) ₹550', 'UPI (1) ₹1,000', 'Card (1) ₹200', 'Meera Shah (3) ₹1,750', 'Balanced']) {
    expect(summary).toContain(line);
  }
  expect(summary).not.toContain('NOT MATCHED');

  // A closed drawer's Z report, again, from the day's drawers.
  await page.getByRole('button', { name: /^Z report of Counter 1/ }).click();
  const zReport = app.dialog('Z report');
  await expect(zReport.locator('.report-paper')).toContainText('Z report — shift closed');
  await expect(zReport.locator('.report-paper')).toContainText('Balanced');
  await expect(zReport.getByRole('button', { name: 'Print the Z report' })).toBeVisible();
  await zReport.getByRole('button', { name: 'Close: Z report' }).click();
  await expect(zReport).toHaveCount(0);

  // The day's CSV: the three sales, nothing else.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the day’s CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), 'utf8');
  for (const s of sales) expect(csv).toContain(s.referenceId);
  expect(csv.trim().split('\n')).toHaveLength(1 + sales.length);

  // ₹50,000 topped up at the service but not entered here: the wallet spent ₹50,000 less than the sales.
  const { wallet } = await control<{ wallet: { balance: number } }>('GET', '/state');
  await control('PUT', '/wallet', { balance: wallet.balance + 50_000 });
  await page.getByRole('button', { name: 'Check the day' }).click();
  await expect(verdict).toContainText('Not matched');
  const toLookAt = page.getByRole('region', { name: /To look at/ });
  await expect(toLookAt.getByRole('listitem')).toHaveCount(1);
  await expect(toLookAt).toContainText('The wallet does not add up');
  await expect(toLookAt).toContainText('₹50,000 less');
  await expect(toLookAt).toContainText('What to do:');
  await expectNoSeriousA11yViolations(page, 'end-of-day-not-matched');

  // The manager records the top-up with its reference; the day matches again.
  await app.open('Wallet');
  await page.getByLabel('Amount topped up (₹)').fill('50000');
  await page.getByLabel('Reference').fill('NEFT-2611-0042');
  await page.getByRole('button', { name: 'Record top-up' }).click();
  const confirm = app.dialog('Record a top-up');
  await expect(confirm).toContainText('NEFT-2611-0042');
  await confirm.getByRole('button', { name: 'Record ₹50,000' }).click();
  await expect(page.getByText(/Top-up of ₹50,000 recorded/)).toBeVisible();
  await app.open('End of day');
  await page.getByRole('button', { name: 'Check the day' }).click();
  await expect(verdict).toContainText('Matched');
  await expect(page.getByRole('region', { name: 'Wallet' })).toContainText('Top-ups entered₹50,000');
});

test('a day typed wrong is refused by the field; a past day with no wallet reading does not match, and says why', async ({ page }) => {
  const app = new DrawerPage(page);
  await app.startAsManager();
  await app.open('End of day');
  await page.getByLabel('Day', { exact: true }).fill('31/02/2026');
  await page.getByRole('button', { name: 'Check the day' }).click();
  await expect(page.getByText('Enter a real day as dd/mm/yyyy')).toBeVisible();
  await expect(page.locator('.verdict')).toHaveCount(0);

  await page.getByLabel('Day', { exact: true }).fill('01/01/2026');
  await page.getByRole('button', { name: 'Check the day' }).click();
  await expect(page.locator('.verdict')).toContainText('Not matched');
  await expect(page.getByRole('region', { name: /To look at/ })).toContainText('The wallet was not read');
  await expect(page.getByText('No drawer was opened on this day.')).toBeVisible();
  await expect(page.getByText('No payments taken on this day.').first()).toBeVisible();
});

test('end of day names an order placed outside this counter and a sale with no payment on record, each with what to do', async ({ page, host }) => {
  const app = new DrawerPage(page);
  await app.startAsManager();
  await app.ok('shift.open', { openingFloatPaise: 0 });
  await app.ok('sale.place', { productId: FIXED, amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000 }] });
  const unpaid = await app.ok('sale.place', { productId: FIXED, amountPaise: 25_000, tenders: [{ method: 'UPI', amountPaise: 25_000, reference: 'UTR-9' }] });
  // The payment of one sale never reached the records (planted: the row is removed from the data file).
  const db = host.core.env().db;
  db.prepare('DELETE FROM payment_tenders WHERE payment_id = (SELECT payment_id FROM sale_payments WHERE sale_id = ?)').run(unpaid.id);
  db.prepare('DELETE FROM sale_payments WHERE sale_id = ?').run(unpaid.id);
  // Someone sells ₹250 with the same partner account somewhere else (the portal, another till).
  const outside = await host.core.env().client.placeOrder(
    { productId: FIXED, referenceId: 'PORTAL-ORDER-7', amount: 250, denominationDetails: [{ denomination: 250, quantity: 1 }] },
    crypto.randomUUID(),
  );
  expect(outside.kind).toBe('accepted');
  await app.ok('shift.close', { countedCashPaise: 50_000 });

  await app.open('End of day');
  await page.getByRole('button', { name: 'Check the day' }).click();
  await expect(page.locator('.verdict')).toContainText('Not matched');
  const toLookAt = page.getByRole('region', { name: /To look at/ });
  await expect(toLookAt.getByRole('listitem')).toHaveCount(2);
  await expect(toLookAt.getByRole('listitem').filter({ hasText: 'outside this counter' })).toContainText('₹250');
  await expect(toLookAt.getByRole('listitem').filter({ hasText: 'no payment was recorded' })).toContainText(unpaid.referenceId);
  await expect(toLookAt.getByRole('listitem').filter({ hasText: 'no payment was recorded' })).toContainText('What to do:');
  await expectNoSeriousA11yViolations(page, 'end-of-day-two-discrepancies');
});
