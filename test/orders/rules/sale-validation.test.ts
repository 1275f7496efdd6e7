import { describe, expect, it } from 'vitest';
import { validateSale, type SaleInput } from '../../../src-main/orders/rules/sale-validation.js';
import type { FieldProblem } from '../../../src-main/orders/rules/types.js';
import { CUSTOMER, FIXED, FLEXIBLE, brand, rupees } from './fixtures.js';

const fixedSale = (over: Partial<SaleInput> = {}): SaleInput => ({ productId: FIXED.id, amountPaise: rupees(500), customer: CUSTOMER, ...over });
const flexSale = (over: Partial<SaleInput> = {}): SaleInput => ({ productId: FLEXIBLE.id, amountPaise: rupees(500), customer: CUSTOMER, ...over });

function problems(result: ReturnType<typeof validateSale>): FieldProblem[] {
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}
const line = (d: number, quantity: number) => ({ denominationPaise: rupees(d), quantity });

describe('validateSale: a good sale', () => {
  it('FIXED without lines is split automatically, with the debit and a body-ready breakdown', () => {
    const result = validateSale(fixedSale({ amountPaise: rupees(3850), discountPaise: rupees(50) }), FIXED, 'B2C');
    expect(result).toEqual({
      ok: true,
      value: {
        productId: FIXED.id,
        lines: [line(1000, 3), line(250, 3), line(100, 1)],
        linesDerived: true,
        totalPaise: rupees(3850),
        voucherCount: 7,
        discountPaise: rupees(50),
        debitPaise: rupees(3800),
        denominationDetails: [
          { denomination: 1000, quantity: 3 },
          { denomination: 250, quantity: 3 },
          { denomination: 100, quantity: 1 },
        ],
        customerDetails: CUSTOMER,
      },
    });
  });

  it("FIXED with the cashier's lines keeps them, merged by value, largest first, empty ones dropped", () => {
    const lines = [line(500, 1), line(2000, 1), line(500, 1), line(100, 0)];
    const result = validateSale(fixedSale({ amountPaise: rupees(3000), lines }), FIXED, 'B2C');
    expect(result).toMatchObject({ ok: true, value: { lines: [line(2000, 1), line(500, 2)], linesDerived: false, voucherCount: 3 } });
  });

  it('FLEXIBLE without lines is one voucher of the whole amount; with lines, n × x', () => {
    expect(validateSale(flexSale({ amountPaise: rupees(1234.5) }), FLEXIBLE, 'B2C')).toMatchObject({
      ok: true,
      value: { lines: [line(1234.5, 1)], denominationDetails: [{ denomination: 1234.5, quantity: 1 }], linesDerived: true },
    });
    expect(validateSale(flexSale({ amountPaise: rupees(25_000), lines: [line(5000, 5)] }), FLEXIBLE, 'B2C')).toMatchObject({
      ok: true,
      value: { voucherCount: 5, debitPaise: rupees(25_000) },
    });
  });

  it('a discount equal to the amount is allowed (nothing is debited)', () => {
    expect(validateSale(fixedSale({ discountPaise: rupees(500) }), FIXED, 'B2C')).toMatchObject({ ok: true, value: { debitPaise: 0 } });
  });

  it('B2B needs no customer; a blank customer is left out', () => {
    const result = validateSale(fixedSale({ customer: { name: '  ', phoneNumber: '' } }), FIXED, 'B2B');
    expect(result.ok && result.value.customerDetails).toBeUndefined();
    expect(validateSale(fixedSale({ customer: undefined }), FIXED, 'B2B').ok).toBe(true);
  });

  it('customer and delivery values come back trimmed, names with single spaces', () => {
    const result = validateSale(
      fixedSale({
        customer: { name: '  Asha   Rao ', phoneNumber: ' 9876543210 ', email: ' asha@example.com ' },
        delivery: {
          recipientType: 'OTHER',
          recipientPhoneNumber: '9123456780 ',
          recipientName: ' Meera  Iyer',
          recipientEmail: '',
          senderName: 'Asha',
          wishMessage: '  Happy birthday!  ',
        },
      }),
      FIXED,
      'B2C',
    );
    expect(result).toMatchObject({
      ok: true,
      value: {
        customerDetails: { name: 'Asha Rao', phoneNumber: '9876543210', email: 'asha@example.com' },
        deliveryDetails: {
          recipientType: 'OTHER',
          recipientPhoneNumber: '9123456780',
          recipientName: 'Meera Iyer',
          senderName: 'Asha',
          wishMessage: 'Happy birthday!',
        },
      },
    });
    expect(result.ok && 'recipientEmail' in result.value.deliveryDetails!).toBe(false);
  });
});

