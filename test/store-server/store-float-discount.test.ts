import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { startSandboxStore, type SandboxStore } from './store-harness.js';

/**
 * The service takes amount − discountAmount from the wallet, so that is what the store's float
 * guard holds for a sale and takes off its balance when the sale settles: a discounted sale
 * must not leave the store refusing a sale the wallet still covers.
 */
describe("the store's float guard and a discounted sale", () => {
  let store: SandboxStore;
  let sandbox: Sandbox;
  let server: StoreServer;
  /** The counter's bearer token and its seller's staff session. */
  let seller: Record<string, string> = {};

  beforeAll(async () => {
    store = await startSandboxStore({ tempPrefix: 'gv-store-discount-', counterName: 'Discounts', sandbox: { walletBalance: 1_000 } });
    ({ sandbox, server, seller } = store);
  }, 120_000);

  afterAll(() => store?.close(), 60_000);

  const place = (referenceId: string, amount: number, discountAmount?: number) =>
    fetch(`${server.url}/partner/v1/partners/orders`, {
      method: 'POST',
      headers: { ...seller, 'Content-Type': 'application/json' },
      body: JSON.stringify({ productId: 'TEST_FLEXIBLE_STANDARD', referenceId, amount, denominationDetails: [{ denomination: amount, quantity: 1 }], ...(discountAmount ? { discountAmount } : {}) }),
    });

  it('holds and settles what the service debits, so the rest of the wallet can still be sold', async () => {
    const first = await place(`DISC-A-${Date.now()}`, 1_000, 100);
    expect(first.status).toBe(201);
    expect(((await first.json()) as { status: string }).status).toBe('SUCCESS');
    expect(sandbox.state.wallet.balancePaise).toBe(10_000);

    // ₹100 is left at the service: a ₹100 sale fits, a ₹101 one does not.
    const second = await place(`DISC-B-${Date.now()}`, 100);
    expect(second.status, await second.clone().text()).toBe(201);
    expect(((await second.json()) as { status: string }).status).toBe('SUCCESS');
    expect(sandbox.state.wallet.balancePaise).toBe(0);
    const third = await place(`DISC-C-${Date.now()}`, 100);
    expect(third.status).toBe(422);
    expect(((await third.json()) as { error: { code: string } }).error.code).toBe('E300');
    // Refused by the store itself: the service never saw an order it could not pay for.
    expect([...sandbox.state.orders.orders.values()].filter((o) => o.failureReason === 'Insufficient balance')).toEqual([]);
  }, 60_000);
});
