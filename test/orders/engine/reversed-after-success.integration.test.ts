import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderNotConfirmedError } from '../../../src-main/orders/engine/engine-outcomes.js';
import { TERMINAL_EVENT_RECONFIRM_MS } from '../../../src-main/orders/engine/processing-protocol.js';
import { heldPaymentState } from '../../../src-main/till/payment-state.js';
import { newSale } from '../journal/journal-fixtures.js';
import { engineHarness, type EngineHarness } from './engine-harness.js';

const ORDERS = '/v1/partners/orders';

describe('a completed sale the service cancels or reverses afterwards', () => {
  let h: EngineHarness;
  beforeEach(async () => {
    h = await engineHarness();
  });
  afterEach(async () => h.close());

  const gets = (saleId: string) => h.journal.attempts(saleId).filter((a) => a.kind === 'get').length;
  const stateLines = (saleId: string) => h.logger.lines.filter((l) => l.includes('"sale.state"') && l.includes(saleId));
  /** A sale completed at once (its vouchers stored), whose order the service then ends with `status`, announcing it. */
  const completedThenEnded = async (status: 'CANCELLED' | 'REVERSED') => {
    const sale = newSale();
    const done = await h.engine.placeSale(sale);
    expect(done.state).toBe('SUCCESS');
    expect(await h.control('POST', `/orders/${done.orderId}/end`, { status })).toMatchObject({ status, debited: 500 });
    return done;
  };

  it.each(['REVERSED', 'CANCELLED'] as const)('its event, confirmed by one GET, moves it to %s: vouchers kept, the payment for a manager to decide', async (status) => {
    const done = await completedThenEnded(status);
    const vouchersBefore = h.journal.vouchers(done.id);
    expect(vouchersBefore).toHaveLength(1);

    const ended = await h.engine.onOrderTerminalEvent(done.orderId!);
    expect(ended).toMatchObject({ id: done.id, state: status, orderId: done.orderId });
    expect(h.journal.get(done.id)!.state).toBe(status);
    expect(gets(done.id)).toBe(1);
    // The customer may hold the vouchers (they were issued), so neither refunded nor kept: a manager decides.
    expect(h.journal.vouchers(done.id)).toEqual(vouchersBefore);
    expect(heldPaymentState(status, () => h.journal.hasVouchers(done.id))).toBe('MANAGER_REVIEW');
    expect(stateLines(done.id).filter((l) => l.includes(`"from":"SUCCESS"`) && l.includes(`"to":"${status}"`))).toHaveLength(1);

    // The same event again (a redelivery, support's replay) finds the sale settled for good: no GET, no change.
    expect(await h.engine.onOrderTerminalEvent(done.orderId!)).toMatchObject({ state: status });
    expect(gets(done.id)).toBe(1);
    expect(stateLines(done.id).filter((l) => l.includes(`"to":"${status}"`))).toHaveLength(1);
  });

  it('two deliveries of the event arriving together apply it once (one sale at a time)', async () => {
    const done = await completedThenEnded('REVERSED');
    const [first, second] = await Promise.all([h.engine.onOrderTerminalEvent(done.orderId!), h.engine.onOrderTerminalEvent(done.orderId!)]);
    expect(first!.state).toBe('REVERSED');
    expect(second!.state).toBe('REVERSED');
    expect(gets(done.id)).toBe(1);
    expect(stateLines(done.id).filter((l) => l.includes('"to":"REVERSED"'))).toHaveLength(1);
    expect(h.logger.lines.filter((l) => l.includes('sale.transition_refused'))).toEqual([]);
  });

  it('an event whose GET still says SUCCESS changes nothing', async () => {
    const done = await h.engine.placeSale(newSale());
    const before = h.journal.get(done.id)!;
    const vouchers = h.journal.vouchers(done.id);

    expect(await h.engine.onOrderTerminalEvent(done.orderId!)).toEqual(before);
    expect(h.journal.get(done.id)).toEqual(before);
    expect(h.journal.vouchers(done.id)).toEqual(vouchers);
    expect(h.journal.attempts(done.id).map((a) => [a.kind, a.outcome])).toEqual([
      ['place', 'HTTP 2xx SUCCESS'],
      ['get', 'SUCCESS'],
    ]);
    expect(stateLines(done.id)).toHaveLength(1); // the placement's INTENT → SUCCESS only
  });

  it('an event that itself says SUCCESS, for a sale already SUCCESS, asks nothing', async () => {
    const done = await h.engine.placeSale(newSale());
    const before = h.journal.get(done.id)!;
    expect(await h.engine.onOrderTerminalEvent(done.orderId!, 'SUCCESS')).toEqual(before);
    expect(gets(done.id)).toBe(0);
    // The same event saying REVERSED is confirmed (and the service, asked, still says SUCCESS).
    expect(await h.engine.onOrderTerminalEvent(done.orderId!, 'REVERSED')).toEqual(before);
    expect(gets(done.id)).toBe(1);
  });

  it('an event whose GET cannot reach the service is not applied, and the order is asked about again until it settles', async () => {
    const done = await completedThenEnded('REVERSED');
    // The GET fails, and the client's own retry with it.
    await h.control('POST', '/faults', { kind: 'error-5xx', count: 4, match: { method: 'GET', path: `${ORDERS}/*` } });
    await expect(h.engine.onOrderTerminalEvent(done.orderId!)).rejects.toBeInstanceOf(OrderNotConfirmedError);
    expect(h.journal.get(done.id)!.state).toBe('SUCCESS');

    const waited = TERMINAL_EVENT_RECONFIRM_MS.reduce((sum, ms) => sum + ms, 0) / 1000;
    await h.step(waited + 60);
    expect(h.journal.get(done.id)!.state).toBe('REVERSED');
    const asked = gets(done.id);
    await h.step(waited + 60);
    expect(gets(done.id)).toBe(asked);
  });

  it("a store's change for a sale whose answer was lost (in doubt, no order id) settles it by reference, as the service now has it", async () => {
    // The service took the order, but the counter never heard: the sale is IN_DOUBT without an order id.
    const sale = newSale();
    const requestId = crypto.randomUUID();
    const intent = h.journal.insertIntent(sale, { requestId, at: h.clock.now() });
    const answer = await h.client.placeOrder(sale.payload, requestId);
    if (answer.kind !== 'accepted') throw new Error(answer.kind);
    h.journal.transition(intent.id, 'INTENT', 'IN_DOUBT', {});
    expect(await h.control('POST', `/orders/${answer.order.id}/end`, { status: 'REVERSED' })).toMatchObject({ status: 'REVERSED' });

    // The event alone cannot find it (no sale here has that order id yet).
    expect(await h.engine.onOrderTerminalEvent(answer.order.id, 'REVERSED')).toBeUndefined();
    // The store's change names the reference too: asked by it, the sale takes what the service says now.
    const settled = await h.engine.onOrderChange(answer.order.id, sale.referenceId, 'REVERSED');
    expect(settled).toMatchObject({ id: intent.id, state: 'REVERSED', orderId: answer.order.id });
    expect(h.journal.vouchers(intent.id)).toHaveLength(1);
    expect(h.journal.attempts(intent.id).filter((a) => a.kind !== 'place')).toHaveLength(1);
    // Known by its order id now: the same change again is the terminal event's no-op.
    expect(await h.engine.onOrderChange(answer.order.id, sale.referenceId, 'REVERSED')).toMatchObject({ state: 'REVERSED' });
  });

  it("never sends again a sale in doubt that a store's change names, even when the service says it has no such reference", async () => {
    const sale = newSale();
    const intent = h.journal.insertIntent(sale, { requestId: crypto.randomUUID(), at: h.clock.now() });
    h.journal.transition(intent.id, 'INTENT', 'IN_DOUBT', {});
    const after = await h.engine.onOrderChange('ord_named_by_the_store', sale.referenceId, 'REVERSED');
    expect(after?.state).toBe('IN_DOUBT');
    expect(h.journal.attempts(intent.id).map((a) => [a.kind, a.outcome])).toEqual([
      ['place', null],
      ['lookup', 'NOT_FOUND'],
    ]);
  });
});
