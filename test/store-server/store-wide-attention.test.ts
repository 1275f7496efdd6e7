import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import type { Pool } from '../../src-main/store-server/database/pool.js';
import { ATTENTION_SQL, storeAttention } from '../../src-main/store-server/store-api/store-attention.js';
import { StoreRefusedError } from '../../src-main/store-link/store-client.js';
import { pairedStoreCounter, type PairedCounter } from './bridge-counter.js';
import { eventually, startClusterStore, type ClusterStore } from './store-harness.js';

type Item = { id: string; createdAt: number; state: string; counterId?: string; counterName?: string };
const oldestFirst = (a: Item, b: Item) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Orders' "Needs your attention" at a store's counter lists every counter's sales that need a
 * person (stuck, or a receipt still owed), each with the counter that sold it, from the records
 * the counters push; only this counter's, saying so, while the store server does not answer.
 * Two real counters (core and bridge) paired with one store server on the sandbox.
 */
describe('store-wide sales needing attention', () => {
  let sandbox: Sandbox;
  let clusterStore: ClusterStore;
  let url = '';
  let store: StoreServer;
  const counters: PairedCounter[] = [];
  const both = () => counters as [(typeof counters)[0], (typeof counters)[0]];
  let managerId = '';
  let stuckSaleId = '';
  const owedSaleIds: string[] = [];

  beforeAll(async () => {
    clusterStore = await startClusterStore('store_wide_attention');
    ({ sandbox, server: store, databaseUrl: url } = clusterStore);
    for (const name of ['Counter 1', 'Counter 2']) counters.push(await pairedStoreCounter(store, sandbox.url, name));
    const [one, two] = both();
    const setUp = await one.call('staff.setupFirstManager', { name: 'Meera', pin: '4826' });
    expect(setUp.ok).toBe(true);
    managerId = setUp.data.id;
    expect((await two.call('staff.signIn', { staffId: managerId, pin: '4826' })).ok).toBe(true);
    for (const c of counters) expect((await c.call('shift.open', { openingFloatPaise: 0 })).ok).toBe(true);

    // Counter 1: two completed sales whose receipts are still owed.
    for (const amountPaise of [50_000, 25_000]) {
      const sold = await one.call('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise, tenders: [{ method: 'CASH', amountPaise }] });
      expect(sold.data?.state).toBe('SUCCESS');
      owedSaleIds.push(sold.data.id);
    }
    // Counter 2: the service takes the order but the answer is lost, and it cannot be asked by
    // reference either: the sale's outcome is unknown (IN_DOUBT).
    sandbox.state.faults.arm({ kind: 'reset-after-commit', match: { method: 'POST', path: '/v1/partners/orders' } });
    sandbox.state.faults.arm({ kind: 'error-5xx', count: 50, match: { method: 'GET', path: '/v1/partners/orders/by-reference/*' } });
    const stuck = await two.call('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000, tenders: [{ method: 'CASH', amountPaise: 100_000 }] });
    expect(stuck.data?.state).toBe('IN_DOUBT');
    stuckSaleId = stuck.data.id;
  }, 180_000);

  afterAll(async () => {
    for (const c of counters) await c.close();
    await clusterStore?.close();
  }, 60_000);

  it('lists counter 2’s stuck sale at counter 1 with its counter, oldest first, the total counting both counters', async () => {
    const [one, two] = both();
    const [oneId, twoId] = counters.map((c) => c.core.store!.view().counterId);
    // What each counter's own journal holds, labelled with the counter that sold it.
    const own = [one, two].map((c, i) => ({
      items: c.core.orders.attention().map((item) => ({ ...item, counterId: [oneId, twoId][i], counterName: `Counter ${i + 1}` })),
      total: c.core.orders.attentionTotal(),
    }));
    expect(own[1]!.items.map((i) => i.id)).toContain(stuckSaleId);
    expect(own.map((o) => o.total)).toEqual([2, 1]);

    // The outbox sends the stuck sale within moments.
    const answer = await eventually('counter 2’s stuck sale at counter 1', async () => {
      const asked = await one.call('orders.attention');
      expect(asked.ok).toBe(true);
      return asked.data.items.some((i: Item) => i.id === stuckSaleId) && asked.data.total === 3 ? asked.data : null;
    });
    expect(answer).toEqual({ items: [...own[0]!.items, ...own[1]!.items].sort(oldestFirst), total: 3, scope: 'store' });
    expect(answer.items.find((i: Item) => i.id === stuckSaleId)).toMatchObject({ state: 'IN_DOUBT', counterId: twoId, counterName: 'Counter 2' });
    // The same list at either counter.
    expect((await two.call('orders.attention')).data).toEqual(answer);
  }, 60_000);

  it('drops a sale once its receipt is printed at the counter that sold it', async () => {
    const [one, two] = both();
    expect((await one.call('receipt.print', { saleId: owedSaleIds[0] })).ok).toBe(true);
    const answer = await eventually('the printed sale gone from the store’s list', async () => {
      const asked = await two.call('orders.attention');
      return asked.ok && asked.data.total === 2 ? asked.data : null;
    });
    expect(answer.items.map((i: Item) => i.id)).toEqual([owedSaleIds[1], stuckSaleId]);
  }, 60_000);

  it('reads the store’s partial index to find them, not the settled history', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('SET enable_seqscan = off');
      // Both of storeAttention's reads, as it makes them.
      for (const [query, args] of [[ATTENTION_SQL.oldest, ['main', 200]], [ATTENTION_SQL.count, ['main']]] as const) {
        const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`, [...args]);
        expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('counter_sales_attention');
      }
    } finally {
      await client.end();
    }
  });

  it('is refused to a cashier without lookUpOrders, at the counter and at the store server', async () => {
    const [one] = both();
    const cashier = await one.call('staff.create', { name: 'Ravi', role: 'cashier', pin: '1357' });
    expect(cashier.ok).toBe(true);
    expect((await one.call('staff.signIn', { staffId: cashier.data.id, pin: '1357' })).ok).toBe(true);
    expect((await one.call('orders.attention')).error.code).toBe('FORBIDDEN');
    // The store server checks the person itself (their session there), whatever a counter asks it.
    const refused = await one.core.store!.attention(cashier.data.id, () => ({ items: [], total: 0 })).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StoreRefusedError);
    expect(refused).toMatchObject({ status: 403, code: 'STAFF_NOT_PERMITTED' });
    expect((await one.call('staff.signIn', { staffId: managerId, pin: '4826' })).ok).toBe(true);
  }, 60_000);

  it('lists and counts from one snapshot: a counter’s push landing between the two reads changes neither', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const pusher = new pg.Client({ connectionString: url });
    await pusher.connect();
    // The stuck sale settles (its counter pushes it) just after the list is read, before it is counted.
    const settleStuck = () => pusher.query(`UPDATE counter_sales SET state = 'FAILED' WHERE sale_id = $1`, [stuckSaleId]);
    const afterList = <T extends (...args: any[]) => Promise<unknown>>(query: T) =>
      (async (...args: Parameters<T>) => {
        const answer = await query(...args);
        if (args[0] === ATTENTION_SQL.oldest) await settleStuck();
        return answer;
      }) as T;
    const racing = {
      query: afterList(pool.query.bind(pool)),
      async connect() {
        const client = await pool.connect();
        client.query = afterList(client.query.bind(client));
        return client;
      },
    } as unknown as Pool;
    try {
      const before = await storeAttention(pool, 'main');
      expect(before.total).toBe(before.items.length);
      expect(await storeAttention(racing, 'main')).toEqual(before);
      expect((await storeAttention(pool, 'main')).total).toBe(before.total - 1);
    } finally {
      await pusher.query(`UPDATE counter_sales SET state = 'IN_DOUBT' WHERE sale_id = $1`, [stuckSaleId]);
      await pusher.end();
      await pool.end();
    }
  });

  it('lists only this counter’s own, saying why, while the store server does not answer', async () => {
    const [one] = both();
    const oneId = one.core.store!.view().counterId;
    await store.close();
    const asked = await one.call('orders.attention');
    expect(asked.ok).toBe(true);
    expect(asked.data).toEqual({
      items: one.core.orders.attention().map((item) => ({ ...item, counterId: oneId, counterName: 'Counter 1' })),
      total: 1,
      scope: 'counter',
      notice: expect.stringMatching(/^The store server \(.+\) cannot be reached: .+ Only this counter's sales are listed\.$/),
    });
    expect(asked.data.items.map((i: Item) => i.id)).not.toContain(stuckSaleId);
  }, 60_000);
});
