import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderRequestSchema } from '../../src-main/sandbox/orders/order-request.js';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import {
  byReference,
  counterFor,
  lastSeq,
  login,
  newRef,
  orderBody,
  orderPosts,
  sellingCounter,
  placeOrder,
  relayedRow,
  sql,
  startClusterStore,
  startStore,
  eventually,
  type ClusterStore,
  type Counter,
} from './store-harness.js';

/**
 * The wallet as every counter of a store spends it: sales in flight hold their debit, so two
 * counters together never get more through than the wallet holds; a settled sale's debit
 * comes off the balance, and a reading of the service's balance never undoes it.
 */
describe('the float across the store’s counters', () => {
  let clusterStore: ClusterStore;
  let sandbox: Sandbox;
  let server: StoreServer;
  let databaseUrl: string;
  let one: Counter;
  let two: Counter;

  /** The service's balance set to `rupees`, and the store's reading of it taken (through a counter). */
  async function walletAt(rupees: number): Promise<void> {
    sandbox.state.wallet.set(rupees * 100);
    const seen = await one.call('/partner/v1/partners/wallet/balance');
    expect(seen.json).toEqual({ balance: rupees });
  }
  /** No reading of the service's balance is kept meanwhile: the float moves only by what the store records. */
  const noReadings = () => sandbox.state.faults.arm({ kind: 'error-5xx', count: 1_000, match: { method: 'GET', path: '/v1/partners/wallet/balance' } });
  /** The service gives an order's debit back on its own (spec §3.1: a system cancellation, an operator's reversal). */
  function serviceGivesBack(referenceId: string, status: 'CANCELLED' | 'REVERSED'): void {
    const order = sandbox.state.orders.getByReference(referenceId);
    order.status = status;
    order.pending = null;
    sandbox.state.wallet.reverse(order.id, order.debitedPaise);
  }
  const storeBalancePaise = async () => Number((await sql<{ b: string }>(databaseUrl, `SELECT balance_paise AS b FROM wallets WHERE id = 'staging:sandbox-staging-client'`))[0]!.b);

  beforeAll(async () => {
    clusterStore = await startClusterStore('float', { timeouts: { orderResponseMs: 10_000 } });
    ({ sandbox, server, databaseUrl } = clusterStore);
    one = await sellingCounter(server, 'Counter 1');
    two = await sellingCounter(server, 'Counter 2');
  }, 60_000);

  // A fault armed by one test and not used up there must not slow or cut the next.
  beforeEach(() => sandbox.state.faults.clear());

  afterAll(() => clusterStore?.close(), 30_000);

  it('lets two counters selling at once through only as far as the wallet holds, and refuses the rest with E300', async () => {
    await walletAt(1000);
    const seq = lastSeq(sandbox);
    // The service holds its answers, so every sale is decided while the first ones are in flight.
    sandbox.state.faults.arm({ kind: 'delay', ms: 800, stage: 'after', count: 6, match: { method: 'POST', path: '/v1/partners/orders' } });
    const sell = (c: Counter) => placeOrder(c, orderBody(newRef('F'), 500));
    const answers = await Promise.all([sell(one), sell(two), sell(one), sell(two), sell(one), sell(two)]);
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 422);
    expect(accepted).toHaveLength(2);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.json.error.code).toBe('E300');
      expect(r.json.error.message).toMatch(/^Insufficient balance: the wallet holds ₹1,000 and sales in progress at the counters spending it hold ₹(0|500|1,000); this sale needs ₹500\. Top up the wallet, then sell again\.$/);
    }
    // The refused ones never reached the service.
    expect(orderPosts(sandbox, seq)).toBe(2);
    expect(sandbox.state.wallet.balancePaise).toBe(0);
    expect(await storeBalancePaise()).toBe(0);
  });

  it('holds a sale’s debit while it is in flight and releases it when it settles', async () => {
    await walletAt(1000);
    sandbox.state.faults.arm({ kind: 'delay', ms: 1_000, stage: 'after', count: 1, match: { method: 'POST', path: '/v1/partners/orders' } });
    const failing = placeOrder(one, orderBody(newRef('HOLD'), 1000, 'TEST_BRAND_NOT_AVAILABLE'));
    // While it is in flight, its ₹1,000 is held: the other counter cannot spend it.
    await eventually('the hold', async () => (await sql(databaseUrl, `SELECT 1 FROM relayed_orders WHERE state = 'SENDING'`)).length === 1);
    const meanwhile = await placeOrder(two, orderBody(newRef('HOLD'), 100));
    expect(meanwhile.status).toBe(422);
    expect(meanwhile.json.error.message).toContain('sales in progress at the counters spending it hold ₹1,000');
    // It settles FAILED: the service debited nothing in the end, and the hold is gone.
    const settled = await failing;
    expect(settled.status).toBe(201);
    expect(settled.json.status).toBe('FAILED');
    expect(await storeBalancePaise()).toBe(100_000);
    const after = await placeOrder(two, orderBody(newRef('HOLD'), 1000));
    expect(after.status).toBe(201);
    expect(after.json.status).toBe('SUCCESS');
    expect(await storeBalancePaise()).toBe(0);
  });

  it('takes a discounted sale’s debit (amount less discount) off the float, as the service does', async () => {
    await walletAt(1000);
    const discounted = await placeOrder(one, { ...orderBody(newRef('DISC'), 1000), discountAmount: 100 });
    expect(discounted.status).toBe(201);
    expect(sandbox.state.wallet.balancePaise).toBe(10_000);
    expect(await storeBalancePaise()).toBe(10_000);
    // The ₹100 left is spendable.
    const last = await placeOrder(two, orderBody(newRef('DISC'), 100));
    expect(last.status).toBe(201);
    expect(last.json.status).toBe('SUCCESS');
  });

  it('keeps a settled sale’s debit when a reading of the balance that began before it comes back later', async () => {
    await walletAt(1000);
    // The service reads its balance (₹1,000) and holds the answer.
    sandbox.state.faults.arm({ kind: 'delay', ms: 1_500, stage: 'after', count: 1, match: { method: 'GET', path: '/v1/partners/wallet/balance' } });
    const reading = one.call('/partner/v1/partners/wallet/balance');
    await eventually('the reading at the service', async () => sandbox.state.faults.fired.some((f) => f.path === '/v1/partners/wallet/balance'));
    const sale = await placeOrder(two, orderBody(newRef('READ'), 500));
    expect(sale.status).toBe(201);
    expect(await storeBalancePaise()).toBe(50_000);
    // The stale ₹1,000 comes back after the sale settled: it is not kept.
    expect((await reading).json).toEqual({ balance: 500 });
    expect(await storeBalancePaise()).toBe(50_000);
  });

  it('keeps the newer of two readings when the older one comes back last (another store server read in between)', async () => {
    await walletAt(1000);
    const replica = await startStore(sandbox, databaseUrl, { timeouts: { orderResponseMs: 10_000 } });
    try {
      const signedIn = await login(replica.url, one.id, one.credential);
      const oneThere = counterFor(replica.url, { id: one.id, credential: one.credential, token: signedIn.json.token, storeId: 'main' });
      // The replica's own start-up reading lands first: a question now would share it (one reading at a time per server).
      expect((await oneThere.call('/partner/v1/partners/wallet/balance')).json).toEqual({ balance: 1000 });
      sandbox.state.faults.arm({ kind: 'delay', ms: 1_500, stage: 'after', count: 1, match: { method: 'GET', path: '/v1/partners/wallet/balance' } });
      const older = one.call('/partner/v1/partners/wallet/balance');
      await eventually('the older reading at the service', async () => sandbox.state.faults.list().length === 0);
      // A top-up, seen by the other server's reading while the first is still on its way back.
      sandbox.state.wallet.set(300_000);
      expect((await oneThere.call('/partner/v1/partners/wallet/balance')).json).toEqual({ balance: 3000 });
      await older;
      expect(await storeBalancePaise()).toBe(300_000);
    } finally {
      await replica.close();
    }
  });

  it('takes the debit once when a sale the service refused as a copy turns out placed (its first send had landed)', async () => {
    await walletAt(1000);
    noReadings();
    const ref = newRef('LANDED');
    // The first send of the reference reached the service, which debited the wallet; the store never heard.
    sandbox.state.orders.place(orderRequestSchema.parse(orderBody(ref, 500)), null);
    const copy = await placeOrder(one, orderBody(ref, 500));
    expect(copy.status).toBe(409);
    expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'REJECTED' });
    expect(await storeBalancePaise()).toBe(100_000);
    // The counter asks by reference before believing a refusal: the order is there, with its debit.
    for (let asked = 0; asked < 2; asked++) {
      expect((await byReference(one, ref)).json).toMatchObject({ referenceId: ref, status: 'SUCCESS' });
      expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'ACCEPTED', order_status: 'SUCCESS' });
      expect(await storeBalancePaise()).toBe(50_000);
    }
    expect(sandbox.state.wallet.balancePaise).toBe(50_000);
  });

  it('gives a PROCESSING sale’s debit back once when the service cancels it', async () => {
    await walletAt(1000);
    noReadings();
    const ref = newRef('CANCEL');
    expect((await placeOrder(one, orderBody(ref, 500, 'TEST_PROCESSING_STUCK'))).json.status).toBe('PROCESSING');
    expect(await storeBalancePaise()).toBe(50_000);
    serviceGivesBack(ref, 'CANCELLED');
    for (let asked = 0; asked < 2; asked++) {
      expect((await byReference(one, ref)).json.status).toBe('CANCELLED');
      expect(await storeBalancePaise()).toBe(100_000);
    }
    expect(sandbox.state.wallet.balancePaise).toBe(100_000);
  });

  it('gives a SUCCESS sale’s debit back once when the service reverses it (seen by order id)', async () => {
    await walletAt(1000);
    noReadings();
    const sold = await placeOrder(one, orderBody(newRef('REVERSE'), 500));
    expect(sold.json.status).toBe('SUCCESS');
    expect(await storeBalancePaise()).toBe(50_000);
    serviceGivesBack(sold.json.referenceId, 'REVERSED');
    for (let asked = 0; asked < 2; asked++) {
      expect((await one.call(`/partner/v1/partners/orders/${sold.json.id}`)).json.status).toBe('REVERSED');
      expect(await storeBalancePaise()).toBe(100_000);
    }
    // The ₹1,000 is spendable again.
    expect((await placeOrder(two, orderBody(newRef('REVERSE'), 1000))).json.status).toBe('SUCCESS');
    expect(await storeBalancePaise()).toBe(0);
  });

  it('takes nothing for a sale in doubt whose first answer is REVERSED, and releases its hold', async () => {
    await walletAt(1000);
    noReadings();
    const ref = newRef('DOUBT');
    sandbox.state.faults.arm({ kind: 'reset-after-commit', match: { method: 'POST', path: '/v1/partners/orders' } });
    expect((await placeOrder(one, orderBody(ref, 500))).status).toBe(503);
    expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'IN_DOUBT' });
    serviceGivesBack(ref, 'REVERSED');
    expect((await byReference(one, ref)).json.status).toBe('REVERSED');
    expect(await storeBalancePaise()).toBe(100_000);
    // No longer held either: the ₹1,000 is spendable again.
    expect(await relayedRow(databaseUrl, ref)).toMatchObject({ state: 'ACCEPTED', order_status: 'REVERSED' });
    expect((await placeOrder(two, orderBody(newRef('DOUBT'), 1000))).json.status).toBe('SUCCESS');
  });

  it('reads the wallet again before the next sale after a debit is given back (the reading on record may hold it already)', async () => {
    await walletAt(1000);
    const ref = newRef('BACK');
    expect((await placeOrder(one, orderBody(ref, 1000))).json.status).toBe('SUCCESS');
    expect(await storeBalancePaise()).toBe(0);
    serviceGivesBack(ref, 'REVERSED');
    // A reading lands after the service gave the debit back and before the store heard of it.
    expect((await one.call('/partner/v1/partners/wallet/balance')).json).toEqual({ balance: 1000 });
    expect((await byReference(one, ref)).json.status).toBe('REVERSED');
    // The float now counts that ₹1,000 twice; the next sale is decided on a new reading instead.
    const seq = lastSeq(sandbox);
    const sale = await placeOrder(two, orderBody(newRef('BACK'), 2000));
    expect(sale.status).toBe(422);
    expect(sale.json.error.message).toContain('the wallet holds ₹1,000 ');
    expect(orderPosts(sandbox, seq)).toBe(0);
    expect(await storeBalancePaise()).toBe(100_000);
  });
});