describe('validateSale: the brand', () => {
  it('must be the brand of the sale', () => {
    expect(problems(validateSale(fixedSale({ productId: 'OTHER' }), FIXED, 'B2C'))).toEqual([
      { field: 'productId', message: 'This sale is for a different brand than the one loaded; open the brand again.' },
    ]);
  });

  it('must be ACTIVE, and that is the only thing said', () => {
    const inactive = brand({ status: 'INACTIVE' });
    expect(problems(validateSale(fixedSale({ amountPaise: 0, customer: undefined }), inactive, 'B2C'))).toEqual([
      { field: 'brand', message: 'Test · Fixed denominations is not available for sale right now (the brand is inactive).' },
    ]);
  });

  it('must have amount restrictions, a known amount type and, when FIXED, values', () => {
    expect(problems(validateSale(fixedSale(), brand({ amountRestrictions: null }), 'B2C'))).toEqual([
      { field: 'brand', message: 'Test · Fixed denominations has no amounts on sale right now; refresh the catalog.' },
    ]);
    expect(problems(validateSale(fixedSale(), brand({ denominationType: 'RANGE', id: FIXED.id, title: FIXED.title }), 'B2C'))[0]!.message).toBe(
      'Test · Fixed denominations uses an amount type this app does not know (RANGE); refresh the catalog or call support.',
    );
    expect(problems(validateSale(fixedSale(), brand({}, { denominations: [] }), 'B2C'))[0]!.message).toBe(
      'Test · Fixed denominations lists no voucher values to sell; refresh the catalog.',
    );
  });
});

describe('validateSale: amounts', () => {
  it.each([0, -100, 100.5, Number.NaN, 1e12])('amount %s is not a valid amount', (amountPaise) => {
    expect(problems(validateSale(fixedSale({ amountPaise }), FIXED, 'B2C'))).toEqual([
      { field: 'amount', message: 'Enter an amount greater than ₹0, with at most 2 decimals.' },
    ]);
  });

  it('min and max order amount', () => {
    expect(problems(validateSale(fixedSale({ amountPaise: rupees(50) }), FIXED, 'B2C'))).toEqual([
      { field: 'amount', message: 'The smallest order for this brand is ₹100.' },
    ]);
    expect(problems(validateSale(flexSale({ amountPaise: rupees(60_000) }), FLEXIBLE, 'B2C'))).toEqual([
      { field: 'amount', message: 'The largest order for this brand is ₹50,000.' },
    ]);
  });

  it('a FIXED amount that cannot be split says why, with the nearest amounts', () => {
    expect(problems(validateSale(fixedSale({ amountPaise: rupees(1234) }), FIXED, 'B2C'))).toEqual([
      {
        field: 'amount',
        message:
          "₹1,234 can't be made from ₹2,000, ₹1,000, ₹500, ₹250 and ₹100 vouchers: the amount must be a multiple of ₹50. " +
          'Nearest amounts that can be sold: ₹1,200 or ₹1,250.',
        suggestions: { lower: rupees(1200), higher: rupees(1250) },
      },
    ]);
  });

  it('a FLEXIBLE amount above one voucher is split into several; too many, or below one voucher, says why', () => {
    expect(validateSale(flexSale({ amountPaise: rupees(25_000) }), FLEXIBLE, 'B2C')).toMatchObject({
      ok: true,
      value: {
        lines: [line(8334, 1), line(8333, 2)],
        denominationDetails: [{ denomination: 8334, quantity: 1 }, { denomination: 8333, quantity: 2 }],
        linesDerived: true,
        voucherCount: 3,
      },
    });
    const twoAtMost = brand({ denominationType: 'FLEXIBLE' }, { maxVouchersPerOrder: 2 });
    expect(problems(validateSale(flexSale({ amountPaise: rupees(25_000) }), twoAtMost, 'B2C'))).toEqual([
      { field: 'amount', message: '₹25,000 needs at least 3 vouchers of at most ₹10,000, but this brand allows at most 2 in one order.' },
    ]);
    const low = brand({ denominationType: 'FLEXIBLE' }, { minOrderAmount: 10, minVoucherAmount: 100 });
    expect(problems(validateSale(flexSale({ amountPaise: rupees(50) }), low, 'B2C'))).toEqual([
      { field: 'amount', message: 'Each voucher must be between ₹100 and ₹10,000; ₹50 is not.' },
    ]);
  });
});

