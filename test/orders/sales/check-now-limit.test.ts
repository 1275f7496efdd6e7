import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../src-main/audit/audit-log.js';
import { referenceIdGenerator } from '../../../src-main/orders/rules/index.js';
import { CASHIER_CHECK_INTERVAL_MS, SaleService } from '../../../src-main/orders/sales/sale-service.js';
import { engineHarness, type EngineHarness } from '../engine/engine-harness.js';
import { exactCash, tillDepsWithOpenShift } from '../../support/till.js';

const CASHIER = { limited: true };
const MANAGER = { limited: false };

/**
 * "Check now" is a cashier's button too, so one sale is asked about at most once per
 * CASHIER_CHECK_INTERVAL_MS on a cashier's press; a manager is never made to wait. A sale
 * that stays PROCESSING (the sandbox finishes it only after 180 s of its own time) makes every
 * allowed check one GET of the order, which the sandbox counts.
 */
describe('the cashier limit on Check now', () => {
  let h: EngineHarness;
  let audit: AuditLog;
  let sales: SaleService;
  /** Added to the service's clock only, to set it back. */
  let skewMs: number;
  let saleId: string;
  let orderId: string;

  beforeEach(async () => {
    h = await engineHarness();
    audit = new AuditLog(h.appDb, () => h.clock.now());
    skewMs = 0;
    const nextReference = referenceIdGenerator({ now: () => h.clock.now() });
    sales = new SaleService({
      ...tillDepsWithOpenShift(h.db, () => h.clock.now()),
      engine: h.engine,
      journal: h.journal,
      client: () => h.client,
      audit,
      logger: h.logger,
      now: () => h.clock.now() + skewMs,
      businessModel: () => 'B2B',
      newReferenceId: () => nextReference('C01'),
      floatGuard: async () => ({ ok: true }),
    });
    const placed = await sales.place({ productId: 'TEST_PROCESSING_SUCCESS', amountPaise: 50_000 }, 'cashier-7', exactCash(50_000));
    if (!placed.ok || placed.sale.state !== 'PROCESSING') throw new Error(`expected a PROCESSING sale, got ${JSON.stringify(placed)}`);
    saleId = placed.sale.id;
    orderId = placed.sale.orderId!;
  });
  afterEach(async () => h.close());

  const orderGets = () => h.sandbox.requests.list().filter((r) => r.method === 'GET' && r.path === `/v1/partners/orders/${orderId}`).length;
  /** Who had the sale checked, oldest first. */
  const checks = () =>
    audit
      .list({ saleId })
      .filter((e) => e.action === 'sale.checked')
      .sort((a, b) => a.seq - b.seq)
      .map((e) => e.actor);

  it('allows a cashier one check, then refuses the next for the rest of 30 s with the seconds to wait, sending and auditing nothing', async () => {
    expect(CASHIER_CHECK_INTERVAL_MS).toBe(30_000);
    expect(await sales.checkNow(saleId, 'cashier-7', CASHIER)).toMatchObject({ ok: true, sale: { id: saleId, state: 'PROCESSING' } });
    expect(orderGets()).toBe(1);
    expect(checks()).toEqual(['cashier-7']);

    expect(await sales.checkNow(saleId, 'cashier-7', CASHIER)).toEqual({ ok: false, kind: 'too-soon', waitSeconds: 30 });
    h.clock.advance(10_400);
    expect(await sales.checkNow(saleId, 'cashier-8', CASHIER)).toEqual({ ok: false, kind: 'too-soon', waitSeconds: 20 });
    h.clock.advance(19_500);
    expect(await sales.checkNow(saleId, 'cashier-7', CASHIER)).toEqual({ ok: false, kind: 'too-soon', waitSeconds: 1 });
    expect(orderGets()).toBe(1);
    expect(checks()).toEqual(['cashier-7']);

    h.clock.advance(100);
    expect(await sales.checkNow(saleId, 'cashier-7', CASHIER)).toMatchObject({ ok: true });
    expect(orderGets()).toBe(2);
    expect(checks()).toEqual(['cashier-7', 'cashier-7']);
  });

  it('never makes a manager wait, and a manager check counts against the cashier', async () => {
    expect(await sales.checkNow(saleId, 'cashier-7', CASHIER)).toMatchObject({ ok: true });
    expect(await sales.checkNow(saleId, 'manager-1', MANAGER)).toMatchObject({ ok: true });
    expect(await sales.checkNow(saleId, 'manager-1', MANAGER)).toMatchObject({ ok: true });
    expect(orderGets()).toBe(3);
    h.clock.advance(29_000);
    expect(await sales.checkNow(saleId, 'cashier-7', CASHIER)).toEqual({ ok: false, kind: 'too-soon', waitSeconds: 30 - 29 });
    expect(await sales.checkNow(saleId, 'manager-1', MANAGER)).toMatchObject({ ok: true });
    expect(await sales.checkNow(saleId, 'cashier-7', CASHIER)).toEqual({ ok: false, kind: 'too-soon', waitSeconds: 30 });
    expect(checks()).toEqual(['cashier-7', 'manager-1', 'manager-1', 'manager-1']);
  });

  it('counts per sale: another sale can be checked at once', async () => {
    const other = await sales.place({ productId: 'TEST_PROCESSING_SUCCESS', amountPaise: 50_000 }, 'cashier-7', exactCash(50_000));
    if (!other.ok) throw new Error(JSON.stringify(other));
    expect(await sales.checkNow(saleId, 'cashier-7', CASHIER)).toMatchObject({ ok: true });
    expect(await sales.checkNow(other.sale.id, 'cashier-7', CASHIER)).toMatchObject({ ok: true, sale: { id: other.sale.id } });
  });

  it('refuses the second of two presses that arrive together: one look-up, one audit line', async () => {
    const [first, second] = await Promise.all([sales.checkNow(saleId, 'cashier-7', CASHIER), sales.checkNow(saleId, 'cashier-7', CASHIER)]);
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual({ ok: false, kind: 'too-soon', waitSeconds: 30 });
    expect(orderGets()).toBe(1);
    expect(checks()).toEqual(['cashier-7']);
  });

  it('answers not-found for an id that is no sale, and neither remembers nor audits it', async () => {
    expect(await sales.checkNow('no-such-sale', 'cashier-7', CASHIER)).toEqual({ ok: false, kind: 'not-found' });
    expect(await sales.checkNow('no-such-sale', 'cashier-7', CASHIER)).toEqual({ ok: false, kind: 'not-found' });
    expect(audit.list().filter((e) => e.action === 'sale.checked')).toEqual([]);
  });

  it('does not lock a sale for as long as the clock was set back', async () => {
    expect(await sales.checkNow(saleId, 'cashier-7', CASHIER)).toMatchObject({ ok: true });
    skewMs = -3_600_000;
    expect(await sales.checkNow(saleId, 'cashier-7', CASHIER)).toMatchObject({ ok: true });
    expect(await sales.checkNow(saleId, 'cashier-7', CASHIER)).toEqual({ ok: false, kind: 'too-soon', waitSeconds: 30 });
  });
});
