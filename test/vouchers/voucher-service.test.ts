import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../src-main/audit/audit-log.js';
import type { NewSale } from '../../src-main/orders/journal/sale-journal.js';
import type { SaleRecord } from '../../src-main/orders/journal/sale-record.js';
import type { OrderRequestBody, PartnerBrand } from '../../src-main/partner-api/types.js';
import { VoucherService } from '../../src-main/vouchers/voucher-service.js';
import { engineHarness, type EngineHarness } from '../orders/engine/engine-harness.js';

const ASHA = { name: 'Asha Verma', phoneNumber: '9876543210', email: 'asha@example.in' };
type Customer = OrderRequestBody['customerDetails'];

describe('the voucher service on sales placed against the sandbox', () => {
  let h: EngineHarness;
  let audit: AuditLog;
  let vouchers: VoucherService;

  beforeAll(async () => {
    h = await engineHarness();
    audit = new AuditLog(h.appDb, () => h.clock.now());
    vouchers = new VoucherService({ journal: h.journal, vault: h.vault, audit, client: () => h.client });
  });
  afterAll(async () => h.close());

  /** The brand exactly as the service describes it now, as a sale would snapshot it. */
  async function brandOf(id: string): Promise<PartnerBrand> {
    const fresh = await h.client.getBrand(id);
    if (!fresh.ok) throw new Error(`brand ${id}: ${fresh.error.code}`);
    return fresh.value;
  }

  /** Places `quantity` × ₹`denomination` of `productId` through the real engine. */
  async function sell(productId: string, denomination: number, quantity: number, customer?: Customer, snapshot?: (b: PartnerBrand) => PartnerBrand): Promise<SaleRecord> {
    const fresh = await brandOf(productId);
    const brand = snapshot ? snapshot(fresh) : fresh;
    const referenceId = `POS-T-${randomUUID().replace(/-/g, '').slice(0, 24)}`;
    const payload: OrderRequestBody = { productId, referenceId, amount: denomination * quantity, denominationDetails: [{ denomination, quantity }] };
    if (customer) payload.customerDetails = customer;
    const sale: NewSale = {
      id: randomUUID(),
      referenceId,
      productId,
      brandTitle: brand.title,
      brandSnapshot: brand,
      payload,
      amountPaise: denomination * quantity * 100,
      discountPaise: 0,
      customerPhone: customer?.phoneNumber ?? null,
      cashierId: 'cashier-1',
      retryOf: null,
      createdAt: h.clock.now(),
    };
    const placed = await h.engine.placeSale(sale);
    await h.engine.idle();
    return placed;
  }

  const sandboxVouchers = (sale: SaleRecord) => [...h.sandbox.state.orders.vouchers.values()].filter((v) => v.orderId === sale.orderId);
  const requestsSince = (seq: number) => h.sandbox.requests.list(seq);
  const lastSeq = () => h.sandbox.requests.list().at(-1)?.seq ?? 0;
  const auditOf = (saleId: string) => audit.list({ saleId }).reverse();

  describe('masked() and reveal()', () => {
    it('shows only the last four digits and whether there is a PIN', async () => {
      const sale = await sell('TEST_FIXED_STANDARD', 500, 2, ASHA);
      expect(sale.state).toBe('SUCCESS');
      const masked = vouchers.masked(sale.id);
      const real = sandboxVouchers(sale);
      expect(masked).toHaveLength(2);
      expect(real).toHaveLength(2);
      for (const m of masked) {
        const v = real.find((r) => r.id === m.voucherId)!;
        expect(m.cardNumberMasked).toMatch(/^•••• •••• •••• \d{4}$/);
        expect(m.cardNumberMasked).toBe(`•••• •••• •••• ${v.cardNumber!.slice(-4)}`);
        expect(m).toMatchObject({ cardType: 'CARD_AND_PIN_NO_SECURED', hasPin: true, amountPaise: 50_000, validTill: v.validTill });
      }
      const text = JSON.stringify(masked);
      for (const v of real) {
        expect(text).not.toContain(v.cardNumber!);
        expect(text).not.toContain(v.cardPin!);
      }
    });

    it('masks a PIN-only voucher as no number, with a PIN', async () => {
      const sale = await sell('TEST_FLEXIBLE_STANDARD', 300, 1);
      expect(vouchers.masked(sale.id)).toEqual([expect.objectContaining({ cardNumberMasked: null, hasPin: true, amountPaise: 30_000 })]);
    });

    it("reveals the sandbox's own credentials and audits who asked, without card data in the trail", async () => {
      const sale = await sell('TEST_FIXED_STANDARD', 250, 2);
      for (const m of vouchers.masked(sale.id)) {
        const v = h.sandbox.state.orders.vouchers.get(m.voucherId!)!;
        expect(vouchers.reveal(sale.id, m.seq, 'manager-1')).toEqual({ seq: m.seq, cardNumber: v.cardNumber, cardPin: v.cardPin });
      }
      const entries = auditOf(sale.id);
      expect(entries.map((e) => e.action)).toEqual(['voucher.revealed', 'voucher.revealed']);
      expect(entries[0]).toMatchObject({ actor: 'manager-1', saleId: sale.id, details: { seq: 1, voucherId: vouchers.masked(sale.id)[0]!.voucherId } });
      const trail = JSON.stringify(entries);
      for (const v of sandboxVouchers(sale)) {
        expect(trail).not.toContain(v.cardNumber!);
        expect(trail).not.toContain(v.cardPin!);
      }
      expect(audit.verify().ok).toBe(true);
    });

    it('reveals nothing, and audits nothing, for a voucher that does not exist', async () => {
      const sale = await sell('TEST_FIXED_STANDARD', 100, 1);
      expect(vouchers.reveal(sale.id, 2, 'manager-1')).toBeNull();
      expect(vouchers.reveal(randomUUID(), 1, 'manager-1')).toBeNull();
      expect(auditOf(sale.id)).toEqual([]);
    });
  });

  describe('receipt()', () => {
    it('prints copy 1, then a reprint as copy 2 recorded with its approver', async () => {
      const sale = await sell('TEST_FIXED_STANDARD', 1000, 1, ASHA);
      h.clock.advance(60_000);
      const first = vouchers.receipt(sale.id, 'cashier-1', null)!;
      expect(first.copy).toBe(1);
      h.clock.advance(60_000);
      const second = vouchers.receipt(sale.id, 'cashier-1', 'manager-1')!;
      expect(second.copy).toBe(2);
      expect(h.journal.get(sale.id)!.printCount).toBe(2);
      expect(auditOf(sale.id).map((e) => [e.action, e.actor, e.details])).toEqual([
        ['receipt.printed', 'cashier-1', { copy: 1, approvedBy: null }],
        ['receipt.reprinted', 'cashier-1', { copy: 2, approvedBy: 'manager-1' }],
      ]);
      expect(second.vouchers).toEqual(first.vouchers);
      // Both copies say when the vouchers were issued, not when the last copy was printed.
      expect(first.issuedAt).toBe(sale.updatedAt);
      expect(second.issuedAt).toBe(first.issuedAt);
    });

    it('carries the credentials and the brand snapshot: how to use, key terms, store locator', async () => {
      const sale = await sell('TEST_FIXED_STANDARD', 500, 1);
      const brand = sale.brandSnapshot;
      const receipt = vouchers.receipt(sale.id, 'cashier-1', null)!;
      const [real] = sandboxVouchers(sale);
      expect(receipt).toMatchObject({
        saleId: sale.id,
        orderId: sale.orderId,
        referenceId: sale.referenceId,
        brandTitle: 'Test · Fixed denominations',
        redemptionType: 'ONLINE_AND_OFFLINE',
        amountPaise: 50_000,
        cashierId: 'cashier-1',
        storeLocatorUrl: 'https://stores.example.in/sandbox',
        keyTerms: ['Sandbox brand for testing; vouchers have no value.'],
      });
      expect(receipt.howToUse).toEqual(brand.howToUse);
      expect(receipt.howToUse.map((u) => u.retailMode)).toEqual(['ONLINE', 'OFFLINE']);
      expect(receipt.howToUse[0]!.instructions).toContain('Enter the code at checkout.');
      expect(receipt.vouchers).toEqual([
        expect.objectContaining({ cardNumber: real!.cardNumber, cardPin: real!.cardPin, cardNumberMasked: `•••• •••• •••• ${real!.cardNumber!.slice(-4)}` }),
      ]);
    });

    it('holds a snapshot stored before the rule to it: deprecated text contradicting redemptionType is not printed', async () => {
      // What the earlier mapping stored for an ONLINE brand without structured steps.
      const stored = (usageInstructionsText: string) => (b: PartnerBrand) => ({ ...b, redemptionType: 'ONLINE', howToUse: [], usageInstructionsText });
      const contradicting = await sell('TEST_FIXED_STANDARD', 500, 1, undefined, stored('In-store only. Show this voucher at the billing counter.'));
      expect(contradicting.brandSnapshot.usageInstructionsText).toBe('In-store only. Show this voucher at the billing counter.');
      expect(vouchers.receipt(contradicting.id, 'cashier-1', null)).toMatchObject({ redemptionType: 'ONLINE', howToUse: [], usageInstructionsText: null });

      const consistent = await sell('TEST_FIXED_STANDARD', 500, 1, undefined, stored('Enter the code at checkout on the website.'));
      expect(vouchers.receipt(consistent.id, 'cashier-1', null)!.usageInstructionsText).toBe('Enter the code at checkout on the website.');
    });

    it('gives no receipt for a sale that did not succeed, and counts no print', async () => {
      const failed = await sell('TEST_E200_GENERATION_FAILED', 500, 1);
      expect(failed.state).toBe('FAILED');
      expect(vouchers.receipt(failed.id, 'cashier-1', null)).toBeNull();
      expect(vouchers.receipt(randomUUID(), 'cashier-1', null)).toBeNull();
      expect(h.journal.get(failed.id)!.printCount).toBe(0);
      expect(auditOf(failed.id)).toEqual([]);
    });
  });

  describe('liveBalance()', () => {
    it('reads the balance from the service: the amount, then less after a redemption', async () => {
      const sale = await sell('TEST_FIXED_STANDARD', 500, 1);
      expect(await vouchers.liveBalance(sale.id, 1)).toEqual({ ok: true, balancePaise: 50_000 });
      const voucherId = vouchers.masked(sale.id)[0]!.voucherId!;
      expect(await h.control('POST', `/vouchers/${voucherId}/redeem`, { amount: 120.5 })).toMatchObject({ balance: 379.5 });
      expect(await vouchers.liveBalance(sale.id, 1)).toEqual({ ok: true, balancePaise: 37_950 });
    });

    it('refuses clearly for a brand without balance lookup, without asking the service', async () => {
      const sale = await sell('TEST_FLEXIBLE_STANDARD', 500, 1);
      expect(sale.brandSnapshot.canBalanceBeFetched).toBe(false);
      const before = lastSeq();
      const result = await vouchers.liveBalance(sale.id, 1);
      expect(result).toEqual({ ok: false, message: 'Test · Flexible amount does not report voucher balances' });
      expect(requestsSince(before)).toEqual([]);
    });

    it('says there is no such voucher for an unknown sale or seq', async () => {
      const sale = await sell('TEST_FIXED_STANDARD', 100, 1);
      const before = lastSeq();
      expect(await vouchers.liveBalance(sale.id, 5)).toEqual({ ok: false, message: 'No such voucher' });
      expect(await vouchers.liveBalance(randomUUID(), 1)).toEqual({ ok: false, message: 'No such voucher' });
      expect(requestsSince(before)).toEqual([]);
    });
  });

  describe('resend()', () => {
    const resendPosts = (since: number) => requestsSince(since).filter((r) => r.method === 'POST' && r.path.endsWith('/resend-delivery'));

    it("resends by email and SMS to the customer's contacts, recorded by the service", async () => {
      const sale = await sell('TEST_FIXED_STANDARD', 250, 2, ASHA);
      const result = await vouchers.resend(sale.id, ['EMAIL', 'SMS'], 'manager-1');
      expect(result.ok).toBe(true);
      const deliveries = (await h.control('GET', '/deliveries')) as { orderId: string; voucherId: string; kind: string; channel: string; to: string }[];
      const mine = deliveries.filter((d) => d.orderId === sale.orderId);
      const ids = vouchers.masked(sale.id).map((m) => m.voucherId);
      expect(mine).toHaveLength(4);
      expect(mine.every((d) => d.kind === 'resend' && ids.includes(d.voucherId))).toBe(true);
      expect(mine.filter((d) => d.channel === 'EMAIL').map((d) => d.to)).toEqual([ASHA.email, ASHA.email]);
      expect(mine.filter((d) => d.channel === 'SMS').map((d) => d.to)).toEqual([ASHA.phoneNumber, ASHA.phoneNumber]);
      expect(auditOf(sale.id).map((e) => [e.action, e.actor, e.details])).toEqual([['delivery.resent', 'manager-1', { channels: ['EMAIL', 'SMS'], ok: true }]]);
    });

    it('refuses EMAIL for an order without a customer email, before asking the service', async () => {
      const sale = await sell('TEST_FIXED_STANDARD', 500, 1, { name: ASHA.name, phoneNumber: ASHA.phoneNumber });
      const before = lastSeq();
      const result = await vouchers.resend(sale.id, ['EMAIL'], 'manager-1');
      expect(result).toEqual({
        ok: false,
        kind: 'contacts',
        problems: [{ channel: 'EMAIL', message: 'Email cannot be sent: this order has no valid customer email address.' }],
      });
      expect(resendPosts(before)).toEqual([]);
      expect(auditOf(sale.id)).toEqual([]);
      // SMS to the same order is fine: the phone is on it.
      expect(await vouchers.resend(sale.id, ['SMS'], 'manager-1')).toMatchObject({ ok: true });
      expect(resendPosts(before)).toHaveLength(1);
    });

    it('refuses a FAILED sale as not deliverable, and an unknown sale as not found', async () => {
      const failed = await sell('TEST_E200_GENERATION_FAILED', 500, 1, ASHA);
      const before = lastSeq();
      expect(await vouchers.resend(failed.id, ['SMS'], 'manager-1')).toMatchObject({ ok: false, kind: 'not-deliverable' });
      expect(await vouchers.resend(randomUUID(), ['SMS'], 'manager-1')).toMatchObject({ ok: false, kind: 'not-found' });
      expect(requestsSince(before)).toEqual([]);
    });
  });
});
