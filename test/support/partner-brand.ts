import type { AmountRestrictions, PartnerBrand } from '../../src-main/partner-api/types.js';

/** Brands shaped like the sandbox's TEST_FIXED_STANDARD and TEST_FLEXIBLE_STANDARD. */
export function partnerBrand(over: Partial<PartnerBrand> = {}, restrictions: Partial<AmountRestrictions> = {}): PartnerBrand {
  const fixed = (over.denominationType ?? 'FIXED') === 'FIXED';
  const base: AmountRestrictions = fixed
    ? {
        minOrderAmount: 100,
        maxOrderAmount: 50_000,
        minVoucherAmount: 100,
        maxVoucherAmount: 2000,
        maxVouchersPerOrder: 10,
        maxVouchersPerDenomination: 5,
        maxDenominationsPerOrder: 3,
        denominations: [100, 250, 500, 1000, 2000],
      }
    : {
        minOrderAmount: 100,
        maxOrderAmount: 50_000,
        minVoucherAmount: 100,
        maxVoucherAmount: 10_000,
        maxVouchersPerOrder: 5,
        maxVouchersPerDenomination: null,
        maxDenominationsPerOrder: null,
        denominations: null,
      };
  return {
    id: fixed ? 'TEST_FIXED_STANDARD' : 'TEST_FLEXIBLE_STANDARD',
    status: 'ACTIVE',
    title: fixed ? 'Test · Fixed denominations' : 'Test · Flexible amount',
    description: null,
    categories: [],
    tags: [],
    denominationType: 'FIXED',
    cardType: 'CARD_AND_PIN_NO_SECURED',
    redemptionType: 'ONLINE_AND_OFFLINE',
    amountRestrictions: { ...base, ...restrictions },
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
    ...over,
  };
}

