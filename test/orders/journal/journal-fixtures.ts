import { randomUUID } from 'node:crypto';
import type { NewSale } from '../../../src-main/orders/journal/sale-journal.js';
import type { PartnerBrand } from '../../../src-main/partner-api/types.js';

export const FIXED_BRAND: PartnerBrand = {
  id: 'TEST_FIXED_STANDARD',
  status: 'ACTIVE',
  title: 'Test · Fixed denominations',
  description: null,
  categories: ['EMERGING_BRANDS'],
  tags: [],
  denominationType: 'FIXED',
  cardType: 'CARD_AND_PIN_NO_SECURED',
  redemptionType: 'ONLINE_AND_OFFLINE',
  amountRestrictions: {
    minOrderAmount: 100,
    maxOrderAmount: 50000,
    minVoucherAmount: 100,
    maxVoucherAmount: 2000,
    maxVouchersPerOrder: 10,
    maxVouchersPerDenomination: 5,
    maxDenominationsPerOrder: 3,
    denominations: [100, 250, 500, 1000, 2000],
  },
  thumbnailUrl: null,
  logoUrl: null,
  termsAndConditions: [],
  tncSections: null,
  tncUrl: null,
  howToUse: [],
  usageInstructionsText: null,
  storeLocatorUrl: null,
  canBalanceBeFetched: true,
  voucherExpiryInMonths: 12,
  variantDetails: null,
};

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