describe('validateSale: lines', () => {
  const fixedLines = (amount: number, ...lines: ReturnType<typeof line>[]) =>
    problems(validateSale(fixedSale({ amountPaise: rupees(amount), lines }), FIXED, 'B2C'));

  it('FIXED lines must use listed values', () => {
    expect(fixedLines(600, line(300, 2))).toEqual([
      { field: 'lines', message: '₹300 is not a value this brand sells (it sells ₹2,000, ₹1,000, ₹500, ₹250 and ₹100).' },
    ]);
  });

  it('the lines must add up to the amount', () => {
    expect(fixedLines(1000, line(500, 1))).toEqual([{ field: 'lines', message: 'The vouchers add up to ₹500, but the sale amount is ₹1,000.' }]);
  });

  it('at most so many vouchers per order, per value, and values per order', () => {
    expect(fixedLines(1100, line(100, 11))).toEqual([
      { field: 'lines', message: 'This brand allows at most 10 vouchers in one order; this sale has 11.' },
      { field: 'lines', message: 'At most 5 vouchers of the same value per order; this sale has 11 × ₹100.' },
    ]);
    expect(fixedLines(3750, line(2000, 1), line(1000, 1), line(500, 1), line(250, 1))).toEqual([
      { field: 'lines', message: 'At most 3 different voucher values in one order; this sale has 4.' },
    ]);
  });

  it('FLEXIBLE lines must each be within the voucher range, and limits apply too', () => {
    const sale = (amount: number, ...lines: ReturnType<typeof line>[]) =>
      problems(validateSale(flexSale({ amountPaise: rupees(amount), lines }), FLEXIBLE, 'B2C'));
    expect(sale(24_000, line(12_000, 2))).toEqual([{ field: 'lines', message: 'Each voucher must be between ₹100 and ₹10,000; ₹12,000 is not.' }]);
    expect(sale(600, line(100, 6))).toEqual([{ field: 'lines', message: 'This brand allows at most 5 vouchers in one order; this sale has 6.' }]);
  });

  it('quantities must be whole, values positive with at most 2 decimals, and something chosen', () => {
    expect(fixedLines(500, line(500, 1.5))).toEqual([{ field: 'lines', message: 'Quantities must be whole numbers of vouchers (got 1.5).' }]);
    expect(fixedLines(500, line(500, -1))).toEqual([{ field: 'lines', message: 'Quantities must be whole numbers of vouchers (got -1).' }]);
    expect(fixedLines(500, { denominationPaise: 50_000.5, quantity: 1 })).toEqual([
      { field: 'lines', message: 'Each voucher value must be more than ₹0, with at most 2 decimals.' },
    ]);
    expect(fixedLines(500, line(500, 0))).toEqual([{ field: 'lines', message: 'Choose at least one voucher.' }]);
  });

  it('never more of one value than the service takes, even without a brand limit', () => {
    const unlimited = brand({ denominationType: 'FLEXIBLE' }, { maxVouchersPerOrder: 1e9, maxOrderAmount: 1e8 });
    expect(problems(validateSale(flexSale({ amountPaise: rupees(1_000_100), lines: [line(100, 10_001)] }), unlimited, 'B2B'))).toEqual([
      { field: 'lines', message: 'At most 10000 vouchers of the same value per order; this sale has 10001 × ₹100.' },
    ]);
  });
});

