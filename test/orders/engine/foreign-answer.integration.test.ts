import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PartnerOrder } from '../../../src-main/partner-api/types.js';
import { FIXED_BRAND, newSale } from '../journal/journal-fixtures.js';
import { engineHarness, type EngineHarness } from './engine-harness.js';

const brand = (id: string) => ({ ...FIXED_BRAND, id, denominationType: 'FLEXIBLE' as const });

/**
 * An order answer about another order (a proxy, cache or relay mixing answers up) must never
 * settle a sale: applied, it would seal another customer's cards into this sale, or refund one
 * that went through. The engine ignores it and keeps following the sale.
 */
describe('an answer about another order is never applied', () => {
  let h: EngineHarness;
  /** While set, every GET of an order by id answers this order instead. */
  let answerInstead: PartnerOrder | null;

  beforeEach(async () => {
    answerInstead = null;
    h = await engineHarness({
      wrapApi: (api) => ({
        ...api,
        getOrder: async (orderId) => (answerInstead ? { ok: true, order: answerInstead, requestIds: [`foreign-${orderId}`] } : api.getOrder(orderId)),
      }),
    });
  });
  afterEach(async () => h.close());

  /** A completed sale of another customer, and its order as the service answers it. */
  async function otherCustomersOrder(): Promise<PartnerOrder> {
    const done = await h.engine.placeSale(newSale());
    expect(done.state).toBe('SUCCESS');
    const lookup = await h.client.getOrder(done.orderId!);
    if (!lookup.ok) throw new Error('the completed order could not be read back');
    return lookup.value;
  }

  const mismatchesLogged = () => h.logger.lines.filter((l) => l.includes('sale.answer_mismatch')).length;

  it('a terminal event confirmed with another order leaves the sale PROCESSING, without its vouchers, and polling settles it', async () => {
    const foreign = await otherCustomersOrder();
    const sale = newSale({ brand: brand('TEST_PROCESSING_SUCCESS') });
    const placed = await h.engine.placeSale(sale);
    expect(placed.state).toBe('PROCESSING');

    await h.control('POST', '/advance', { seconds: 180 });
    answerInstead = foreign;
    await h.engine.onOrderTerminalEvent(placed.orderId!);
    expect(h.journal.get(sale.id)).toMatchObject({ state: 'PROCESSING', orderId: placed.orderId });
    expect(h.journal.vouchers(sale.id)).toHaveLength(0);
    expect(mismatchesLogged()).toBe(1);

    // A poll answered with the same foreign order counts and changes nothing either.
    await h.step(60);
    expect(h.journal.get(sale.id)).toMatchObject({ state: 'PROCESSING', pollCount: 1 });
    expect(h.journal.vouchers(sale.id)).toHaveLength(0);
    expect(mismatchesLogged()).toBe(2);

    // The service's own answer settles it, with this sale's voucher, not the other customer's.
    answerInstead = null;
    await h.step(120);
    expect(h.journal.get(sale.id)).toMatchObject({ state: 'SUCCESS', orderId: placed.orderId });
    expect(h.journal.vouchers(sale.id)).toHaveLength(1);
  });

  it('a late terminal event for a NEEDS_SUPPORT sale, confirmed with another (FAILED or SUCCESS) order, leaves it for support', async () => {
    const foreign = await otherCustomersOrder();
    const sale = newSale({ brand: brand('TEST_PROCESSING_STUCK') });
    const placed = await h.engine.placeSale(sale);
    await h.step(15 * 60);
    expect(h.journal.get(sale.id)!.state).toBe('NEEDS_SUPPORT');

    answerInstead = { ...foreign, status: 'FAILED', failureReason: 'Voucher generation failed', vouchers: [] };
    await h.engine.onOrderTerminalEvent(placed.orderId!);
    expect(h.journal.get(sale.id)!.state).toBe('NEEDS_SUPPORT');
    answerInstead = foreign;
    await h.engine.checkNow(sale.id);
    expect(h.journal.get(sale.id)!.state).toBe('NEEDS_SUPPORT');
    expect(h.journal.vouchers(sale.id)).toHaveLength(0);
    expect(mismatchesLogged()).toBe(2);
  });

  it('an order the service cancelled after issuing vouchers (sent to the customer meanwhile) keeps them: the manager decides about the money', async () => {
    const issued = (await otherCustomersOrder()).vouchers;
    expect(issued.length).toBeGreaterThan(0);
    const sale = newSale({ brand: brand('TEST_PROCESSING_STUCK') });
    const placed = await h.engine.placeSale(sale);
    await h.step(15 * 60);
    const own = await h.client.getOrder(placed.orderId!);
    if (!own.ok) throw new Error('the order could not be read back');

    answerInstead = { ...own.value, status: 'CANCELLED', vouchers: issued };
    await h.engine.onOrderTerminalEvent(placed.orderId!);
    expect(h.journal.get(sale.id)!.state).toBe('CANCELLED');
    expect(h.journal.hasVouchers(sale.id)).toBe(true);
    expect(mismatchesLogged()).toBe(0);
  });

  it('an answer naming this reference but another order id is refused too', async () => {
    const sale = newSale({ brand: brand('TEST_PROCESSING_SUCCESS') });
    const placed = await h.engine.placeSale(sale);
    await h.control('POST', '/advance', { seconds: 180 });
    const own = await h.client.getOrder(placed.orderId!);
    if (!own.ok) throw new Error('the order could not be read back');
    expect(own.value.status).toBe('SUCCESS');

    answerInstead = { ...own.value, id: 'ord_someone_else' };
    await h.engine.onOrderTerminalEvent(placed.orderId!);
    expect(h.journal.get(sale.id)).toMatchObject({ state: 'PROCESSING', orderId: placed.orderId });
    expect(mismatchesLogged()).toBe(1);
  });
});
