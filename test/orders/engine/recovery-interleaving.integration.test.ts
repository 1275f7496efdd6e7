import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderEngine } from '../../../src-main/orders/engine/order-engine.js';
import { orderApiFor } from '../../../src-main/orders/engine/partner-order-api.js';
import { failureReasonToCode } from '../../../src-main/partner-api/error-table.js';
import { FIXED_BRAND, newSale } from '../journal/journal-fixtures.js';
import { engineHarness, type EngineHarness } from './engine-harness.js';

/** A brand the sandbox lists but refuses every order for, with E100. */
const REFUSED_BRAND = { ...FIXED_BRAND, id: 'TEST_E100_TEMPORARILY_DISABLED' };
const ORDERS = '/v1/partners/orders';

/**
 * Start-up recovery reads the unfinished sales once, then settles them one by one across awaits
 * (each a look-up, maybe a send). "Check now" is not held back by recovery, so a person can
 * settle a sale that recovery has not reached yet; recovery then arrives with the sale as it
 * was read. Neither path may send the sale's reference after the service refused it.
 */
describe('Check now during start-up recovery', () => {
  let h: EngineHarness;
  let engine: OrderEngine | null = null;
  beforeEach(async () => {
    h = await engineHarness({ orderResponseMs: 700 });
  });
  afterEach(async () => {
    engine?.stop();
    await h.close();
  });

  it('settles a sale REJECTED that recovery reaches later: recovery looks up and never sends the refused reference again', async () => {
    // Sale B (last session): its POST got a 502 and the look-ups failed, so it is IN DOUBT.
    await h.control('POST', '/faults', { kind: 'error-5xx', status: 502, match: { method: 'POST', path: ORDERS } });
    await h.control('POST', '/faults', { kind: 'error-5xx', count: 3, match: { method: 'GET', path: `${ORDERS}/by-reference/*` } });
    const refused = newSale({ brand: REFUSED_BRAND });
    expect((await h.engine.placeSale(refused)).state).toBe('IN_DOUBT');
    h.engine.stop();
    // Sale A (older): the process died right after its intent was committed.
    const first = newSale({ createdAt: refused.createdAt - 60_000 });
    h.journal.insertIntent(first, { requestId: randomUUID(), at: h.clock.now() });
    expect(h.journal.unfinished().map((s) => s.id)).toEqual([first.id, refused.id]);

    // Recovery is held at A's look-up until B has been checked.
    const realLookup = h.client.getOrderByReference;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reachedA!: () => void;
    const recoveryAtA = new Promise<void>((resolve) => (reachedA = resolve));
    h.client.getOrderByReference = async (ref, opts) => {
      if (ref === first.referenceId) {
        reachedA();
        await held;
      }
      return realLookup(ref, opts);
    };

    engine = new OrderEngine({
      journal: h.journal,
      api: orderApiFor(() => h.client),
      clock: h.clock,
      logger: h.logger,
      vault: h.vault,
      newRequestId: randomUUID,
      failureCode: failureReasonToCode,
    });
    const recovery = engine.start();
    await recoveryAtA;

    // Check now on B: look-up 404, resend (same reference), refused E100, look-up 404: REJECTED.
    const checked = await engine.checkNow(refused.id);
    expect(checked).toMatchObject({ state: 'REJECTED', errorCode: 'E100' });
    const refusedSeq = h.journal.attempts(refused.id).find((a) => a.outcome === 'rejected E100')!.seq;

    release();
    const report = await recovery;
    await engine.idle();

    expect(report.byState).toEqual({ SUCCESS: 1, REJECTED: 1 });
    expect(h.journal.get(refused.id)).toMatchObject({ state: 'REJECTED', errorCode: 'E100' });
    // Recovery only asked (404) and, the refusal being on record, concluded nothing new.
    const after = h.journal.attempts(refused.id).filter((a) => a.seq > refusedSeq);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((a) => a.kind === 'lookup')).toBe(true);

    // The service saw B's reference sent twice (the 502, then Check now's resend) and never after
    // the refusal; every POST it saw was journaled first.
    const placeIds = (saleId: string) => h.journal.attempts(saleId).filter((a) => a.kind === 'place').map((a) => a.requestId);
    const posts = h.sandbox.requests.list().filter((r) => r.method === 'POST' && r.path === ORDERS);
    const postsOfRefused = posts.filter((p) => placeIds(refused.id).includes(p.requestId!));
    expect(postsOfRefused.map((p) => p.status)).toEqual([502, 422]);
    expect(posts.every((p) => [...placeIds(refused.id), ...placeIds(first.id)].includes(p.requestId!))).toBe(true);

    expect(h.journal.get(first.id)!.state).toBe('SUCCESS');
    const orders = [...h.sandbox.state.orders.orders.values()];
    expect(orders.filter((o) => o.referenceId === refused.referenceId)).toHaveLength(0);
    expect(orders.filter((o) => o.referenceId === first.referenceId)).toHaveLength(1);
  });
});
