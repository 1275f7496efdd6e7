import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AmountRestrictions } from '../../../src-main/partner-api/types.js';
import { splitFixedAmount, type SplitResult } from '../../../src-main/orders/rules/split.js';
import { bruteForce } from './brute-force.js';

/** Values seen on real FIXED brands, plus odd ones (₹99, ₹149.50) that defeat simple gcd reasoning. */
const CATALOG_VALUES = [50, 100, 250, 500, 1000, 1500, 2000, 2500, 5000, 10000];
const ODD_VALUES = [99, 149.5, 199, 300, 750];

function restrictionsArb(values: number[], maxVouchers: number, maxOrder: number): fc.Arbitrary<AmountRestrictions> {
  return fc
    .record({
      denominations: fc.uniqueArray(fc.constantFrom(...values), { minLength: 1, maxLength: 8 }),
      maxVouchersPerOrder: fc.integer({ min: 1, max: maxVouchers }),
      perValue: fc.option(fc.integer({ min: 1, max: maxVouchers }), { nil: null }),
      distinct: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
      minOrder: fc.option(fc.integer({ min: 1, max: 5_000 }), { nil: null, freq: 3 }),
      maxOrderAmount: fc.oneof({ arbitrary: fc.constant(maxOrder), weight: 3 }, fc.integer({ min: 50, max: maxOrder })),
    })
    .map(({ denominations, maxVouchersPerOrder, perValue, distinct, minOrder, maxOrderAmount }) => {
      const smallest = Math.min(...denominations);
      const minOrderAmount = Math.min(minOrder ?? smallest, maxOrderAmount);
      return {
        minOrderAmount,
        maxOrderAmount,
        minVoucherAmount: smallest,
        maxVoucherAmount: Math.max(...denominations),
        maxVouchersPerOrder,
        maxVouchersPerDenomination: perValue,
        maxDenominationsPerOrder: distinct,
        denominations,
      };
    });
}

/** Amounts in paise: sums of listed values (often splittable), round rupees, and arbitrary paise. */
function amountArb(r: AmountRestrictions): fc.Arbitrary<number> {
  const values = r.denominations!.map((d) => Math.round(d * 100));
  const top = Math.max(...values) * (r.maxVouchersPerOrder + 2);
  return fc.oneof(
    {
      arbitrary: fc.array(fc.constantFrom(...values), { minLength: 1, maxLength: r.maxVouchersPerOrder + 1 }).map((xs) => xs.reduce((a, b) => a + b, 0)),
      weight: 3,
    },
    fc.integer({ min: 1, max: Math.ceil(top / 100) }).map((rupees) => rupees * 100),
    fc.integer({ min: 1, max: top }),
  );
}

/** Checks a split against every §2.3 restriction, written out again from the spec. */
function expectValid(result: SplitResult, amount: number, r: AmountRestrictions): void {
  if (!result.ok) throw new Error('expected a split');
  const listed = r.denominations!.map((d) => Math.round(d * 100));
  const values = result.lines.map((l) => l.denominationPaise);
  expect(new Set(values).size).toBe(values.length);
  for (const line of result.lines) {
    expect(listed).toContain(line.denominationPaise);
    expect(Number.isInteger(line.quantity) && line.quantity >= 1).toBe(true);
    if (r.maxVouchersPerDenomination !== null) expect(line.quantity).toBeLessThanOrEqual(r.maxVouchersPerDenomination);
  }
  const count = result.lines.reduce((n, l) => n + l.quantity, 0);
  expect(result.voucherCount).toBe(count);
  expect(count).toBeLessThanOrEqual(r.maxVouchersPerOrder);
  if (r.maxDenominationsPerOrder !== null) expect(result.lines.length).toBeLessThanOrEqual(r.maxDenominationsPerOrder);
  expect(result.lines.reduce((s, l) => s + l.denominationPaise * l.quantity, 0)).toBe(amount);
  expect(result.totalPaise).toBe(amount);
  expect(amount).toBeGreaterThanOrEqual(Math.round(r.minOrderAmount * 100));
  expect(amount).toBeLessThanOrEqual(Math.round(r.maxOrderAmount * 100));
}

