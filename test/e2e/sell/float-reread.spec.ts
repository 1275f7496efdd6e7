import { expect, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';

/** The wallet drops outside this counter (another counter, the partner's portal): the counter must find out before confirming. */
test('a stale or too-large reading is read again before Confirm: the warning shows and the sale is not a surprise E300', async ({ page, control, clock, sandbox }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  // The counter stays signed in across the minutes this test skips.
  expect((await app.bridge('settings.update', { staff: { lockAfterIdleMinutes: 60 } })).ok).toBe(true);
  await control('PUT', '/wallet', { balance: 10_000 });
  expect((await app.bridge('wallet.refresh')).ok).toBe(true);
  // Spent elsewhere: the counter's reading still says ₹10,000.
  await control('PUT', '/wallet', { balance: 1_000 });
  const walletReads = () => sandbox.requests.list().filter((r) => r.path === '/v1/partners/wallet/balance').length;

  // A small sale on a fresh reading is confirmed on it, without asking.
  const before = walletReads();
  await app.openBrand(BRANDS.fixed.title);
  await app.denomination('₹500').click();
  await app.review();
  await expect(app.confirmDialog.getByRole('note')).toHaveCount(0);
  expect(walletReads()).toBe(before);
  await page.keyboard.press('Escape');

  // More than half of the last reading (taken a minute ago): read again, and the warning says what is really left.
  clock.advance(60_000);
  await app.field(/Or enter an amount to split/).fill('6000');
  await app.review();
  await expect(app.confirmDialog.getByRole('note')).toContainText('more than the wallet probably holds (₹1,000');
  expect(walletReads()).toBeGreaterThan(before);
  await page.keyboard.press('Escape');

  // A reading older than the manager's limit (10 minutes by default) is read again for any sale.
  await control('PUT', '/wallet', { balance: 300 });
  clock.advance(11 * 60_000);
  await app.field(/Or enter an amount to split/).fill('500');
  await app.review();
  await expect(app.confirmDialog.getByRole('note')).toContainText('more than the wallet probably holds (₹300');
});
