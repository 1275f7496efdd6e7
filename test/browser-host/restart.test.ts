import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startBrowserHost, type BrowserHost } from '../../src-main/browser-host/host.js';
import { LOCAL_KEY_FILE_NAME } from '../../src-main/platform/local-key-file.js';
import { KeyUnwrapError } from '../../src-main/platform/secret-store.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { tempDir } from '../support/temp-dir.js';
import { fakeRenderer, finished, webCli } from './host-harness.js';
import { cashTenders } from '../support/till.js';

const MANAGER = { name: 'Meera Shah', pin: '2580' };

describe('a browser host restarted on its own --data-dir', () => {
  let sandbox: Sandbox;
  let dir: ReturnType<typeof tempDir>;
  let rendererDir: string;
  let dataDir: string;
  const hosts: BrowserHost[] = [];
  beforeEach(async () => {
    sandbox = await startSandbox({ tickMs: 60_000 });
    dir = tempDir('gv-host-restart-');
    rendererDir = fakeRenderer(dir.path);
    dataDir = join(dir.path, 'data');
  });
  afterEach(async () => {
    for (const host of hosts.splice(0)) await host.close();
    await sandbox.close();
    dir.cleanup();
  });

  const start = async () => {
    const host = await startBrowserHost({ rendererDir, trainingBaseUrl: sandbox.url, dataDir, quietStart: true });
    hosts.push(host);
    return host;
  };
  const stop = async (host: BrowserHost) => {
    hosts.splice(hosts.indexOf(host), 1);
    await host.close();
  };
  const ok = async (host: BrowserHost, method: string, payload: unknown = {}): Promise<any> => {
    const result = await host.bridge.invoke(method, payload);
    if (!result.ok) throw new Error(`${method}: ${JSON.stringify(result.error)}`);
    return result.data;
  };

  /** A first run that sold one voucher: what a later run must still be able to print. */
  const firstRunWithASale = async () => {
    const host = await start();
    await ok(host, 'staff.setupFirstManager', MANAGER);
    await host.core.env().catalogSync.syncNow();
    await ok(host, 'shift.open', { openingFloatPaise: 0 });
    const sale = await ok(host, 'sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: cashTenders(50_000) });
    expect(sale.state).toBe('SUCCESS');
    await stop(host);
    return sale as { id: string; referenceId: string };
  };

  it('opens the sales of the run before and prints their receipts, with its key in a 0600 file named as unprotected', async () => {
    const sale = await firstRunWithASale();
    const host = await start();
    const [manager] = (await ok(host, 'staff.list')).staff;
    await ok(host, 'staff.signIn', { staffId: manager.id, pin: MANAGER.pin });
    const receipt = await ok(host, 'receipt.print', { saleId: sale.id });
    expect(receipt).toMatchObject({ copy: 1, training: true });
    expect(receipt.vouchers[0].cardNumber).toMatch(/^\d{12,19}$/);
    expect((await ok(host, 'orders.detail', { saleId: sale.id })).printCount).toBe(1);
    expect(sandbox.state.orders.orders.size).toBe(1);

    const keyFile = join(dataDir, LOCAL_KEY_FILE_NAME);
    expect(host.core.env().keyProtection).toBe('local-file');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(keyFile, 'utf8')).toContain('NOT PROTECTED');
  });

  it('refuses to start when the key file is gone, naming it and what to do, and leaves the folder as it was', async () => {
    await firstRunWithASale();
    rmSync(join(dataDir, LOCAL_KEY_FILE_NAME));
    const before = readdirSync(dataDir).sort();

    const refused = await start().then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(refused).toBeInstanceOf(KeyUnwrapError);
    expect(refused!.message).toBe(
      `Cannot open ${join(dataDir, 'training.db')}: its card-vault key cannot be unwrapped: ${join(dataDir, LOCAL_KEY_FILE_NAME)} is missing. ` +
        `Put back the ${LOCAL_KEY_FILE_NAME} file that was made with this folder. ` +
        `Or, since Training holds practice sales only, move training.db and training-catalog.db out of ${dataDir} to start Training afresh. ` +
        'The data was left as it was.',
    );
    expect(readdirSync(dataDir).sort()).toEqual(before);
  });

  // Serves out/renderer, which `npm test` builds before vitest runs.
  it('`npm run web` says so in one sentence and exits 1, with no stack trace', async () => {
    await firstRunWithASale();
    rmSync(join(dataDir, LOCAL_KEY_FILE_NAME));
    const result = await finished(webCli(['--partner-base-url', sandbox.url, '--data-dir', dataDir]));
    expect(result.code).toBe(1);
    expect(result.err).toContain(`web: cannot start. Cannot open ${join(dataDir, 'training.db')}: its card-vault key cannot be unwrapped`);
    expect(result.err).not.toMatch(/^\s+at /m);
    expect(result.out).not.toContain('Open: ');
  });
});
