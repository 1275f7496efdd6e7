import { describe, expect, it } from 'vitest';
import type { AmountRestrictions } from '../../../src-main/partner-api/types.js';
import { fixedLimitsOf, splitFixedAmount } from '../../../src-main/orders/rules/split.js';

/** A FIXED brand's restrictions in rupees, as the catalog holds them. */
function fixed(denominations: number[], over: Partial<AmountRestrictions> = {}): AmountRestrictions {
  return {
    minOrderAmount: Math.min(...denominations),
    maxOrderAmount: 200_000,
    minVoucherAmount: Math.min(...denominations),
    maxVoucherAmount: Math.max(...denominations),
    maxVouchersPerOrder: 10,
    maxVouchersPerDenomination: null,
    maxDenominationsPerOrder: null,
    denominations,
    ...over,
  };
}

const rupees = (r: number): number => Math.round(r * 100);
const lines = (...pairs: [number, number][]) => pairs.map(([d, quantity]) => ({ denominationPaise: rupees(d), quantity }));

/** TEST_FIXED_STANDARD of the sandbox: ≤ 10 vouchers, ≤ 5 per value, ≤ 3 values. */
const STANDARD = fixed([100, 250, 500, 1000, 2000], { maxOrderAmount: 50_000, maxVouchersPerDenomination: 5, maxDenominationsPerOrder: 3 });

describe('splitFixedAmount: exact splits', () => {
  it('a listed amount is one voucher', () => {
    expect(splitFixedAmount(rupees(500), STANDARD)).toEqual({ ok: true, lines: lines([500, 1]), voucherCount: 1, totalPaise: rupees(500) });
  });

  it('is exact where greedy fails: [500, 300] for 900 is 3 × 300', () => {
    const result = splitFixedAmount(rupees(900), fixed([500, 300]));
    expect(result).toMatchObject({ ok: true, lines: lines([300, 3]), voucherCount: 3 });
  });

  it('honours one per value: [2000, 1000, 500] for 3500 is 2000 + 1000 + 500', () => {
    const result = splitFixedAmount(rupees(3500), fixed([2000, 1000, 500], { maxVouchersPerDenomination: 1 }));
    expect(result).toMatchObject({ ok: true, lines: lines([2000, 1], [1000, 1], [500, 1]) });
  });

  it('uses the fewest vouchers, then the fewest values, then the larger values', () => {
    // 800 = 400 + 400 (2 vouchers, 1 value) beats 500 + 300 (2 vouchers, 2 values).
    expect(splitFixedAmount(rupees(800), fixed([500, 400, 300]))).toMatchObject({ lines: lines([400, 2]) });
    // 1000 = 2 × 500 or 500 + 300 + 200 …: 2 vouchers wins.
    expect(splitFixedAmount(rupees(1000), fixed([500, 300, 200]))).toMatchObject({ lines: lines([500, 2]) });
    // 1100 with 3 vouchers: 500 + 300 + 300 and 500 + 500 + 100 tie on count and values; more ₹500s first.
    expect(splitFixedAmount(rupees(1100), fixed([500, 300, 100]))).toMatchObject({ lines: lines([500, 2], [100, 1]) });
  });

  it('keeps to the distinct-value limit at the cost of more vouchers', () => {
    // 3850 = 2000 + 1000 + 500 + 250 + 100 needs 5 values; with 3 allowed the best is 7 vouchers.
    const result = splitFixedAmount(rupees(3850), STANDARD);
    expect(result).toMatchObject({ ok: true, lines: lines([1000, 3], [250, 3], [100, 1]), voucherCount: 7 });
  });

  it('works in paise: ₹149.50 vouchers', () => {
    expect(splitFixedAmount(rupees(299), fixed([149.5, 250]))).toMatchObject({ ok: true, lines: lines([149.5, 2]) });
    expect(splitFixedAmount(rupees(399.5), fixed([149.5, 250]))).toMatchObject({ ok: true, lines: lines([250, 1], [149.5, 1]) });
  });

  it('ignores unusable and repeated denominations in the catalog', () => {
    expect(fixedLimitsOf(fixed([500, 500, 0, -100, 100.005, 250])).denominations).toEqual([50_000, 25_000]);
    expect(fixedLimitsOf(fixed([100], { maxVouchersPerDenomination: null, maxDenominationsPerOrder: 2 }))).toMatchObject({
      maxPerDenomination: Infinity,
      maxDistinct: 2,
    });
  });
});

