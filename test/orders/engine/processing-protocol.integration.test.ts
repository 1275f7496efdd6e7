import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXED_BRAND, newSale } from '../journal/journal-fixtures.js';
import { engineHarness, type EngineHarness } from './engine-harness.js';

const brand = (id: string) => ({ ...FIXED_BRAND, id, denominationType: 'FLEXIBLE' as const });
/** Seconds after placement at which the engine polled. */
const pollTimes = (h: EngineHarness, saleId: string) => {
  const sale = h.journal.get(saleId)!;
  return h.journal.attempts(saleId).filter((a) => a.kind === 'poll').map((a) => (a.startedAt - sale.placedAt!) / 1000);
};
const orderGets = (h: EngineHarness, orderId: string) =>
  h.sandbox.requests.list().filter((r) => r.method === 'GET' && r.path === `/v1/partners/orders/${orderId}`).length;

describe('PROCESSING orders follow the §3.4 protocol', () => {
  let h: EngineHarness;
  beforeEach(async () => {
    h = await engineHarness();
  });
  afterEach(async () => h.close());

  it('polls no earlier than 1 minute, and reaches SUCCESS (sandbox resolves at 180 s) on the second poll', async () => {
    const sale = newSale({ brand: brand('TEST_PROCESSING_SUCCESS') });
    const placed = await h.engine.placeSale(sale);
    expect(placed.state).toBe('PROCESSING');
    expect(placed.nextCheckAt! - placed.placedAt!).toBe(60_000);
    await h.step(59);
    expect(pollTimes(h, sale.id)).toEqual([]);
    await h.step(1);
    expect(pollTimes(h, sale.id)).toEqual([60]);
    expect(h.journal.get(sale.id)!.state).toBe('PROCESSING');
    await h.step(120);
    expect(pollTimes(h, sale.id)).toEqual([60, 180]);
    const done = h.journal.get(sale.id)!;
    expect(done.state).toBe('SUCCESS');
    expect(h.journal.vouchers(sale.id)).toHaveLength(1);
  });

  it('reaches FAILED by polling, with the failure reason and code', async () => {
    const sale = newSale({ brand: brand('TEST_PROCESSING_FAILED') });
    await h.engine.placeSale(sale);
    await h.step(180);
    expect(h.journal.get(sale.id)).toMatchObject({ state: 'FAILED', failureReason: 'Voucher generation failed', errorCode: 'E200' });
    expect(pollTimes(h, sale.id)).toEqual([60, 180]);
  });

  it('ends the wait early on an Order Reached Terminal State event, confirming with GET', async () => {
    const sale = newSale({ brand: brand('TEST_PROCESSING_SUCCESS') });
    const placed = await h.engine.placeSale(sale);
    await h.control('POST', '/advance', { seconds: 180 }); // the service finishes; our clock has not moved
    await h.engine.onOrderTerminalEvent(placed.orderId!);
    expect(h.journal.get(sale.id)!.state).toBe('SUCCESS');
    expect(pollTimes(h, sale.id)).toEqual([]);
    expect(h.journal.attempts(sale.id).map((a) => a.kind)).toEqual(['place', 'get']);
    await h.step(900);
    expect(pollTimes(h, sale.id)).toEqual([]);
  });

  it('ignores a terminal event for an order it does not know, or one settled for good', async () => {
    expect(await h.engine.onOrderTerminalEvent('ord_unknown')).toBeUndefined();
    // FAILED moves nowhere (a completed sale is asked about: the service may have reversed it since).
    const sale = newSale({ brand: brand('TEST_BRAND_NOT_AVAILABLE') });
    const failed = await h.engine.placeSale(sale);
    expect(failed).toMatchObject({ state: 'FAILED', orderId: expect.any(String) });
    await h.engine.onOrderTerminalEvent(failed.orderId!);
    expect(h.journal.attempts(sale.id).map((a) => a.kind)).toEqual(['place']);
  });

  it('gives up at 15 minutes after exactly 5 polls: NEEDS_SUPPORT with ids for support, no sixth poll', async () => {
    const sale = newSale({ brand: brand('TEST_PROCESSING_STUCK') });
    const placed = await h.engine.placeSale(sale);
    await h.step(14 * 60);
    expect(pollTimes(h, sale.id)).toEqual([60, 180, 300, 540, 840]);
    expect(h.journal.get(sale.id)!.state).toBe('PROCESSING');
    await h.step(60);
    const stuck = h.journal.get(sale.id)!;
    expect(stuck.state).toBe('NEEDS_SUPPORT');
    expect(stuck.supportReason).toContain(placed.orderId!);
    expect(stuck.supportReason).toContain(sale.referenceId);
    expect(orderGets(h, placed.orderId!)).toBe(5);
    await h.step(30 * 60);
    expect(orderGets(h, placed.orderId!)).toBe(5);
  });

  it('a late terminal event still settles a NEEDS_SUPPORT sale forward', async () => {
    const sale = newSale({ brand: brand('TEST_PROCESSING_STUCK') });
    const placed = await h.engine.placeSale(sale);
    await h.step(15 * 60);
    expect(h.journal.get(sale.id)!.state).toBe('NEEDS_SUPPORT');
    await h.control('POST', '/advance', { seconds: 20 * 60 });
    await h.engine.onOrderTerminalEvent(placed.orderId!);
    expect(h.journal.get(sale.id)!.state).toBe('SUCCESS');
  });

  it('a poll that cannot reach the service counts, and the protocol carries on', async () => {
    const sale = newSale({ brand: brand('TEST_PROCESSING_SUCCESS') });
    await h.engine.placeSale(sale);
    await h.control('POST', '/faults', { kind: 'error-5xx', count: 3, match: { method: 'GET', path: '/v1/partners/orders/*' } });
    await h.step(60);
    expect(h.journal.get(sale.id)).toMatchObject({ state: 'PROCESSING', pollCount: 1 });
    await h.step(120);
    expect(h.journal.get(sale.id)!.state).toBe('SUCCESS');
  });
});
