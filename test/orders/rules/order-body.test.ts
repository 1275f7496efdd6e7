import { describe, expect, it } from 'vitest';
import { orderRequestBody } from '../../../src-main/orders/rules/order-body.js';
import { newReferenceId } from '../../../src-main/orders/rules/reference-id.js';
import { validateSale } from '../../../src-main/orders/rules/sale-validation.js';
import { CUSTOMER, FIXED, rupees } from './fixtures.js';

describe('orderRequestBody', () => {
  it('is the §4.4 body of a validated sale, in rupees', () => {
    const sale = validateSale(
      {
        productId: FIXED.id,
        amountPaise: rupees(1250.5 - 0.5),
        discountPaise: rupees(12.5),
        customer: { ...CUSTOMER, email: 'asha@example.com' },
        delivery: { recipientType: 'SELF', recipientPhoneNumber: CUSTOMER.phoneNumber },
      },
      FIXED,
      'B2C',
    );
    if (!sale.ok) throw new Error(JSON.stringify(sale.problems));
    const referenceId = newReferenceId('C01');
    expect(orderRequestBody(sale.value, referenceId)).toEqual({
      productId: FIXED.id,
      referenceId,
      amount: 1250,
      discountAmount: 12.5,
      denominationDetails: [
        { denomination: 1000, quantity: 1 },
        { denomination: 250, quantity: 1 },
      ],
      customerDetails: { ...CUSTOMER, email: 'asha@example.com' },
      deliveryDetails: { recipientType: 'SELF', recipientPhoneNumber: CUSTOMER.phoneNumber },
    });
  });

  it('leaves out a zero discount and absent details', () => {
    const sale = validateSale({ productId: FIXED.id, amountPaise: rupees(500) }, FIXED, 'B2B');
    if (!sale.ok) throw new Error(JSON.stringify(sale.problems));
    expect(Object.keys(orderRequestBody(sale.value, 'R1')).sort()).toEqual(['amount', 'denominationDetails', 'productId', 'referenceId']);
  });
});
