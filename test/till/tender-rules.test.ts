import { describe, expect, it } from 'vitest';
import { checkTenders } from '../../src-main/till/tender-rules.js';

describe('checkTenders: the customer pays exactly what they owe', () => {
  it('takes exact cash with no change, and cash handed over with the rest as change', () => {
    expect(checkTenders([{ method: 'CASH', amountPaise: 45_000 }], 45_000)).toEqual({
      ok: true,
      amountPaise: 45_000,
      changePaise: 0,
      tenders: [{ method: 'CASH', amountPaise: 45_000, receivedPaise: null, reference: null }],
    });
    const paid = checkTenders([{ method: 'CASH', amountPaise: 45_000, receivedPaise: 50_000 }], 45_000);
    expect(paid.ok && paid.changePaise).toBe(5_000);
  });

  it('splits across UPI, card and cash, keeping each reference trimmed', () => {
    const paid = checkTenders(
      [
        { method: 'UPI', amountPaise: 20_000, reference: ' 412345678901 ' },
        { method: 'CARD', amountPaise: 20_000, reference: '4321' },
        { method: 'CASH', amountPaise: 10_000, receivedPaise: 20_000 },
      ],
      50_000,
    );
    expect(paid).toMatchObject({ ok: true, amountPaise: 50_000, changePaise: 10_000 });
    expect(paid.ok && paid.tenders.map((t) => t.reference)).toEqual(['412345678901', '4321', null]);
  });

  it('refuses a payment that does not add up, saying by how much', () => {
    expect(checkTenders([{ method: 'CASH', amountPaise: 40_000 }], 45_000)).toEqual({
      ok: false,
      problems: [{ field: 'tenders', message: 'The payment adds up to ₹400, but the customer pays ₹450 (₹50 short).' }],
    });
    expect(checkTenders([{ method: 'UPI', amountPaise: 50_000 }], 45_000)).toMatchObject({ ok: false, problems: [{ message: expect.stringContaining('₹50 too much') }] });
  });

  it('refuses no payment at all unless the customer pays nothing', () => {
    expect(checkTenders([], 45_000)).toEqual({ ok: false, problems: [{ field: 'tenders', message: 'Record how the customer paid ₹450.' }] });
    expect(checkTenders([], 0)).toEqual({ ok: true, amountPaise: 0, changePaise: 0, tenders: [] });
  });

  it('refuses cash handed over that is less than the cash part, and an amount handed over for anything but cash', () => {
    expect(checkTenders([{ method: 'CASH', amountPaise: 45_000, receivedPaise: 40_000 }], 45_000)).toEqual({
      ok: false,
      problems: [{ field: 'tenders.0.receivedPaise', message: 'The customer handed over ₹400, less than the ₹450 to pay in cash.' }],
    });
    expect(checkTenders([{ method: 'UPI', amountPaise: 45_000, receivedPaise: 50_000 }], 45_000)).toMatchObject({
      ok: false,
      problems: [{ field: 'tenders.0.receivedPaise' }],
    });
  });

  it('refuses two cash parts, a zero part and a reference with control characters', () => {
    expect(checkTenders([{ method: 'CASH', amountPaise: 1 }, { method: 'CASH', amountPaise: 1 }], 2)).toMatchObject({ ok: false, problems: [{ field: 'tenders' }] });
    expect(checkTenders([{ method: 'CARD', amountPaise: 0 }], 0)).toMatchObject({ ok: false, problems: [{ field: 'tenders.0.amountPaise' }] });
    expect(checkTenders([{ method: 'OTHER', amountPaise: 100, reference: 'voucher\u0007' }], 100)).toMatchObject({ ok: false, problems: [{ field: 'tenders.0.reference' }] });
  });
});
