import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kvShelf } from '../../src-main/db/kv-shelf.js';
import type { BrandDiscountEvent, BrandUpdatedEvent } from '../../src-main/partner-api/types.js';
import { WalletService } from '../../src-main/wallet/wallet-service.js';
import { WebhookReceiver } from '../../src-main/webhooks/webhook-receiver.js';
import { engineHarness, type EngineHarness } from '../orders/engine/engine-harness.js';
import { FIXED_BRAND, newSale } from '../orders/journal/journal-fixtures.js';

const SECRET = 'integration-webhook-secret';
const processingBrand = { ...FIXED_BRAND, id: 'TEST_PROCESSING_SUCCESS', denominationType: 'FLEXIBLE' as const };

/** A raw POST/GET with Node's client, so an early answer (413) can be read while the body is still being sent. */
function send(url: string, method: string, body?: Buffer): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: body ? { 'Content-Type': 'application/json', 'Content-Length': body.length } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('webhooks end to end: sandbox → receiver → engine / wallet / catalog', () => {
  let h: EngineHarness;
  let receiverSecret: string;
  /** While set, reading the signing secret throws (a keychain refusing, a damaged secret file). */
  let secretUnreadable: boolean;
  let receiver: WebhookReceiver;
  let endpoint: { url: string; close(): Promise<void> };
  let wallet: WalletService;
  let brandEvents: BrandUpdatedEvent[];
  let discountEvents: BrandDiscountEvent[];

  const webhookRows = () => h.db.prepare('SELECT event_key, event_type, outcome FROM webhook_events ORDER BY rowid').all() as any[];
  const deliveries = async (eventType: string): Promise<any[]> =>
    ((await h.control('GET', '/webhooks')) as any[]).filter((d) => d.eventType === eventType);
  const orderGets = (orderId: string) =>
    h.sandbox.requests.list().filter((r) => r.method === 'GET' && r.path === `/v1/partners/orders/${orderId}`).length;
  /** Lets the webhook attempts the sandbox owes run (the control surface answers after them), then the receiver's work. */
  const settle = async () => {
    await h.control('POST', '/advance', { seconds: 0 });
    await receiver.idle();
    await h.engine.idle();
  };

  beforeEach(async () => {
    h = await engineHarness();
    receiverSecret = SECRET;
    secretUnreadable = false;
    brandEvents = [];
    discountEvents = [];
    wallet = new WalletService({
      db: h.db,
      shelf: kvShelf(h.db),
      client: () => h.client,
      thresholdPaise: () => 1_000_00,
      maxReadingAgeMs: () => 10 * 60_000,
      now: () => h.clock.now(),
      logger: h.logger,
    });
    receiver = new WebhookReceiver({
      db: h.db,
      secret: () => {
        if (secretUnreadable) throw new Error('the keychain refused');
        return receiverSecret;
      },
      handlers: {
        orderTerminal: (e) => h.engine.onOrderTerminalEvent(e.orderId),
        brandUpdated: (e) => brandEvents.push(e),
        brandDiscount: (e) => discountEvents.push(e),
        walletLow: (e) => wallet.onLowBalanceEvent(e),
      },
      logger: h.logger,
      now: () => h.clock.now(),
    });
    endpoint = await receiver.listen('127.0.0.1', 0);
    expect(await h.control('PUT', '/webhook', { url: endpoint.url, secret: SECRET })).toEqual({ url: endpoint.url });
  });
  afterEach(async () => {
    await endpoint.close();
    await receiver.idle();
    await h.engine.idle();
    await h.close();
  });

  it('an Order Reached Terminal State webhook settles a PROCESSING sale without any poll', async () => {
    const sale = newSale({ brand: processingBrand, createdAt: h.clock.now() });
    const placed = await h.engine.placeSale(sale);
    expect(placed.state).toBe('PROCESSING');

    await h.control('POST', '/advance', { seconds: 180 }); // only the service's clock moves: no poll is due
    await receiver.idle();
    await h.engine.idle();

    const [delivery] = await deliveries('ORDER_REACHED_TERMINAL_STATE');
    expect(delivery).toMatchObject({ state: 'delivered', payload: { data: { id: placed.orderId, status: 'SUCCESS' } } });
    expect(delivery.attempts).toEqual([expect.objectContaining({ result: 'delivered', status: 200, simulated: false })]);
    expect(h.journal.get(sale.id)!.state).toBe('SUCCESS');
    expect(h.journal.vouchers(sale.id)).toHaveLength(1);
    expect(h.journal.attempts(sale.id).map((a) => a.kind)).toEqual(['place', 'get']);
    expect(webhookRows()).toEqual([{ event_key: `id:${delivery.eventId}`, event_type: 'ORDER_REACHED_TERMINAL_STATE', outcome: 'applied' }]);
    const getsAfterFirst = orderGets(placed.orderId!);
    expect(getsAfterFirst).toBe(1);

    for (let i = 0; i < 14; i++) {
      expect(await h.control('POST', `/webhooks/${delivery.eventId}/redeliver`)).toEqual({ kind: 'status', status: 200 });
    }
    await receiver.idle();
    await h.engine.idle();
    expect(webhookRows()).toHaveLength(1);
    expect(orderGets(placed.orderId!)).toBe(getsAfterFirst);
    expect(h.journal.attempts(sale.id).map((a) => a.kind)).toEqual(['place', 'get']);
    expect(h.journal.get(sale.id)!.state).toBe('SUCCESS');
  });

  it('the webhook of a completed order the service reversed afterwards moves its sale to REVERSED, once', async () => {
    const sale = newSale({ createdAt: h.clock.now() });
    const done = await h.engine.placeSale(sale);
    expect(done.state).toBe('SUCCESS');

    await h.control('POST', `/orders/${done.orderId}/end`, { status: 'REVERSED' }); // delivers the event
    await receiver.idle();
    await h.engine.idle();

    const [delivery] = await deliveries('ORDER_REACHED_TERMINAL_STATE');
    expect(delivery).toMatchObject({ state: 'delivered', payload: { data: { id: done.orderId, status: 'REVERSED' } } });
    expect(h.journal.get(sale.id)!.state).toBe('REVERSED');
    expect(h.journal.vouchers(sale.id)).toHaveLength(1);
    expect(orderGets(done.orderId!)).toBe(1);
    expect(webhookRows()).toEqual([{ event_key: `id:${delivery.eventId}`, event_type: 'ORDER_REACHED_TERMINAL_STATE', outcome: 'applied' }]);

    expect(await h.control('POST', `/webhooks/${delivery.eventId}/redeliver`)).toEqual({ kind: 'status', status: 200 });
    await receiver.idle();
    await h.engine.idle();
    expect(orderGets(done.orderId!)).toBe(1);
    expect(h.journal.attempts(sale.id).map((a) => a.kind)).toEqual(['place', 'get']);
    expect(h.journal.get(sale.id)!.state).toBe('REVERSED');
  });

  it('a receiver with the wrong secret answers 401, which the service treats as final; the sale is untouched', async () => {
    receiverSecret = 'not-the-shared-secret';
    const sale = newSale({ brand: processingBrand, createdAt: h.clock.now() });
    const placed = await h.engine.placeSale(sale);
    await h.control('POST', '/advance', { seconds: 180 });
    await h.control('POST', '/advance', { seconds: 2 * 86_400 }); // long past every retry the schedule could make
    await receiver.idle();
    await h.engine.idle();

    const [delivery] = await deliveries('ORDER_REACHED_TERMINAL_STATE');
    expect(delivery.payload.data).toEqual({ id: placed.orderId, status: 'SUCCESS' });
    expect(delivery.state).toBe('failed');
    expect(delivery.attempts).toEqual([expect.objectContaining({ result: 'final-failure', status: 401, simulated: false })]);
    expect(h.journal.get(sale.id)!.state).toBe('PROCESSING');
    expect(h.journal.attempts(sale.id).map((a) => a.kind)).toEqual(['place']);
    expect(orderGets(placed.orderId!)).toBe(0);
    expect(webhookRows()).toEqual([]);
    expect(h.logger.lines.some((l) => l.includes('webhook.bad_signature'))).toBe(true);
  });

  it('Brand Updated and Brand Discount Update reach the catalog handlers with the new fields', async () => {
    expect(await h.control('PATCH', '/brands/TEST_FIXED_STANDARD', { status: 'INACTIVE', denominations: [100, 750, 500] })).toEqual({
      id: 'TEST_FIXED_STANDARD',
      emitted: ['BRAND_UPDATED'],
    });
    await h.control('PATCH', '/brands/TEST_FLEXIBLE_STANDARD', { discount: { subventionPercentage: 4.5, validFrom: '2026-12-01' } });
    await receiver.idle();

    expect(brandEvents).toEqual([
      expect.objectContaining({
        type: 'BRAND_UPDATED',
        brandId: 'TEST_FIXED_STANDARD',
        status: 'INACTIVE',
        denominationType: 'FIXED',
        denominations: [100, 500, 750],
        amountRestrictions: expect.objectContaining({ maxVouchersPerOrder: 10, maxVouchersPerDenomination: 5, maxDenominationsPerOrder: 3 }),
      }),
    ]);
    expect(discountEvents).toEqual([
      expect.objectContaining({ brandId: 'TEST_FLEXIBLE_STANDARD', subventionPercentage: 4.5, validFrom: '2026-12-01', validTo: null }),
    ]);
    expect(webhookRows().map((r) => [r.event_type, r.outcome])).toEqual([
      ['BRAND_UPDATED', 'applied'],
      ['BRAND_DISCOUNT_UPDATE', 'applied'],
    ]);
  });

  it('a sale that takes the wallet below the threshold brings Wallet Low Balance to the wallet view', async () => {
    await h.control('PUT', '/wallet', { balance: 10_400, lowBalanceThreshold: 10_000 });
    expect((await wallet.refresh()).ok).toBe(true);
    expect(wallet.view()).toMatchObject({ balancePaise: 10_400_00, low: false, lowBalanceAlert: null });

    const sale = newSale({ denomination: 500, createdAt: h.clock.now() });
    expect((await h.engine.placeSale(sale)).state).toBe('SUCCESS');
    await settle();

    const [delivery] = await deliveries('WALLET_LOW_BALANCE');
    expect(delivery).toMatchObject({ state: 'delivered', payload: { data: { balance: 9_900, threshold: 10_000 } } });
    const view = wallet.view();
    // The app's own threshold (₹1,000) is not crossed by the estimate; the service's event makes it low.
    expect(view).toMatchObject({ balancePaise: 10_400_00, inFlightPaise: 500_00, estimatedPaise: 9_900_00, thresholdPaise: 1_000_00, low: true });
    expect(view.lowBalanceAlert).toEqual({ balancePaise: 9_900_00, thresholdPaise: 10_000_00, at: h.clock.now() });
  });

  it('answers 413 to an oversized body and 405 to anything but POST, recording nothing', async () => {
    const big = Buffer.alloc(70 * 1024, 'a');
    expect(await send(endpoint.url, 'POST', big)).toEqual({ status: 413, body: { error: 'body too large' } });
    expect(await send(endpoint.url, 'GET')).toEqual({ status: 405, body: { error: 'POST only' } });
    expect(await send(endpoint.url, 'PUT', Buffer.from('{}'))).toMatchObject({ status: 405 });
    const small = await send(endpoint.url, 'POST', Buffer.from('{}'));
    expect(small.status).toBe(401); // still serving after the oversized one
    expect(webhookRows()).toEqual([]);
  });

  it('answers 500 when a delivery cannot be judged or recorded (the secret unreadable), keeps serving, and records nothing', async () => {
    secretUnreadable = true;
    const refused = await send(endpoint.url, 'POST', Buffer.from('{"eventType":"WALLET_LOW_BALANCE"}'));
    expect(refused.status).toBe(500);
    expect(h.logger.lines.some((l) => l.includes('webhook.receive_failed'))).toBe(true);
    secretUnreadable = false;
    expect((await send(endpoint.url, 'POST', Buffer.from('{}'))).status).toBe(401);
    expect(webhookRows()).toEqual([]);
  });
});
