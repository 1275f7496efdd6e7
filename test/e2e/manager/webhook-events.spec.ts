import { signWebhookBody } from '../../../src-main/sandbox/webhooks/signing.js';
import { expect, expectNoSeriousA11yViolations, saveScreen, test } from '../fixtures/index.js';
import { ManagerApp } from './manager-app.js';
import { SettingsPage } from './settings-page.js';
import { freePort } from '../../support/free-port.js';

const SECRET = 'webhook-signing-secret-for-e2e';

test('signed webhook events the app cannot read are kept for the manager: self-check, details for support, re-process, dismiss', async ({ page }) => {
  const app = new ManagerApp(page);
  await app.startAsManager();
  const port = await freePort();
  await app.ok('settings.setWebhookSecret', { secret: SECRET });
  await app.ok('settings.update', { webhook: { enabled: true, port } });
  expect((await app.ok('webhook.apply')).listening).toBe(`http://127.0.0.1:${port}/`);

  const deliver = async (body: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Verify': signWebhookBody(body, SECRET) }, body });
    return { status: res.status, json: await res.json() };
  };
  // Signed but not an event of spec §6: kept, not dropped, and the service is told it arrived.
  expect(await deliver('{"kind":"loyalty.points","points":120}')).toEqual({ status: 202, json: { received: true, unrecognised: true } });
  // A forged one (wrong key) is refused and never recorded.
  const forged = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Verify': signWebhookBody('{"kind":"x"}', 'not-the-secret') }, body: '{"kind":"x"}' });
  expect(forged.status).toBe(401);

  await app.open('Settings');
  const settings = new SettingsPage(page);
  await settings.openPage('Connection');
  const check = settings.section('Self-check');
  await check.getByRole('button', { name: 'Run self-check' }).click();
  await expect(check.getByRole('list', { name: 'Self-check results' }).getByRole('listitem').filter({ hasText: 'Webhook events not understood' })).toContainText('1 signed event kept');

  const section = settings.section('Webhook events not understood');
  const events = section.getByRole('list', { name: 'Recorded webhook events' });
  await expect(events.getByRole('listitem')).toHaveCount(1);
  await events.getByText('Details for support').click();
  await expect(events.getByLabel(/What event \d+ contained/)).toContainText('"kind":"loyalty.points"');
  await saveScreen(page, 'settings-webhook-events');
  await expectNoSeriousA11yViolations(page, 'settings-webhook-events');

  // After an update nothing more is understood here: re-processing says so and keeps it.
  await events.getByRole('button', { name: /Re-process event/ }).click();
  await expect(section.getByRole('status').filter({ hasText: 'still not understood' })).toBeVisible();
  await expect(events.getByRole('listitem')).toHaveCount(1);

  await events.getByRole('button', { name: /Dismiss event/ }).click();
  await expect(section.getByText('None recorded')).toBeVisible();
  expect(await app.ok('webhooks.unrecognised')).toEqual({ items: [], total: 0 });
});
