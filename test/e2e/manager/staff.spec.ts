import { expect, expectNoSeriousA11yViolations, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';
import { SettingsPage } from './settings-page.js';

test('a manager unlocks, resets the PIN of, grants a permission to, disables and re-enables a cashier', async ({ page, host }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  const ravi = await app.ok('staff.create', { name: 'Ravi Kumar', role: 'cashier', pin: '4826' });
  // Five wrong PINs at another moment of the day lock Ravi out.
  for (let i = 0; i < 5; i++) await host.core.staff.signIn(ravi.id, '0000');

  await app.open('Settings');
  const settings = new SettingsPage(page);
  await settings.openPage('Staff');
  const staff = settings.section('Staff');
  const row = staff.getByRole('row', { name: /Ravi Kumar/ });
  await expect(row).toContainText('Locked until');
  await expectNoSeriousA11yViolations(page, 'manager-settings-staff');

  await staff.getByRole('button', { name: 'Unlock Ravi Kumar' }).click();
  await expect(staff.getByRole('status')).toContainText('Ravi Kumar can sign in again.');
  await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible();

  await staff.getByRole('button', { name: 'Reset PIN of Ravi Kumar' }).click();
  const reset = page.getByRole('dialog', { name: 'Reset Ravi Kumar’s PIN' });
  await reset.getByLabel('Temporary PIN').fill('3917');
  await reset.getByLabel('Type it again').fill('3971');
  await reset.getByRole('button', { name: 'Reset PIN' }).click();
  await expect(reset.getByLabel('Type it again')).toHaveAccessibleDescription(/The two PINs are not the same\./);
  await reset.getByLabel('Type it again').fill('3917');
  await reset.getByRole('button', { name: 'Reset PIN' }).click();
  await expect(reset).toHaveCount(0);
  await expect(row).toContainText('chooses a new PIN at next sign-in');

  await staff.getByRole('button', { name: 'Permissions of Ravi Kumar' }).click();
  const permissions = page.getByRole('dialog', { name: 'What Ravi Kumar may do' });
  await expect(permissions.getByRole('checkbox', { name: /^Sell, take payments/ })).toBeChecked();
  await expect(permissions.getByRole('checkbox', { name: /^Look up past orders/ })).not.toBeChecked();
  await expectNoSeriousA11yViolations(page, 'manager-settings-staff-permissions');
  await permissions.getByRole('checkbox', { name: /^Look up past orders/ }).check();
  await permissions.getByRole('button', { name: 'Save permissions' }).click();
  await expect(row).toContainText('Chosen: 4 of 10');
  expect((await host.core.staff.list()).find((m) => m.id === ravi.id)?.permissions).toContain('lookUpOrders');

  await staff.getByRole('button', { name: 'Disable Ravi Kumar' }).click();
  await page.getByRole('dialog', { name: 'Disable Ravi Kumar?' }).getByRole('button', { name: 'Disable Ravi Kumar', exact: true }).click();
  await expect(row).toContainText('Disabled');
  await staff.getByRole('button', { name: 'Re-enable Ravi Kumar' }).click();
  await expect(row.getByRole('cell', { name: /^Active/ })).toBeVisible();
  await page.screenshot({ path: 'test/artifacts/screens/manager-settings-staff.png', fullPage: true });

  const actions = host.core.audit.list({ limit: 100 }).map((e) => e.action);
  for (const action of ['staff.unlocked', 'staff.pin_reset', 'staff.permissions_changed', 'staff.disabled', 'staff.enabled']) expect(actions).toContain(action);
});
