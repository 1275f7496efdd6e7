import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { NOT_PLACED_MARGIN_MS } from '../../src-main/store-server/relay/order-relay.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import {
  byReference,
  counterFor,
  lastSeq,
  newRef,
  orderBody,
  orderPosts,
  ordersReceived,
  sellingCounter,
  placeOrder,
  relayedRow,
  sql,
  startClusterStore,
  startStore,
  type ClusterStore,
  type Counter,
} from './store-harness.js';

/**
 * The relay is idempotent on referenceId: whatever a counter (or two) sends, and however
 * often, the service is sent an order once, and an order whose outcome is unknown is never
 * taken as "not placed" while a send of it may still be on its way.
 */
const ORDER_TIMEOUT_MS = 2_000;

describe('the order relay, idempotent on referenceId', () => {
  let clusterStore: ClusterStore;
  let sandbox: Sandbox;
  let server: StoreServer;
  let databaseUrl: string;
  let one: Counter;
  let two: Counter;

  beforeAll(async () => {
    clusterStore = await startClusterStore('relay', { timeouts: { orderResponseMs: ORDER_TIMEOUT_MS } });
    ({ sandbox, server, databaseUrl } = clusterStore);
    one = await sellingCounter(server, 'Counter 1');
    two = await sellingCounter(server, 'Counter 2');
  }, 60_000);

  // A fault armed by one test and not used up there must not slow or cut the next.
  beforeEach(() => sandbox.state.faults.clear());

  afterAll(() => clusterStore?.close(), 30_000);

  it('sends an order posted twice one after the other once, and answers the second with the same order', async () => {
    const ref = newRef('SEQ');
    const first = await placeOrder(one, orderBody(ref));
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ referenceId: ref, status: 'SUCCESS' });
    const seq = lastSeq(sandbox);
    const second = await placeOrder(one, orderBody(ref));
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ id: first.json.id, referenceId: ref, status: 'SUCCESS' });
    expect(ordersReceived(sandbox, ref)).toBe(1);
    // The second was answered by asking by reference, not by sending it again.
    expect(orderPosts(sandbox, seq)).toBe(0);
    expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'ACCEPTED', order_status: 'SUCCESS', sends: 1 });
  });

  it('sends an order posted several times at once once, and no answer says it failed', async () => {
    const seq = lastSeq(sandbox);
    const refs = [newRef('CC'), newRef('CC'), newRef('CC'), newRef('CC')];
    // The service holds its answer a little, so the copies overlap the first send.
    sandbox.state.faults.arm({ kind: 'delay', ms: 300, stage: 'after', count: refs.length, match: { method: 'POST', path: '/v1/partners/orders' } });
    const answers = await Promise.all(refs.flatMap((ref) => [placeOrder(one, orderBody(ref)), placeOrder(one, orderBody(ref)), placeOrder(one, orderBody(ref))]));
    for (const ref of refs) expect(ordersReceived(sandbox, ref)).toBe(1);
    expect(orderPosts(sandbox, seq)).toBe(refs.length);
    // Each copy is the order itself or "not known yet, ask again": never the service's duplicate refusal.
    for (const a of answers) expect(a.status === 200 || a.status === 201 || a.json?.error?.code === 'STORE_OUTCOME_PENDING', a.text).toBe(true);
    for (const ref of refs) {
      const settled = await byReference(one, ref);
      expect(settled.status).toBe(200);
      expect(settled.json).toMatchObject({ referenceId: ref, status: 'SUCCESS' });
      expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'ACCEPTED', order_status: 'SUCCESS', sends: 1 });
    }
  });

  it('refuses another counter the same referenceId (409), at once or at the same time, and sends nothing for it', async () => {
    const ref = newRef('OTHER');
    expect((await placeOrder(one, orderBody(ref))).status).toBe(201);
    const seq = lastSeq(sandbox);
    const theirs = await placeOrder(two, orderBody(ref));
    expect(theirs.status).toBe(409);
    expect(theirs.json.error.code).toBe('REFERENCE_IN_USE');
    expect(orderPosts(sandbox, seq)).toBe(0);

    // Both counters send one reference at the same moment, for several references.
    const refs = [newRef('BOTH'), newRef('BOTH'), newRef('BOTH'), newRef('BOTH')];
    sandbox.state.faults.arm({ kind: 'delay', ms: 300, stage: 'after', count: refs.length, match: { method: 'POST', path: '/v1/partners/orders' } });
    const pairs = await Promise.all(refs.map((ref) => Promise.all([placeOrder(one, orderBody(ref)), placeOrder(two, orderBody(ref))])));
    for (const [i, answers] of pairs.entries()) {
      const ref = refs[i]!;
      expect(ordersReceived(sandbox, ref)).toBe(1);
      expect(answers.filter((a) => a.status === 409 && a.json.error.code === 'REFERENCE_IN_USE')).toHaveLength(1);
      expect(answers.find((a) => a.status !== 409)!.status).toBe(201);
      const row = await relayedRow(databaseUrl, ref);
      expect(row).toMatchObject({ state: 'ACCEPTED', order_status: 'SUCCESS', sends: 1 });
      expect([one.id, two.id]).toContain(row!.counter_id);
    }
  });

  it('answers a copy of an order the service refused (4xx) with the same refusal, without sending it again', async () => {
    const ref = newRef('E102');
    const first = await placeOrder(one, orderBody(ref, 500, 'TEST_E102_INACTIVE'));
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.status).toBeLessThan(500);
    const seq = lastSeq(sandbox);
    const again = await placeOrder(one, orderBody(ref, 500, 'TEST_E102_INACTIVE'));
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(orderPosts(sandbox, seq)).toBe(0);
    expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'REJECTED', http_status: first.status, sends: 1 });
  });

  it.each(['SENDING', 'IN_DOUBT'])('takes a %s order the service does not know as not placed only after the order timeout and the margin', async (state) => {
    const ref = newRef(state.slice(0, 4));
    // As a store server that died mid-send leaves it: journaled, the service never reached.
    await sql(
      databaseUrl,
      `INSERT INTO relayed_orders (reference_id, store_id, counter_id, product_id, amount_paise, hold_paise, body, state, sends, updated_at)
       VALUES ($1, 'main', $2, 'TEST_FIXED_STANDARD', 50000, 50000, $3, $4, 1, now() - make_interval(secs => $5))`,
      [ref, one.id, orderBody(ref), state, (ORDER_TIMEOUT_MS + NOT_PLACED_MARGIN_MS - 2_000) / 1000],
    );
    const early = await byReference(one, ref);
    expect(early.status).toBe(503);
    expect(early.json.error.code).toBe('STORE_OUTCOME_PENDING');
    expect((await relayedRow(databaseUrl, ref))!.state).toBe(state);

    await sql(databaseUrl, `UPDATE relayed_orders SET updated_at = now() - make_interval(secs => $2) WHERE reference_id = $1`, [
      ref,
      (ORDER_TIMEOUT_MS + NOT_PLACED_MARGIN_MS + 1_000) / 1000,
    ]);
    const late = await byReference(one, ref);
    expect(late.status).toBe(404);
    expect((await relayedRow(databaseUrl, ref))!.state).toBe('NOT_PLACED');

    // Never placed, so the counter may send it now: once.
    const placed = await placeOrder(one, orderBody(ref, 250));
    expect(placed.status).toBe(201);
    expect(ordersReceived(sandbox, ref)).toBe(1);
    const row = await relayedRow(databaseUrl, ref);
    expect(row).toMatchObject({ state: 'ACCEPTED', order_status: 'SUCCESS', sends: 2 });
    // The journal holds what was sent the second time.
    const [kept] = await sql(databaseUrl, 'SELECT amount_paise, hold_paise FROM relayed_orders WHERE reference_id = $1', [ref]);
    expect(kept).toEqual({ amount_paise: '25000', hold_paise: '25000' });
  });

  it('answers a by-reference question from a counter that did not place the order with 404, without asking the service', async () => {
    const ref = newRef('MINE');
    expect((await placeOrder(one, orderBody(ref))).status).toBe(201);
    const seq = lastSeq(sandbox);
    const theirs = await byReference(two, ref);
    expect(theirs.status).toBe(404);
    expect(theirs.json.error.code).toBe('NOT_FOUND');
    expect(sandbox.requests.list(seq).filter((r) => r.path.includes('/by-reference/'))).toEqual([]);
    // Sending it from there (a counter joined again under a new id, recovering its in-doubt sale)
    // is refused as taken, and nothing reaches the service: the engine reads this 404 + 409 pair as
    // "may exist" and leaves the sale for support (test/orders/engine/reference-taken.integration.test.ts).
    const resent = await placeOrder(two, orderBody(ref));
    expect(resent.status).toBe(409);
    expect(resent.json.error.code).toBe('REFERENCE_IN_USE');
    expect(ordersReceived(sandbox, ref)).toBe(1);
    // Nor its order by id.
    const order = await placeOrder(one, orderBody(ref));
    expect((await two.call(`/partner/v1/partners/orders/${order.json.id}`)).status).toBe(404);
    expect((await one.call(`/partner/v1/partners/orders/${order.json.id}`)).status).toBe(200);
  });

  it('keeps another replica’s answer when its own send then times out, takes the debit off the float once, and answers the counter with the order', async () => {
    // A replica on the same journal asks the service about the order while this one still waits for its answer.
    const asker = await startStore(sandbox, databaseUrl, { timeouts: { orderResponseMs: ORDER_TIMEOUT_MS } });
    try {
      const ref = newRef('ELSEWHERE');
      const body = orderBody(ref);
      const debitPaise = Number(body.amount) * 100;
      const balance = async () => Number((await sql<{ balance_paise: string }>(databaseUrl, 'SELECT balance_paise FROM wallets'))[0]!.balance_paise);
      // The service takes the order at once and holds its answer past the sender's timeout.
      sandbox.state.faults.arm({ kind: 'delay', ms: ORDER_TIMEOUT_MS + 1_500, stage: 'after', count: 1, match: { method: 'POST', path: '/v1/partners/orders' } });
      const sending = placeOrder(one, body);
      await expect.poll(() => ordersReceived(sandbox, ref), { timeout: 5_000 }).toBe(1);
      const before = await balance();

      expect((await byReference(counterFor(asker.url, one), ref)).status).toBe(200);
      expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'ACCEPTED', order_status: 'SUCCESS' });
      expect(await balance()).toBe(before - debitPaise);

      const answered = await sending;
      expect(answered.status).toBe(200);
      expect(answered.json).toMatchObject({ referenceId: ref, status: 'SUCCESS' });
      expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'ACCEPTED', order_status: 'SUCCESS', sends: 1 });
      // Asked again: answered from the service, its debit not taken off a second time.
      expect((await byReference(one, ref)).status).toBe(200);
      expect(await balance()).toBe(before - debitPaise);
      expect(ordersReceived(sandbox, ref)).toBe(1);
    } finally {
      await asker.close();
    }
  }, 30_000);
});
