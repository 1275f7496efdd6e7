import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/platform/logger.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import { startStoreServer, type StoreServer } from '../../src-main/store-server/server.js';
import { tempDir } from '../support/temp-dir.js';
import { pairWithCode, sellerHeaders } from './store-harness.js';

/**
 * The service takes amount − discountAmount from the wallet, so that is what the store's float
 * guard holds for a sale and takes off its balance when the sale settles: a discounted sale
 * must not leave the store refusing a sale the wallet still covers.
 */
describe("the store's float guard and a discounted sale", () => {
  let sandbox: Sandbox;
  let server: StoreServer;
  const dir = tempDir('gv-store-discount-');
  /** The counter's bearer token and its seller's staff session. */
  let seller: Record<string, string> = {};

  beforeAll(async () => {
    sandbox = await startSandbox({ walletBalance: 1_000 });
    server = await startStoreServer({
      port: 0,
      dataDir: dir.path,
      partnerBaseUrl: sandbox.url,
      clientId: 'sandbox-staging-client',
      clientSecret: 'sandbox-staging-secret',
      environment: 'staging',
      storeId: 'main',
      logger: silentLogger,
    });
    const code = await newPairingCode(server.pool, 'main');
    const paired = await pairWithCode(server.url, code, 'Discounts');
    seller = await sellerHeaders(server.url, paired);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await sandbox?.close();
    dir.cleanup();
  }, 60_000);

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
