import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXED_BRAND, newSale } from '../journal/journal-fixtures.js';
import { engineHarness, type EngineHarness } from './engine-harness.js';

const ORDERS = '/v1/partners/orders';

/**
 * A resend refused because its reference is taken, beside a look-up that finds no order under
 * that reference: the answers disagree and the first send may well have gone through (a look-up
 * lagging behind the order, or a store server that knows the reference under this counter's
 * previous pairing). The sale must not end REJECTED — that tells the cashier to give the money
 * back for vouchers that may exist — nor be sent again: it waits for a person.
 */
describe('a resend refused as a duplicate while the look-up finds nothing', () => {
  let h: EngineHarness;
  /** While true, every look-up by reference answers 404, as a look-up lagging behind the order would. */
  let lagging: boolean;
  /** How the next look-ups answer, one each, before `lagging` decides again. */
  let script: ('lagging' | 'failing')[];
  /** While true, a send logs in again after a 401 and its resend is refused as a duplicate. */
  let duplicateAfterLogin: boolean;

  beforeEach(async () => {
    lagging = false;
    script = [];
    duplicateAfterLogin = false;
    h = await engineHarness({
      wrapApi: (api) => ({
        ...api,
        placeOrder: async (body, requestId, onResend) => {
          if (!duplicateAfterLogin) return api.placeOrder(body, requestId, onResend);
          onResend(`${requestId}-after-login`);
          return { kind: 'rejected', error: { code: 'DUPLICATE_REFERENCE', message: 'taken', action: '', httpStatus: 409, requestId: `${requestId}-after-login` } };
        },
        getOrderByReference: async (ref) => {
          const answer = script.shift() ?? (lagging ? 'lagging' : 'real');
          if (answer === 'lagging') return { ok: true, order: null, requestIds: [`lagging-${ref}`] };
          if (answer === 'failing') return { ok: false, error: { code: 'HTTP_5XX', message: 'down', action: '', httpStatus: 503, requestId: null }, requestIds: [`failing-${ref}`] };
          return api.getOrderByReference(ref);
        },
      }),
    });
  });
  afterEach(async () => h.close());

  const posts = () => h.sandbox.requests.list().filter((r) => r.method === 'POST' && r.path === ORDERS);

  it('stops at NEEDS_SUPPORT with the payment on hold, and Check now adopts the order once it is found', async () => {
    // The first POST creates the order, but its answer is lost.
    await h.control('POST', '/faults', { kind: 'reset-after-commit', match: { method: 'POST', path: ORDERS } });
    lagging = true;
    const sale = newSale();
    const settled = await h.engine.placeSale(sale);

    expect(settled.state).toBe('NEEDS_SUPPORT');
    expect(settled.supportReason).toContain(sale.referenceId);
    expect(settled.supportReason).toContain('DUPLICATE_REFERENCE');
    expect(posts().map((p) => p.status)).toEqual(['reset', 409]);
    expect(h.logger.lines.some((l) => l.includes('sale.reference_taken_not_found'))).toBe(true);

    // Nothing more is sent while it waits.
    await h.step(30 * 60);
    expect(posts()).toHaveLength(2);
    expect(h.journal.get(sale.id)!.state).toBe('NEEDS_SUPPORT');

    // A person checks once the look-up finds it: the sale is the order that went through.
    lagging = false;
    await h.engine.checkNow(sale.id);
    expect(h.journal.get(sale.id)!.state).toBe('SUCCESS');
    expect(h.journal.vouchers(sale.id)).toHaveLength(1);
    expect(posts()).toHaveLength(2);
  });

  it('a resend after a fresh login, refused as a duplicate while the sale is still INTENT, reaches NEEDS_SUPPORT too', async () => {
    duplicateAfterLogin = true;
    lagging = true;
    const sale = newSale();
    const settled = await h.engine.placeSale(sale);
    expect(settled.state).toBe('NEEDS_SUPPORT');
    expect(h.journal.attempts(sale.id).filter((a) => a.kind === 'place')).toHaveLength(2);
  });

  it('Check now that finds the order still processing records its order id, so its terminal event settles it', async () => {
    await h.control('POST', '/faults', { kind: 'reset-after-commit', match: { method: 'POST', path: ORDERS } });
    lagging = true;
    const sale = newSale({ brand: { ...FIXED_BRAND, id: 'TEST_PROCESSING_SUCCESS', denominationType: 'FLEXIBLE' as const } });
    expect((await h.engine.placeSale(sale)).state).toBe('NEEDS_SUPPORT');

    lagging = false;
    const checked = await h.engine.checkNow(sale.id);
    expect(checked).toMatchObject({ state: 'NEEDS_SUPPORT', orderId: expect.any(String) });
    await h.control('POST', '/advance', { seconds: 180 });
    await h.engine.onOrderTerminalEvent(checked!.orderId!);
    expect(h.journal.get(sale.id)!.state).toBe('SUCCESS');
    expect(posts()).toHaveLength(2);
  });

  it('a restart that finds the refusal on record, with the look-up still finding nothing, does the same', async () => {
    await h.control('POST', '/faults', { kind: 'reset-after-commit', match: { method: 'POST', path: ORDERS } });
    // The first look-up finds nothing, so the sale is resent; the refused resend's look-up cannot
    // be made: the sale stays in doubt with the refusal on record.
    script = ['lagging', 'failing'];
    const sale = newSale();
    const inDoubt = await h.engine.placeSale(sale);
    expect(inDoubt.state).toBe('IN_DOUBT');
    expect(posts().map((p) => p.status)).toEqual(['reset', 409]);

    lagging = true;
    await h.restart();
    await h.engine.idle();
    expect(h.journal.get(sale.id)!.state).toBe('NEEDS_SUPPORT');
    expect(posts()).toHaveLength(2);
  });
});
