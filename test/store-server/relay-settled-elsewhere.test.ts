import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { byReference, counterFor, newRef, orderBody, ordersReceived, placeOrder, relayedRow, sellingCounter, sql, startCluster, startStore, type Cluster, type Counter } from './store-harness.js';

const ORDER_TIMEOUT_MS = 2_000;

/**
 * Two replicas on one journal: while one is still waiting for the service's answer to an order
 * it sent, the other asks the service about it (a counter's question, a settle job) and records
 * the order. The sender's timeout then must not make that order unknown again: its answer
 * stands, its debit is taken off the store's float once, and the counter is answered with it.
 */
describe('an order the other replica settled while this one was still sending it', () => {
  let cluster: Cluster;
  let sandbox: Sandbox;
  let sender: StoreServer;
  let asker: StoreServer;
  let databaseUrl: string;
  let atSender: Counter;
  let atAsker: Counter;

  beforeAll(async () => {
    cluster = await startCluster();
    sandbox = await startSandbox({ tickMs: 60_000 });
    databaseUrl = await cluster.freshDatabase('relay_settled_elsewhere');
    sender = await startStore(sandbox, databaseUrl, { timeouts: { orderResponseMs: ORDER_TIMEOUT_MS } });
    asker = await startStore(sandbox, databaseUrl, { timeouts: { orderResponseMs: ORDER_TIMEOUT_MS } });
    atSender = await sellingCounter(sender, 'Counter 1');
    atAsker = counterFor(asker.url, atSender);
  }, 60_000);

  afterAll(async () => {
    await sender?.close();
    await asker?.close();
    await sandbox?.close();
    await cluster?.stop();
  }, 30_000);

  it('keeps the other replica’s answer when its own send then times out, and answers the counter with the order', async () => {
    const ref = newRef('ELSEWHERE');
    const body = orderBody(ref);
    // The service takes the order at once and holds its answer past the sender's timeout.
    sandbox.state.faults.arm({ kind: 'delay', ms: ORDER_TIMEOUT_MS + 1_500, stage: 'after', count: 1, match: { method: 'POST', path: '/v1/partners/orders' } });
    const balance = async () => Number((await sql<{ balance_paise: string }>(databaseUrl, 'SELECT balance_paise FROM wallets'))[0]!.balance_paise);
    const sending = placeOrder(atSender, body);
    await expect.poll(() => ordersReceived(sandbox, ref), { timeout: 5_000 }).toBe(1);
    const before = await balance();

    const asked = await byReference(atAsker, ref);
    expect(asked.status).toBe(200);
    expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'ACCEPTED', order_status: 'SUCCESS' });
    expect(await balance()).toBe(before - Number(body.amount) * 100);

    const answered = await sending;
    expect(answered.status).toBe(200);
    expect(answered.json).toMatchObject({ referenceId: ref, status: 'SUCCESS' });
    expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'ACCEPTED', order_status: 'SUCCESS', sends: 1 });
    // Asked again: answered from the service, the debit not taken off a second time.
    expect((await byReference(atSender, ref)).status).toBe(200);
    expect(await balance()).toBe(before - Number(body.amount) * 100);
    expect(ordersReceived(sandbox, ref)).toBe(1);
  }, 30_000);
});
