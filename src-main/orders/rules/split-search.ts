/**
 * Exact searches over a FIXED brand's denominations, used by split.ts.
 *
 * Everything here is in "units": paise divided by the gcd of the denominations, so ₹500 and
 * ₹300 become 5 and 3 and an amount of ₹2,00,000 is 2000 units, not 2 crore paise. Each
 * search is a depth-first branch-and-bound over the denominations, largest first, trying
 * the largest quantity first; the bounds below cut almost every branch on real catalogs.
 * A work budget (one unit per quantity tried) turns pathological input into a "gave up"
 * answer instead of a hung till.
 */

/** The limits of §2.3 in units. Unlimited is Infinity, so comparisons need no null checks. */
export interface UnitLimits {
  /** Distinct denominations, strictly descending. */
  values: readonly number[];
  maxVouchers: number;
  maxPerValue: number;
  maxDistinct: number;
}

export type SearchOutcome<T> = { kind: 'found'; value: T } | { kind: 'none' } | { kind: 'gave-up' };

export interface Budget {
  left: number;
}

export function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/** suffix[i] = gcd(values[i..]): the remainder after value i-1 must be a multiple of it. */
function suffixGcds(values: readonly number[]): number[] {
  const out = new Array<number>(values.length);
  let g = 0;
  for (let i = values.length - 1; i >= 0; i--) out[i] = g = gcd(values[i]!, g);
  return out;
}

/**
 * The largest total reachable with values[i..] using at most `vouchers` vouchers and
 * `distinct` denominations: fill the largest values first (an exchange argument shows no
 * other choice does better). Exact sums may fall short of it; it is only a bound.
 */
function reach(l: UnitLimits, i: number, vouchers: number, distinct: number): number {
  let total = 0;
  for (let j = i; j < l.values.length && vouchers > 0 && distinct > 0; j++, distinct--) {
    const take = Math.min(l.maxPerValue, vouchers);
    total += take * l.values[j]!;
    vouchers -= take;
  }
  return total;
}

/** Marks an amount no combination reaches; counts saturate just below it. */
export const UNREACHABLE = 0xffff;
const SATURATED = UNREACHABLE - 1;

/**
 * tables[i][x] = fewest vouchers making x from values[i..] with no per-value or distinct
 * limits, saturated at 65534 (so it stays a lower bound), UNREACHABLE when none does.
 * Built only when the depth-first search alone struggles: odd values such as ₹149.50
 * next to ₹250 make the gcd useless as a pruning test, and this table restores an exact
 * "can the rest still be made at all?" answer at every level. k × (target + 1) entries.
 */
export function countTables(values: readonly number[], upTo: number): Uint16Array[] {
  const tables: Uint16Array[] = new Array(values.length);
  let below: Uint16Array | null = null;
  for (let i = values.length - 1; i >= 0; i--) {
    const value = values[i]!;
    const table: Uint16Array = below ? below.slice() : new Uint16Array(upTo + 1).fill(UNREACHABLE);
    table[0] = 0;
    for (let x = value; x <= upTo; x++) {
      const prev = table[x - value]!;
      if (prev !== UNREACHABLE && prev + 1 < table[x]!) table[x] = Math.min(prev + 1, SATURATED);
    }
    tables[i] = below = table;
  }
  return tables;
}

/**
 * Quantities (aligned with values) summing exactly to `target`, with the fewest vouchers,
 * then the fewest distinct denominations, then the most of the larger denominations.
 * The search visits vectors in descending lexicographic order, so the first vector found
 * with a given (count, distinct) is the tie-break winner; later ones replace it only when
 * strictly better.
 */
export function fewestVouchers(
  l: UnitLimits,
  target: number,
  budget: Budget,
  tables?: readonly Uint16Array[],
): SearchOutcome<number[]> {
  const { values, maxVouchers, maxPerValue, maxDistinct } = l;
  const k = values.length;
  const suffix = suffixGcds(values);
  const q = new Array<number>(k).fill(0);
  let best: number[] | null = null;
  let bestCount = Infinity;
  let bestDistinct = Infinity;

  const record = (used: number, distinct: number): void => {
    if (used < bestCount || (used === bestCount && distinct < bestDistinct)) {
      best = q.slice();
      bestCount = used;
      bestDistinct = distinct;
    }
  };

  // Returns false when the budget ran out.
  const visit = (i: number, rest: number, used: number, distinct: number): boolean => {
    if (rest === 0) {
      record(used, distinct);
      return true;
    }
    if (i === k || distinct >= maxDistinct || rest % suffix[i]! !== 0) return true;
    const value = values[i]!;
    const fewest = tables ? tables[i]![rest]! : 0;
    if (fewest === UNREACHABLE) return true;
    const atLeast = used + Math.max(Math.ceil(rest / value), fewest);
    if (atLeast > maxVouchers || atLeast > bestCount) return true;
    if (atLeast === bestCount && distinct + 1 >= bestDistinct) return true;
    if (rest > reach(l, i, maxVouchers - used, maxDistinct - distinct)) return true;

    if (i === k - 1) {
      // rest is a multiple of the last value (suffix gcd), so the quantity is forced.
      const n = rest / value;
      if (n <= maxPerValue) {
        q[i] = n;
        record(used + n, distinct + 1);
        q[i] = 0;
      }
      return true;
    }
    const next = values[i + 1]!;
    for (let n = Math.min(Math.floor(rest / value), maxPerValue, maxVouchers - used); n >= 0; n--) {
      if (--budget.left < 0) return false;
      const after = rest - n * value;
      // n + ceil(after / next) never decreases as n does (value > next), so once it is
      // over a limit every smaller n is too.
      const floor = used + n + Math.ceil(after / next);
      if (floor > maxVouchers || floor > bestCount) break;
      if (tables && tables[i + 1]![after] === UNREACHABLE) continue;
      q[i] = n;
      const finished = visit(i + 1, after, used + n, n > 0 ? distinct + 1 : distinct);
      q[i] = 0;
      if (!finished) return false;
    }
    return true;
  };

  if (!visit(0, target, 0, 0)) return { kind: 'gave-up' };
  return best ? { kind: 'found', value: best } : { kind: 'none' };
}

