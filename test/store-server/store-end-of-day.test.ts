import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBridge } from '../../src-main/bridge/bridge.js';
import { createCore, type Core } from '../../src-main/core/create-core.js';
import { istDay } from '../../src-main/platform/india-time.js';
import { silentLogger } from '../../src-main/platform/logger.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import { saveDayCheck } from '../../src-main/store-server/store-api/store-day.js';
import type { CounterDayCheck } from '../../src-main/store-link/store-wire.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { pairWithStore } from '../../src-main/store-link/pairing.js';
import { fakeSecretStore } from '../support/fake-secret-store.js';
import { tempDir } from '../support/temp-dir.js';
import { startSandboxStoreServer } from './store-harness.js';

type Call = (method: string, payload?: unknown) => Promise<any>;

/**
 * The store's end of day: made of each counter's own check (its sales against the service,
 * its tenders and drawers) and the wallet checked once for the store, every counter's orders
 * against the wallet's movement. A counter that sold without checking its day is named.
 */
describe('the end of day of a store with two counters', () => {
  let sandbox: Sandbox;
  let server: StoreServer;
  const dirs = [tempDir('gv-eod-store-'), tempDir('gv-eod-a-'), tempDir('gv-eod-b-')];
  const cores: Core[] = [];
  const counters: { name: string; ok: Call; call: Call }[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({ tickMs: 60_000 });
    server = await startSandboxStoreServer(sandbox, { host: '127.0.0.1', dataDir: dirs[0]!.path });
    for (const [i, name] of ['Till A', 'Till B'].entries()) {
      const dataDir = dirs[i + 1]!.path;
      const storeLink = await pairWithStore({ url: server.url, code: await newPairingCode(server.pool, 'main'), counterName: name });
      const core = await createCore({ dataDir, secretStore: fakeSecretStore(), settingsBackend: jsonFileBackend(join(dataDir, 'settings.json')), logger: silentLogger, quietStart: true, storeLink });
      cores.push(core);
      await core.ready();
      const bridge = createBridge(core, { version: 'test', logger: silentLogger });
      const call: Call = (m, p) => bridge.invoke(m, p ?? {}) as Promise<any>;
      counters.push({
        name,
        call,
        ok: async (m, p) => {
          const r = await call(m, p);
          if (!r.ok) throw new Error(`${name} ${m}: ${JSON.stringify(r.error)}`);
          return r.data;
        },
      });
    }
  }, 90_000);

  afterAll(async () => {
    for (const core of cores) await core.close();
    await server?.close();
    await sandbox?.close();
    for (const d of dirs) d.cleanup();
  });

  it('names a counter that has not checked, matches once it has, and checks the shared wallet with top-ups', async () => {
    const [a, b] = counters as [(typeof counters)[0], (typeof counters)[0]];
    const manager = await a.ok('staff.setupFirstManager', { name: 'Meera Shah', pin: '2580' });
    for (const c of counters) {
      await c.ok('staff.signIn', { staffId: manager.id, pin: '2580' });
      await c.ok('shift.open', { openingFloatPaise: 0 });
    }
    const sell = (c: (typeof counters)[0], paise: number) => c.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: paise, tenders: [{ method: 'CASH', amountPaise: paise }] });
    expect((await sell(a, 50_000)).state).toBe('SUCCESS');
    expect((await sell(a, 100_000)).state).toBe('SUCCESS');
    expect((await sell(b, 50_000)).state).toBe('SUCCESS');
    // Counter B's outbox has told the store about its sale (it is what marks B as not checked).
    await waitFor(async () => (await server.pool.query("SELECT 1 FROM counter_sales s JOIN counters c ON c.id = s.counter_id WHERE c.name = 'Till B'")).rowCount === 1);

    const today = istDay(Date.now());
    const first = await a.ok('report.endOfDay', { day: today });
    expect(first.counters.map((c: { name: string; sales: number; matched: boolean | null }) => [c.name, c.sales, c.matched])).toEqual([
      ['Till A', 2, false], // its own drawer is still open
      ['Till B', 1, null],
    ]);
    const kinds = first.discrepancies.map((d: { kind: string }) => d.kind);
    expect(kinds).toContain('COUNTER_NOT_CHECKED');
    expect(first.discrepancies.find((d: { kind: string }) => d.kind === 'COUNTER_NOT_CHECKED').message).toMatch(/^Till B has 1 sale this day/);
    // The wallet is the store's: every counter's orders against its movement, matched.
    expect(kinds.filter((k: string) => k.startsWith('WALLET'))).toEqual([]);
    expect(first.wallet.expectedSpentPaise).toBe(200_000);
    expect(first.wallet.spentPaise).toBe(200_000);

    // B closes its drawer (which sends its check); A's drawer closes too; the store's day then matches.
    await b.ok('shift.close', { countedCashPaise: 50_000 });
    await a.ok('shift.close', { countedCashPaise: 150_000 });
    await waitFor(async () => (await server.pool.query('SELECT 1 FROM counter_day_checks')).rowCount === 2);
    const second = await a.ok('report.endOfDay', { day: today });
    expect(second.discrepancies).toEqual([]);
    expect(second.matched).toBe(true);
    expect(second.journal.completed).toBe(3);
    expect(second.tenders.takenPaise).toBe(200_000);
    expect(second.shifts).toHaveLength(2);
    expect(second.byCashier).toEqual([expect.objectContaining({ staffId: manager.id, payments: 3, takenPaise: 200_000 })]);

    // Money put into the wallet at the partner's portal: unexplained until a manager enters it, at either counter.
    sandbox.state.wallet.set(sandbox.state.wallet.balancePaise + 1_000_000);
    const third = await a.ok('report.endOfDay', { day: today });
    expect(third.discrepancies.map((d: { kind: string; amountPaise: number }) => [d.kind, d.amountPaise])).toEqual([['WALLET_MOVEMENT', -1_000_000]]);
    expect(third.discrepancies[0].message).toMatch(/than the wallet’s counters’ sales explain/);
    await b.ok('wallet.recordTopUp', { amountPaise: 1_000_000, reference: 'NEFT-0042' });
    const again = await a.call('wallet.recordTopUp', { amountPaise: 1_000_000, reference: 'NEFT-0042' });
    expect(again).toMatchObject({ ok: false, error: { code: 'INVALID_TOP_UP' } });
    const fourth = await a.ok('report.endOfDay', { day: today });
    expect(fourth.discrepancies).toEqual([]);
    expect(fourth.wallet.topUpsPaise).toBe(1_000_000);

    // The wallet's statement is the store's: every counter's debits and top-ups, with the counter named.
    const statement = await a.ok('wallet.statement', {});
    expect(statement.scope).toBe('store');
    const moves = statement.lines.filter((l: { kind: string }) => l.kind !== 'READING').map((l: { kind: string; amountPaise: number; counterName: string }) => [l.kind, l.amountPaise, l.counterName]);
    expect(moves).toEqual([
      ['TOP_UP', 1_000_000, 'Till B'],
      ['DEBIT', 50_000, 'Till B'],
      ['DEBIT', 100_000, 'Till A'],
      ['DEBIT', 50_000, 'Till A'],
    ]);
    expect(statement.lines.some((l: { kind: string }) => l.kind === 'READING')).toBe(true);
    const tillA = fourth.counters.find((c: { name: string }) => c.name === 'Till A').id;
    const onlyA = await b.ok('wallet.statement', { counterId: tillA });
    expect(onlyA.lines.filter((l: { kind: string }) => l.kind !== 'READING').map((l: { counterName: string }) => l.counterName)).toEqual(['Till A', 'Till A']);
  }, 120_000);

  it('judges a counter’s check by the counter’s own times: a copy sent again is no change, an order the counter has not reported is, and an older check never replaces a newer one', async () => {
    const [a] = counters as [(typeof counters)[0]];
    const today = istDay(Date.now());
    const tillB = (await server.pool.query<{ id: string; store_id: string }>("SELECT id, store_id FROM counters WHERE name = 'Till B'")).rows[0]!;
    const notChecked = (report: { discrepancies: { kind: string; message: string }[] }) => report.discrepancies.filter((d) => d.kind === 'COUNTER_NOT_CHECKED');

    // B's sales arrive again, unchanged (an outbox re-send after a lost answer): still checked.
    await server.pool.query("UPDATE counter_sales SET received_at = now() + interval '1 hour' WHERE counter_id = $1", [tillB.id]);
    expect(notChecked(await a.ok('report.endOfDay', { day: today }))).toEqual([]);

    // An older check of B arriving late (a drawer close's, after the manager's own) is not kept.
    const kept = (await server.pool.query<{ day_check: CounterDayCheck }>('SELECT day_check FROM counter_day_checks WHERE counter_id = $1', [tillB.id])).rows[0]!.day_check;
    await saveDayCheck(server.pool, tillB.store_id, tillB.id, { ...kept, generatedAt: kept.generatedAt - 60_000, matched: false });
    const after = (await server.pool.query<{ day_check: { generatedAt: number; matched: boolean } }>('SELECT day_check FROM counter_day_checks WHERE counter_id = $1', [tillB.id])).rows[0]!.day_check;
    expect(after).toMatchObject({ generatedAt: kept.generatedAt, matched: true });

    // The store relayed an order for B after B's check, and B has not reported the sale yet
    // (switched off before its outbox sent it): B's figures lack it, and the store's day says so.
    await server.pool.query(
      `INSERT INTO relayed_orders (reference_id, store_id, counter_id, product_id, amount_paise, hold_paise, body, state, order_status, created_at)
       VALUES ('POS-B-UNREPORTED', $1, $2, 'TEST_FIXED_STANDARD', 50000, 0, '{}', 'ACCEPTED', 'FAILED', now() + interval '1 second')`,
      [tillB.store_id, tillB.id],
    );
    const report = await a.ok('report.endOfDay', { day: today });
    expect(notChecked(report).map((d) => d.message)).toEqual([expect.stringMatching(/^Till B /)]);
    expect(report.counters.find((c: { name: string }) => c.name === 'Till B')).toMatchObject({ sales: 2, matched: false });
    expect(report.matched).toBe(false);
  }, 60_000);

  it('a refund given or cash moved after a counter checked its day makes that check out of date, as a changed sale does', async () => {
    const [a, b] = counters as [(typeof counters)[0], (typeof counters)[0]];
    const today = istDay(Date.now());
    const notChecked = (report: { discrepancies: { kind: string; message: string }[] }) => report.discrepancies.filter((d) => d.kind === 'COUNTER_NOT_CHECKED');
    // The order the test before left unreported is not this test's.
    await server.pool.query("DELETE FROM relayed_orders WHERE reference_id = 'POS-B-UNREPORTED'");
    await b.ok('shift.open', { openingFloatPaise: 100_000 });
    const failed = await b.ok('sale.place', { productId: 'TEST_E200_GENERATION_FAILED', amountPaise: 30_000, tenders: [{ method: 'CASH', amountPaise: 30_000 }] });
    expect(failed.state).toBe('FAILED');
    await waitFor(async () => (await server.pool.query('SELECT 1 FROM counter_sales WHERE sale_id = $1', [failed.id])).rowCount === 1);
    // B checks its day (its check goes to the store with it): current.
    await b.ok('report.endOfDay', { day: today });
    expect(notChecked(await a.ok('report.endOfDay', { day: today }))).toEqual([]);

    // Then gives the customer's money back: B's figures at the store lack the refund.
    await b.ok('sale.refund', { saleId: failed.id });
    await waitFor(async () => (await server.pool.query('SELECT 1 FROM counter_refunds WHERE sale_id = $1', [failed.id])).rowCount === 1);
    expect(notChecked(await a.ok('report.endOfDay', { day: today })).map((d) => d.message)).toEqual([expect.stringMatching(/^Till B changed sales, refunds or cash of this day after it last checked/)]);
    await b.ok('report.endOfDay', { day: today });
    expect(notChecked(await a.ok('report.endOfDay', { day: today }))).toEqual([]);

    // Cash paid into B's drawer after that: its drawer's figures at the store are out of date too.
    await b.ok('shift.cashMovement', { kind: 'PAY_IN', amountPaise: 5_000, reason: 'Change from the bank' });
    await waitFor(async () => (await server.pool.query("SELECT 1 FROM counter_cash_movements WHERE reason = 'Change from the bank'")).rowCount === 1);
    expect(notChecked(await a.ok('report.endOfDay', { day: today }))).toHaveLength(1);
    await b.ok('report.endOfDay', { day: today });
    expect(notChecked(await a.ok('report.endOfDay', { day: today }))).toEqual([]);
  }, 60_000);
});

async function waitFor(ready: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
