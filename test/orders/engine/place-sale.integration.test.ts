import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXED_BRAND, newSale } from '../journal/journal-fixtures.js';
import { engineHarness, type EngineHarness } from './engine-harness.js';

const brand = (id: string) => ({ ...FIXED_BRAND, id, denominationType: 'FLEXIBLE' as const });
const ordersFor = async (h: EngineHarness, referenceId: string) =>
  ((await h.control('GET', '/orders')) as { referenceId: string; status: string }[]).filter((o) => o.referenceId === referenceId);
const debits = async (h: EngineHarness) => ((await h.control('GET', '/ledger')) as { kind: string }[]).filter((e) => e.kind === 'debit').length;

describe('placing a sale against the sandbox', () => {
  let h: EngineHarness;
  beforeEach(async () => {
    h = await engineHarness({ orderResponseMs: 700 });
  });
  afterEach(async () => h.close());

  it('commits the intent before sending, then SUCCESS with sealed vouchers and the request id journaled', async () => {
    const sale = newSale({ denomination: 500, quantity: 2 });
    const seenStates: string[] = [];
    const seenAtSend: { requestIds: string[]; sentWith: string; placedAt: number | null }[] = [];
    const realPlace = h.client.placeOrder;
    h.client.placeOrder = async (...args) => {
      const record = h.journal.get(sale.id)!;
      seenStates.push(record.state);
      seenAtSend.push({ requestIds: h.journal.attempts(sale.id).map((a) => a.requestId), sentWith: args[1], placedAt: record.placedAt });
      return realPlace(...args);
    };
    const done = await h.engine.placeSale(sale);
    expect(seenStates).toEqual(['INTENT']);
    // The X-REQUEST-ID and the placing time were durable before the request left.
    expect(seenAtSend).toEqual([{ requestIds: [seenAtSend[0]!.sentWith], sentWith: expect.any(String), placedAt: h.clock.now() }]);
    expect(h.journal.attempts(sale.id).map((a) => [a.seq, a.kind, a.outcome])).toEqual([[1, 'place', 'HTTP 2xx SUCCESS']]);
    expect(done.state).toBe('SUCCESS');
    expect(done.orderId).toMatch(/^ord_/);
    const vouchers = h.journal.vouchers(sale.id);
    expect(vouchers).toHaveLength(2);
    for (const v of vouchers) {
      expect(v.cardNumberSealed && h.vault.unseal(v.cardNumberSealed)).toMatch(/^\d{16}$/);
      expect(v.cardNumberLast4).toBe(h.vault.unseal(v.cardNumberSealed!).slice(-4));
      expect(v.cardPinSealed && h.vault.unseal(v.cardPinSealed)).toMatch(/^\d{6}$/);
    }
    const [attempt] = h.journal.attempts(sale.id);
    const posts = h.sandbox.requests.list().filter((r) => r.method === 'POST' && r.path === '/v1/partners/orders');
    expect(posts.map((p) => p.requestId)).toEqual([attempt!.requestId]);
  });

  it('adopts the order after a timeout once the service had committed it: one order, one debit', async () => {
    await h.control('POST', '/faults', { kind: 'delay', ms: 2500, stage: 'after', match: { method: 'POST', path: '/v1/partners/orders' } });
    const sale = newSale();
    const done = await h.engine.placeSale(sale);
    expect(done.state).toBe('SUCCESS');
    expect(await ordersFor(h, sale.referenceId)).toHaveLength(1);
    expect(await debits(h)).toBe(1);
    const attempts = h.journal.attempts(sale.id);
    expect(attempts.map((a) => a.kind)).toEqual(['place', 'lookup']);
    // The order the service holds was created by the one POST the journal recorded.
    const [order] = (await h.control('GET', '/orders')).filter((o: { referenceId: string }) => o.referenceId === sale.referenceId);
    expect(order.requestId).toBe(attempts[0]!.requestId);
  });

  it('adopts the order after the connection is cut after commit', async () => {
    await h.control('POST', '/faults', { kind: 'reset-after-commit', match: { method: 'POST', path: '/v1/partners/orders' } });
    const sale = newSale();
    expect((await h.engine.placeSale(sale)).state).toBe('SUCCESS');
    expect(await ordersFor(h, sale.referenceId)).toHaveLength(1);
    expect(h.journal.vouchers(sale.id)).toHaveLength(1);
  });

  it('after a 5xx the lookup says 404, so it resends the same referenceId once: one order', async () => {
    await h.control('POST', '/faults', { kind: 'error-5xx', status: 502, match: { method: 'POST', path: '/v1/partners/orders' } });
    const sale = newSale();
    const done = await h.engine.placeSale(sale);
    expect(done.state).toBe('SUCCESS');
    expect(h.journal.attempts(sale.id).map((a) => a.kind)).toEqual(['place', 'lookup', 'place']);
    expect(await ordersFor(h, sale.referenceId)).toHaveLength(1);
    expect(await debits(h)).toBe(1);
  });

  it('leaves the sale IN DOUBT (never blindly resent) while the service cannot be asked', async () => {
    await h.control('POST', '/faults', { kind: 'reset-after-commit', match: { method: 'POST', path: '/v1/partners/orders' } });
    await h.control('POST', '/faults', { kind: 'error-5xx', count: 3, match: { method: 'GET', path: '/v1/partners/orders/by-reference/*' } });
    const sale = newSale();
    const done = await h.engine.placeSale(sale);
    expect(done.state).toBe('IN_DOUBT');
    expect(done.nextCheckAt).toBeGreaterThan(h.clock.now());
    expect(h.sandbox.requests.list().filter((r) => r.method === 'POST' && r.path === '/v1/partners/orders')).toHaveLength(1);
    await h.step(60);
    const settled = h.journal.get(sale.id)!;
    expect(settled.state).toBe('SUCCESS');
    expect(await ordersFor(h, sale.referenceId)).toHaveLength(1);
  });

  it('a refused resend whose look-up cannot be made stays IN DOUBT, is never sent again, and the next look-up settles it', async () => {
    // First send: 502 (outcome unknown); look-up: 404; resend: refused (E100); then the look-up that
    // would tell "refused" from "already exists" fails, so nothing is concluded yet.
    await h.control('POST', '/faults', { kind: 'error-5xx', status: 502, match: { method: 'POST', path: '/v1/partners/orders' } });
    const realPlace = h.client.placeOrder;
    let sends = 0;
    h.client.placeOrder = async (...args) => {
      const answer = await realPlace(...args);
      if (++sends === 2) await h.control('POST', '/faults', { kind: 'error-5xx', count: 3, match: { method: 'GET', path: '/v1/partners/orders/by-reference/*' } });
      return answer;
    };
    const sale = newSale({ brand: { ...FIXED_BRAND, id: 'TEST_E100_TEMPORARILY_DISABLED' } });
    const done = await h.engine.placeSale(sale);
    expect(done.state).toBe('IN_DOUBT');
    expect(done.nextCheckAt).toBeGreaterThan(h.clock.now());
    // The client tries a failing GET three times; each try is journaled.
    expect(h.journal.attempts(sale.id).map((a) => [a.kind, a.outcome])).toEqual([
      ['place', 'unknown HTTP_5XX'],
      ['lookup', 'NOT_FOUND'],
      ['place', 'rejected E100'],
      ['lookup', 'HTTP_5XX'],
      ['lookup', 'HTTP_5XX'],
      ['lookup', 'HTTP_5XX'],
    ]);
    const settled = await h.engine.checkNow(sale.id);
    expect(settled).toMatchObject({ state: 'REJECTED', errorCode: 'E100' });
    expect(h.sandbox.requests.list().filter((r) => r.method === 'POST' && r.path === '/v1/partners/orders')).toHaveLength(2);
    expect(await ordersFor(h, sale.referenceId)).toHaveLength(0);
  });

  it('a 401 mid-session logs in again and sends once more, both request ids journaled', async () => {
    await h.engine.placeSale(newSale());
    await h.control('POST', '/faults', { kind: 'revoke-token', match: { method: 'POST', path: '/v1/partners/orders' } });
    const sale = newSale();
    expect((await h.engine.placeSale(sale)).state).toBe('SUCCESS');
    const attempts = h.journal.attempts(sale.id);
    expect(attempts.map((a) => a.kind)).toEqual(['place', 'place']);
    expect(new Set(attempts.map((a) => a.requestId)).size).toBe(2);
    expect(h.sandbox.state.tokens.logins).toBe(2);
    expect(await ordersFor(h, sale.referenceId)).toHaveLength(1);
  });

  it('treats a client that throws as an unknown outcome: looked up, then sent once, never lost', async () => {
    const realPlace = h.client.placeOrder;
    let calls = 0;
    h.client.placeOrder = async (...args) => {
      calls += 1;
      if (calls === 1) throw new Error('socket exploded');
      return realPlace(...args);
    };
    const sale = newSale();
    const done = await h.engine.placeSale(sale);
    expect(done.state).toBe('SUCCESS');
    expect(h.journal.attempts(sale.id).map((a) => [a.kind, a.outcome?.split(' ')[0]])).toEqual([
      ['place', 'unknown'],
      ['lookup', 'NOT_FOUND'],
      ['place', 'HTTP'],
    ]);
    expect(await ordersFor(h, sale.referenceId)).toHaveLength(1);
  });

  it('a 4xx rejection ends the sale as REJECTED with the business code; nothing is resent', async () => {
    const sale = newSale({ denomination: 300 });
    const done = await h.engine.placeSale(sale);
    expect(done).toMatchObject({ state: 'REJECTED', errorCode: 'E150' });
    expect(done.failureReason).toBeTruthy();
    expect(h.journal.attempts(sale.id).map((a) => a.kind)).toEqual(['place']);
  });

  it('a FAILED order is terminal with the code derived from failureReason', async () => {
    const sale = newSale({ brand: brand('TEST_E200_GENERATION_FAILED') });
    const done = await h.engine.placeSale(sale);
    expect(done).toMatchObject({ state: 'FAILED', errorCode: 'E200', failureReason: 'Voucher generation failed' });
  });

  it('never reuses a referenceId: the journal refuses a second sale with the same one', async () => {
    const sale = newSale();
    await h.engine.placeSale(sale);
    await expect(h.engine.placeSale({ ...newSale(), referenceId: sale.referenceId })).rejects.toThrow(/UNIQUE/);
    expect(await ordersFor(h, sale.referenceId)).toHaveLength(1);
  });
});
