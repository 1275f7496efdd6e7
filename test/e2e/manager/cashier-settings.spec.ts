import { expect, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';

test('a cashier has no settings: the nav has none and main refuses changing them', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  await app.ok('staff.create', { name: 'Ravi Kumar', role: 'cashier', pin: '4826' });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await app.signInWithUi('Ravi Kumar', '4826');
  await expect(page.getByText('Ravi Kumar')).toBeVisible();
  await expect(app.navButton('Sell')).toBeVisible();

  for (const screen of ['Settings', 'Orders', 'Wallet', 'Catalog'] as const) await expect(app.navButton(screen)).toHaveCount(0);
  const answer = await app.bridge('settings.update', { store: { name: 'Not my shop' } });
  expect(answer).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', permission: 'settings' } });
  expect(await app.bridge('orders.list', {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
});
