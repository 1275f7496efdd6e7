import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderNotConfirmedError } from '../../../src-main/orders/engine/engine-outcomes.js';
import { AUTO_RESEND_WINDOW_MS, TERMINAL_EVENT_RECONFIRM_MS } from '../../../src-main/orders/engine/processing-protocol.js';
import { FIXED_BRAND, newSale } from '../journal/journal-fixtures.js';
import { engineHarness, type EngineHarness } from './engine-harness.js';

const brand = (id: string) => ({ ...FIXED_BRAND, id, denominationType: 'FLEXIBLE' as const });
const ORDERS = '/v1/partners/orders';
const posts = (h: EngineHarness) => h.sandbox.requests.list().filter((r) => r.method === 'POST' && r.path === ORDERS).length;

describe('a sale nothing else follows is not left waiting on a lost answer', () => {
  let h: EngineHarness;
  beforeEach(async () => {
    h = await engineHarness();
  });
  afterEach(async () => h.close());

  it('a NEEDS_SUPPORT sale whose terminal event cannot be confirmed is asked about again until it settles', async () => {
    const sale = newSale({ brand: brand('TEST_PROCESSING_STUCK') });
    const placed = await h.engine.placeSale(sale);
    await h.step(15 * 60);
    expect(h.journal.get(sale.id)!.state).toBe('NEEDS_SUPPORT');
    await h.control('POST', '/advance', { seconds: 20 * 60 }); // the service finishes the order

    // The confirming GET fails (and the client's own retry with it): the event is not applied,
    // and the receiver is told so (it records the delivery as failed, not applied).
    await h.control('POST', '/faults', { kind: 'error-5xx', count: 4, match: { method: 'GET', path: `${ORDERS}/*` } });
    await expect(h.engine.onOrderTerminalEvent(placed.orderId!)).rejects.toBeInstanceOf(OrderNotConfirmedError);
    expect(h.journal.get(sale.id)!.state).toBe('NEEDS_SUPPORT');

    // Asked again on the backoff, with nobody pressing Check now; the faults run out on the way.
    const waited = TERMINAL_EVENT_RECONFIRM_MS.reduce((sum, ms) => sum + ms, 0) / 1000;
    await h.step(waited + 60);
    expect(h.journal.get(sale.id)!.state).toBe('SUCCESS');
    expect(h.journal.vouchers(sale.id)).toHaveLength(1);
  });

  it('gives up asking after the backoff: the sale stays NEEDS_SUPPORT for a person', async () => {
    const sale = newSale({ brand: brand('TEST_PROCESSING_STUCK') });
    const placed = await h.engine.placeSale(sale);
    await h.step(15 * 60);
    await h.control('POST', '/advance', { seconds: 20 * 60 });
    await h.control('POST', '/faults', { kind: 'error-5xx', count: 1000, match: { method: 'GET', path: `${ORDERS}/*` } });
    await expect(h.engine.onOrderTerminalEvent(placed.orderId!)).rejects.toBeInstanceOf(OrderNotConfirmedError);
    const gets = () => h.journal.attempts(sale.id).filter((a) => a.kind === 'get').length;
    const afterEvent = gets();
    await h.step(3 * 60 * 60);
    expect(h.journal.get(sale.id)!.state).toBe('NEEDS_SUPPORT');
    // One look per backoff step (each may be a request and the client's retry), then none.
    const asked = gets() - afterEvent;
    expect(asked).toBeGreaterThanOrEqual(TERMINAL_EVENT_RECONFIRM_MS.length);
    await h.step(3 * 60 * 60);
    expect(gets() - afterEvent).toBe(asked);
  });

  it('a PROCESSING sale whose event cannot be confirmed is settled by its own polls', async () => {
    const sale = newSale({ brand: brand('TEST_PROCESSING_SUCCESS') });
    const placed = await h.engine.placeSale(sale);
    await h.control('POST', '/advance', { seconds: 180 });
    await h.control('POST', '/faults', { kind: 'error-5xx', count: 1000, match: { method: 'GET', path: `${ORDERS}/*` } });
    await expect(h.engine.onOrderTerminalEvent(placed.orderId!)).rejects.toBeInstanceOf(OrderNotConfirmedError);
    expect(h.journal.get(sale.id)!.state).toBe('PROCESSING');
    await h.control('DELETE', '/faults');
    await h.step(60);
    expect(h.journal.get(sale.id)!.state).toBe('SUCCESS');
  });
});

describe('start-up recovery resends only within the automatic resend window', () => {
  let h: EngineHarness;
  beforeEach(async () => {
    h = await engineHarness();
  });
  afterEach(async () => h.close());

  it('a sale whose intent was committed just before the crash is looked up and, on 404, sent once', async () => {
    h.engine.stop();
    const sale = newSale();
    h.journal.insertIntent(sale, { requestId: randomUUID(), at: h.clock.now() });
    await h.restart();
    await h.engine.idle();
    expect(h.journal.get(sale.id)!.state).toBe('SUCCESS');
    expect(posts(h)).toBe(1);
  });

  it('one the app comes back to long after is looked up but not resent: it stays IN_DOUBT for Check now', async () => {
    h.engine.stop();
    const sale = newSale();
    h.journal.insertIntent(sale, { requestId: randomUUID(), at: h.clock.now() });
    h.clock.advance(AUTO_RESEND_WINDOW_MS + 60_000);
    await h.restart();
    await h.engine.idle();
    expect(h.journal.get(sale.id)!.state).toBe('IN_DOUBT');
    expect(posts(h)).toBe(0);
    expect(h.journal.attempts(sale.id).filter((a) => a.kind === 'lookup')).toHaveLength(1);
    // Rechecks look, and never send.
    await h.step(30 * 60);
    expect(posts(h)).toBe(0);
    expect(h.journal.get(sale.id)!.state).toBe('IN_DOUBT');
    // A person decides: Check now sends it.
    await h.engine.checkNow(sale.id);
    expect(h.journal.get(sale.id)!.state).toBe('SUCCESS');
    expect(posts(h)).toBe(1);
  });
});
