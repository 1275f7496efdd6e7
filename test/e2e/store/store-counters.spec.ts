import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, saveScreen } from '../fixtures/index.js';
import { CounterPage, BRANDS } from '../sell/counter-page.js';
import { OrdersPage } from '../manager/orders-page.js';
import { SettingsPage } from '../manager/settings-page.js';
import { ManagerApp } from '../manager/manager-app.js';
import { COUNTER_NAMES, expect, test, type StoreCounter } from './store-fixture.js';

/**
 * A store's counters as their people use them: the real renderer in Chromium on two browser
 * hosts paired with a real store server (its own embedded PostgreSQL) on this file's sandbox.
 * The tests share the store and run in order; the last two stop and restart its server.
 */
test.describe.configure({ mode: 'serial' });

const [A, B] = COUNTER_NAMES;

async function sellThroughBridge(counter: StoreCounter): Promise<string> {
  const sold = await counter.call<{ referenceId: string; state: string }>('sale.place', {
    productId: BRANDS.fixed.id,
    amountPaise: 50_000,
    tenders: [{ method: 'CASH', amountPaise: 50_000 }],
  });
  if (!sold.ok) throw new Error(`sale on ${counter.name}: ${sold.error.message}`);
  expect(sold.data.state).toBe('SUCCESS');
  return sold.data.referenceId;
}

async function counterNames(counter: StoreCounter): Promise<string[]> {
  const listed = await counter.call<{ counters: { name: string }[] }>('store.counters');
  if (!listed.ok) throw new Error(listed.error.message);
  return listed.data.counters.map((c) => c.name);
}

/**
 * The page from its top, as a person first sees it (a full-page picture of a scrolled page
 * draws the sticky header mid-page), saved to test/artifacts/screens/ and, unless told not
 * to, checked by axe.
 */
async function look(page: Page, name: string, { axe = true }: { axe?: boolean } = {}): Promise<void> {
  // A string expression: the e2e project has Node's types, not the DOM's.
  await page.evaluate('window.scrollTo(0, 0)');
  if (axe) await expectNoSeriousA11yViolations(page, name);
  else await saveScreen(page, name);
}

