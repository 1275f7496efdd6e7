import { expect, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';

test('the screens follow each person’s permissions: a cashier granted order look-up sees Orders, a bookkeeper only the day’s money', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  const ravi = await app.ok('staff.create', { name: 'Ravi Kumar', role: 'cashier', pin: '4826' });
  await app.ok('staff.setPermissions', { staffId: ravi.id, permissions: ['sell', 'lookUpOrders', 'seeOwnTotals'] });
  const bina = await app.ok('staff.create', { name: 'Bina Shah', role: 'cashier', pin: '5937' });
  await app.ok('staff.setPermissions', { staffId: bina.id, permissions: ['seeAllTotals'] });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await app.signInWithUi('Ravi Kumar', '4826');
  await expect(app.mainNav.getByRole('button')).toHaveText(['Sell', 'Drawer', 'Orders']);
  await app.open('Orders');
  expect(await app.bridge('settings.update', { store: { name: 'X' } })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', permission: 'settings' } });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await app.signInWithUi('Bina Shah', '5937');
  // No selling: the day's money is where she starts.
  await expect(app.mainNav.getByRole('button')).toHaveText(['End of day', 'Wallet']);
  await expect(page.getByRole('heading', { level: 1, name: 'End of day' })).toBeVisible();
  expect(await app.bridge('sale.pending', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', permission: 'sell' } });
});
