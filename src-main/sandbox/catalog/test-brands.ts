import type { BrandWire, CardType, DenominationType } from './brand-wire.js';
import type { BrandRecord } from './brand-record.js';

/**
 * The staging test brands (spec §3.2) and one brand per business failure, with fixed ids so
 * that tests, training scenarios and the README can name them. Each is documented in the
 * README's "Test brands" table; keep the two in step.
 */
interface TestBrandSpec {
  id: string;
  title: string;
  description: string;
  denominationType?: DenominationType;
  cardType?: CardType;
  record?: Partial<Omit<BrandRecord, 'wire'>>;
  wire?: Partial<BrandWire>;
}

const PROCESSING_SECS = 180;

const SPECS: TestBrandSpec[] = [
  {
    id: 'TEST_PROCESSING_SUCCESS',
    title: 'Test · Processing then success',
    description: `PROCESSING at first; SUCCESS ${PROCESSING_SECS} s (sandbox time) after placement.`,
    record: { behaviour: { kind: 'processing', afterSecs: PROCESSING_SECS, outcome: 'SUCCESS' } },
  },
  {
    id: 'TEST_PROCESSING_FAILED',
    title: 'Test · Processing then failed',
    description: `PROCESSING at first; FAILED ('Voucher generation failed') ${PROCESSING_SECS} s after placement.`,
    record: {
      behaviour: { kind: 'processing', afterSecs: PROCESSING_SECS, outcome: 'FAILED', reason: 'Voucher generation failed' },
    },
  },
  {
    id: 'TEST_PROCESSING_STUCK',
    title: 'Test · Processing for 30 minutes',
    description: 'PROCESSING for 30 minutes of sandbox time, past the 15-minute give-up point, then SUCCESS.',
    record: { behaviour: { kind: 'processing', afterSecs: 1800, outcome: 'SUCCESS' } },
  },
  {
    id: 'TEST_BRAND_NOT_AVAILABLE',
    title: 'Test · Brand not available',
    description: "Every order FAILED at once with 'Brand not available'.",
    record: { behaviour: { kind: 'fail-now', reason: 'Brand not available' } },
  },
  {
    id: 'TEST_E100_TEMPORARILY_DISABLED',
    title: 'Test · Temporarily disabled (E100)',
    description: 'Listed and ACTIVE, but orders are refused with E100 (provider failures).',
    record: { temporarilyDisabled: true },
  },
  {
    id: 'TEST_E101_NOT_ENABLED',
    title: 'Test · Not enabled for partner (E101)',
    description: 'Not in the catalog list; retrievable by id; orders refused with E101.',
    record: { listed: false },
  },
  {
    id: 'TEST_E102_INACTIVE',
    title: 'Test · Inactive (E102)',
    description: 'INACTIVE; orders refused with E102.',
    wire: { status: 'INACTIVE' },
  },
  {
    id: 'TEST_E103_B2C_ONLY',
    title: 'Test · B2C only (E103 for B2B partners)',
    description: 'Sold only under the B2C business model; a B2B partner gets E103.',
    record: { businessModels: ['B2C'] },
  },
  {
    id: 'TEST_E103_B2B_ONLY',
    title: 'Test · B2B only (E103 for B2C partners)',
    description: 'Sold only under the B2B business model; a B2C partner gets E103.',
    record: { businessModels: ['B2B'] },
  },
  {
    id: 'TEST_E200_GENERATION_FAILED',
    title: 'Test · Voucher generation failed (E200)',
    description: "Every order FAILED at once with 'Voucher generation failed'.",
    record: { behaviour: { kind: 'fail-now', reason: 'Voucher generation failed' } },
  },
  {
    id: 'TEST_E201_POLLING_FAILED',
    title: 'Test · Provider polling failed (E201)',
    description: `PROCESSING, then FAILED ('Provider polling failed') after ${PROCESSING_SECS} s.`,
    record: {
      behaviour: { kind: 'processing', afterSecs: PROCESSING_SECS, outcome: 'FAILED', reason: 'Provider polling failed' },
    },
  },
  {
    id: 'TEST_E204_GENERATION_UNAVAILABLE',
    title: 'Test · Generation temporarily unavailable (E204)',
    description: "Every order FAILED at once with 'Voucher generation temporarily unavailable'.",
    record: { behaviour: { kind: 'fail-now', reason: 'Voucher generation temporarily unavailable' } },
  },
  {
    id: 'TEST_FIXED_STANDARD',
    title: 'Test · Fixed denominations',
    description: 'A well-behaved FIXED brand: 100, 250, 500, 1000, 2000; card number and PIN.',
    denominationType: 'FIXED',
    cardType: 'CARD_AND_PIN_NO_SECURED',
  },
  {
    id: 'TEST_FLEXIBLE_STANDARD',
    title: 'Test · Flexible amount',
    description: 'A well-behaved FLEXIBLE brand: ₹100 to ₹10,000 a voucher; PIN only; no balance lookup.',
    cardType: 'PIN_NO_SECURED',
    wire: { canBalanceBeFetched: false, voucherExpiryInMonths: null, redemptionType: 'ONLINE', storeLocatorUrl: null },
  },
  {
    id: 'TEST_AMOUNT_AS_STRING',
    title: 'Test · Voucher amount as text',
    description: "Vouchers carry `amount` as a quoted string (\"500.00\"), as one spec example does.",
    cardType: 'CARD_NUMBER_SECURED',
    record: { voucherAmountAsString: true },
  },
];