describe('splitFixedAmount: refusals say why and what would work', () => {
  it('no combination', () => {
    const result = splitFixedAmount(rupees(700), fixed([500, 300]));
    expect(result).toEqual({
      ok: false,
      code: 'no-combination',
      reason: 'No combination of ₹500 and ₹300 vouchers adds up to exactly ₹700. Nearest amounts that can be sold: ₹600 or ₹800.',
      suggestions: { lower: rupees(600), higher: rupees(800) },
    });
  });

  it('not a multiple of what the values can make', () => {
    const result = splitFixedAmount(rupees(1234), STANDARD);
    expect(result).toMatchObject({ ok: false, code: 'not-a-multiple', suggestions: { lower: rupees(1200), higher: rupees(1250) } });
    expect(!result.ok && result.reason).toBe(
      "₹1,234 can't be made from ₹2,000, ₹1,000, ₹500, ₹250 and ₹100 vouchers: the amount must be a multiple of ₹50. " +
        'Nearest amounts that can be sold: ₹1,200 or ₹1,250.',
    );
    expect(splitFixedAmount(rupees(500.5), STANDARD)).toMatchObject({ code: 'not-a-multiple' });
  });

  it('more vouchers than the order allows', () => {
    const result = splitFixedAmount(rupees(15_000), fixed([500, 300]));
    expect(result).toMatchObject({ ok: false, code: 'too-many-vouchers', suggestions: { lower: rupees(5000) } });
    expect(!result.ok && result.reason).toBe(
      '₹15,000 needs at least 30 vouchers, but this brand allows at most 10 in one order. The nearest amount that can be sold is ₹5,000.',
    );
    // The count bound alone allows 3 vouchers for ₹1,400, but the only split is 500 + 3 × 300.
    const exact = splitFixedAmount(rupees(1400), fixed([500, 300], { maxVouchersPerOrder: 3 }));
    expect(exact).toMatchObject({ code: 'too-many-vouchers', suggestions: { lower: rupees(1300), higher: rupees(1500) } });
    expect(!exact.ok && exact.reason).toContain('needs at least 4 vouchers');
  });

  it('per-value and distinct-value limits', () => {
    const result = splitFixedAmount(rupees(4000), fixed([2000, 1000, 500], { maxVouchersPerDenomination: 1, maxDenominationsPerOrder: 3 }));
    expect(result).toMatchObject({ ok: false, code: 'limits', suggestions: { lower: rupees(3500) } });
    expect(!result.ok && result.reason).toBe(
      "₹4,000 can't be split within this brand's limits (at most 10 vouchers per order, at most 1 of each value, at most 3 different values). " +
        'The nearest amount that can be sold is ₹3,500.',
    );
  });

  it('below the minimum and above the maximum order', () => {
    expect(splitFixedAmount(rupees(50), STANDARD)).toEqual({
      ok: false,
      code: 'below-min-order',
      reason: 'The smallest order for this brand is ₹100. The nearest amount that can be sold is ₹100.',
      suggestions: { higher: rupees(100) },
    });
    const above = splitFixedAmount(rupees(60_000), STANDARD);
    expect(above).toMatchObject({ ok: false, code: 'above-max-order', suggestions: { lower: rupees(15_000) } });
    expect(!above.ok && above.reason).toMatch(/^The largest order for this brand is ₹50,000\./);
  });

  it('offers no suggestion where none exists', () => {
    const result = splitFixedAmount(rupees(700), fixed([500], { maxVouchersPerOrder: 1 }));
    expect(result).toMatchObject({ ok: false, suggestions: { lower: rupees(500) } });
    expect(result.ok || result.suggestions.higher).toBeUndefined();
  });

  it('zero, negative, fractional-paise amounts and brands without values', () => {
    for (const amount of [0, -500, 100.5, Number.NaN]) {
      expect(splitFixedAmount(amount, STANDARD)).toEqual({
        ok: false,
        code: 'invalid-amount',
        reason: 'Enter an amount greater than ₹0.',
        suggestions: {},
      });
    }
    expect(splitFixedAmount(rupees(500), fixed([500], { denominations: null }))).toMatchObject({ ok: false, code: 'no-denominations' });
    expect(splitFixedAmount(rupees(500), fixed([500], { denominations: [] }))).toMatchObject({ ok: false, code: 'no-denominations' });
  });
});

describe('splitFixedAmount: bounded work', () => {
  // Ten near-coprime paise values: the gcd is 1 paise, 5 crore units — too many for count
  // tables — and no bound cuts the search short.
  const pathological = fixed([9999.99, 9999.97, 9999.93, 9999.91, 9999.89, 9999.87, 9999.83, 9999.81, 9999.79, 9999.77], {
    maxVouchersPerOrder: 100,
    maxOrderAmount: 10_000_000,
  });

  it('refuses with "could not compute" instead of hanging', () => {
    const started = performance.now();
    const result = splitFixedAmount(rupees(500_000), pathological);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result).toEqual({
      ok: false,
      code: 'too-complex',
      reason: "Couldn't work out a split for ₹5,00,000 automatically; choose the vouchers by hand.",
      suggestions: {},
    });
  });

  it('a smaller work cap gives up sooner; the count tables rescue odd-but-real values', () => {
    const odd = fixed([10_000, 7500, 5000, 2500, 2000, 1500, 750, 99, 50], { maxVouchersPerOrder: 34 });
    expect(splitFixedAmount(rupees(180_884.25), odd)).toMatchObject({
      ok: false,
      code: 'not-a-multiple',
      suggestions: { lower: rupees(180_850), higher: rupees(180_886) },
    });
    expect(splitFixedAmount(rupees(180_886), odd, { workCap: 10 })).toMatchObject({ ok: false, code: 'too-complex' });
    const result = splitFixedAmount(rupees(180_886), odd);
    expect(result.ok).toBe(true);
  });
});
