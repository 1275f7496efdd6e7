import type { Page } from '@playwright/test';
import { signWebhookBody } from '../../../src-main/sandbox/webhooks/signing.js';
import { expect, test } from '../fixtures/index.js';
import { BRANDS, CounterPage } from './counter-page.js';
import { freePort } from '../../support/free-port.js';

const SECRET = 'webhook-signing-secret-for-e2e';

/** Bridge methods the page calls (the browser host's /api/call). */
function bridgeCalls(page: Page): string[] {
  const methods: string[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/api/call')) return;
    const body = request.postDataJSON() as { method?: string } | null;
    if (body?.method) methods.push(body.method);
  });
  return methods;
}

test('a webhook that makes a brand inactive shows in the Sell list at once, without a sync', async ({ page, call }) => {
  const calls = bridgeCalls(page);
  const app = new CounterPage(page);
  const listing = page.waitForResponse(async (r) => r.url().endsWith('/api/call') && (r.request().postDataJSON() as { method?: string }).method === 'catalog.listing');
  await app.setUpManager();
  await listing;
  const port = await freePort();
  for (const [method, input] of [
    ['settings.setWebhookSecret', { secret: SECRET }],
    ['settings.update', { webhook: { enabled: true, port } }],
    ['webhook.apply', {}],
  ] as const) {
    const r = await call(method, input);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
  }

  await app.search.fill('test fixed');
  const fixed = app.brandButton(BRANDS.fixed.title);
  await expect(fixed).not.toHaveAttribute('aria-disabled', 'true');

  const body = JSON.stringify({ event: 'BRAND_UPDATED', eventId: 'evt-e2e-inactive', payload: { brandId: BRANDS.fixed.id, status: 'INACTIVE' } });
  const res = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Verify': signWebhookBody(body, SECRET) }, body });
  expect(res.status).toBe(200);

  await expect(fixed).toHaveAttribute('aria-disabled', 'true');
  await expect(fixed).toContainText('Inactive — cannot be sold now');
  expect(calls.filter((m) => m === 'catalog.syncNow')).toEqual([]);
});