/** Default options, and the count-table path forced on (it otherwise runs only on hard inputs). */
const PATHS = [{}, { quickSteps: 0 }];

const small = restrictionsArb([...CATALOG_VALUES, ...ODD_VALUES], 6, 200_000).chain((r) => fc.tuple(fc.constant(r), amountArb(r)));

describe('splitFixedAmount against exhaustive search (small limits)', () => {
  it('splits exactly when a valid split exists, and then the best one: fewest vouchers, fewest values, larger values first', () => {
    fc.assert(
      fc.property(small, ([r, amount]) => {
        const model = bruteForce(r);
        const expected = model.best.get(amount);
        for (const options of PATHS) {
          const result = splitFixedAmount(amount, r, options);
          if (!result.ok) {
            expect(result.code).not.toBe('too-complex');
            expect(expected, `refused ${amount}: ${result.reason}`).toBeUndefined();
            continue;
          }
          expectValid(result, amount, r);
          expect(expected).toBeDefined();
          const quantities = model.values.map((v) => result.lines.find((l) => l.denominationPaise === v)?.quantity ?? 0);
          expect(quantities).toEqual(expected!.quantities);
        }
      }),
      { numRuns: 600 },
    );
  });

  it('suggests exactly the nearest splittable amounts below and above a refused one', () => {
    fc.assert(
      fc.property(small, ([r, amount]) => {
        const sums = [...bruteForce(r).best.keys()];
        const below = sums.filter((s) => s < amount);
        const above = sums.filter((s) => s > amount);
        for (const options of PATHS) {
          const result = splitFixedAmount(amount, r, options);
          if (result.ok) continue;
          expect(result.suggestions.lower).toBe(below.length ? Math.max(...below) : undefined);
          expect(result.suggestions.higher).toBe(above.length ? Math.min(...above) : undefined);
          for (const suggestion of [result.suggestions.lower, result.suggestions.higher]) {
            if (suggestion !== undefined) expectValid(splitFixedAmount(suggestion, r), suggestion, r);
          }
        }
      }),
      { numRuns: 600 },
    );
  });
});

describe('splitFixedAmount on realistic limits (≤ 100 vouchers, amounts ≤ ₹2,00,000)', () => {
  const realistic = restrictionsArb(CATALOG_VALUES, 100, 200_000).chain((r) =>
    fc.tuple(fc.constant(r), fc.oneof(amountArb(r), fc.integer({ min: 1, max: 20_000_000 }))),
  );

  it('never gives up, every split is valid, and every suggestion can itself be split', () => {
    fc.assert(
      fc.property(realistic, ([r, amount]) => {
        const result = splitFixedAmount(amount, r);
        if (result.ok) return expectValid(result, amount, r);
        expect(result.code).not.toBe('too-complex');
        const { lower, higher } = result.suggestions;
        if (lower !== undefined) {
          expect(lower).toBeLessThan(amount);
          expectValid(splitFixedAmount(lower, r), lower, r);
        }
        if (higher !== undefined) {
          expect(higher).toBeGreaterThan(amount);
          expectValid(splitFixedAmount(higher, r), higher, r);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('is fast: 2,000 realistic splits (with their suggestions) take well under a second', () => {
    const cases = fc.sample(realistic, { numRuns: 2000, seed: 20_261_125 });
    for (const [r, amount] of cases.slice(0, 200)) splitFixedAmount(amount, r); // warm the JIT
    const started = performance.now();
    for (const [r, amount] of cases) splitFixedAmount(amount, r);
    const perSplit = (performance.now() - started) / cases.length;
    expect(perSplit).toBeLessThan(1);
  });
});
