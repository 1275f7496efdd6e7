import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { UNKNOWN_ORDER_OUTCOME } from '../../src-main/store-server/webhooks/store-webhooks.js';
import { startSandboxStore, type SandboxStore } from './store-harness.js';

const SECRET = 'store-webhook-secret-1';
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('base64');

/** The store's one webhook URL: signed events only, each applied once, order events settled by the job queue. */
describe('the store server’s webhook receiver', () => {
  let store: SandboxStore;
  let sandbox: Sandbox;
  let server: StoreServer;
  /** The counter's bearer token and its seller's staff session. */
  let seller: Record<string, string> = {};

  beforeAll(async () => {
    store = await startSandboxStore({ tempPrefix: 'gv-store-webhooks-', counterName: 'Counter 1', sandbox: { tickMs: 60_000 }, host: '127.0.0.1', webhookSecret: SECRET });
    ({ sandbox, server, seller } = store);
  }, 60_000);

  afterAll(() => store?.close());

  /** A ₹500 order of `productId` placed through the store as its counter does. */
  const placeThroughStore = (productId: string, referenceId: string) =>
    fetch(`${server.url}/partner/v1/partners/orders`, {
      method: 'POST',
      headers: { ...seller, 'Content-Type': 'application/json', 'X-REQUEST-ID': crypto.randomUUID() },
      body: JSON.stringify({ productId, referenceId, amount: 500, denominationDetails: [{ denomination: 500, quantity: 1 }] }),
    });

  const events = async () => (await server.pool.query<{ event_type: string; outcome: string }>('SELECT event_type, outcome FROM store_webhook_events ORDER BY received_at')).rows;

  it('refuses an unsigned or wrongly signed delivery and records nothing', async () => {
    const body = JSON.stringify({ eventId: 'evt-forged', eventType: 'WALLET_LOW_BALANCE', data: { balance: 1, threshold: 2 } });
    const variants: Record<string, string>[] = [{}, { 'X-Verify': sign(`${body} `) }, { 'X-Verify': 'not base64 at all' }];
    for (const headers of variants) {
      const res = await fetch(`${server.url}/webhooks`, { method: 'POST', headers, body });
      expect(res.status).toBe(401);
    }
    expect(await events()).toEqual([]);
  });

  it('settles a PROCESSING order when its terminal event arrives, and applies a redelivery once', async () => {
    const placed = await placeThroughStore('TEST_PROCESSING_SUCCESS', 'WEBHOOK-ORDER-1');
    expect(placed.status).toBe(201);
    expect(((await placed.json()) as { status: string }).status).toBe('PROCESSING');

    // The service completes the order and delivers its signed event to the store's URL.
    sandbox.state.clock.advance(200);
    await sandbox.state.settle();
    await sandbox.state.webhooks.pump();
    const deadline = Date.now() + 30_000;
    let row: { order_status: string } | undefined;
    do {
      await new Promise((r) => setTimeout(r, 200));
      row = (await server.pool.query<{ order_status: string }>("SELECT order_status FROM relayed_orders WHERE reference_id = 'WEBHOOK-ORDER-1'")).rows[0];
    } while (row?.order_status !== 'SUCCESS' && Date.now() < deadline);
    expect(row?.order_status).toBe('SUCCESS');
    expect(await events()).toEqual([{ event_type: 'ORDER_REACHED_TERMINAL_STATE', outcome: 'applied' }]);

    // The same event delivered again (the service retries) is answered but not applied twice.
    const delivered = sandbox.state.webhooks.deliveries.at(-1)!;
    const again = await fetch(`${server.url}/webhooks`, { method: 'POST', headers: { 'X-Verify': sign(delivered.body) }, body: delivered.body });
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await events()).toHaveLength(1);
  }, 60_000);

  it('ignores, once, a signed order event for an order that is not the store’s', async () => {
    const body = JSON.stringify({ eventId: 'evt-foreign', eventType: 'ORDER_REACHED_TERMINAL_STATE', data: { id: 'ord_someone_else', status: 'SUCCESS' } });
    const res = await fetch(`${server.url}/webhooks`, { method: 'POST', headers: { 'X-Verify': sign(body) }, body });
    expect(res.status).toBe(200);
    expect((await events()).at(-1)).toEqual({ event_type: 'ORDER_REACHED_TERMINAL_STATE', outcome: UNKNOWN_ORDER_OUTCOME });
  });

  it('answers "retry" to an order event it cannot place while an order it relayed has no answer yet, and applies the delivery once it knows the order', async () => {
    const counter = (await server.pool.query<{ id: string; store_id: string }>('SELECT id, store_id FROM counters LIMIT 1')).rows[0]!;
    // An order whose answer was lost: the service took it (and will send its event), the store has no id for it.
    await server.pool.query(
      `INSERT INTO relayed_orders (reference_id, store_id, counter_id, product_id, amount_paise, hold_paise, body, state)
       VALUES ('WEBHOOK-IN-DOUBT', $1, $2, 'TEST_FIXED_STANDARD', 50000, 0, '{}', 'IN_DOUBT')`,
      [counter.store_id, counter.id],
    );
    const body = JSON.stringify({ eventId: 'evt-early', eventType: 'ORDER_REACHED_TERMINAL_STATE', data: { id: 'ord_not_known_yet', status: 'SUCCESS' } });
    const deliver = () => fetch(`${server.url}/webhooks`, { method: 'POST', headers: { 'X-Verify': sign(body) }, body });
    const claimed = (await events()).length;
    const early = await deliver();
    expect(early.status).toBe(503);
    expect(await early.json()).toEqual({ error: 'order not known yet; retry' });
    // Nothing claimed, so the service's next delivery is looked at afresh.
    expect(await events()).toHaveLength(claimed);

    // The settle job asked by reference and learnt the order's id: the redelivery is applied, once.
    await server.pool.query("UPDATE relayed_orders SET state = 'ACCEPTED', order_id = 'ord_not_known_yet', order_status = 'PROCESSING' WHERE reference_id = 'WEBHOOK-IN-DOUBT'");
    const later = await deliver();
    expect(later.status).toBe(200);
    expect((await events()).at(-1)).toEqual({ event_type: 'ORDER_REACHED_TERMINAL_STATE', outcome: 'applied' });
    expect(await (await deliver()).json()).toEqual({ received: true, duplicate: true });
  });

  it('asks about an order it holds as SUCCESS when its event says REVERSED, gives the float its debit back, and lets no older event undo it', async () => {
    const placed = await placeThroughStore('TEST_FIXED_STANDARD', 'WEBHOOK-REVERSED-1');
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: string; status: string };
    expect(order.status).toBe('SUCCESS');
    const row = async () =>
      (await server.pool.query<{ order_status: string; event_status: string | null; change_seq: string }>("SELECT order_status, event_status, change_seq FROM relayed_orders WHERE reference_id = 'WEBHOOK-REVERSED-1'")).rows[0]!;
    const balance = async () => Number((await server.pool.query<{ balance_paise: string }>('SELECT balance_paise FROM wallets')).rows[0]!.balance_paise);
    const answered = await row();
    const before = await balance();

    // The operator reverses it at the service, which tells the store's URL.
    const ended = await fetch(`${sandbox.url}/__sandbox/orders/${order.id}/end`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'REVERSED' }) });
    expect(ended.status).toBe(200);
    await sandbox.state.webhooks.pump();
    const deadline = Date.now() + 30_000;
    while ((await row()).order_status !== 'REVERSED' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const reversed = await row();
    expect(reversed).toMatchObject({ order_status: 'REVERSED', event_status: 'REVERSED' });
    // A new change number for its counter to ask about, and the debit back on the store's float.
    expect(Number(reversed.change_seq)).toBeGreaterThan(Number(answered.change_seq));
    expect(await balance()).toBe(before + 50_000);

    // An older event delivered late (another event id, saying SUCCESS) does not take it back.
    const stale = JSON.stringify({ eventId: 'evt-stale-success', eventType: 'ORDER_REACHED_TERMINAL_STATE', data: { id: order.id, status: 'SUCCESS' } });
    const late = await fetch(`${server.url}/webhooks`, { method: 'POST', headers: { 'X-Verify': sign(stale) }, body: stale });
    expect(late.status).toBe(200);
    expect(await row()).toMatchObject({ order_status: 'REVERSED', event_status: 'REVERSED', change_seq: reversed.change_seq });
  }, 60_000);
});