describe('validateSale: discount', () => {
  it.each([
    [-1, 'The discount cannot be negative.'],
    [rupees(500.01), 'The discount cannot be more than the sale amount (₹500).'],
    [12.5, 'Enter the discount in rupees with at most 2 decimals.'],
  ])('discount %s paise', (discountPaise, message) => {
    expect(problems(validateSale(fixedSale({ discountPaise }), FIXED, 'B2C'))).toEqual([{ field: 'discount', message }]);
  });
});

describe('validateSale: customer and delivery', () => {
  it('B2C needs the customer name and phone', () => {
    expect(problems(validateSale(fixedSale({ customer: undefined }), FIXED, 'B2C'))).toEqual([
      { field: 'customer.name', message: "Enter the customer's name; it is needed for this sale." },
      { field: 'customer.phoneNumber', message: "Enter the customer's 10-digit mobile number; it is needed for this sale." },
    ]);
    expect(problems(validateSale(fixedSale({ customer: { name: 'Asha', email: 'asha@example.com' } }), FIXED, 'B2C'))).toHaveLength(1);
  });

  it('what is given must be valid, for B2B too', () => {
    const customer = { name: 'Asha R.', phoneNumber: '+91 98765 43210', email: 'asha@example' };
    const expected = [
      { field: 'customer.name', message: "The name cannot contain '.'; use letters and single spaces only." },
      { field: 'customer.phoneNumber', message: 'Leave out the +91 or 0 at the start: enter just the 10-digit mobile number.' },
      { field: 'customer.email', message: 'Enter a valid email address, like name@example.com.' },
    ];
    expect(problems(validateSale(fixedSale({ customer }), FIXED, 'B2C'))).toEqual(expected);
    expect(problems(validateSale(fixedSale({ customer }), FIXED, 'B2B'))).toEqual(expected);
  });

  it('delivery details need who receives and a valid recipient mobile', () => {
    expect(problems(validateSale(fixedSale({ delivery: {} }), FIXED, 'B2C'))).toEqual([
      { field: 'delivery.recipientType', message: 'Choose who receives the vouchers: the customer (SELF) or someone else (OTHER).' },
      { field: 'delivery.recipientPhoneNumber', message: "Enter the recipient's 10-digit mobile number; the vouchers are sent to it." },
    ]);
    expect(problems(validateSale(fixedSale({ delivery: { recipientType: 'self', recipientPhoneNumber: '1234567890' } }), FIXED, 'B2C'))).toEqual([
      { field: 'delivery.recipientType', message: 'Choose who receives the vouchers: the customer (SELF) or someone else (OTHER).' },
      { field: 'delivery.recipientPhoneNumber', message: 'Indian mobile numbers start with 6, 7, 8 or 9; check the number.' },
    ]);
  });

  it('optional delivery fields follow the name, email and length rules', () => {
    const delivery = {
      recipientType: 'SELF',
      recipientPhoneNumber: '9876543210',
      recipientName: 'M3era',
      recipientEmail: 'meera at example.com',
      senderName: 'Asha!',
      wishMessage: 'x'.repeat(251),
    };
    expect(problems(validateSale(fixedSale({ delivery }), FIXED, 'B2C')).map((p) => p.field)).toEqual([
      'delivery.recipientEmail',
      'delivery.recipientName',
      'delivery.senderName',
      'delivery.wishMessage',
    ]);
    expect(problems(validateSale(fixedSale({ delivery }), FIXED, 'B2C'))[3]!.message).toBe('Keep the message to 250 characters or fewer (it has 251).');
  });

  it('reports every problem of the sale together', () => {
    const result = validateSale(
      fixedSale({ amountPaise: rupees(1000), lines: [line(300, 1)], discountPaise: -5, customer: {}, delivery: { recipientType: 'SELF' } }),
      FIXED,
      'B2C',
    );
    expect(problems(result).map((p) => p.field)).toEqual([
      'discount',
      'lines',
      'lines',
      'customer.name',
      'customer.phoneNumber',
      'delivery.recipientPhoneNumber',
    ]);
  });
});
