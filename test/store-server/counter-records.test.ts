import { randomBytes } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_GENESIS, auditRowHash } from '../../src-main/audit/audit-log.js';
import { CardVault } from '../../src-main/platform/card-vault.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { STORE_VAULT_KEY_FILE, storeVaultKey } from '../../src-main/store-server/vault/store-vault.js';
import { tempDir } from '../support/temp-dir.js';
import { run } from './store-processes.js';
import { pairedCounter, sql, startSandboxCluster, startStore, TEST_VAULT_KEY, type Counter, type SandboxCluster } from './store-harness.js';

/**
 * A counter's money records, vouchers and audit log reach the store's journal of record: over
 * a counter SIGKILLed with records still in its outbox (and the store server down), re-sent
 * batches, and batches a hostile counter makes up. (Orders over them: store-wide-orders.test.ts.)
 */
describe('the store keeps each counter’s money records', () => {
  let sandboxCluster: SandboxCluster;

  beforeAll(async () => {
    sandboxCluster = await startSandboxCluster();
  }, 120_000);
  afterAll(() => sandboxCluster?.close(), 60_000);

  it('replicates a counter killed mid-way: nothing missing, nothing doubled, vouchers sealed with the store’s key', async () => {
    const url = await sandboxCluster.cluster.freshDatabase('killed_counter');
    let store: StoreServer = await startStore(sandboxCluster.sandbox, url);
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
      SANDBOX_URL: sandboxCluster.sandbox.url,
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
      store = await startStore(sandboxCluster.sandbox, url, { port });
      const draining = run(script, [], { ...childEnv, MODE: 'drain' });
      expect(Number((await draining.waitFor(/DRAINED (\d+)/, 120_000))[1])).toBe(0);
      await draining.kill();

      const counterDb = new Database(join(dir.path, 'staging.db'), { readonly: true });
      const appDb = new Database(join(dir.path, 'app.db'), { readonly: true });
      try {
        const local = <T>(db: Database.Database, text: string) => db.prepare(text).all() as T[];
        const counterId = (await sql<{ id: string }>(url, 'SELECT id FROM counters'))[0]!.id;
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
        const issued = [...sandboxCluster.sandbox.state.orders.vouchers.values()].filter((v) => storeVouchers.some((s) => v.cardNumber?.endsWith(s.card_number_last4)));
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

  describe('batches as the wire carries them', () => {
    let url = '';
    let store: StoreServer;
    let one: Counter;
    let two: Counter;
    const saleItem = (id: string) => ({
      id,
      referenceId: `POS-R-${id}`,
      orderId: null,
      state: 'SUCCESS',
      productId: 'TEST_FIXED_STANDARD',
      brandTitle: 'Test',
      amountPaise: 50_000,
      createdAt: 1_764_000_000_000,
      errorCode: null,
      failureReason: null,
      supportReason: null,
      printCount: 1,
      customerPhone: null,
      cashierId: 'staff-1',
      cashierName: 'Meera',
    });
    const shift = (id: string, closed = false) => ({
      id,
      counter: 'Counter',
      openedBy: 'staff-1',
      openedAt: 1_764_000_000_000,
      openingFloatPaise: 10_000,
      openingCount: null,
      closedBy: closed ? 'staff-1' : null,
      closedAt: closed ? 1_764_000_900_000 : null,
      expectedCashPaise: closed ? 60_000 : null,
      countedCashPaise: closed ? 59_900 : null,
      closingCount: null,
      note: closed ? 'short by a coin' : null,
    });
    const payment = (id: string, shiftId: string, amountPaise = 50_000) => ({
      id,
      shiftId,
      takenBy: 'staff-1',
      takenAt: 1_764_000_100_000,
      amountPaise,
      changePaise: 0,
      tenders: [{ seq: 1, method: 'CASH', amountPaise, receivedPaise: amountPaise, reference: null }],
    });
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all(
          ['counter_shifts', 'counter_payments', 'counter_payment_tenders', 'counter_sale_payments', 'counter_refunds', 'counter_refund_tenders', 'counter_cash_movements', 'counter_audit', 'counter_vouchers'].map((t) =>
            sql(url, `SELECT * FROM ${t} ORDER BY 1, 2, 3`).then((rows) => rows.map(({ received_at: _r, ...rest }) => rest)),
          ),
        ),
      );

    beforeAll(async () => {
      url = await sandboxCluster.cluster.freshDatabase('records_wire');
      store = await startStore(sandboxCluster.sandbox, url);
      one = await pairedCounter(store, 'Counter 1');
      two = await pairedCounter(store, 'Counter 2');
      expect((await one.call('/store/v1/sales', { body: { items: [saleItem('sale-1'), saleItem('sale-2')] } })).status).toBe(200);
      expect((await two.call('/store/v1/sales', { body: { items: [saleItem('sale-b')] } })).status).toBe(200);
    }, 60_000);
    afterAll(async () => {
      await store?.close();
    });

    it('takes a re-sent batch as a no-op, and a changed row as an update', async () => {
      const batch = {
        shifts: [shift('shift-1')],
        payments: [payment('pay-1', 'shift-1')],
        salePayments: [{ saleId: 'sale-1', paymentId: 'pay-1' }],
        refunds: [{ paymentId: 'pay-1', saleId: 'sale-1', shiftId: 'shift-1', refundedBy: 'staff-1', at: 1_764_000_200_000, amountPaise: 50_000, tenders: [{ seq: 1, method: 'CASH', amountPaise: 50_000 }] }],
        cashMovements: [{ id: 'move-1', shiftId: 'shift-1', kind: 'PAY_IN', amountPaise: 2_000, reason: 'Change', staffId: 'staff-1', at: 1_764_000_300_000 }],
      };
      expect((await one.call('/store/v1/records', { body: batch })).json).toEqual({ recorded: 5 });
      const once = await snapshot();
      expect((await one.call('/store/v1/records', { body: batch })).status).toBe(200);
      expect(await snapshot()).toBe(once);

      // The shift closes, and the payment is re-tendered: the store's rows follow.
      const changed = { shifts: [shift('shift-1', true)], payments: [{ ...payment('pay-1', 'shift-1'), tenders: [{ seq: 1, method: 'UPI', amountPaise: 30_000, receivedPaise: null, reference: 'UTR1' }, { seq: 2, method: 'CASH', amountPaise: 20_000, receivedPaise: 20_000, reference: null }] }] };
      expect((await one.call('/store/v1/records', { body: changed })).status).toBe(200);
      expect(await sql(url, 'SELECT closed_at, counted_cash_paise, note FROM counter_shifts')).toEqual([{ closed_at: '1764000900000', counted_cash_paise: '59900', note: 'short by a coin' }]);
      expect(await sql(url, 'SELECT seq, method, amount_paise FROM counter_payment_tenders ORDER BY seq')).toEqual([
        { seq: 1, method: 'UPI', amount_paise: '30000' },
        { seq: 2, method: 'CASH', amount_paise: '20000' },
      ]);

      // Vouchers: sealed anew only when they changed (a re-send keeps the sealed bytes it had).
      const voucher = { seq: 1, voucherId: 'v-1', cardType: 'CARD_AND_PIN_NO_SECURED', cardNumber: '9123456789012345', cardPin: '654321', validTill: '2027-11-26', amountPaise: 50_000 };
      const vouchers = (v: typeof voucher) => one.call('/store/v1/vouchers', { body: { sales: [{ saleId: 'sale-1', vouchers: [v] }] } });
      expect((await vouchers(voucher)).json).toEqual({ recorded: 1 });
      const sealedOnce = await snapshot();
      expect((await vouchers(voucher)).json).toEqual({ recorded: 0 });
      expect(await snapshot()).toBe(sealedOnce);
      expect((await vouchers({ ...voucher, validTill: '2028-01-31' })).json).toEqual({ recorded: 1 });
      expect(await sql(url, 'SELECT valid_till, card_number_last4 FROM counter_vouchers')).toEqual([{ valid_till: '2028-01-31', card_number_last4: '2345' }]);
      const tooMany = Array.from({ length: 501 }, (_, i) => ({ ...voucher, seq: i + 1 }));
      const refused = await one.call('/store/v1/vouchers', { body: { sales: [{ saleId: 'sale-1', vouchers: tooMany.slice(0, 300) }, { saleId: 'sale-2', vouchers: tooMany.slice(300) }] } });
      expect([refused.status, refused.json.error.message]).toEqual([400, expect.stringContaining('at most 500 vouchers a request')]);
    });

    it('refuses a hostile batch whole, saying why, and changes nothing', async () => {
      const before = await snapshot();
      const refusals: [Counter, unknown, number, string, RegExp][] = [
        [one, { payments: [payment('pay-x', 'shift-1', -100)] }, 400, 'VALIDATION_FAILED', /amountPaise/],
        [one, { payments: [{ ...payment('pay-x', 'shift-1'), amountPaise: 90_000 }] }, 400, 'VALIDATION_FAILED', /do not add up/],
        [one, { cashMovements: [{ id: 'm', shiftId: 'shift-1', kind: 'PAY_IN', amountPaise: 1.5, reason: 'x', staffId: 's', at: 1 }] }, 400, 'VALIDATION_FAILED', /amountPaise/],
        // A valid shift, then a payment naming another counter's shift: the shift is not kept either.
        [two, { shifts: [shift('shift-2')], payments: [payment('pay-y', 'shift-1')] }, 400, 'UNKNOWN_REFERENCE', /payment names a shift this counter has not sent/],
        [two, { shifts: [shift('shift-2')], payments: [payment('pay-y', 'shift-2')], salePayments: [{ saleId: 'sale-1', paymentId: 'pay-y' }] }, 400, 'UNKNOWN_REFERENCE', /names a sale this counter has not sent/],
        [two, { refunds: [{ paymentId: 'pay-1', saleId: 'sale-1', shiftId: 'shift-1', refundedBy: 's', at: 1, amountPaise: 0, tenders: [] }] }, 400, 'UNKNOWN_REFERENCE', /refund names a payment/],
        [two, { sales: [{ saleId: 'sale-1', vouchers: [] }] }, 400, 'VALIDATION_FAILED', /./],
      ];
      for (const [counter, body, status, code, message] of refusals) {
        const answer = await counter.call('/store/v1/records', { body });
        expect([answer.status, answer.json?.error?.code]).toEqual([status, code]);
        expect(answer.json.error.message).toMatch(message);
      }
      const voucherOfOthers = await two.call('/store/v1/vouchers', { body: { sales: [{ saleId: 'sale-1', vouchers: [{ seq: 1, voucherId: 'v', cardType: 'CARD_AND_PIN_NO_SECURED', cardNumber: '9123456789012345', cardPin: '123456', validTill: null, amountPaise: 100 }] }] } });
      expect([voucherOfOthers.status, voucherOfOthers.json.error.code]).toEqual([400, 'UNKNOWN_REFERENCE']);
      expect(await snapshot()).toBe(before);
    });

    it('keeps audit lines only as an unbroken chain after the last one it has', async () => {
      const chain: { seq: number; at: number; actor: string | null; action: string; saleId: string | null; details: Record<string, unknown>; prevHash: string; hash: string }[] = [];
      for (let seq = 1; seq <= 4; seq++) {
        const partial = { seq, at: 1_764_000_000_000 + seq, actor: 'staff-1', action: 'sale.placed', saleId: `sale-${seq}`, details: { seq, z: 1, a: 2 }, prevHash: chain.at(-1)?.hash ?? AUDIT_GENESIS };
        chain.push({ ...partial, hash: auditRowHash(partial) });
      }
      const push = (lines: unknown[]) => one.call('/store/v1/audit', { body: { lines } });
      expect((await push(chain.slice(0, 2))).json).toEqual({ seq: 2 });
      expect((await one.call('/store/v1/audit/position')).json).toEqual({ seq: 2, hash: chain[1]!.hash });
      const before = await snapshot();

      const edited = { ...chain[2]!, details: { seq: 3, z: 1, a: 999 } };
      const refusals: [unknown[], number, RegExp][] = [
        [[edited, chain[3]], 400, /line 3 does not match its own hash/],
        [[chain[3]], 400, /line 3 is missing/],
        [[{ ...chain[2]!, prevHash: chain[0]!.hash, hash: auditRowHash({ ...chain[2]!, prevHash: chain[0]!.hash }) }], 400, /line 3 does not link to line 2/],
        [[{ ...chain[1]!, actor: 'someone-else', hash: auditRowHash({ ...chain[1]!, actor: 'someone-else' }) }], 409, /line 2 differs from the one the store kept/],
      ];
      for (const [lines, status, message] of refusals) {
        const answer = await push(lines);
        expect([answer.status, answer.json.error.code]).toEqual([status, 'AUDIT_CHAIN_BROKEN']);
        expect(answer.json.error.message).toMatch(message);
      }
      expect(await snapshot()).toBe(before);

      // A re-send of lines the store has, with the next ones, keeps each line once.
      expect((await push(chain.slice(1))).json).toEqual({ seq: 4 });
      expect((await sql(url, 'SELECT seq FROM counter_audit WHERE counter_id = $1 ORDER BY seq', [one.id])).map((r) => Number(r.seq))).toEqual([1, 2, 3, 4]);
      // Each counter's chain is its own.
      expect((await two.call('/store/v1/audit/position')).json).toEqual({ seq: 0, hash: AUDIT_GENESIS });
    });

    it('refuses to start with a vault key other than the one that sealed its vouchers', async () => {
      const other = Buffer.alloc(32, 9);
      await expect(startStore(sandboxCluster.sandbox, url, { vaultKey: other })).rejects.toThrow(/store vault key does not open the vouchers this database holds/);
      const dir = tempDir('gv-store-key-');
      try {
        expect(() => storeVaultKey('bm90LWEta2V5', dir.path)).toThrow(/STORE_VAULT_KEY must be the base64 of exactly 32 bytes/);
        const generated = storeVaultKey(undefined, dir.path);
        const file = join(dir.path, STORE_VAULT_KEY_FILE);
        expect(existsSync(file)).toBe(true);
        expect(statSync(file).mode & 0o777).toBe(0o600);
        expect(storeVaultKey(undefined, dir.path).equals(generated)).toBe(true);
        expect(storeVaultKey(TEST_VAULT_KEY.toString('base64'), dir.path).equals(TEST_VAULT_KEY)).toBe(true);
      } finally {
        dir.cleanup();
      }
    });
  });
});
