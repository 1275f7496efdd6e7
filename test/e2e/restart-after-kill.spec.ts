import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { pdfText, saveReceiptPng } from './fixtures/artifacts.js';
import { callFromPage } from './fixtures/page-call.js';
import { ManagerApp } from './manager/manager-app.js';
import { OrdersPage } from './manager/orders-page.js';
import { BRANDS, CounterPage, MANAGER } from './sell/counter-page.js';

/**
 * Crash recovery seen from outside: `npm run web` as a real child process on a kept data folder,
 * killed with SIGKILL while the service holds a committed order, then started again on the same
 * folder. The sandbox lives in the test process, so the committed order outlives the kill.
 * (Not the shared fixtures: they run the host inside the test process, which cannot be killed.)
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface WebHost {
  child: ChildProcess;
  launchUrl: string;
  stderr: () => string;
}

async function startWebHost(sandbox: Sandbox, dataDir: string): Promise<WebHost> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/browser-host/cli.ts', '--partner-base-url', sandbox.url, '--data-dir', dataDir], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
  const launchUrl = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const found = /Open: (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(out)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code, signal) => reject(new Error(`npm run web ended (${code ?? signal}) before it was ready:\n${out}\n${err}`)));
  });
  return { child, launchUrl, stderr: () => err };
}

function ended(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let sandbox: Sandbox;
let dataDir: string;
const running: WebHost[] = [];

test.beforeEach(async () => {
  sandbox = await startSandbox({ tickMs: 60_000 });
  dataDir = mkdtempSync(join(tmpdir(), 'gv-e2e-restart-'));
});

// Playwright reads a hook's fixtures from its destructuring pattern, so "none" must be `{}`.
// eslint-disable-next-line no-empty-pattern
test.afterEach(async ({}, testInfo) => {
  for (const host of running.splice(0)) {
    if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('npm-run-web.stderr', { body: host.stderr(), contentType: 'text/plain' });
    host.child.kill('SIGKILL');
    await ended(host.child);
  }
  await sandbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

test('a host killed mid-sale restarts on its folder, settles the committed sale once, and prints its receipt', async ({ page }) => {
  test.slow(); // three starts of `npm run web` (tsx) and two browser sessions

  // First run: a sale whose order the service commits but whose answer it holds back.
  const first = await startWebHost(sandbox, dataDir);
  running.push(first);
  await page.goto(first.launchUrl);
  const counter = new CounterPage(page);
  await counter.setUpManager();
  sandbox.state.faults.arm({ kind: 'delay', ms: 30_000, stage: 'after', match: { method: 'POST', path: '/v1/partners/orders' } });
  await counter.openBrand(BRANDS.fixed.title);
  await counter.denomination('₹1,000').click();
  await counter.review();
  await counter.confirmDialog.getByRole('button', { name: /^Confirm ₹/ }).click();
  await until(() => sandbox.state.orders.orders.size === 1, 'the service to commit the order');
  const [order] = [...sandbox.state.orders.orders.values()];
  expect(order!.status).toBe('SUCCESS');

  // The crash: no shutdown code runs, the answer never arrives.
  first.child.kill('SIGKILL');
  expect(await ended(first.child)).toEqual({ code: null, signal: 'SIGKILL' });
  running.splice(running.indexOf(first), 1);

  // Second run on the same folder: start-up recovery asks the service by reference.
  const second = await startWebHost(sandbox, dataDir);
  running.push(second);
  await page.goto(second.launchUrl);
  const app = new ManagerApp(page);
  await app.signInWithUi(MANAGER.name, MANAGER.pin);
  await app.open('Orders');
  const orders = new OrdersPage(page);
  await expect(orders.row(order!.referenceId)).toContainText('Success');
  await orders.openOrder(order!.referenceId);
  await expect(page.getByText('Not printed yet.')).toBeVisible();
  await page.getByRole('button', { name: /^Print receipt/ }).click();
  await expect(page.getByText('Printed 1 time.', { exact: false })).toBeVisible();

  const listed = await callFromPage<{ items: { id: string; referenceId: string; state: string }[] }>(page, 'orders.list', {});
  expect(listed.ok && listed.data.items.map((s) => [s.referenceId, s.state])).toEqual([[order!.referenceId, 'SUCCESS']]);
  const saleId = listed.ok ? listed.data.items[0]!.id : '';
  const detail = await callFromPage<{ printCount: number; attempts: { kind: string }[] }>(page, 'orders.detail', { saleId });
  expect(detail.ok && detail.data.printCount).toBe(1);
  // The journal's own account: the one send the kill cut short, then the start-up lookup that settled it.
  expect(detail.ok && detail.data.attempts.map((a) => a.kind)).toEqual(['place', 'lookup']);

  // What printed: the voucher the service issued, card number and PIN read back through the key file.
  const { pdf } = await saveReceiptPng(page, 'receipt-after-crash-restart', '80mm');
  const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
  const voucher = sandbox.state.orders.vouchers.get(order!.voucherIds[0]!)!;
  expect(text.replace(/\s+/g, '')).toContain(voucher.cardNumber);
  expect(text).toContain(`PIN: ${voucher.cardPin}`);
  expect(text).toContain('Total: ₹1,000');

  // A clean stop (what Ctrl+C sends) and a third run: nothing is settled, sold or printed again.
  second.child.kill('SIGTERM');
  expect(await ended(second.child)).toEqual({ code: 0, signal: null });
  running.splice(running.indexOf(second), 1);
  const third = await startWebHost(sandbox, dataDir);
  running.push(third);
  await page.goto(third.launchUrl);
  await app.signInWithUi(MANAGER.name, MANAGER.pin);
  await expect(app.navButton('Orders')).toBeVisible();
  const again = await callFromPage<{ printCount: number; state: string }>(page, 'orders.detail', { saleId });
  expect(again).toMatchObject({ ok: true, data: { state: 'SUCCESS', printCount: 1 } });

  // Exactly once at the service: one order (the restarts only looked it up, by reference).
  expect(sandbox.state.orders.orders.size).toBe(1);
  expect(sandbox.requests.list().filter((r) => r.path === `/v1/partners/orders/by-reference/${order!.referenceId}`).map((r) => r.status)).toEqual([200]);
});
