import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditLog } from '../../../src-main/audit/audit-log.js';
import { kvShelf } from '../../../src-main/db/kv-shelf.js';
import { MAX_REFERENCE_ID_LENGTH, referenceIdGenerator } from '../../../src-main/orders/rules/index.js';
import { SaleService } from '../../../src-main/orders/sales/sale-service.js';
import { describeError } from '../../../src-main/partner-api/error-table.js';
import type { PartnerBrand } from '../../../src-main/partner-api/types.js';
import { WalletService } from '../../../src-main/wallet/wallet-service.js';
import { engineHarness, type EngineHarness } from '../engine/engine-harness.js';
import { cashTenders, exactCash, tillDepsWithOpenShift } from '../../support/till.js';

const FIXED = 'TEST_FIXED_STANDARD';

describe('the sale service: a cashier sale from input to journal, against the sandbox', () => {
  let h: EngineHarness;
  let audit: AuditLog;
  let wallet: WalletService;
  let sales: SaleService;
  let freshBrands: PartnerBrand[];
  let settled: string[];

  beforeEach(async () => {
    h = await engineHarness();
    audit = new AuditLog(h.appDb, () => h.clock.now());
    wallet = new WalletService({
      db: h.db,
      shelf: kvShelf(h.db),
      client: () => h.client,
      thresholdPaise: () => 0,
      maxReadingAgeMs: () => 10 * 60_000,
      now: () => h.clock.now(),
      logger: h.logger,
    });
    const nextReference = referenceIdGenerator({ now: () => h.clock.now() });
    freshBrands = [];
    settled = [];
    sales = new SaleService({
      ...tillDepsWithOpenShift(h.db, () => h.clock.now()),
      engine: h.engine,
      journal: h.journal,
      client: () => h.client,
      audit,
      logger: h.logger,
      now: () => h.clock.now(),
      businessModel: () => 'B2B',
      newReferenceId: () => nextReference('C01'),
      floatGuard: (debit) => wallet.floatGuard(debit),
      onFreshBrand: (brand) => freshBrands.push(brand),
      onSettled: (sale) => settled.push(sale.state),
    });
  });
  afterEach(async () => h.close());

  const brandFetches = () => h.sandbox.requests.list().filter((r) => r.method === 'GET' && r.path === `/v1/partners/products/${FIXED}`);
  const orderPosts = () => h.sandbox.requests.list().filter((r) => r.method === 'POST' && r.path === '/v1/partners/orders');

  describe('quote()', () => {
    it('validates against a fresh copy of the brand: a denomination removed at the service changes the split', async () => {
      const before = await sales.quote({ productId: FIXED, amountPaise: 125_000 });
      expect(before.ok && before.quote.sale.lines).toEqual([
        { denominationPaise: 100_000, quantity: 1 },
        { denominationPaise: 25_000, quantity: 1 },
      ]);
      const twoFifty = await sales.quote({ productId: FIXED, amountPaise: 25_000 });
      expect(twoFifty.ok && twoFifty.quote.sale.lines).toEqual([{ denominationPaise: 25_000, quantity: 1 }]);

      await h.control('PATCH', `/brands/${FIXED}`, { denominations: [100, 500, 1000, 2000] });

      const after = await sales.quote({ productId: FIXED, amountPaise: 125_000 });
      expect(after).toMatchObject({ ok: false, kind: 'invalid', problems: [{ field: 'amount' }] });
      const [problem] = (after as { problems: { message: string; suggestions?: object }[] }).problems;
      expect(problem!.suggestions).toEqual({ lower: 120_000, higher: 130_000 });
      const split = await sales.quote({ productId: FIXED, amountPaise: 25_000 });
      expect(split.ok).toBe(false);
      const changed = await sales.quote({ productId: FIXED, amountPaise: 70_000 });
      expect(changed.ok && changed.quote.sale.lines).toEqual([
        { denominationPaise: 50_000, quantity: 1 },
        { denominationPaise: 10_000, quantity: 2 },
      ]);
      expect(changed.ok && changed.quote.brand.amountRestrictions!.denominations).toEqual([100, 500, 1000, 2000]);
      // Every quote asked the service, and the local catalog was handed each fresh copy.
      expect(brandFetches()).toHaveLength(5);
      expect(freshBrands.map((b) => b.amountRestrictions!.denominations!.includes(250))).toEqual([true, true, false, false, false]);
      expect(orderPosts()).toEqual([]);
    });

    it('refuses an INACTIVE brand with a sentence naming it', async () => {
      const result = await sales.quote({ productId: 'TEST_E102_INACTIVE', amountPaise: 50_000 });
      expect(result).toEqual({
        ok: false,
        kind: 'invalid',
        problems: [{ field: 'brand', message: 'Test · Inactive (E102) is not available for sale right now (the brand is inactive).' }],
      });
      await h.control('PATCH', `/brands/${FIXED}`, { status: 'INACTIVE' });
      const patched = await sales.quote({ productId: FIXED, amountPaise: 50_000 });
      expect(patched).toMatchObject({ ok: false, kind: 'invalid', problems: [{ field: 'brand', message: expect.stringMatching(/inactive/) }] });
    });

    it("answers 'service' with the cashier's sentence when the brand cannot be fetched", async () => {
      await h.control('POST', '/faults', { kind: 'error-5xx', status: 503, count: 3, match: { method: 'GET', path: '/v1/partners/products/*' } });
      const result = await sales.quote({ productId: FIXED, amountPaise: 50_000 });
      expect(result.ok).toBe(false);
      if (result.ok || result.kind !== 'service') throw new Error(`expected a service failure, got ${JSON.stringify(result)}`);
      expect(result.error).toMatchObject({ code: 'HTTP_5XX', httpStatus: 503, ...describeError('HTTP_5XX') });
      expect(result.error.message).toBe('The service had a problem and could not answer properly.');
      expect(brandFetches().map((r) => r.status)).toEqual([503, 503, 503]);
      expect(freshBrands).toEqual([]);
      // The same call works again once the service is back.
      expect((await sales.quote({ productId: FIXED, amountPaise: 50_000 })).ok).toBe(true);
    });

    it('passes an unknown brand through as a service answer, not a crash', async () => {
      const result = await sales.quote({ productId: 'NO_SUCH_BRAND', amountPaise: 50_000 });
      expect(result).toMatchObject({ ok: false, kind: 'service', error: { code: 'HTTP_404' } });
    });
  });

  describe('place()', () => {
    it("journals and sends the sale under a new POS- referenceId, audited as 'sale.placed'", async () => {
      h.clock.advance(1_000);
      const placed = await sales.place({ productId: FIXED, amountPaise: 75_000 }, 'cashier-7', exactCash(75_000));
      if (!placed.ok) throw new Error(JSON.stringify(placed));
      const { sale } = placed;
      expect(sale.state).toBe('SUCCESS');
      expect(sale.referenceId).toMatch(/^POS-C01-/);
      expect(sale.referenceId.length).toBeLessThanOrEqual(MAX_REFERENCE_ID_LENGTH);
      expect(sale).toMatchObject({ productId: FIXED, amountPaise: 75_000, cashierId: 'cashier-7', retryOf: null, createdAt: h.clock.now() });
      expect(sale.payload).toEqual({
        productId: FIXED,
        referenceId: sale.referenceId,
        amount: 750,
        denominationDetails: [
          { denomination: 500, quantity: 1 },
          { denomination: 250, quantity: 1 },
        ],
      });
      expect(h.journal.vouchers(sale.id)).toHaveLength(2);
      const orders = (await h.control('GET', '/orders')) as { referenceId: string }[];
      expect(orders.map((o) => o.referenceId)).toEqual([sale.referenceId]);
      const entries = audit.list({ saleId: sale.id });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        action: 'sale.placed',
        actor: 'cashier-7',
        details: { referenceId: sale.referenceId, productId: FIXED, amountPaise: 75_000, debitPaise: 75_000, retryOf: null },
      });
      expect(settled).toEqual(['SUCCESS']);
    });

    it('gives every sale its own referenceId, even in the same millisecond', async () => {
      const a = await sales.place({ productId: FIXED, amountPaise: 10_000 }, 'cashier-7', exactCash(10_000));
      const b = await sales.place({ productId: FIXED, amountPaise: 10_000 }, 'cashier-7', exactCash(10_000));
      expect(a.ok && b.ok).toBe(true);
      if (a.ok && b.ok) expect(a.sale.referenceId).not.toBe(b.sale.referenceId);
    });

    it('places nothing and audits nothing when the sale is invalid', async () => {
      const result = await sales.place({ productId: FIXED, amountPaise: 12_345 }, 'cashier-7', exactCash(12_345));
      expect(result).toMatchObject({ ok: false, kind: 'invalid' });
      expect(orderPosts()).toEqual([]);
      expect(audit.list()).toEqual([]);
    });
  });

  describe('placeOnce(): at most one sale under the id the page gave it', () => {
    const input = { productId: FIXED, amountPaise: 75_000 };
    const tenders = cashTenders(75_000);

    it('answers the sale already made when Place is asked again with its id: one order, one payment, the repeat audited', async () => {
      const id = crypto.randomUUID();
      const first = await sales.placeOnce(id, input, 'cashier-7', tenders);
      const again = await sales.placeOnce(id, input, 'cashier-7', tenders);
      expect(first).toMatchObject({ ok: true, sale: { id, state: 'SUCCESS' } });
      expect(again).toMatchObject({ ok: true, repeated: true, sale: { id, state: 'SUCCESS' }, changePaise: 0 });
      expect(orderPosts()).toHaveLength(1);
      expect(audit.list({ saleId: id }).map((e) => e.action)).toEqual(['sale.place_repeated', 'sale.placed']);
    });

    it('makes one sale of two calls under one id that arrive together', async () => {
      const id = crypto.randomUUID();
      const [a, b] = await Promise.all([sales.placeOnce(id, input, 'cashier-7', tenders), sales.placeOnce(id, input, 'cashier-7', tenders)]);
      expect(a).toMatchObject({ ok: true, sale: { id } });
      expect(b).toMatchObject({ ok: true, sale: { id } });
      expect(orderPosts()).toHaveLength(1);
      expect(audit.list({ saleId: id }).map((e) => e.action)).toEqual(['sale.placed']);
    });

    it('answers a sale whose outcome is not known yet with that sale, and sends nothing more', async () => {
      await h.control('POST', '/faults', { kind: 'error-5xx', count: 1, match: { method: 'POST', path: '/v1/partners/orders' } });
      await h.control('POST', '/faults', { kind: 'error-5xx', count: 10, match: { method: 'GET', path: '/v1/partners/orders/by-reference/*' } });
      const id = crypto.randomUUID();
      const first = await sales.placeOnce(id, input, 'cashier-7', tenders);
      expect(first).toMatchObject({ ok: true, sale: { id, state: 'IN_DOUBT' } });
      const posts = orderPosts().length;
      const again = await sales.placeOnce(id, input, 'cashier-7', tenders);
      expect(again).toMatchObject({ ok: true, repeated: true, sale: { id, state: 'IN_DOUBT' } });
      expect(orderPosts()).toHaveLength(posts);
      expect(h.journal.get(id)?.referenceId).toBe(first.ok ? first.sale.referenceId : null);
    });

    it('refuses an id that is another sale’s (another amount or brand), sending and auditing nothing', async () => {
      const id = crypto.randomUUID();
      await sales.placeOnce(id, input, 'cashier-7', tenders);
      for (const other of [{ productId: FIXED, amountPaise: 10_000 }, { productId: 'TEST_FLEXIBLE_STANDARD', amountPaise: 75_000 }]) {
        expect(await sales.placeOnce(id, other, 'cashier-7', cashTenders(other.amountPaise))).toMatchObject({ ok: false, kind: 'id-in-use' });
      }
      expect(orderPosts()).toHaveLength(1);
      expect(audit.list({ saleId: id }).map((e) => e.action)).toEqual(['sale.placed']);
    });
  });

  describe('retry()', () => {
    it('sells a REJECTED sale again as a new sale pointing back, under a new referenceId', async () => {
      await h.control('PATCH', `/brands/${FIXED}`, { temporarilyDisabled: true });
      const first = await sales.place({ productId: FIXED, amountPaise: 150_000 }, 'cashier-7', exactCash(150_000));
      if (!first.ok) throw new Error(JSON.stringify(first));
      expect(first.sale).toMatchObject({ state: 'REJECTED', errorCode: 'E100' });
      await h.control('PATCH', `/brands/${FIXED}`, { temporarilyDisabled: false });

      const again = await sales.retry(first.sale.id, 'cashier-8');
      if (!again.ok) throw new Error(JSON.stringify(again));
      expect(again.sale).toMatchObject({ state: 'SUCCESS', retryOf: first.sale.id, amountPaise: 150_000, cashierId: 'cashier-8' });
      expect(again.sale.id).not.toBe(first.sale.id);
      expect(again.sale.referenceId).not.toBe(first.sale.referenceId);
      expect(again.sale.referenceId).toMatch(/^POS-C01-/);
      expect(again.sale.payload.denominationDetails).toEqual(first.sale.payload.denominationDetails);
      expect(audit.list({ saleId: again.sale.id })[0]).toMatchObject({
        action: 'sale.retried',
        actor: 'cashier-8',
        details: { referenceId: again.sale.referenceId, retryOf: first.sale.id, amountPaise: 150_000 },
      });
      expect(h.journal.get(first.sale.id)!.state).toBe('REJECTED');
    });

    it('retries a FAILED sale with the same customer details', async () => {
      const customer = { name: 'Asha Verma', phoneNumber: '9876543210', email: 'asha@example.in' };
      const first = await sales.place({ productId: 'TEST_E200_GENERATION_FAILED', amountPaise: 60_000, customer }, 'cashier-7', exactCash(60_000));
      if (!first.ok) throw new Error(JSON.stringify(first));
      expect(first.sale.state).toBe('FAILED');
      const again = await sales.retry(first.sale.id, 'cashier-7');
      if (!again.ok) throw new Error(JSON.stringify(again));
      expect(again.sale).toMatchObject({ retryOf: first.sale.id, customerPhone: '9876543210', state: 'FAILED' });
      expect(again.sale.payload.customerDetails).toEqual(customer);
      expect(new Set([first.sale.referenceId, again.sale.referenceId]).size).toBe(2);
      expect(orderPosts()).toHaveLength(2);
    });

    it('retries a failed sale at most once, even when asked twice at the same time (a double click)', async () => {
      const first = await sales.place({ productId: 'TEST_E200_GENERATION_FAILED', amountPaise: 60_000 }, 'cashier-7', exactCash(60_000));
      if (!first.ok) throw new Error(JSON.stringify(first));
      const posts = orderPosts().length;
      const [a, b] = await Promise.all([sales.retry(first.sale.id, 'cashier-7'), sales.retry(first.sale.id, 'cashier-7')]);
      const results = [a, b];
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(orderPosts()).toHaveLength(posts + 1);
      const again = await sales.retry(first.sale.id, 'cashier-7');
      expect(again).toMatchObject({ ok: false, kind: 'not-retryable' });
      expect(orderPosts()).toHaveLength(posts + 1);
    });

    it('refuses to retry a sale that succeeded, or one that does not exist', async () => {
      const done = await sales.place({ productId: FIXED, amountPaise: 50_000 }, 'cashier-7', exactCash(50_000));
      if (!done.ok) throw new Error(JSON.stringify(done));
      const posts = orderPosts().length;
      for (const id of [done.sale.id, 'no-such-sale']) {
        expect(await sales.retry(id, 'cashier-7')).toEqual({ ok: false, kind: 'not-retryable', message: 'Only a refused or failed sale can be tried again' });
      }
      expect(orderPosts()).toHaveLength(posts);
    });
  });

  describe('the float guard', () => {
    it('warns (without refusing) when the last wallet reading cannot cover the debit', async () => {
      await h.control('PUT', '/wallet', { balance: 100 });
      const read = await wallet.refresh();
      expect(read.ok && read.view.balancePaise).toBe(10_000);

      const covered = await sales.quote({ productId: FIXED, amountPaise: 10_000 });
      expect(covered.ok && covered.quote.floatWarning).toBeNull();
      const short = await sales.quote({ productId: FIXED, amountPaise: 50_000 });
      expect(short.ok && short.quote.floatWarning).toBe(
        'This sale (₹500) is more than the wallet probably holds (₹100 after sales in progress). It may fail with "Insufficient balance".',
      );

      // A warning, not a refusal: the service decides, and here it says the wallet is short.
      const placed = await sales.place({ productId: FIXED, amountPaise: 50_000 }, 'cashier-7', exactCash(50_000));
      if (!placed.ok) throw new Error(JSON.stringify(placed));
      expect(placed.quote.floatWarning).toMatch(/Insufficient balance/);
      expect(placed.sale).toMatchObject({ state: 'FAILED', errorCode: 'E300' });
    });

    it('stays quiet before the wallet was ever read', async () => {
      const result = await sales.quote({ productId: FIXED, amountPaise: 1_500_000 });
      expect(result.ok && result.quote.floatWarning).toBeNull();
    });
  });
});
