/**
 * A store's counter in a process of its own (the real core and bridge) for the records
 * replication test, which SIGKILLs it. MODE=work: joins the store (first lifetime), sets up or
 * signs in the manager, opens a shift and sells SALES sales paid in cash, says `SOLD`; once
 * GO_FILE exists (the store server is down by then) records two cash movements and says
 * `OFFLINE <waiting in its outbox>`, then waits to be killed. MODE=drain: waits until its
 * outbox is empty and says `DRAINED`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createBridge } from '../../src-main/bridge/bridge.js';
import { createCore } from '../../src-main/core/create-core.js';
import { silentLogger } from '../../src-main/platform/logger.js';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import { pairWithStore } from '../../src-main/store-link/pairing.js';
import { loadStoreLink, saveStoreLink } from '../../src-main/store-link/store-link-file.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const say = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dataDir = env('DATA_DIR');
const secrets = fakeSecretStore(true, Buffer.from(env('VAULT_KEY'), 'hex'));
const link =
  loadStoreLink(dataDir, secrets) ??
  (await (async () => {
    const joined = await pairWithStore({ url: env('STORE_URL'), code: env('PAIRING_CODE'), counterName: env('COUNTER_NAME') });
    saveStoreLink(dataDir, joined, secrets);
    return joined;
  })());
const core = await createCore({
  dataDir,
  secretStore: secrets,
  settingsBackend: jsonFileBackend(join(dataDir, 'settings.json')),
  logger: silentLogger,
  trainingBaseUrl: env('SANDBOX_URL'),
  quietStart: true,
  storeLink: link,
});
const bridge = createBridge(core, { version: 'records-test', logger: silentLogger });
async function ok(method: string, payload: unknown = {}): Promise<any> {
  const result = (await bridge.invoke(method, payload)) as { ok: true; data: any } | { ok: false; error: { code: string; message: string } };
  if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
  return result.data;
}
await core.ready();

if (process.env.MODE === 'drain') {
  const store = core.store!;
  const deadline = Date.now() + 60_000;
  while (store.pendingRecords() > 0 && Date.now() < deadline) {
    store.saleChanged();
    await sleep(300);
  }
  // The audit lines count as waiting only once the store said how far it is: one more round settles them.
  await sleep(500);
  store.saleChanged();
  while (store.pendingRecords() > 0 && Date.now() < deadline) await sleep(300);
  say(`DRAINED ${store.pendingRecords()}`);
  await core.close();
  process.exit(0);
}

const pin = env('MANAGER_PIN');
const { needsSetup, staff } = await ok('staff.list');
if (needsSetup) await ok('staff.setupFirstManager', { name: 'Meera', pin });
else await ok('staff.signIn', { staffId: (staff as { id: string; role: string }[]).find((s) => s.role === 'manager')!.id, pin });
if ((await ok('shift.current')) === null) await ok('shift.open', { openingFloatPaise: 10_000 });
const amountPaise = Number(env('AMOUNT_PAISE'));
const sold: string[] = [];
for (let i = 0; i < Number(env('SALES')); i++) {
  const sale = await ok('sale.place', { productId: env('PRODUCT_ID'), amountPaise, tenders: [{ method: 'CASH', amountPaise, receivedPaise: amountPaise + 5_000 }] });
  sold.push(sale.id as string);
}
say(`SOLD ${JSON.stringify(sold)}`);
while (!existsSync(env('GO_FILE'))) await sleep(100);
await ok('shift.cashMovement', { kind: 'PAY_IN', amountPaise: 2_500, reason: 'Change from the safe' });
await ok('shift.cashMovement', { kind: 'PAY_OUT', amountPaise: 1_000, reason: 'Milk for the tea' });
say(`OFFLINE ${core.store!.pendingRecords()}`);
await new Promise(() => undefined);
