import { randomBytes } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_GENESIS, auditRowHash } from '../../src-main/audit/audit-log.js';
import { CardVault } from '../../src-main/platform/card-vault.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { STORE_VAULT_KEY_FILE, storeVaultKey } from '../../src-main/store-server/vault/store-vault.js';
import { tempDir } from '../support/temp-dir.js';
import { run } from './store-processes.js';
import { pairedCounter, sql, startCluster, startStore, TEST_VAULT_KEY, type Cluster, type Counter } from './store-harness.js';

/**
 * A counter's money records, vouchers and audit log reach the store's journal of record: over
 * a counter SIGKILLed with records still in its outbox (and the store server down), re-sent
 * batches, and batches a hostile counter makes up.
 */
describe('the store keeps each counter’s money records', () => {
  let sandbox: Sandbox;
  let cluster: Cluster;

  beforeAll(async () => {
    sandbox = await startSandbox({ tickMs: 60_000 });
    cluster = await startCluster();
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
    await sandbox?.close();
  }, 60_000);

  it('replicates a counter killed mid-way: nothing missing, nothing doubled, vouchers sealed with the store’s key', async () => {
    const url = await cluster.freshDatabase('killed_counter');
    let store: StoreServer = await startStore(sandbox, url);
    const port = Number(new URL(store.url).port);
    const dir = tempDir('gv-records-counter-');
    // The sandbox's always-SUCCESS brand, with a card number and a PIN.
    const brand = { id: 'TEST_FIXED_STANDARD' };
    const amountPaise = 50_000;
    const childEnv = {
      DATA_DIR: dir.path,
      VAULT_KEY: randomBytes(32).toString('hex'),
      STORE_URL: store.url,
      PAIRING_CODE: await newPairingCode(store.pool, 'main'),
      COUNTER_NAME: 'Counter 1',
      SANDBOX_URL: sandbox.url,
      MANAGER_PIN: '4826',
      PRODUCT_ID: brand.id,
      AMOUNT_PAISE: String(amountPaise),
      SALES: '3',
      GO_FILE: join(dir.path, 'go'),
    };
    const script = new URL('./records-counter-child.ts', import.meta.url).pathname;
    try {
      const working = run(script, [], { ...childEnv, MODE: 'work' });
      const sold = JSON.parse((await working.waitFor(/SOLD (\[.*\])/, 120_000))[1]!) as string[];
      expect(sold).toHaveLength(3);
      // The store server goes down; the counter records drawer changes it cannot send, and is killed.
      await store.close();
      writeFileSync(childEnv.GO_FILE, '');
      const waiting = Number((await working.waitFor(/OFFLINE (\d+)/))[1]);
      expect(waiting).toBeGreaterThanOrEqual(2);
      await working.kill('SIGKILL');

      // Back on the port the counter's link names.
      store = await startStore(sandbox, url, { port });
      const draining = run(script, [], { ...childEnv, MODE: 'drain' });
      expect(Number((await draining.waitFor(/DRAINED (\d+)/, 120_000))[1])).toBe(0);
      await draining.kill();

      const counterDb = new Database(join(dir.path, 'staging.db'), { readonly: true });
      const appDb = new Database(join(dir.path, 'app.db'), { readonly: true });
      try {
        const local = <T>(db: Database.Database, text: string) => db.prepare(text).all() as T[];
        const [{ counter_id: counterId }] = await sql<{ counter_id: string }>(url, 'SELECT id AS counter_id FROM counters');
        const remote = <T extends Record<string, unknown>>(text: string) => sql<T>(url, text.replace('$counter', `'${counterId}'`));
        const norm = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(Object.values(r).map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v))));

        expect(norm(await remote('SELECT id, opening_float_paise, closed_at FROM counter_shifts WHERE counter_id = $counter ORDER BY id'))).toEqual(
          norm(local(counterDb, 'SELECT id, opening_float_paise, closed_at FROM shifts ORDER BY id')),
        );
        expect(norm(await remote('SELECT id, shift_id, kind, amount_paise FROM counter_cash_movements WHERE counter_id = $counter ORDER BY id'))).toEqual(
          norm(local(counterDb, 'SELECT id, shift_id, kind, amount_paise FROM cash_movements ORDER BY id')),
        );
        expect(norm(await remote('SELECT id, shift_id, amount_paise, change_paise FROM counter_payments WHERE counter_id = $counter ORDER BY id'))).toEqual(
          norm(local(counterDb, 'SELECT id, shift_id, amount_paise, change_paise FROM payments ORDER BY id')),
        );
        expect(norm(await remote('SELECT payment_id, seq, method, amount_paise, received_paise FROM counter_payment_tenders WHERE counter_id = $counter ORDER BY payment_id, seq'))).toEqual(
          norm(local(counterDb, 'SELECT payment_id, seq, method, amount_paise, received_paise FROM payment_tenders ORDER BY payment_id, seq')),
        );
        expect(norm(await remote('SELECT sale_id, payment_id FROM counter_sale_payments WHERE counter_id = $counter ORDER BY sale_id'))).toEqual(
          norm(local(counterDb, 'SELECT sale_id, payment_id FROM sale_payments ORDER BY sale_id')),
        );
        expect((await remote('SELECT id FROM counter_cash_movements WHERE counter_id = $counter')).length).toBe(2);
        expect((await remote('SELECT id FROM counter_payments WHERE counter_id = $counter')).length).toBe(3);

        // The audit log line for line, its chain intact at the store.
        const lines = await remote<{ seq: string; prev_hash: string; hash: string }>('SELECT seq, prev_hash, hash FROM counter_audit WHERE counter_id = $counter ORDER BY seq');
        expect(lines.map((l) => [Number(l.seq), l.hash])).toEqual(local<{ seq: number; hash: string }>(appDb, 'SELECT seq, hash FROM audit_log ORDER BY seq').map((l) => [l.seq, l.hash]));
        expect(lines[0]!.prev_hash).toBe(AUDIT_GENESIS);
        expect(lines.some((l, i) => i > 0 && l.prev_hash !== lines[i - 1]!.hash)).toBe(false);

        // Vouchers: the same as the counter's, sealed with the store's key, no clear card data in any column.
        const localVouchers = local<{ sale_id: string; seq: number; card_number_last4: string }>(counterDb, 'SELECT sale_id, seq, card_number_last4 FROM vouchers ORDER BY sale_id, seq');
        const storeVouchers = await remote<{ sale_id: string; seq: number; card_number_last4: string; card_number_sealed: Buffer; card_pin_sealed: Buffer }>(
          'SELECT sale_id, seq, card_number_last4, card_number_sealed, card_pin_sealed FROM counter_vouchers WHERE counter_id = $counter ORDER BY sale_id, seq',
        );
        expect(storeVouchers.map((v) => [v.sale_id, v.seq, v.card_number_last4])).toEqual(localVouchers.map((v) => [v.sale_id, v.seq, v.card_number_last4]));
        expect(storeVouchers.length).toBeGreaterThan(0);
        const issued = [...sandbox.state.orders.vouchers.values()].filter((v) => storeVouchers.some((s) => v.cardNumber?.endsWith(s.card_number_last4)));
        expect(issued.length).toBe(storeVouchers.length);
        const everything = JSON.stringify(await remote('SELECT * FROM counter_vouchers')) + Buffer.concat(storeVouchers.flatMap((v) => [v.card_number_sealed, v.card_pin_sealed])).toString('latin1');
        const vault = CardVault.withKey(TEST_VAULT_KEY);
        for (const v of issued) {
          expect(everything).not.toContain(v.cardNumber!);
          expect(everything).not.toContain(v.cardPin!);
        }
        expect(storeVouchers.map((v) => vault.unseal(v.card_number_sealed)).sort()).toEqual(issued.map((v) => v.cardNumber).sort());
        expect(storeVouchers.map((v) => vault.unseal(v.card_pin_sealed)).sort()).toEqual(issued.map((v) => v.cardPin).sort());
      } finally {
        counterDb.close();
        appDb.close();
      }
    } finally {
      await store.close();
      dir.cleanup();
    }
  }, 300_000);
});
