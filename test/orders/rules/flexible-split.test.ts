import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitFlexibleAmount } from '../../../src-main/orders/rules/flexible-split.js';
import type { SaleLimits } from '../../../src-main/orders/rules/sale-lines.js';
import type { SaleLine } from '../../../src-main/orders/rules/types.js';

const rupees = (r: number): number => Math.round(r * 100);
const line = (r: number, quantity: number): SaleLine => ({ denominationPaise: rupees(r), quantity });

/** TEST_FLEXIBLE_STANDARD: ₹100 – ₹10,000 a voucher, at most 5 vouchers, orders up to ₹50,000. */
const STANDARD: SaleLimits = {
  denominations: [],
  minOrder: rupees(100),
  maxOrder: rupees(50_000),
  maxVouchers: 5,
  maxPerDenomination: Infinity,
  maxDistinct: Infinity,
  minVoucher: rupees(100),
  maxVoucher: rupees(10_000),
};

describe('splitFlexibleAmount', () => {
  it('keeps an amount within one voucher as one voucher', () => {
    expect(splitFlexibleAmount(rupees(750), STANDARD)).toEqual({ ok: true, lines: [line(750, 1)] });
    expect(splitFlexibleAmount(rupees(10_000), STANDARD)).toEqual({ ok: true, lines: [line(10_000, 1)] });
  });

  it('splits into the fewest vouchers, as equal as possible in whole rupees', () => {
    expect(splitFlexibleAmount(rupees(25_000), STANDARD)).toEqual({ ok: true, lines: [line(8334, 1), line(8333, 2)] });
    expect(splitFlexibleAmount(rupees(20_000), STANDARD)).toEqual({ ok: true, lines: [line(10_000, 2)] });
    expect(splitFlexibleAmount(rupees(50_000), STANDARD)).toEqual({ ok: true, lines: [line(10_000, 5)] });
    // "The maximum, then the rest" would leave ₹50, under the ₹100 minimum.
    expect(splitFlexibleAmount(rupees(20_050), STANDARD)).toEqual({ ok: true, lines: [line(6684, 1), line(6683, 2)] });
  });

  it('puts any paise on one of the smaller vouchers', () => {
    expect(splitFlexibleAmount(rupees(25_000.5), STANDARD)).toEqual({ ok: true, lines: [line(8334, 1), line(8333.5, 1), line(8333, 1)] });
  });

  it('refuses with a reason when the brand allows too few vouchers or none fits the range', () => {
    expect(splitFlexibleAmount(rupees(25_000), { ...STANDARD, maxVouchers: 2 })).toEqual({
      ok: false,
      reason: '₹25,000 needs at least 3 vouchers of at most ₹10,000, but this brand allows at most 2 in one order.',
    });
    expect(splitFlexibleAmount(rupees(160), { ...STANDARD, maxVoucher: rupees(150) })).toEqual({
      ok: false,
      reason: "₹160 can't be split into vouchers of ₹100 – ₹150 each.",
    });
  });

  it('uses more vouchers when one value per order is all the brand allows', () => {
    // 3 × ₹8,333.33 is not whole paise; 4 × ₹6,250 is.
    expect(splitFlexibleAmount(rupees(25_000), { ...STANDARD, maxDistinct: 1 })).toEqual({ ok: true, lines: [line(6250, 4)] });
  });

  const limitsArb: fc.Arbitrary<SaleLimits> = fc
    .record({
      minVoucher: fc.integer({ min: 1, max: 50_000 }),
      width: fc.integer({ min: 0, max: 2_000_000 }),
      maxVouchers: fc.integer({ min: 1, max: 20 }),
      perValue: fc.option(fc.integer({ min: 1, max: 20 }), { nil: Infinity }),
      distinct: fc.option(fc.integer({ min: 1, max: 3 }), { nil: Infinity }),
      wholeRupees: fc.boolean(),
    })
    .map(({ minVoucher, width, maxVouchers, perValue, distinct, wholeRupees }) => {
      const round = (p: number): number => (wholeRupees ? Math.max(100, Math.round(p / 100) * 100) : p);
      const min = round(minVoucher);
      return {
        denominations: [],
        minOrder: min,
        maxOrder: Infinity,
        maxVouchers,
        maxPerDenomination: perValue,
        maxDistinct: distinct,
        minVoucher: min,
        maxVoucher: round(min + width),
      };
    });

  it('every split is within the limits; without per-value limits it is the fewest vouchers and refused only when none exists', () => {
    fc.assert(
      fc.property(limitsArb, fc.integer({ min: 1, max: 50_000_000 }), (limits, amount) => {
        const result = splitFlexibleAmount(amount, limits);
        const unconstrained = limits.maxPerDenomination === Infinity && limits.maxDistinct === Infinity;
        // Some n ≤ the order's limit with n × min ≤ amount ≤ n × max: exactly when a split exists.
        const counts = Array.from({ length: limits.maxVouchers }, (_, i) => i + 1);
        const possible = counts.filter((n) => n * limits.minVoucher <= amount && amount <= n * limits.maxVoucher);
        if (!result.ok) {
          expect(result.reason.length).toBeGreaterThan(0);
          if (unconstrained) expect(possible).toEqual([]);
          return;
        }
        const { lines } = result;
        const count = lines.reduce((n, l) => n + l.quantity, 0);
        expect(lines.reduce((s, l) => s + l.denominationPaise * l.quantity, 0)).toBe(amount);
        expect(count).toBeLessThanOrEqual(limits.maxVouchers);
        expect(new Set(lines.map((l) => l.denominationPaise)).size).toBe(lines.length);
        expect(lines.length).toBeLessThanOrEqual(Math.min(3, limits.maxDistinct));
        for (const l of lines) {
          expect(Number.isInteger(l.denominationPaise) && Number.isInteger(l.quantity) && l.quantity >= 1).toBe(true);
          expect(l.denominationPaise).toBeGreaterThanOrEqual(limits.minVoucher);
          expect(l.denominationPaise).toBeLessThanOrEqual(limits.maxVoucher);
          expect(l.quantity).toBeLessThanOrEqual(limits.maxPerDenomination);
        }
        if (unconstrained) {
          expect(count).toBe(possible[0]);
          // As equal as possible: within a rupee of each other (plus the paise on one voucher).
          const values = lines.map((l) => l.denominationPaise);
          expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(199);
        }
      }),
      { numRuns: 3000 },
    );
  });
});