/** The largest total within [low, high] that some valid selection reaches exactly. */
export function largestWithin(l: UnitLimits, low: number, high: number, budget: Budget): SearchOutcome<number> {
  const { values, maxVouchers, maxPerValue, maxDistinct } = l;
  const suffix = suffixGcds(values);
  let best = -1;

  const visit = (i: number, sum: number, used: number, distinct: number): boolean => {
    if (sum >= low && sum > 0 && sum > best) best = sum;
    if (best === high || i === values.length || used === maxVouchers || distinct === maxDistinct) return true;
    // Whatever values[i..] add is a multiple of suffix[i] and at most the reach.
    const room = Math.min(high - sum, reach(l, i, maxVouchers - used, maxDistinct - distinct));
    if (sum + room - (room % suffix[i]!) <= best) return true;
    const value = values[i]!;
    for (let n = Math.min(Math.floor((high - sum) / value), maxPerValue, maxVouchers - used); n >= 0; n--) {
      if (--budget.left < 0) return false;
      if (!visit(i + 1, sum + n * value, used + n, n > 0 ? distinct + 1 : distinct)) return false;
      if (best === high) return true;
    }
    return true;
  };

  if (high < 1 || high < low) return { kind: 'none' };
  if (!visit(0, 0, 0, 0)) return { kind: 'gave-up' };
  return best > 0 ? { kind: 'found', value: best } : { kind: 'none' };
}

/** The smallest total within [low, high] that some valid selection reaches exactly. */
export function smallestWithin(l: UnitLimits, low: number, high: number, budget: Budget): SearchOutcome<number> {
  const { values, maxVouchers, maxPerValue, maxDistinct } = l;
  const suffix = suffixGcds(values);
  const target = Math.max(low, 1);
  let best = Infinity;

  const visit = (i: number, sum: number, used: number, distinct: number): boolean => {
    if (sum >= target) {
      // Adding vouchers only moves further from the target.
      if (sum <= high && sum < best) best = sum;
      return true;
    }
    if (i === values.length || used === maxVouchers || distinct === maxDistinct) return true;
    if (sum + reach(l, i, maxVouchers - used, maxDistinct - distinct) < target) return true;
    const need = target - sum;
    if (sum + Math.ceil(need / suffix[i]!) * suffix[i]! >= best) return true;
    const value = values[i]!;
    // More than ceil(need / value) of this value only overshoots further.
    const most = Math.min(Math.ceil(need / value), Math.floor((high - sum) / value), maxPerValue, maxVouchers - used);
    for (let n = most; n >= 0; n--) {
      if (--budget.left < 0) return false;
      if (!visit(i + 1, sum + n * value, used + n, n > 0 ? distinct + 1 : distinct)) return false;
      if (best === target) return true;
    }
    return true;
  };

  if (target > high) return { kind: 'none' };
  if (!visit(0, 0, 0, 0)) return { kind: 'gave-up' };
  return best !== Infinity ? { kind: 'found', value: best } : { kind: 'none' };
}

/**
 * The first total from `from` towards `to` (either direction) that a valid selection
 * reaches exactly: the fallback for the two searches above when odd values defeat their
 * bounds. The count table discards most totals at once; the rest get an exact search.
 */
export function firstSplittable(
  l: UnitLimits,
  from: number,
  to: number,
  tables: readonly Uint16Array[],
  budget: Budget,
): SearchOutcome<number> {
  const step = from <= to ? 1 : -1;
  const fewest = tables[0]!;
  for (let total = from; step > 0 ? total <= to : total >= to; total += step) {
    if (--budget.left < 0) return { kind: 'gave-up' };
    if (total < 1 || fewest[total]! > l.maxVouchers) continue;
    const found = fewestVouchers(l, total, budget, tables);
    if (found.kind === 'found') return { kind: 'found', value: total };
    if (found.kind === 'gave-up') return found;
  }
  return { kind: 'none' };
}
