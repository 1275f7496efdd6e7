import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../src-renderer/ui/format.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { cashTenders } from '../support/till.js';

// .tsx is loaded by path (the Node type-check has no JSX); tsconfig.web.json type-checks it for real.
const screen = async <T>(path: string): Promise<T> => (await import(/* @vite-ignore */ path)) as T;
const { Receipt } = await screen<{ Receipt: FunctionComponent<{ data: unknown; qrDataUrl: string | null }> }>('../../src-renderer/receipt/Receipt.tsx');
const printed = (data: unknown) => renderToStaticMarkup(createElement(Receipt, { data, qrDataUrl: null }));
/** The receipt's text as read: tags dropped, entities and non-breaking spaces as plain text. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');

/** Receipts as the bridge really answers receipt.print, for the original and an approved reprint. */
describe('the printed receipt', () => {
  let h: BridgeHarness;
  let saleId: string;
  let original: { store: Record<string, string> };
  let reprint: { vouchers: { cardNumber: string }[] };

  beforeAll(async () => {
    h = await bridgeHarness();
    const ids = await setUpCounter(h);
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: '2580' });
    await h.ok('settings.update', { store: { address: '12 MG Road, Pune', phone: '020 2553 1234', gstin: '27AAPFU0939F1ZV' } });
    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '4826' });
    saleId = (await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000, tenders: cashTenders(100_000) })).id;
  });
  afterAll(async () => h.close());

  it('prints the store phone and GSTIN under the address, and the original is no duplicate', async () => {
    original = await h.ok('receipt.print', { saleId });
    expect(original).toMatchObject({ copy: 1, reprintedAt: null, approvedByName: null });
    const text = textOf(printed(original));
    expect(text).toContain('12 MG Road, Pune Phone: 020 2553 1234 GSTIN: 27AAPFU0939F1ZV');
    expect(text).not.toContain('DUPLICATE');
  });

  it('leaves the phone and GSTIN lines out when they are not set', async () => {
    const text = textOf(printed({ ...original, store: { ...original.store, phone: '', gstin: '' } }));
    expect(text).not.toContain('Phone:');
    expect(text).not.toContain('GSTIN');
  });

  it('says on a reprint when it was reprinted and which manager approved it', async () => {
    h.clock.advance(5 * 60_000); // under the idle lock
    reprint = await h.ok('receipt.print', { saleId, managerPin: '2580' });
    expect(reprint).toMatchObject({ copy: 2, reprintedAt: h.clock.now(), approvedByName: 'Meera Shah' });
    expect(textOf(printed(reprint))).toContain(`DUPLICATE #2 — reprinted ${formatDateTime(h.clock.now())}, approved by Meera Shah`);
  });

  it('says how the customer paid: each tender, what was handed over, the discount and the change', async () => {
    expect(textOf(printed(original))).toContain('Paid by cash: ₹1,000');
    const paid = await h.ok('sale.place', {
      productId: 'TEST_FIXED_STANDARD',
      amountPaise: 100_000,
      discountPaise: 10_000,
      tenders: [
        { method: 'UPI', amountPaise: 50_000, reference: 'UTR-1' },
        { method: 'CASH', amountPaise: 40_000, receivedPaise: 50_000 },
      ],
    });
    const text = textOf(printed(await h.ok('receipt.print', { saleId: paid.id })));
    expect(text).toContain('Customer discount: −₹100 Paid by UPI: ₹500 Paid by cash: ₹400 (received ₹500) Change: ₹100');
  });

  it('keeps a card number in one unbreakable group of fours and ids on one line', async () => {
    const html = printed(reprint);
    const card = reprint.vouchers[0]!.cardNumber;
    expect(html).toContain(card.replace(/(\d{4})(?=\d)/g, '$1\u00a0'));
    expect(html).toMatch(/<dd class="receipt__id">/);
  });
});
