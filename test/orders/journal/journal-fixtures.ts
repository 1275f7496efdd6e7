import { randomUUID } from 'node:crypto';
import type { NewSale } from '../../../src-main/orders/journal/sale-journal.js';
import type { PartnerBrand } from '../../../src-main/partner-api/types.js';
import { partnerBrand } from '../../support/partner-brand.js';

export const FIXED_BRAND: PartnerBrand = partnerBrand({ categories: ['EMERGING_BRANDS'] });

/** A sale of `quantity` × ₹denomination of `brand`, with a fresh referenceId. */
export function newSale(overrides: Partial<NewSale> & { denomination?: number; quantity?: number; brand?: PartnerBrand } = {}): NewSale {
  const brand = overrides.brand ?? FIXED_BRAND;
  const denomination = overrides.denomination ?? 500;
  const quantity = overrides.quantity ?? 1;
  const referenceId = overrides.referenceId ?? `POS-T-${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  return {
    id: overrides.id ?? randomUUID(),
    referenceId,
    productId: brand.id,
    brandTitle: brand.title,
    brandSnapshot: brand,
    payload: {
      productId: brand.id,
      referenceId,
      amount: denomination * quantity,
      denominationDetails: [{ denomination, quantity }],
    },
    amountPaise: denomination * quantity * 100,
    discountPaise: 0,
    customerPhone: null,
    cashierId: 'cashier-1',
    retryOf: null,
    createdAt: Date.UTC(2026, 10, 25, 6, 0, 0),
    ...overrides,
  };
}
