import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreServer } from '../../src-main/store-server/server.js';
import { pairedStoreCounter, type PairedCounter } from './bridge-counter.js';
import { eventually, sql, startSandboxCluster, startStore, type SandboxCluster } from './store-harness.js';

/**
 * Orders at a store's counter over every counter's sales, from the store's records: the detail
 * of another counter's sale (and its card revealed only with a manager's approval), the
 * summary and the CSV — two real counters (core and bridge) paired with one store server.
 */
describe('store-wide Orders', () => {
  let sandboxCluster: SandboxCluster;

  beforeAll(async () => {
    sandboxCluster = await startSandboxCluster();
  }, 120_000);
  afterAll(() => sandboxCluster?.close(), 60_000);

  describe('Orders’ detail of another counter’s sale', () => {
    let url = '';
    let store: StoreServer;
    const counters: PairedCounter[] = [];

    beforeAll(async () => {
      url = await sandboxCluster.cluster.freshDatabase('store_wide_detail');
      store = await startStore(sandboxCluster.sandbox, url);
      for (const name of ['Counter 1', 'Counter 2']) counters.push(await pairedStoreCounter(store, sandboxCluster.sandbox.url, name));
    }, 120_000);
    afterAll(async () => {
      for (const c of counters) await c.close();
      await store?.close();
    }, 60_000);

    it('answers from the store’s records as the selling counter does, and reveals a card only with a manager’s approval, audited at the store', async () => {
      const [one, two] = counters as [(typeof counters)[0], (typeof counters)[0]];
      const setUp = await one.call('staff.setupFirstManager', { name: 'Meera', pin: '4826' });
      expect(setUp.ok).toBe(true);
      const managerId = setUp.data.id as string;
      expect((await one.call('shift.open', { openingFloatPaise: 0 })).ok).toBe(true);
      const sold = await one.call('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 60_000 }] });
      expect(sold.data?.state).toBe('SUCCESS');
      const saleId = sold.data.id as string;
      const atSeller = (await one.call('orders.detail', { saleId })).data;
      expect(atSeller.vouchers.length).toBeGreaterThan(0);

      expect((await two.call('staff.signIn', { staffId: managerId, pin: '4826' })).ok).toBe(true);
      // The outbox sends the sale, its payment and its vouchers within a few seconds.
      const elsewhere = await eventually('the other counter’s detail', async () => {
        const answer = await two.call('orders.detail', { saleId });
        return answer.ok && answer.data.payment && answer.data.vouchers.length === atSeller.vouchers.length ? answer.data : null;
      });
      // The same answer, saying which counter sold it (its reprints and resends are that counter's).
      const { soldAt, ...rest } = elsewhere;
      expect(rest).toEqual(atSeller);
      expect(soldAt).toEqual({ counterId: one.core.store!.view().counterId, counterName: 'Counter 1' });
      expect(atSeller.soldAt).toBeUndefined();
      expect(elsewhere.payment.tenders).toEqual([{ method: 'CASH', amountPaise: 50_000, receivedPaise: 60_000, reference: null }]);

      const issued = [...sandboxCluster.sandbox.state.orders.vouchers.values()].find((v) => atSeller.vouchers[0].cardNumberMasked.endsWith(v.cardNumber!.slice(-4)))!;
      const revealsAtStore = () => sql(url, `SELECT counter_id, details FROM store_audit WHERE action = 'voucher.revealed'`);
      const wrongPin = await two.call('voucher.reveal', { saleId, seq: 1, managerPin: '1111', approverId: managerId });
      expect(wrongPin.ok).toBe(false);
      expect(await revealsAtStore()).toEqual([]);

      const revealed = await two.call('voucher.reveal', { saleId, seq: 1, managerPin: '4826', approverId: managerId });
      expect(revealed).toEqual({ ok: true, data: { seq: 1, cardNumber: issued.cardNumber, cardPin: issued.cardPin } });
      const twoId = two.core.store!.view().counterId;
      expect(await revealsAtStore()).toEqual([{ counter_id: twoId, details: expect.objectContaining({ saleId, seq: 1, approvedBy: managerId, staffId: managerId }) }]);
      expect(two.core.audit.list({ limit: 5 }).find((e) => e.action === 'voucher.revealed')).toMatchObject({ saleId, actor: managerId, details: { seq: 1, soldAt: 'Counter 1' } });
      expect((await two.call('orders.detail', { saleId: crypto.randomUUID() })).error.code).toBe('NOT_FOUND');
    }, 120_000);

    it('sums every counter’s sales in orders.summary', async () => {
      const [one, two] = counters as [(typeof counters)[0], (typeof counters)[0]];
      expect((await two.call('shift.open', { openingFloatPaise: 0 })).ok).toBe(true);
      for (const rupees of [1_000, 1_000]) {
        const sold = await two.call('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: rupees * 100, tenders: [{ method: 'UPI', amountPaise: rupees * 100, reference: 'UTR' }] });
        expect(sold.data?.state).toBe('SUCCESS');
      }
      const span = { from: Date.now() - 3_600_000, to: Date.now() + 60_000 };
      const own = counters.map((c) => c.core.orders.summary(span.from, span.to));
      // Each counter alone: one sale here, two there; the store's summary has all three.
      expect(own.map((o) => o.byState.find((b) => b.state === 'SUCCESS')?.count)).toEqual([1, 2]);
      // The other counter's outbox sends its last sale within moments.
      const answer = await eventually('the store summing all three sales', async () => {
        const asked = await one.call('orders.summary', span);
        expect(asked.ok).toBe(true);
        return asked.data.byState.find((b: { state: string }) => b.state === 'SUCCESS')?.count === 3 ? asked : null;
      });
      expect(answer.data.byState).toEqual([{ state: 'SUCCESS', count: 3, amountPaise: 250_000 }]);
      expect(answer.data.byBrand).toEqual([{ productId: 'TEST_FIXED_STANDARD', brandTitle: own[1]!.byBrand[0]!.brandTitle, count: 3, amountPaise: 250_000 }]);
      const hours = [...own[0]!.byHour, ...own[1]!.byHour];
      expect(answer.data.byHour).toEqual(
        [...new Set(hours.map((h) => h.hour))].sort((a, b) => a - b).map((hour) => ({
          hour,
          count: hours.filter((h) => h.hour === hour).reduce((n, h) => n + h.count, 0),
          amountPaise: hours.filter((h) => h.hour === hour).reduce((n, h) => n + h.amountPaise, 0),
        })),
      );
      expect((await two.call('orders.summary', span)).data).toEqual(answer.data);
    }, 60_000);

    it('exports every counter’s sales in one CSV, cell for cell as each counter writes its own, with the counter', async () => {
      const [one, two] = counters as [(typeof counters)[0], (typeof counters)[0]];
      const lines = (csv: string) => csv.replace(/^\uFEFF/, '').trimEnd().split('\n');
      await eventually('both outboxes sent', async () => counters.every((c) => c.core.store!.pendingRecords() === 0));
      const own = counters.map((c) => {
        const exported = c.core.orders.exportCsv({}, 'test');
        if (!exported.ok) throw new Error(exported.message);
        return lines(exported.csv);
      });
      const [header, ...rows] = lines((await one.call('orders.exportCsv', { filter: {} })).data.csv);
      expect(header).toBe(own[0]![0]!.replace('created_at_ist,', 'created_at_ist,counter,'));
      const withCounter = (row: string, name: string) => row.replace(/^([^,]*),/, `$1,${name},`);
      const expected = [...own[0]!.slice(1).map((r) => withCounter(r, 'Counter 1')), ...own[1]!.slice(1).map((r) => withCounter(r, 'Counter 2'))];
      expect(rows).toHaveLength(3);
      expect([...rows].sort()).toEqual([...expected].sort());
      expect(rows.some((r) => r.includes('UPI 1000.00'))).toBe(true);

      // One other counter's, by its id; this counter's own is read from its journal, as before.
      const twoId = two.core.store!.view().counterId;
      expect(lines((await one.call('orders.exportCsv', { filter: { counterId: twoId } })).data.csv).slice(1).sort()).toEqual(own[1]!.slice(1).map((r) => withCounter(r, 'Counter 2')).sort());
      const oneId = one.core.store!.view().counterId;
      expect(lines((await one.call('orders.exportCsv', { filter: { counterId: oneId } })).data.csv)).toEqual(own[0]);
      expect(one.core.audit.list({ limit: 10 }).filter((e) => e.action === 'export.csv').length).toBeGreaterThanOrEqual(3);
    }, 60_000);
  });
});
