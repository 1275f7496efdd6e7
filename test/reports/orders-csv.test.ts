import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashTenders } from '../support/till.js';
import { parseCsvLine } from '../orders/sales/history-fixtures.js';
import { FAILS, FIXED, PROCESSING, openCounter, type Counter } from './eod-harness.js';

/** India time as Intl formats it: an oracle independent of the export's own arithmetic. */
const india = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});
const ist = (ms: number) => india.format(ms).replace(',', '');

describe('the orders CSV and list after a day of real sales through the bridge', () => {
  let c: Counter;
  const sold: Record<string, any> = {};

  beforeAll(async () => {
    c = await openCounter();
    sold.change = await c.sell({ productId: FIXED, amountPaise: 50_000, tenders: [{ method: 'CASH', amountPaise: 50_000, receivedPaise: 100_000 }] });
    sold.split = await c.sell({ productId: FIXED, amountPaise: 100_000, tenders: [{ method: 'UPI', amountPaise: 60_000, reference: 'UTR-1' }, { method: 'CASH', amountPaise: 40_000 }] });
    sold.discounted = await c.sell({ productId: FIXED, amountPaise: 50_000, discountPaise: 5_000, tenders: cashTenders(45_000) });
    sold.failed = await c.sell({ productId: FAILS, amountPaise: 25_000, tenders: cashTenders(25_000) });
    sold.retry = await c.retry(sold.failed.id);
    await c.h.ok('sale.refund', { saleId: sold.retry.id });
    sold.processing = await c.sell({ productId: PROCESSING, amountPaise: 50_000, tenders: [{ method: 'CARD', amountPaise: 50_000, reference: '4321' }] });
    await c.asManager();
  });
  afterAll(async () => c.h.close());

  const exported = async () => {
    const { csv } = (await c.h.ok('orders.exportCsv', {})) as { csv: string };
    return csv;
  };
  const rowOf = (lines: string[][], sale: { referenceId: string }) => lines.find((cells) => cells[2] === sale.referenceId)!;

  it('opens in Excel: a UTF-8 byte-order mark, India times, and the new columns', async () => {
    const csv = await exported();
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, ...body] = csv.slice(1).trimEnd().split('\n');
    expect(header).toBe(
      'created_at_ist,cashier,reference_id,order_id,state,brand,amount_inr,discount_inr,customer_pays_inr,wallet_debit_inr,voucher_count,tenders,refund_inr,customer_phone,error_code,failure_reason',
    );
    const lines = body.map(parseCsvLine);
    expect(lines).toHaveLength(6);
    for (const sale of Object.values(sold)) expect(rowOf(lines, sale)[0]).toBe(ist(sale.createdAt));
    expect(csv).not.toMatch(/T\d{2}:\d{2}:\d{2}(\.\d+)?Z/);
    expect(new Set(lines.map((l) => l[1]))).toEqual(new Set(['Ravi Kumar']));

    // amount, discount, customer pays, wallet debit, vouchers, tenders, refund
    const money = (sale: { referenceId: string }) => rowOf(lines, sale).slice(6, 13);
    expect(money(sold.change)).toEqual(['500.00', '0.00', '500.00', '500.00', '1', 'CASH 500.00', '']);
    expect(money(sold.split)).toEqual(['1000.00', '0.00', '1000.00', '1000.00', '1', 'UPI 600.00; CASH 400.00', '']);
    expect(money(sold.discounted)).toEqual(['500.00', '50.00', '450.00', '450.00', '1', 'CASH 450.00', '']);
    // The failed sale's payment went to its retry, which failed too and was given back.
    expect(money(sold.failed)).toEqual(['250.00', '0.00', '250.00', '0.00', '0', 'carried to retry', '']);
    expect(money(sold.retry)).toEqual(['250.00', '0.00', '250.00', '0.00', '0', 'CASH 250.00', '250.00']);
    // Still processing: the service holds the wallet charged, no voucher yet.
    expect(money(sold.processing)).toEqual(['500.00', '0.00', '500.00', '500.00', '0', 'CARD 500.00', '']);
    expect(rowOf(lines, sold.failed).slice(14)).toEqual(['E200', 'Voucher generation failed']);
  });

  it('lists each order with its cashier’s name', async () => {
    const { items } = await c.h.ok('orders.list', {});
    expect(items).toHaveLength(6);
    for (const item of items) expect(item).toMatchObject({ cashierId: c.ids.cashierId, cashierName: 'Ravi Kumar' });
    const { items: pinned } = await c.h.ok('orders.attention', {});
    expect(pinned.length).toBeGreaterThan(0);
    for (const item of pinned) expect(item.cashierName).toBe('Ravi Kumar');
  });
});
