import { BRANDS, CounterPage } from '../sell/counter-page.js';
import { expect, expectNoSeriousA11yViolations, saveScreen, test } from '../fixtures/index.js';
import { MANAGER, ManagerApp } from './manager-app.js';

/**
 * Issue 12, item 1 (the screens' side): a PIN a manager reset is replaced by the person's own
 * before anything else, anyone changes their PIN from the top bar, and approvals name the manager.
 */
const CASHIER = { name: 'Ravi Kumar', pin: '4826' };

test.use({ viewport: { width: 1366, height: 768 } });

async function signOut(app: ManagerApp): Promise<void> {
  await app.page.getByRole('button', { name: 'Sign out' }).click();
  await expect(app.page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
}

test('a cashier whose PIN a manager reset chooses their own before anything else, then sells', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  const ravi = await app.ok<{ id: string }>('staff.create', { name: CASHIER.name, role: 'cashier', pin: CASHIER.pin });
  await app.ok('staff.resetPin', { staffId: ravi.id, newPin: '3917' });
  await signOut(app);

  // The old PIN no longer works; the sign-in screen counts down in words and names nobody else.
  const signInError = page.getByRole('main').getByRole('alert');
  await app.signInWithUi(CASHIER.name, CASHIER.pin);
  await expect(signInError).toContainText('Wrong PIN (4 tries left before a lock)');
  for (const left of ['3 tries', '2 tries', '1 try']) {
    await app.signInWithUi(CASHIER.name, '5173');
    await expect(signInError).toContainText(`Wrong PIN (${left} left before a lock)`);
  }

  await app.signInWithUi(CASHIER.name, '3917');
  const heading = page.getByRole('heading', { level: 1, name: 'Choose your own PIN' });
  await expect(heading).toBeVisible();
  await expect(app.mainNav).toHaveCount(0);
  const current = page.getByLabel('Temporary PIN (from the manager)');
  const next = page.getByLabel('New PIN (4–8 digits)');
  const again = page.getByLabel('New PIN again');
  await expect(current).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'choose-pin');
  // Main refuses everything else meanwhile, and a reload comes back here.
  expect(await app.bridge('sale.pending')).toMatchObject({ ok: false, error: { code: 'PIN_CHANGE_REQUIRED' } });
  await page.reload();
  await expect(heading).toBeVisible();

  // The temporary PIN again as the new one: refused beside the new PIN, which is emptied.
  await current.fill('3917');
  await next.fill('3917');
  await again.fill('3917');
  await again.press('Enter');
  await expect(next).toHaveAccessibleDescription(/Choose a PIN different from the one you have now/);
  await expect(next).toBeFocused();
  await expect(next).toHaveValue('');
  await expect(again).toHaveValue('');
  await saveScreen(page, 'choose-pin-same-refused');

  await next.fill('6482');
  await again.fill('6428');
  await again.press('Enter');
  await expect(again).toHaveAccessibleDescription(/The two new PINs are not the same/);

  await current.fill('5555');
  await next.fill('6482');
  await again.fill('6482');
  await again.press('Enter');
  await expect(current).toHaveAccessibleDescription(/Wrong PIN \(4 tries left before a lock\)$/);
  await expect(current).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'choose-pin-refused');

  await current.fill('3917');
  await next.fill('6482');
  await again.fill('6482');
  await page.getByRole('button', { name: /^Save my PIN and start/ }).click();

  // The shell, and a sale (the drawer the manager opened is the counter's).
  const counter = new CounterPage(page);
  await counter.expectSellScreen();
  await expect(app.mainNav.getByRole('button')).toHaveText(['Sell', 'Drawer']);
  await counter.openBrand(BRANDS.fixed.title);
  await counter.denomination('₹500').click();
  await counter.review();
  await counter.confirm();
  await expect(counter.resultDialog).toHaveAccessibleName('Sale complete — ₹500');
  await counter.resultDialog.getByRole('button', { name: /Next sale/ }).click();

  // From now on only the new PIN signs in.
  await signOut(app);
  await app.signInWithUi(CASHIER.name, '3917');
  await expect(signInError).toContainText('Wrong PIN (4 tries left before a lock)');
  await app.signInWithUi(CASHIER.name, '6482');
  await counter.expectSellScreen();
});

