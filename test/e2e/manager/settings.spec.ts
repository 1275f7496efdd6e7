import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';
import { SettingsPage } from './settings-page.js';
import { fakeSecretStore } from '../../support/fake-secret-store.js';
import { freePort } from '../../support/free-port.js';

// Saving credentials is the desktop app's screen, where the OS keychain keeps the secret: the
// host gets a stand-in keychain (without one, the secret is refused: test/bridge/bridge-keychain.test.ts).
test.use({ hostOptions: { keychain: fakeSecretStore() } });

test('settings: invalid fields are shown where they are and nothing is saved; secrets stay write-only', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  await app.open('Settings');
  const settings = new SettingsPage(page);
  // Store & receipt is the first page: the one a manager needs most.
  await expect(settings.tab('Store & receipt')).toHaveAttribute('aria-selected', 'true');

  // Store: a bad counter code is refused by main, next to the field, and the good name beside it is not saved either.
  const store = settings.section('Store and counter');
  await store.getByLabel('Store name').fill('Lakshmi Gifts');
  await store.getByLabel('Counter code').fill('C-1');
  await settings.save('Store and counter');
  await expect(store.getByLabel('Counter code')).toHaveAttribute('aria-invalid', 'true');
  await expect(store.getByLabel('Counter code')).toHaveAccessibleDescription(/capital letters or digits/);
  await expect(store.getByRole('alert')).toContainText('Nothing was saved');
  expect((await app.ok('settings.get')).settings.store).toMatchObject({ name: 'My Store', counterCode: 'C1' });
  await expectNoSeriousA11yViolations(page, 'manager-settings-invalid');

  await store.getByLabel('Counter code').fill('LG2');
  await settings.save('Store and counter');
  await expect(store.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect((await app.ok('settings.get')).settings.store).toMatchObject({ name: 'Lakshmi Gifts', counterCode: 'LG2' });

  // Receipt paper width.
  const receipt = settings.section('Receipt');
  await receipt.getByRole('radio', { name: /58 mm roll/ }).check();
  await settings.save('Receipt');
  await expect(receipt.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  expect((await app.ok('settings.get')).settings.receipt.paperWidth).toBe('58mm');

  // Thresholds: out of range is refused next to the field.
  const thresholds = settings.section('Thresholds');
  await thresholds.getByLabel('Lock the counter after (minutes idle)').fill('0');
  await settings.save('Thresholds');
  await expect(thresholds.getByLabel('Lock the counter after (minutes idle)')).toHaveAttribute('aria-invalid', 'true');
  expect((await app.ok('settings.get')).settings.staff.lockAfterIdleMinutes).toBe(10);

  // Environment and credentials are on Connection, and only there.
  await expect(settings.section('Environment')).toHaveCount(0);
  await settings.openPage('Connection');
  await expect(settings.section('Store and counter')).toHaveCount(0);

  // Environment: the browser host runs Training only, and says so.
  const env = settings.section('Environment');
  await env.getByRole('radio', { name: /Staging/ }).check();
  await env.getByRole('button', { name: 'Switch to Staging' }).click();
  await expect(env.getByRole('alert')).toContainText('allows only training');

  // Credentials: the secret is write-only — after saving, the field is empty and says it is saved.
  const staging = settings.section('Staging credentials');
  await staging.getByLabel('Service address (base URL)').fill('not a url');
  await staging.getByLabel('Client id').fill('lakshmi-staging');
  await staging.getByLabel('Client secret').fill('s3cret-staging-value');
  await settings.save('Staging credentials', 'Save staging credentials');
  await expect(staging.getByLabel('Service address (base URL)')).toHaveAttribute('aria-invalid', 'true');
  await staging.getByLabel('Service address (base URL)').fill('https://staging.example.com');
  await staging.getByLabel('Client secret').fill('s3cret-staging-value');
  await settings.save('Staging credentials', 'Save staging credentials');
  await expect(staging.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(staging.getByLabel('Client secret')).toHaveValue('');
  await expect(staging.getByLabel('Client secret')).toHaveAttribute('placeholder', '•••• saved');
  expect(JSON.stringify(await app.ok('settings.get'))).not.toContain('s3cret-staging-value');

  // The page chosen is in the URL, so a reload reopens it.
  await page.reload();
  await app.open('Settings');
  await expect(settings.tab('Connection')).toHaveAttribute('aria-selected', 'true');
  await expect(settings.section('Environment')).toBeVisible();
});

test('settings: webhook receiver, staff, self-check, audit and training practice', async ({ page, sandbox }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  await app.open('Settings');
  const settings = new SettingsPage(page);

  await settings.openPage('Printer & devices');
  // Printer list: the browser host cannot reach system printers and says so.
  await expect(settings.section('Printer')).toContainText('desktop app');

  await settings.openPage('Connection');
  const webhook = settings.section('Webhook receiver');
  await webhook.getByLabel('Receive webhooks').check();
  await webhook.getByLabel('Port').fill('80');
  await settings.save('Webhook receiver', 'Save and apply');
  await expect(webhook.getByLabel('Port')).toHaveAttribute('aria-invalid', 'true');
  await webhook.getByLabel('Signing secret').fill('a-shared-signing-secret');
  await webhook.getByRole('button', { name: 'Save secret' }).click();
  await expect(webhook.getByText('Signing secret saved.', { exact: false })).toBeVisible();
  const port = await freePort();
  await webhook.getByLabel('Port').fill(String(port));
  await settings.save('Webhook receiver', 'Save and apply');
  await expect(webhook.getByText(`Listening at http://127.0.0.1:${port}`, { exact: false })).toBeVisible();

  await settings.openPage('Staff');
  const staff = settings.section('Staff');
  await staff.getByLabel('Name', { exact: true }).fill('Ravi Kumar');
  await staff.getByLabel('PIN', { exact: true }).fill('4826');
  await staff.getByRole('button', { name: 'Add person' }).click();
  await expect(staff.getByRole('row', { name: /Ravi Kumar Cashier/ })).toBeVisible();
  await staff.getByRole('button', { name: 'Disable Ravi Kumar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable Ravi Kumar?' });
  await expect(confirm).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'manager-settings-disable-staff');
  await confirm.getByRole('button', { name: 'Disable Ravi Kumar', exact: true }).click();
  // Kept on the list, so a manager can bring them back.
  await expect(staff.getByRole('row', { name: /Ravi Kumar/ })).toContainText('Disabled');
  await expect(staff.getByRole('button', { name: 'Re-enable Ravi Kumar' })).toBeVisible();

  await settings.openPage('Connection');
  const check = settings.section('Self-check');
  await check.getByRole('button', { name: 'Run self-check' }).click();
  const lines = check.getByRole('list', { name: 'Self-check results' });
  await expect(lines.getByRole('listitem').filter({ hasText: 'Service and token' })).toContainText('passed');
  await expect(lines.getByRole('listitem').filter({ hasText: 'Audit log' })).toContainText('chain intact');

  const audit = settings.section('Audit log');
  await audit.getByRole('button', { name: 'Verify the audit chain' }).click();
  await expect(audit.getByRole('status')).toContainText('Chain intact');

  await settings.openPage('Training');
  const training = settings.section('Training practice');
  await training.getByRole('button', { name: /Stage: The wallet drops/ }).click();
  // Scenarios drive the Training sandbox's control surface — here the test's own sandbox.
  await expect(training.getByRole('status').filter({ hasText: 'Staged' })).toBeVisible();
  expect(sandbox.state.wallet.balancePaise).toBe(100_000);
  await expectNoSeriousA11yViolations(page, 'manager-settings-results');
});
