import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { settleQueueOf } from '../../src-main/store-server/jobs/store-jobs.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { UNKNOWN_ORDER_OUTCOME } from '../../src-main/store-server/webhooks/store-webhooks.js';
import { eventually, newRef, orderBody, placeOrder, relayedRow, sellingCounter, sql, startSandboxCluster, startSandboxStoreServer, TEST_VAULT_KEY, type SandboxCluster } from './store-harness.js';

const SECRET = 'chain-webhook-secret-1';
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('base64');

/**
 * A chain: two stores on one PostgreSQL behind one load balancer, so the service's one webhook
 * URL delivers an order's event to a replica of either store. The store that relayed the order
 * is the one told, through its own job queue; an order no store relayed is ignored.
 */
describe('a chain’s webhooks', () => {
  let base: SandboxCluster;
  let sandbox: Sandbox;
  let databaseUrl: string;
  let storeA: StoreServer;
  let storeB: StoreServer;
  let storeC: StoreServer | undefined;
  let start: (storeId: string) => Promise<StoreServer>;

  beforeAll(async () => {
    base = await startSandboxCluster();
    sandbox = base.sandbox;
    databaseUrl = await base.cluster.freshDatabase('chain_webhooks');
    start = (storeId: string) =>
      startSandboxStoreServer(sandbox, { host: '127.0.0.1', dataDir: '/nonexistent-store-dir', databaseUrl, storeId, vaultKey: TEST_VAULT_KEY, webhookSecret: SECRET });
    storeA = await start('a');
    storeB = await start('b');
    // The load balancer sends this event to store a's replica.
    sandbox.state.webhooks.endpoint = { url: `${storeA.url}/webhooks`, secret: SECRET };
  }, 60_000);

  afterAll(async () => {
    await storeC?.close();
    await storeA?.close();
    await storeB?.close();
    await base?.close();
  }, 30_000);

  const events = () => sql<{ store_id: string; event_type: string; outcome: string }>(databaseUrl, 'SELECT store_id, event_type, outcome FROM store_webhook_events ORDER BY received_at');
  /** Every settle job a terminal event queued, in any store's queue (queued, running or archived). */
  const eventJobs = () =>
    sql<{ name: string; singleton_key: string; state: string }>(
      databaseUrl,
      `SELECT name, singleton_key, state::text AS state FROM pgboss.job WHERE singleton_key LIKE '%#terminal-event'
       UNION ALL SELECT name, singleton_key, state::text FROM pgboss.archive WHERE singleton_key LIKE '%#terminal-event'`,
    );
  const questions = (referenceId: string) => sandbox.requests.list().filter((r) => r.method === 'GET' && r.path === `/v1/partners/orders/by-reference/${referenceId}`).length;

  it('settles store b’s order when its terminal event reaches store a, by a question in store b’s queue', async () => {
    const tillB = await sellingCounter(storeB, 'Till B', 'b');
    const ref = newRef('CHAINHOOK');
    const placed = await placeOrder(tillB, orderBody(ref, 500, 'TEST_PROCESSING_SUCCESS'));
    expect(placed.status).toBe(201);
    expect(placed.json.status).toBe('PROCESSING');

    // The service completes it and delivers the signed event to the chain's URL: store a's replica.
    sandbox.state.clock.advance(200);
    await sandbox.state.settle();
    await sandbox.state.webhooks.pump();
    const delivery = sandbox.state.webhooks.deliveries.at(-1)!;
    expect(delivery.attempts.map((a) => a.status)).toEqual([200]);

    // Store b's first scheduled question is a minute away: the event's question settles it now.
    const row = await eventually('store b’s order settled', async () => {
      const r = await relayedRow(databaseUrl, ref);
      return r?.order_status === 'SUCCESS' ? r : null;
    });
    expect(row).toMatchObject({ state: 'ACCEPTED', counter_id: tillB.id });
    expect(questions(ref)).toBe(1);
    expect(await eventJobs()).toEqual([{ name: settleQueueOf('b'), singleton_key: `${ref}#terminal-event`, state: 'completed' }]);
    expect(await events()).toEqual([{ store_id: 'a', event_type: 'ORDER_REACHED_TERMINAL_STATE', outcome: 'applied: handed to store b' }]);

    // Delivered again, at either store: answered, not applied twice.
    for (const store of [storeA, storeB]) {
      const again = await fetch(`${store.url}/webhooks`, { method: 'POST', headers: { 'X-Verify': sign(delivery.body) }, body: delivery.body });
      expect(await again.json()).toEqual({ received: true, duplicate: true });
    }
    expect(await events()).toHaveLength(1);
    expect(await eventJobs()).toHaveLength(1);
  }, 60_000);

  it('ignores, once, an order event for an order no store of the database relayed', async () => {
    const before = await eventJobs();
    const body = JSON.stringify({ eventId: 'evt-nobodys', eventType: 'ORDER_REACHED_TERMINAL_STATE', data: { id: 'ord_nobodys', status: 'SUCCESS' } });
    const res = await fetch(`${storeA.url}/webhooks`, { method: 'POST', headers: { 'X-Verify': sign(body) }, body });
    expect(res.status).toBe(200);
    expect((await events()).at(-1)).toEqual({ store_id: 'a', event_type: 'ORDER_REACHED_TERMINAL_STATE', outcome: UNKNOWN_ORDER_OUTCOME });
    expect(await eventJobs()).toEqual(before);
    const again = await fetch(`${storeB.url}/webhooks`, { method: 'POST', headers: { 'X-Verify': sign(body) }, body });
    expect(await again.json()).toEqual({ received: true, duplicate: true });
  });

  it('answers "retry", claiming nothing, when the store that relayed the order has no queue to take the question', async () => {
    // Store c's order is in the database, but no replica of store c has ever started here (its queue does not exist).
    const ref = newRef('NOQUEUE');
    await sql(databaseUrl, "INSERT INTO stores (id, name, environment, wallet_id) SELECT 'c', 'Store c', environment, wallet_id FROM stores WHERE id = 'a'");
    const [counter] = await sql<{ id: string }>(databaseUrl, "INSERT INTO counters (id, store_id, name, code, credential_hash) VALUES (gen_random_uuid(), 'c', 'Till C', 'C1', 'x') RETURNING id");
    await sql(
      databaseUrl,
      `INSERT INTO relayed_orders (reference_id, store_id, counter_id, product_id, amount_paise, hold_paise, body, state, order_id, order_status)
       VALUES ($1, 'c', $2, 'TEST_PROCESSING_SUCCESS', 50000, 0, '{}', 'ACCEPTED', 'ord_store_c', 'PROCESSING')`,
      [ref, counter!.id],
    );
    const body = JSON.stringify({ eventId: 'evt-store-c', eventType: 'ORDER_REACHED_TERMINAL_STATE', data: { id: 'ord_store_c', status: 'SUCCESS' } });
    const deliver = () => fetch(`${storeA.url}/webhooks`, { method: 'POST', headers: { 'X-Verify': sign(body) }, body });
    expect((await deliver()).status).toBe(503);
    expect((await events()).map((e) => e.outcome)).not.toContain('applied: handed to store c');
    expect((await eventJobs()).filter((j) => j.singleton_key === `${ref}#terminal-event`)).toEqual([]);

    // Once store c runs, the service's retry is applied: the question waits in store c's queue.
    storeC = await start('c');
    expect((await deliver()).status).toBe(200);
    expect((await events()).at(-1)).toEqual({ store_id: 'a', event_type: 'ORDER_REACHED_TERMINAL_STATE', outcome: 'applied: handed to store c' });
    expect((await eventJobs()).filter((j) => j.singleton_key === `${ref}#terminal-event`).map((j) => j.name)).toEqual([settleQueueOf('c')]);
  }, 60_000);
});