function wireFor(spec: TestBrandSpec): BrandWire {
  const fixed = (spec.denominationType ?? 'FLEXIBLE') === 'FIXED';
  return {
    id: spec.id,
    status: 'ACTIVE',
    title: spec.title,
    brandDescription: spec.description,
    category: ['EMERGING_BRANDS'],
    tags: ['test', 'sandbox'],
    denominationType: fixed ? 'FIXED' : 'FLEXIBLE',
    cardType: spec.cardType ?? 'CARD_AND_PIN_NO_SECURED',
    redemptionType: 'ONLINE_AND_OFFLINE',
    amountRestrictions: fixed
      ? {
          minOrderAmount: 100,
          maxOrderAmount: 50000,
          minVoucherAmount: 100,
          maxVoucherAmount: 2000,
          maxVouchersPerOrder: 10,
          maxVouchersPerDenomination: 5,
          maxDenominationsPerOrder: 3,
          denominations: [100, 250, 500, 1000, 2000],
        }
      : {
          minOrderAmount: 100,
          maxOrderAmount: 50000,
          minVoucherAmount: 100,
          maxVoucherAmount: 10000,
          maxVouchersPerOrder: 5,
          maxVouchersPerDenomination: null,
          maxDenominationsPerOrder: null,
          denominations: null,
        },
    thumbnailUrl: `/assets/brands/${spec.id}/thumbnail.svg`,
    logoUrl: `/assets/brands/${spec.id}/logo.svg`,
    termsAndConditions: ['Sandbox brand for testing; vouchers have no value.'],
    tncDetailed: {
      sections: [{ title: 'Testing', items: [{ text: 'Vouchers of this brand are not real.', subItems: null }] }],
    },
    howToUseInstructions: [
      { retailMode: 'ONLINE', retailModeName: 'Online', instructions: ['Open the sandbox shop.', 'Enter the code at checkout.'] },
      { retailMode: 'OFFLINE', retailModeName: 'In store', instructions: ['Show the voucher at the counter.'] },
    ],
    storeLocatorUrl: 'https://stores.example.in/sandbox',
    canBalanceBeFetched: true,
    voucherExpiryInMonths: 12,
    variantDetails: null,
    ...spec.wire,
  };
}

export function testBrandRecords(): BrandRecord[] {
  return SPECS.map((spec) => ({
    wire: wireFor(spec),
    listed: true,
    temporarilyDisabled: false,
    businessModels: ['B2B', 'B2C'],
    behaviour: { kind: 'normal' },
    discount: null,
    voucherAmountAsString: false,
    ...spec.record,
  }));
}
