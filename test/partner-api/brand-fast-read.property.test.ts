import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBrandFast } from '../../src-main/partner-api/brand-fast-read.js';
import { brandSchema, parseBrandList } from '../../src-main/partner-api/wire-schemas.js';

/**
 * The fast brand reader against the zod schema, the reference: whatever it takes, the schema
 * takes too and gives the same brand; whatever the schema refuses, it does not take.
 */
const numberish = fc.oneof({ arbitrary: fc.integer(), weight: 6 }, fc.double(), fc.constantFrom('500.00', ' 12 ', '-3', '1e3', 'abc', ''));
/** Mostly the field's own kind of value, sometimes null, missing or anything at all. */
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: arb, weight: 30 }, { arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.constant(undefined), weight: 1 }, { arbitrary: fc.anything(), weight: 1 });
const text = fc.oneof(fc.string(), fc.constantFrom('In-store only', 'Use online at checkout', '  ', 'Show at the billing counter'));
const textList = fc.oneof(fc.array(text, { maxLength: 3 }), text, fc.array(fc.oneof(text, fc.integer()), { maxLength: 3 }));

const restrictions = fc.record(
  {
    minOrderAmount: maybe(numberish),
    maxOrderAmount: maybe(numberish),
    minAmount: maybe(numberish),
    maxAmount: maybe(numberish),
    minVoucherAmount: maybe(numberish),
    maxVoucherAmount: maybe(numberish),
    maxVouchersPerOrder: maybe(numberish),
    maxVouchersPerDenomination: maybe(numberish),
    maxDenominationsPerOrder: maybe(numberish),
    denominations: maybe(fc.array(numberish, { maxLength: 4 })),
  },
  { requiredKeys: ['minVoucherAmount', 'maxVoucherAmount', 'maxVouchersPerOrder'] },
);

const tncItem = fc.letrec((tie) => ({
  item: fc.record({ text: maybe(text), subItems: maybe(fc.array(tie('item'), { maxLength: 2 })) }, { requiredKeys: ['text'] }),
})).item;
const tnc = fc.record({ sections: maybe(fc.array(fc.record({ title: maybe(text), items: maybe(fc.array(tncItem, { maxLength: 3 })) }), { maxLength: 3 })) });
const howTo = fc.record({ retailMode: maybe(fc.constantFrom('ONLINE', 'OFFLINE')), retailModeName: maybe(text), instructions: maybe(textList) }, { requiredKeys: [] });

const brand = fc.record(
  {
    id: fc.oneof({ arbitrary: fc.string({ minLength: 1 }), weight: 20 }, fc.string(), fc.integer(), fc.constant(null)),
    status: maybe(fc.constantFrom('ACTIVE', 'INACTIVE')),
    title: maybe(text),
    brandDescription: maybe(text),
    category: maybe(textList),
    categories: maybe(textList),
    tags: maybe(textList),
    denominationType: maybe(fc.constantFrom('FIXED', 'RANGE')),
    cardType: maybe(fc.constant('CARD_AND_PIN_NO_SECURED')),
    redemptionType: maybe(fc.constantFrom('ONLINE', 'OFFLINE', 'ONLINE_AND_OFFLINE', 'NEW_KIND')),
    amountRestrictions: maybe(restrictions),
    thumbnailUrl: maybe(text),
    iconImageUrl: maybe(text),
    logoUrl: maybe(text),
    termsAndConditions: maybe(textList),
    tncDetailed: maybe(tnc),
    tncUrl: maybe(text),
    howToUseInstructions: maybe(fc.array(howTo, { maxLength: 3 })),
    usageInstructions: maybe(fc.oneof(text, fc.array(text, { maxLength: 3 }))),
    storeLocatorUrl: maybe(text),
    canBalanceBeFetched: maybe(fc.boolean()),
    voucherExpiryInMonths: maybe(numberish),
    variantDetails: fc.oneof({ arbitrary: fc.constant(null), weight: 10 }, fc.array(fc.dictionary(fc.string(), fc.anything()), { maxLength: 2 }), fc.anything()),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

/** Mostly well-formed entries (the fast path's case), with any field possibly broken. */
const wellFormed = brand.map((b) => ({
  id: 'B1',
  status: 'ACTIVE',
  title: 'T',
  denominationType: 'FIXED',
  cardType: 'CARD_AND_PIN_NO_SECURED',
  redemptionType: 'ONLINE',
  amountRestrictions: { minOrderAmount: 1, maxOrderAmount: 2, minVoucherAmount: 1, maxVoucherAmount: 2, maxVouchersPerOrder: 1 },
  ...b,
}));

let taken = 0;
function agrees(entry: unknown): void {
  const fast = readBrandFast(entry);
  if (fast === undefined) return;
  taken++;
  const reference = brandSchema.safeParse(entry);
  expect(reference.success).toBe(true);
  if (reference.success) {
    expect(fast).toStrictEqual(reference.data);
    // The stored JSON (and so the content hash) is the same text, key order included.
    expect(JSON.stringify(fast)).toBe(JSON.stringify(reference.data));
  }
}

describe('readBrandFast against the zod brand schema', () => {
  it('takes only what the schema takes, and gives the same brand (well-formed entries with broken fields)', () => {
    taken = 0;
    fc.assert(fc.property(wellFormed, agrees), { numRuns: 3000 });
    // Enough of them reach the fast path for the comparison to mean something.
    expect(taken).toBeGreaterThan(150);
  });

  it('the same on arbitrary records and values', () => {
    fc.assert(fc.property(fc.oneof(brand, fc.anything()), agrees), { numRuns: 2000 });
  });

  it('takes the plainly well-formed entries it is there for', () => {
    fc.assert(
      fc.property(
        fc.record({ title: fc.string(), brandDescription: fc.option(fc.string()), tags: fc.array(fc.string()), category: fc.array(fc.string()) }),
        (fields) => {
          const entry = {
            id: 'B2',
            status: 'ACTIVE',
            denominationType: 'FIXED',
            cardType: 'CARD_AND_PIN_NO_SECURED',
            redemptionType: 'OFFLINE',
            amountRestrictions: { minOrderAmount: '100.00', maxOrderAmount: 500, minVoucherAmount: 100, maxVoucherAmount: 500, maxVouchersPerOrder: 3, denominations: [100, '200'] },
            tncDetailed: { sections: [{ title: 'Use', items: [{ text: 'a', subItems: [{ text: 'b', subItems: null }] }] }] },
            howToUseInstructions: [{ retailMode: 'OFFLINE', retailModeName: null, instructions: ['Show the code'] }],
            canBalanceBeFetched: true,
            voucherExpiryInMonths: 12,
            ...fields,
          };
          expect(readBrandFast(entry)).toBeDefined();
          agrees(entry);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a page parsed through the fast path refuses and reports bad entries as the schema does', () => {
    const page = parseBrandList({ data: [{ id: 'X', status: 'ACTIVE' }, { id: '' }, 'junk'], nextCursor: null });
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    expect(page.value.brands).toEqual([]);
    expect(page.value.skipped.map((s) => s.index)).toEqual([0, 1, 2]);
    expect(page.value.skipped[0]).toMatchObject({ id: 'X', reason: expect.stringContaining('title') });
  });
});