/** Orders asked again until `reference` is listed: a counter sends its sales to the store within seconds. */
async function showOrdersUntilListed(page: Page, reference: string): Promise<void> {
  const orders = new OrdersPage(page);
  await expect(async () => {
    await page.getByRole('button', { name: 'Show orders' }).click();
    await expect(orders.row(reference)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test('a manager on Counter A sees Counter B’s sale with its counter in Orders, and filters by counter', async ({ store, openCounter }) => {
  const [a, b] = store.counters;
  const fromB = await sellThroughBridge(b);
  const fromA = await sellThroughBridge(a);

  const page = await openCounter(0);
  const app = new ManagerApp(page);
  await expect(page.locator('.topbar__counter')).toContainText(A);
  await app.open('Orders');
  await showOrdersUntilListed(page, fromB);
  const orders = new OrdersPage(page);
  await expect(orders.list.getByRole('columnheader', { name: 'Counter' })).toBeVisible();
  await expect(orders.row(fromB).getByRole('cell', { name: B, exact: true })).toBeVisible();
  await expect(orders.row(fromA).getByRole('cell', { name: new RegExp(`^${A}`) })).toBeVisible();
  await expect(orders.row(fromA).getByRole('button', { name: `Open order ${fromA}` })).toBeVisible();
  await look(page, 'store-orders');
  // Another counter's sale opens here too, from the store's records, saying where it was sold;
  // what only that counter can do (reprint, resend, check) is not offered here.
  await orders.row(fromB).getByRole('button', { name: `Open order ${fromB}` }).click();
  await expect(page.getByRole('note').filter({ hasText: `Sold at ${B}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Vouchers \(1\)/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Receipt' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Resend delivery' })).toHaveCount(0);
  await look(page, 'store-order-elsewhere');
  await page.getByRole('button', { name: /Back to orders/ }).click();

  const counterFilter = page.getByLabel('Counter', { exact: true });
  await expect(counterFilter.getByRole('option')).toHaveText(['All counters', `${A} (this counter)`, B]);
  await counterFilter.selectOption({ label: B });
  await page.getByRole('button', { name: 'Show orders' }).click();
  await expect(orders.row(fromB)).toBeVisible();
  await expect(orders.row(fromA)).toHaveCount(0);
  for (const cell of await orders.list.locator('td[data-label="Counter"]').allTextContents()) expect(cell).toBe(B);
  // Another counter's CSV is read from the store's records.
  await expect(page.getByRole('button', { name: /Export that counter’s CSV/ })).toBeVisible();
  await look(page, 'store-orders-filtered', { axe: false });

  await counterFilter.selectOption({ label: `${A} (this counter)` });
  await page.getByRole('button', { name: 'Show orders' }).click();
  await expect(orders.row(fromA)).toBeVisible();
  await expect(orders.row(fromB)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Export this counter’s CSV/ })).toBeVisible();
});

test('a counter on its own joins the store from Settings, and a manager revokes it from the list', async ({ store, openCounter, browser }) => {
  // A third counter, on its own (Training), joins through Settings › Connection › Join a store.
  const loneDir = store.tempDir('gv-e2e-lone-');
  const lone = await store.startLoneHost(loneDir);
  const setUp = await lone.bridge.invoke('staff.setupFirstManager', { name: 'Ravi Kumar', pin: '1357' });
  expect(setUp.ok).toBe(true);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  try {
    const page = await context.newPage();
    await page.goto(lone.launchUrl);
    await new ManagerApp(page).open('Settings');
    const settings = new SettingsPage(page);
    await settings.openPage('Connection');
    const join = page.getByRole('form', { name: 'Join a store', exact: true });
    await expect(join.getByLabel('This counter’s name')).toHaveValue('Counter 1');

    // Checked before anything is sent, next to each field.
    await join.getByLabel('This counter’s name').fill('');
    await join.getByRole('button', { name: 'Join the store' }).click();
    for (const label of ['Store server address', 'Pairing code', 'This counter’s name']) {
      await expect(join.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
    }
    await join.getByLabel('Store server address').fill('store.local:8802');
    await join.getByRole('button', { name: 'Join the store' }).click();
    await expect(join.getByLabel('Store server address')).toHaveAccessibleDescription(/starts with http:\/\/ or https:\/\//);
    await look(page, 'store-join-invalid');

    // A code the store server does not know: its refusal, and nothing joined.
    await join.getByLabel('Store server address').fill(store.url);
    await join.getByLabel('Pairing code').fill('ZZZZ-ZZZZ-ZZZZ');
    await join.getByLabel('This counter’s name').fill('Counter C');
    await join.getByRole('button', { name: 'Join the store' }).click();
    await expect(join.getByRole('alert')).toContainText('This counter did not join the store');
    expect(await counterNames(store.counters[0])).not.toContain('Counter C');
    await look(page, 'store-join-refused', { axe: false });

    await join.getByLabel('Pairing code').fill(await store.newPairingCode());
    await join.getByRole('button', { name: 'Join the store' }).click();
    const joined = page.getByRole('region', { name: 'Join a store', exact: true });
    await expect(joined.getByRole('status')).toContainText('joined store main as “Counter C”. Start the app again');
    await look(page, 'store-join-done');
  } finally {
    await context.close();
  }

  // On Counter A, the manager finds Counter C among the store's counters and revokes it.
  const page = await openCounter(0);
  await new ManagerApp(page).open('Settings');
  const settings = new SettingsPage(page);
  await settings.openPage('Connection');
  const link = page.getByRole('region', { name: 'Store server', exact: true });
  await expect(link).toContainText(`This counter${A}`);
  await expect(link.getByRole('status')).toHaveText('✓ The store server answers.');
  // A store's counter has no environment or credentials of its own to set.
  await expect(settings.section('Environment')).toHaveCount(0);
  await expect(settings.section('Staging credentials')).toHaveCount(0);

  const list = page.getByRole('table', { name: 'Counters of this store' });
  const row = (name: string) => list.getByRole('row').filter({ hasText: name });
  await expect(row('Counter C')).toContainText('Active');
  await expect(row(A)).toContainText('Revoke it from another counter');
  await expect(row(A).getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  await look(page, 'store-settings');

  await row('Counter C').getByRole('button', { name: 'Revoke Counter C' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke Counter C?' });
  await expect(dialog.getByRole('button', { name: 'Keep' })).toBeFocused();
  await look(page, 'store-revoke-confirm');
  await dialog.getByRole('button', { name: 'Revoke Counter C', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Counters of this store' }).getByRole('status')).toContainText('Counter C is revoked');
  await expect(row('Counter C')).toContainText(/Revoked \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(row('Counter C').getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  await look(page, 'store-revoked', { axe: false });

  // Revoked meanwhile from another counter: the refusal is said in the dialog, and the list catches up.
  const code = await store.newPairingCode();
  const pairedD = await fetch(`${store.url}/pair`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code, counterName: 'Counter D' }) });
  expect(pairedD.ok).toBe(true);
  await page.reload();
  await new ManagerApp(page).open('Settings');
  await settings.openPage('Connection');
  await expect(row('Counter D')).toContainText('Active');
  await row('Counter D').getByRole('button', { name: 'Revoke Counter D' }).click();
  const listed = await store.counters[1].call<{ counters: { id: string; name: string }[] }>('store.counters');
  if (!listed.ok) throw new Error(listed.error.message);
  const counterD = listed.data.counters.find((c) => c.name === 'Counter D')!;
  expect((await store.counters[1].call('store.revokeCounter', { counterId: counterD.id })).ok).toBe(true);
  const dDialog = page.getByRole('dialog', { name: 'Revoke Counter D?' });
  await dDialog.getByRole('button', { name: 'Revoke Counter D', exact: true }).click();
  await expect(dDialog.getByRole('alert')).toContainText('Not revoked');
  await expect(dDialog.getByRole('alert')).toContainText('revoked already');
  // Nothing is left to confirm: the dialog says since when, and offers only Close.
  await expect(dDialog.getByRole('status')).toContainText('The store lists Counter D as revoked since');
  await expect(dDialog.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
  await expect(dDialog.getByRole('button', { name: 'Close', exact: true })).toBeFocused();
  await look(page, 'store-revoke-refused');
  await dDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(row('Counter D')).toContainText(/Revoked/);
});

test('while the store server is down every screen says so, a sale is refused in the store’s words, and all is back when it is', async ({ store, openCounter }) => {
  const [, b] = store.counters;
  // A cashier at Counter B; the manager watches Orders at Counter A.
  const cashier = await store.counters[0].call<{ id: string }>('staff.create', { name: 'Arjun Rao', role: 'cashier', pin: '4826' });
  if (!cashier.ok) throw new Error(cashier.error.message);
  expect((await b.call('staff.signIn', { staffId: cashier.data.id, pin: '4826' })).ok).toBe(true);
  const till = new CounterPage(await openCounter(1));
  await till.expectSellScreen();
  await expect(till.page.getByText('Store server not answering')).toHaveCount(0);

  // The sale is reviewed while the server answers, then it dies before Confirm.
  await till.openBrand(BRANDS.fixed.title);
  await till.denomination('₹500').click();
  await till.review();
  await store.stopServer('SIGKILL');
  const banner = till.page.getByRole('alert').filter({ hasText: 'Store server not answering' });
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText('no new sales until it is back; pending sales are kept on this counter. Tell the manager.');
  await expect(banner).toContainText(`The store server (${store.url}) cannot be reached`);
  // A change to a sale here meanwhile (Counter B's owed receipt printed) waits to be sent, and the banner counts it.
  const owed = await b.call<{ unprinted: { id: string }[] }>('sale.pending');
  if (!owed.ok || !owed.data.unprinted[0]) throw new Error('Counter B should owe the receipt of its first sale');
  expect((await b.call('receipt.print', { saleId: owed.data.unprinted[0].id })).ok).toBe(true);
  await expect(banner).toContainText('1 sale is waiting to be sent to it.', { timeout: 15_000 });

  await till.confirmDialog.getByRole('button', { name: /^Confirm ₹/ }).click();
  const refusal = till.confirmDialog.getByRole('alert');
  await expect(refusal).toContainText('Not sold: the store server is not answering');
  await expect(refusal).toContainText('Nothing was sold and no payment was recorded');
  await look(till.page, 'store-sale-refused');
  // Back at the sale, asking the price again is refused the same way, not as "the internet".
  await till.page.keyboard.press('Escape');
  await till.denomination('₹1,000').click();
  await expect(till.page.locator('.quote').getByRole('alert')).toContainText('The store server is not answering, so the amount cannot be checked', { timeout: 15_000 });
  await expect(till.page.locator('.quote').getByRole('alert')).not.toContainText('internet');
  await look(till.page, 'store-banner-sell', { axe: false });
  // What a small counter screen shows with the banner on top: the sale's Review still in sight.
  await till.page.setViewportSize({ width: 1024, height: 768 });
  await expect(till.reviewButton).toBeInViewport();
  await saveScreen(till.page, 'store-banner-sell-1024x768', { fullPage: false });
  await till.page.setViewportSize({ width: 1280, height: 800 });

  // The manager's Orders lists this counter's sales only, and says why.
  const manager = await openCounter(0);
  await expect(manager.getByRole('alert').filter({ hasText: 'Store server not answering' })).toContainText('Check that the store server is running');
  await new ManagerApp(manager).open('Orders');
  await expect(manager.getByText('Only this counter’s sales are listed')).toBeVisible();
  await expect(new OrdersPage(manager).list.getByRole('columnheader', { name: 'Counter' })).toHaveCount(0);
  await look(manager, 'store-orders-counter-only');
  // Settings says the same, and the store's counters cannot be listed: said, with a way to try again.
  await new ManagerApp(manager).open('Settings');
  await new SettingsPage(manager).openPage('Connection');
  await expect(manager.getByRole('region', { name: 'Store server', exact: true }).getByRole('status')).toContainText('✕ The store server does not answer.');
  const countersDown = manager.getByRole('region', { name: 'Counters of this store' });
  await expect(countersDown.getByRole('alert')).toContainText('Could not list the store’s counters');
  await expect(countersDown.getByRole('alert')).toContainText('cannot be reached');
  await look(manager, 'store-settings-down');

  await store.startServer();
  await expect(banner).toHaveCount(0, { timeout: 20_000 });
  await expect(manager.getByText('Store server not answering')).toHaveCount(0, { timeout: 20_000 });
  await expect(manager.getByRole('region', { name: 'Store server', exact: true }).getByRole('status')).toHaveText('✓ The store server answers.');
  await countersDown.getByRole('button', { name: 'Try again' }).click();
  await expect(countersDown.getByRole('table', { name: 'Counters of this store' })).toContainText(B);
  await till.review();
  await till.confirm();
  await expect(till.resultDialog).toHaveAccessibleName(/Sale complete/);
  await look(till.page, 'store-back-sale-complete', { axe: false });
});

test('a cashier who signed in while the store server was away is asked for the PIN again before selling, then sells', async ({ store, openCounter }) => {
  const [a, b] = store.counters;
  const cashier = await a.call<{ id: string }>('staff.create', { name: 'Kavya Iyer', role: 'cashier', pin: '3917' });
  if (!cashier.ok) throw new Error(cashier.error.message);
  // Counter B takes the store's staff (her among them) while the store answers.
  expect((await b.call('staff.list')).ok).toBe(true);
  await store.stopServer('SIGKILL');
  // Counter B judges her PIN alone while its store server is away: signed in there, unknown at the store.
  expect((await b.call('staff.signIn', { staffId: cashier.data.id, pin: '3917' })).ok).toBe(true);
  await store.startServer();
  const till = new CounterPage(await openCounter(1));
  await till.expectSellScreen();
  await expect(till.page.getByText('Store server not answering')).toHaveCount(0, { timeout: 20_000 });

  // The price check goes through the store, which has not seen her PIN: the counter asks for it, saying why.
  await till.openBrand(BRANDS.fixed.title);
  await till.denomination('₹500').click();
  await expect(till.page.getByRole('heading', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 });
  await expect(till.page.getByRole('status').filter({ hasText: 'The store server does not know who is signed in at this counter' })).toContainText(
    'Sign in again with your PIN.',
  );
  await look(till.page, 'store-sign-in-again');
  await new ManagerApp(till.page).signInWithUi('Kavya Iyer', '3917');
  await till.expectSellScreen();
  await till.openBrand(BRANDS.fixed.title);
  await till.denomination('₹500').click();
  await till.review();
  await till.confirm();
  await expect(till.resultDialog).toHaveAccessibleName(/Sale complete/);
});
