import { describe, expect, it } from 'vitest';
import type { PartnerBrand as Brand } from '../../src-main/contract/index.js';
import { partnerBrand } from '../support/partner-brand.js';
import { hasAmount, newDraft, pickDenomination, setQuantity, toSaleInput } from '../../src-renderer/sell/sale-draft.js';

const restrictions = {
  minOrderAmount: 100,
  maxOrderAmount: 50000,
  minVoucherAmount: 100,
  maxVoucherAmount: 2000,
  maxVouchersPerOrder: 10,
  maxVouchersPerDenomination: 5,
  maxDenominationsPerOrder: 3,
  denominations: [100, 250, 500, 1000, 2000],
};
const brand = (denominationType: 'FIXED' | 'FLEXIBLE'): Brand =>
  partnerBrand(
    { id: `B_${denominationType}`, title: 'Brand', denominationType, redemptionType: 'ONLINE', voucherExpiryInMonths: null },
    denominationType === 'FIXED' ? restrictions : { ...restrictions, denominations: null },
  );

describe('the sale draft (what the cashier entered) as the bridge sale input', () => {
  it('digit N adds one voucher of the Nth denomination, in paise', () => {
    let draft = newDraft(brand('FIXED'));
    expect(draft.denominations).toEqual([10_000, 25_000, 50_000, 100_000, 200_000]);
    draft = pickDenomination(pickDenomination(pickDenomination(draft, 3), 3), 5);
    expect(toSaleInput(draft)).toEqual({
      ok: true,
      input: { productId: 'B_FIXED', amountPaise: 300_000, lines: [{ denominationPaise: 50_000, quantity: 2 }, { denominationPaise: 200_000, quantity: 1 }] },
    });
    expect(pickDenomination(draft, 9)).toBe(draft);
  });

  it('a FIXED amount with no denomination chosen is left to the automatic split', () => {
    const draft = { ...newDraft(brand('FIXED')), amountText: '₹3,500' };
    expect(toSaleInput(draft)).toEqual({ ok: true, input: { productId: 'B_FIXED', amountPaise: 350_000 } });
    // Picking a denomination replaces the typed amount, and a quantity of 0 drops the line.
    const picked = setQuantity(pickDenomination(draft, 1), 10_000, 0);
    expect(picked.amountText).toBe('');
    expect(hasAmount(picked)).toBe(false);
  });

  it('FLEXIBLE: one voucher of the amount, or n of them as one line', () => {
    const one = { ...newDraft(brand('FLEXIBLE')), amountText: '1250.5' };
    expect(toSaleInput(one)).toEqual({ ok: true, input: { productId: 'B_FLEXIBLE', amountPaise: 125_050 } });
    expect(toSaleInput({ ...one, flexQuantity: 3 })).toEqual({
      ok: true,
      input: { productId: 'B_FLEXIBLE', amountPaise: 375_150, lines: [{ denominationPaise: 125_050, quantity: 3 }] },
    });
  });

  it('names the field to fix instead of sending nonsense', () => {
    expect(toSaleInput(newDraft(brand('FIXED')))).toMatchObject({ ok: false, fields: { amount: expect.stringContaining('denomination') } });
    expect(toSaleInput({ ...newDraft(brand('FLEXIBLE')), amountText: '12.345' })).toMatchObject({ ok: false, fields: { amount: expect.any(String) } });
    expect(toSaleInput({ ...newDraft(brand('FLEXIBLE')), amountText: '500', discountText: 'ten' })).toMatchObject({ ok: false, fields: { discount: expect.any(String) } });
  });

  it('sends only the customer and delivery fields that were filled, trimmed', () => {
    const draft = newDraft(brand('FLEXIBLE'));
    const filled = {
      ...draft,
      amountText: '500',
      discountText: '50',
      customer: { name: ' Ravi Kumar ', phoneNumber: '9876543210', email: '' },
      delivery: { ...draft.delivery, enabled: true, recipientType: 'OTHER' as const, recipientPhoneNumber: '9123456780' },
    };
    expect(toSaleInput(filled)).toEqual({
      ok: true,
      input: {
        productId: 'B_FLEXIBLE',
        amountPaise: 50_000,
        discountPaise: 5_000,
        customer: { name: 'Ravi Kumar', phoneNumber: '9876543210' },
        delivery: { recipientType: 'OTHER', recipientPhoneNumber: '9123456780' },
      },
    });
  });
});
