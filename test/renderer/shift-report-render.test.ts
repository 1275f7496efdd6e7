import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';
import { cashTenders } from '../support/till.js';

// .tsx is loaded by path (the Node type-check has no JSX); tsconfig.web.json type-checks it for real.
const load = async <T>(path: string): Promise<T> => (await import(/* @vite-ignore */ path)) as T;
const { ShiftReportDoc } = await load<{ ShiftReportDoc: FunctionComponent<{ report: unknown }> }>('../../src-renderer/drawer/ShiftReportDoc.tsx');
/** The printed text as read: tags dropped, entities and non-breaking spaces as plain text. */
const printed = (report: unknown) =>
  renderToStaticMarkup(createElement(ShiftReportDoc, { report }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** X and Z reports as the bridge really answers them, printed as the roll shows them. */
describe('the printed shift reports', () => {
  let h: BridgeHarness;

  beforeAll(async () => {
    h = await bridgeHarness();
    const ids = await setUpCounter(h);
    await h.ok('shift.close', { countedCashPaise: 0 }); // setUpCounter's ₹0 drawer
    await h.ok('staff.signIn', { staffId: ids.managerId, pin: '2580' });
    await h.ok('settings.update', { store: { name: 'Lakshmi Gifts', address: '12 MG Road, Pune' }, receipt: { paperWidth: '58mm' } });
    await h.ok('staff.signIn', { staffId: ids.cashierId, pin: '4826' });
    await h.ok('shift.open', { openingFloatPaise: 200_000, count: [{ denominationPaise: 50_000, quantity: 4 }] });
    await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 100_000 }] });
    await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 100_000, tenders: [{ method: 'UPI', amountPaise: 100_000, reference: 'UTR-1' }] });
    await h.ok('sale.place', { productId: 'TEST_FIXED_STANDARD', amountPaise: 25_000, tenders: cashTenders(25_000) });
    await h.ok('shift.cashMovement', { kind: 'PAY_OUT', amountPaise: 20_000, reason: 'Courier charges' });
  });
  afterAll(async () => h.close());

  it('an X report: the float, cash taken, the pay-out, expected, by method and by cashier, TRAINING top and bottom, laid out for 58 mm', async () => {
    const x = await h.ok('shift.xReport');
    const html = renderToStaticMarkup(createElement(ShiftReportDoc, { report: x }));
    expect(html).toContain('receipt--58');
    const text = printed(x);
    // 2,000 float + 500 + 250 cash − 200 pay-out = 2,550
    for (const line of ['X report — shift still open', 'Lakshmi Gifts', '12 MG Road, Pune', 'Counter: Counter 1', 'Opening float ₹2,000', 'Cash taken ₹750', 'Pay-outs −₹200', 'Expected in drawer ₹2,550', 'Pay-out −₹200 Courier charges · Ravi Kumar', 'Cash (2) ₹750', 'UPI (1) ₹1,000', 'Ravi Kumar (3) ₹1,750', 'Completed (3) ₹1,750']) {
      expect(text).toContain(line);
    }
    expect(text.match(/TRAINING — NOT VALID/g)).toHaveLength(2);
    expect(text).not.toContain('Counted');
    expect(text).not.toContain('Over / short');
    expect(text).not.toContain('Card (0)'); // only the methods used
  });

  it('a Z report closed short: counted, "Short by", the notes and coins counted, signature lines', async () => {
    const z = await h.ok('shift.close', { countedCashPaise: 250_000, count: [{ denominationPaise: 50_000, quantity: 5 }], note: 'Counted twice' });
    const text = printed(z);
    for (const line of ['Z report — shift closed', 'Closed:', 'Expected in drawer ₹2,550', 'Counted ₹2,500', 'Over / short Short by ₹50', '₹500 × 5 ₹2,500', 'Note Counted twice', 'Cashier:', 'Manager:']) {
      expect(text).toContain(line);
    }
  });

  it('a Z report closed over says so', async () => {
    await h.ok('shift.open', { openingFloatPaise: 100_000 });
    const z = await h.ok('shift.close', { countedCashPaise: 110_000 });
    expect(printed(z)).toContain('Over / short Over by ₹100');
  });
});