test('anyone signed in changes their own PIN from the top bar', async ({ page, host }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  await app.ok('staff.create', { name: CASHIER.name, role: 'cashier', pin: CASHIER.pin });
  await signOut(app);
  await app.signInWithUi(CASHIER.name, CASHIER.pin);
  const counter = new CounterPage(page);
  await counter.expectSellScreen();

  const open = page.getByRole('banner').getByRole('button', { name: 'Change my PIN' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Change my PIN' });
  const current = dialog.getByLabel('Current PIN');
  const next = dialog.getByLabel('New PIN (4–8 digits)');
  const again = dialog.getByLabel('New PIN again');
  await expect(current).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'change-my-pin');

  await current.fill(CASHIER.pin);
  await next.fill('1234');
  await again.fill('1234');
  await again.press('Enter');
  await expect(next).toHaveAccessibleDescription(/A PIN cannot be a run of consecutive digits/);

  await current.fill('1111');
  await next.fill('7305');
  await again.fill('7305');
  await again.press('Enter');
  await expect(current).toHaveAccessibleDescription(/Wrong PIN \(4 tries left before a lock\)$/);
  await saveScreen(page, 'change-my-pin-refused');

  await current.fill(CASHIER.pin);
  await next.fill('7305');
  await again.fill('7305');
  await again.press('Enter');
  await expect(dialog.getByRole('status')).toContainText('Your PIN is changed. Sign in with the new one from now on.');
  await dialog.getByRole('button', { name: /^Done/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  const changed = host.core.audit.list({ limit: 50 }).filter((e) => e.action === 'staff.pin_changed');
  expect(changed).toHaveLength(1);

  await signOut(app);
  await app.signInWithUi(CASHIER.name, CASHIER.pin);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Wrong PIN');
  await app.signInWithUi(CASHIER.name, '7305');
  await counter.expectSellScreen();
});

test('a reprint at the counter is approved by choosing the manager’s name, then their PIN', async ({ page, host }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  // Two managers who happen to share a PIN: only the name says who approves.
  const arjun = await app.ok<{ id: string }>('staff.create', { name: 'Arjun Rao', role: 'manager', pin: MANAGER.pin });
  await app.ok('staff.create', { name: CASHIER.name, role: 'cashier', pin: CASHIER.pin });
  await signOut(app);
  await app.signInWithUi(CASHIER.name, CASHIER.pin);
  const counter = new CounterPage(page);
  await counter.expectSellScreen();
  await counter.openBrand(BRANDS.fixed.title);
  await counter.denomination('₹500').click();
  await counter.review();
  await counter.confirm();
  await counter.print();

  await counter.printButton().click();
  const approval = page.getByRole('dialog', { name: 'Manager approval' });
  const names = approval.getByRole('group', { name: 'Approving manager' });
  const pin = approval.getByLabel('Manager PIN', { exact: true });
  await expect(names.getByRole('radio')).toHaveCount(2);
  // A cashier asking, with two managers: no name is guessed for them, the names come first.
  for (const radio of await names.getByRole('radio').all()) await expect(radio).not.toBeChecked();
  await expect(names.getByRole('radio', { name: 'Arjun Rao' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'sell-reprint-approver');

  await pin.fill(MANAGER.pin);
  await pin.press('Enter');
  await expect(names).toHaveAccessibleDescription(/Choose the name of the manager who approves\.$/);
  await expect(names.getByRole('radio', { name: 'Arjun Rao' })).toBeFocused();

  await names.getByRole('radio', { name: 'Arjun Rao' }).check();
  await expect(pin).toBeFocused();
  await pin.fill(CASHIER.pin);
  await pin.press('Enter');
  await expect(approval.getByRole('alert')).toHaveText('That PIN does not match the manager chosen (4 tries left before approvals lock)');
  await expect(pin).toHaveValue('');
  await saveScreen(page, 'sell-reprint-approver-refused');

  await pin.fill(MANAGER.pin);
  await pin.press('Enter');
  await expect(approval).toHaveCount(0);
  await expect(counter.resultDialog.getByText('Receipt printed (DUPLICATE #2).')).toBeVisible();
  await expect(counter.printable).toContainText('approved by Arjun Rao');
  const approved = host.core.audit.list({ limit: 50 }).filter((e) => e.action === 'manager.approved');
  expect(approved.map((e) => e.actor)).toEqual([arjun.id]);
});
