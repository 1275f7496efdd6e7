import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { CounterPage, MANAGER } from './counter-page.js';

const CASHIER = { name: 'Asha Rao', pin: '4826' };

test('a cashier signs in with name and PIN, sees Sell only, and signs out', async ({ page }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  expect((await app.bridge('staff.create', { name: CASHIER.name, role: 'cashier', pin: CASHIER.pin })).ok).toBe(true);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(CASHIER.name) }).check();
  await expect(page.getByLabel('PIN', { exact: true })).toBeFocused();
  // The on-screen keypad and the keyboard both type into the PIN.
  await page.getByRole('group', { name: 'PIN keypad' }).getByRole('button', { name: '1', exact: true }).click();
  await expect(page.getByLabel('PIN', { exact: true })).toHaveValue('1');
  await page.getByRole('button', { name: 'Clear PIN' }).click();
  await page.getByLabel('PIN', { exact: true }).fill('9999');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(/Wrong PIN/);
  await expectNoSeriousA11yViolations(page, 'sign-in-wrong-pin');
  await page.getByLabel('PIN', { exact: true }).fill(CASHIER.pin);
  await page.keyboard.press('Enter');

  await app.expectSellScreen();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button')).toHaveText(['Sell', 'Drawer']);
  await expect(page.getByText(`${CASHIER.name} (Cashier)`)).toBeVisible();
  // main refuses what the cashier's permissions do not cover, whatever the screen shows.
  expect((await app.bridge('settings.update', { store: { name: 'X' } })).error?.code).toBe('FORBIDDEN');
  expect((await app.bridge('orders.list', {})).error?.code).toBe('FORBIDDEN');
});

test('the wallet low banner shows on every screen as soon as the wallet is low', async ({ page, control }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  const banner = page.getByRole('status').filter({ hasText: 'Wallet balance is low' });
  await expect(banner).toHaveCount(0);

  await control('PUT', '/wallet', { balance: 500 });
  expect((await app.bridge('wallet.refresh')).ok).toBe(true);
  await expect(banner).toContainText('about ₹500 left');
  await expectNoSeriousA11yViolations(page, 'sell-wallet-low');
  for (const screen of ['Orders', 'Wallet', 'Sell']) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: screen }).click();
    await expect(banner).toBeVisible();
  }
});

test('the counter locks after inactivity and asks for the PIN again', async ({ page, clock }) => {
  const app = new CounterPage(page);
  await app.setUpManager();
  clock.advance(11 * 60_000); // the default lock is after 10 minutes without activity
  // No key press needed: main locks on time and the screen follows its session.changed event.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText(/locked after a while with no activity/)).toBeVisible();
  await page.getByLabel('PIN', { exact: true }).fill(MANAGER.pin);
  await page.keyboard.press('Enter');
  await app.expectSellScreen();
});
