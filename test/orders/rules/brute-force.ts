import type { AmountRestrictions } from '../../../src-main/partner-api/types.js';

/**
 * An independent, exhaustive model of a FIXED brand's splits for small limits: every
 * quantity vector is enumerated, so the property tests can check the real splitter's
 * answers (existence, minimality, tie-breaks, nearest amounts) against the definition.
 */

export interface BruteSplit {
  /** Aligned with `values` (paise, descending). */
  quantities: number[];
  count: number;
  distinct: number;
}

export interface BruteModel {
  values: number[];
  /** Best split for every total inside the order range that has one. */
  best: Map<number, BruteSplit>;
}

/** (count, distinct) ascending, then more of the larger values first. */
function better(a: BruteSplit, b: BruteSplit): boolean {
  if (a.count !== b.count) return a.count < b.count;
  if (a.distinct !== b.distinct) return a.distinct < b.distinct;
  for (let i = 0; i < a.quantities.length; i++) {
    if (a.quantities[i] !== b.quantities[i]) return a.quantities[i]! > b.quantities[i]!;
  }
  return false;
}

export function bruteForce(r: AmountRestrictions): BruteModel {
  const values = [...new Set((r.denominations ?? []).map((d) => Math.round(d * 100)))].sort((a, b) => b - a);
  const maxVouchers = r.maxVouchersPerOrder;
  const perValue = r.maxVouchersPerDenomination ?? Infinity;
  const maxDistinct = r.maxDenominationsPerOrder ?? Infinity;
  const min = Math.round(r.minOrderAmount * 100);
  const max = Math.round(r.maxOrderAmount * 100);
  const best = new Map<number, BruteSplit>();
  const q = new Array<number>(values.length).fill(0);

  const walk = (i: number, sum: number, count: number, distinct: number): void => {
    if (i === values.length) {
      if (count === 0 || sum < min || sum > max) return;
      const candidate = { quantities: q.slice(), count, distinct };
      const current = best.get(sum);
      if (!current || better(candidate, current)) best.set(sum, candidate);
      return;
    }
    for (let n = 0; n <= Math.min(perValue, maxVouchers - count); n++) {
      if (n > 0 && distinct + 1 > maxDistinct) break;
      q[i] = n;
      walk(i + 1, sum + n * values[i]!, count + n, n > 0 ? distinct + 1 : distinct);
    }
    q[i] = 0;
  };
  walk(0, 0, 0, 0);
  return { values, best };
}
