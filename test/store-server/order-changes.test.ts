import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { nextChangeNumber } from '../../src-main/store-server/relay/order-relay.js';
import { orderChangesAnswer } from '../../src-main/store-link/store-wire.js';
import { StoreRefusedError } from '../../src-main/store-link/store-client.js';
import { pairedStoreCounter, type PairedCounter } from './bridge-counter.js';
import { eventually, sql, startSandboxCluster, startStore, type SandboxCluster } from './store-harness.js';

const SECRET = 'order-changes-webhook-secret';

/**
 * The service tells the store's webhook URL, not the counter, when it reverses an order the
 * counter recorded as complete. Two real counters (core and bridge) paired with one store server
 * that the sandbox sends its webhooks to: the counter that sold the order learns it through the
 * store, confirms it, and the store-wide Orders shows it.
 */
describe('an order the service reverses after a linked counter recorded it complete', () => {
  let sandboxCluster: SandboxCluster;
  let url = '';
  let store: StoreServer;
  const counters: PairedCounter[] = [];

  beforeAll(async () => {
    sandboxCluster = await startSandboxCluster();
    url = await sandboxCluster.cluster.freshDatabase('order_changes');
    store = await startStore(sandboxCluster.sandbox, url, { webhookSecret: SECRET });
    sandboxCluster.sandbox.state.webhooks.endpoint = { url: `${store.url}/webhooks`, secret: SECRET };
    for (const name of ['Counter 1', 'Counter 2']) counters.push(await pairedStoreCounter(store, sandboxCluster.sandbox.url, name));
  }, 120_000);
  afterAll(async () => {
    for (const c of counters) await c.close();
    await store?.close();
    await sandboxCluster?.close();
  }, 60_000);

  it('reaches the counter that sold it, which confirms it with the service, and the store-wide Orders shows it', async () => {
    const [one, two] = counters as [PairedCounter, PairedCounter];
    const { sandbox } = sandboxCluster;
    const managerId = (await one.call('staff.setupFirstManager', { name: 'Meera', pin: '4826' })).data.id as string;
    expect((await two.call('staff.signIn', { staffId: managerId, pin: '4826' })).ok).toBe(true);
    const sell = async (c: PairedCounter) => {
      expect((await c.call('shift.open', { openingFloatPaise: 0 })).ok).toBe(true);
      const sold = await c.call('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000 }] });
      expect(sold.data?.state).toBe('SUCCESS');
      return sold.data as { id: string; referenceId: string; orderId: string };
    };
    const soldAtOne = await sell(one);
    const soldAtTwo = await sell(two);

    // The operator reverses counter 1's order at the service, which tells the store's URL.
    const ended = await fetch(`${sandbox.url}/__sandbox/orders/${soldAtOne.orderId}/end`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'REVERSED' }) });
    expect(ended.status).toBe(200);
    await sandbox.state.webhooks.pump();
    await eventually('the store settling the reversal', async () => {
      const [row] = await sql<{ order_status: string }>(url, 'SELECT order_status FROM relayed_orders WHERE reference_id = $1', [soldAtOne.referenceId]);
      return row?.order_status === 'REVERSED';
    });

    // Each counter is told of its own orders only.
    const feedOf = (c: PairedCounter) => c.core.store!.client.parsed(orderChangesAnswer, 'POST', '/order-changes', { body: { after: 0 } });
    expect((await feedOf(one)).changes.map((c) => [c.referenceId, c.status])).toEqual([[soldAtOne.referenceId, 'REVERSED']]);
    expect((await feedOf(two)).changes.map((c) => [c.referenceId, c.status])).toEqual([[soldAtTwo.referenceId, 'SUCCESS']]);

    // The counter that sold it asks (as it does every half minute), confirms with the service and moves the sale.
    await one.core.store!.orderChangesNow();
    expect((await one.call('orders.detail', { saleId: soldAtOne.id })).data.state).toBe('REVERSED');
    expect((await two.call('orders.detail', { saleId: soldAtTwo.id })).data.state).toBe('SUCCESS');
    // Applied once: asking again takes nothing.
    expect(await one.core.store!.orderChangesNow()).toBe(0);
    // Its outbox tells the store, so every counter's Orders shows the reversal.
    await eventually('the reversal in the store-wide Orders', async () => {
      const detail = await two.call('orders.detail', { saleId: soldAtOne.id });
      return detail.ok && detail.data.state === 'REVERSED';
    });
  }, 120_000);

  it('refuses a malformed question from a counter, answering nothing', async () => {
    const [one] = counters as [PairedCounter];
    for (const body of [{ after: -1 }, { after: 'x' }, { after: 0, limit: 501 }, { after: 0, extra: true }]) {
      const asked = one.core.store!.client.call('POST', '/order-changes', { body });
      await expect(asked).rejects.toBeInstanceOf(StoreRefusedError);
      await expect(asked).rejects.toMatchObject({ status: 400 });
    }
  });

  it('numbers one counter’s changes in the order they commit, and another counter’s alongside', async () => {
    const [one, two] = counters.map((c) => c.core.store!.view().counterId) as [string, string];
    const [a, b, c] = [await store.pool.connect(), await store.pool.connect(), await store.pool.connect()];
    try {
      for (const tx of [a, b, c]) await tx.query('BEGIN');
      const first = Number(await nextChangeNumber(a, one));
      // Counter 1's next change waits for its first to commit: had it taken a number and committed
      // first, a counter asking in between would move past the first change's number for good.
      let secondTaken = false;
      const second = nextChangeNumber(b, one).then((n) => {
        secondTaken = true;
        return Number(n);
      });
      // Another counter's changes do not wait.
      expect(Number(await nextChangeNumber(c, two))).toBeGreaterThan(first);
      await new Promise((r) => setTimeout(r, 300));
      expect(secondTaken).toBe(false);
      await a.query('COMMIT');
      expect(await second).toBeGreaterThan(first);
    } finally {
      for (const tx of [a, b, c]) {
        await tx.query('ROLLBACK').catch(() => undefined);
        tx.release();
      }
    }
  });
});
