import type { AmountRestrictions } from '../../partner-api/types.js';
import { formatRupees, isPositivePaise, listRupees, paiseFromRupees, toPaise } from './money.js';
import {
  UNREACHABLE,
  countTables,
  fewestVouchers,
  firstSplittable,
  gcd,
  largestWithin,
  smallestWithin,
  type UnitLimits,
} from './split-search.js';
import type { AmountSuggestions, SaleLine } from './types.js';

/**
 * Automatic split of a FIXED brand's amount into listed denominations (spec §2.3: "a FIXED
 * order amount that is not a listed value must be split into listed denominations").
 *
 * API in paise: the amount is integer paise; `restrictions` is the brand's object as the
 * catalog holds it (rupees) and is converted here, once. The split is exact, not greedy —
 * [₹500, ₹300] for ₹900 is 3 × ₹300 — and chosen deterministically: fewest vouchers, then
 * fewest distinct denominations, then as many of the larger denominations as possible.
 */

export type SplitRefusalCode =
  | 'no-denominations'
  | 'invalid-amount'
  | 'below-min-order'
  | 'above-max-order'
  | 'not-a-multiple'
  | 'too-many-vouchers'
  | 'limits'
  | 'no-combination'
  | 'too-complex';

export interface Split {
  ok: true;
  /** Largest denomination first; every quantity ≥ 1. */
  lines: SaleLine[];
  voucherCount: number;
  totalPaise: number;
}

export interface SplitRefusal {
  ok: false;
  code: SplitRefusalCode;
  /** One or two sentences for the cashier, including the suggestions when there are any. */
  reason: string;
  /** Nearest amounts below and above that can be split, in paise. */
  suggestions: AmountSuggestions;
}

export type SplitResult = Split | SplitRefusal;

export interface SplitOptions {
  /**
   * Steps each search may take before it gives up. The default answers real catalogs in
   * well under a millisecond and refuses pathological input within tens of milliseconds.
   */
  workCap?: number;
  /** Steps a plain search gets before count tables are built; 0 forces the tables (tests). */
  quickSteps?: number;
}

/** A FIXED brand's limits in paise; unlimited is Infinity. */
export interface FixedLimits {
  /** Distinct, positive, largest first. */
  denominations: number[];
  minOrder: number;
  maxOrder: number;
  maxVouchers: number;
  maxPerDenomination: number;
  maxDistinct: number;
}

const DEFAULT_WORK_CAP = 200_000;
/** A plain search that needs more steps than this is retried with count tables. */
const QUICK_STEPS = 20_000;
/** Largest count table built: 3 M entries is 6 MB for a moment and a few milliseconds. */
const TABLE_ENTRIES = 3_000_000;

/** Reads a brand's restrictions into paise. Unusable denominations (≤ 0, > 2 decimals) are dropped. */
export function fixedLimitsOf(r: AmountRestrictions): FixedLimits {
  const paise = (r.denominations ?? []).map(paiseFromRupees).filter((p): p is number => p !== null && isPositivePaise(p));
  const limit = (n: number | null): number => (n === null ? Infinity : Math.max(0, Math.floor(n)));
  return {
    denominations: [...new Set(paise)].sort((a, b) => b - a),
    minOrder: toPaise(r.minOrderAmount),
    maxOrder: toPaise(r.maxOrderAmount),
    maxVouchers: limit(r.maxVouchersPerOrder),
    maxPerDenomination: limit(r.maxVouchersPerDenomination),
    maxDistinct: limit(r.maxDenominationsPerOrder),
  };
}

export function splitFixedAmount(amountPaise: number, restrictions: AmountRestrictions, options: SplitOptions = {}): SplitResult {
  return splitWithLimits(amountPaise, fixedLimitsOf(restrictions), options);
}

export function splitWithLimits(amount: number, limits: FixedLimits, options: SplitOptions = {}): SplitResult {
  const cap = options.workCap ?? DEFAULT_WORK_CAP;
  const quick = Math.min(cap, options.quickSteps ?? QUICK_STEPS);
  const { denominations, minOrder, maxOrder, maxVouchers } = limits;
  if (denominations.length === 0) {
    return refuse('no-denominations', 'This brand lists no voucher values to sell; refresh the catalog.');
  }
  if (!isPositivePaise(amount)) return refuse('invalid-amount', 'Enter an amount greater than ₹0.');

  const g = denominations.reduce(gcd);
  const units: UnitLimits = {
    values: denominations.map((d) => d / g),
    maxVouchers,
    maxPerValue: limits.maxPerDenomination,
    maxDistinct: limits.maxDistinct,
  };
  const tables = tableCache(units.values, Math.floor(maxOrder / g));
  const near = (): AmountSuggestions => suggestionsNear(amount, g, limits, units, { cap, quick }, tables);
  const rupees = formatRupees(amount);

  if (amount < minOrder) return refuse('below-min-order', `The smallest order for this brand is ${formatRupees(minOrder)}.`, near());
  if (amount > maxOrder) return refuse('above-max-order', `The largest order for this brand is ${formatRupees(maxOrder)}.`, near());
  if (amount % g !== 0) {
    const why = `${rupees} can't be made from ${listRupees(denominations)} vouchers: the amount must be a multiple of ${formatRupees(g)}.`;
    return refuse('not-a-multiple', why, near());
  }

  const target = amount / g;
  let found = fewestVouchers(units, target, { left: quick });
  if (found.kind === 'gave-up' && cap > quick) found = fewestVouchers(units, target, { left: cap }, tables(target));
  if (found.kind === 'found') {
    const lines = found.value
      .map((quantity, i) => ({ denominationPaise: denominations[i]!, quantity }))
      .filter((line) => line.quantity > 0);
    return { ok: true, lines, voucherCount: lines.reduce((n, l) => n + l.quantity, 0), totalPaise: amount };
  }
  if (found.kind === 'gave-up') {
    return refuse('too-complex', `Couldn't work out a split for ${rupees} automatically; choose the vouchers by hand.`);
  }
  const [code, why] = diagnose(amount, g, limits, units, quick, tables);
  return refuse(code, why, near());
}

/** Why no split exists, found by relaxing the limits; every sentence stays true when a relaxed search gives up. */
function diagnose(
  amount: number,
  g: number,
  limits: FixedLimits,
  units: UnitLimits,
  quick: number,
  tables: TableCache,
): [SplitRefusalCode, string] {
  const rupees = formatRupees(amount);
  const atLeast = Math.ceil(amount / limits.denominations[0]!);
  const tooMany = (n: number): [SplitRefusalCode, string] => [
    'too-many-vouchers',
    `${rupees} needs at least ${n} vouchers, but this brand allows at most ${limits.maxVouchers} in one order.`,
  ];
  if (atLeast > limits.maxVouchers) return tooMany(atLeast);

  // The fewest vouchers with no per-value or distinct limits: none at all, or more than the
  // order allows, is the reason; otherwise those two limits are.
  const target = amount / g;
  const unlimitedCount = ((): number | 'none' | 'unknown' => {
    const smallest = units.values[units.values.length - 1]!;
    const unlimited = { values: units.values, maxVouchers: Math.ceil(target / smallest), maxPerValue: Infinity, maxDistinct: Infinity };
    const relaxed = fewestVouchers(unlimited, target, { left: quick });
    if (relaxed.kind === 'found') return relaxed.value.reduce((a, b) => a + b, 0);
    if (relaxed.kind === 'none') return 'none';
    // Without per-value or distinct limits the count table is the exact answer.
    const fewest = tables(target)?.[0]![target];
    return fewest === undefined ? 'unknown' : fewest === UNREACHABLE ? 'none' : fewest;
  })();
  if (unlimitedCount === 'none') {
    return ['no-combination', `No combination of ${listRupees(limits.denominations)} vouchers adds up to exactly ${rupees}.`];
  }
  if (unlimitedCount !== 'unknown' && unlimitedCount > limits.maxVouchers) return tooMany(unlimitedCount);
  return ['limits', `${rupees} can't be split within this brand's limits (${describeLimits(limits)}).`];
}

function describeLimits(l: FixedLimits): string {
  const parts = [`at most ${l.maxVouchers} vouchers per order`];
  if (l.maxPerDenomination !== Infinity) parts.push(`at most ${l.maxPerDenomination} of each value`);
  if (l.maxDistinct !== Infinity) parts.push(`at most ${l.maxDistinct} different values`);
  return parts.join(', ');
}

/**
 * The nearest splittable amounts strictly below and above `amount` within the order range.
 * Each is a proven optimum; a search that gives up contributes nothing rather than a guess.
 */
function suggestionsNear(
  amount: number,
  g: number,
  limits: FixedLimits,
  units: UnitLimits,
  { cap, quick }: { cap: number; quick: number },
  tables: TableCache,
): AmountSuggestions {
  const lowUnits = Math.ceil(limits.minOrder / g);
  const highUnits = Math.floor(limits.maxOrder / g);
  const below = Math.min(Math.ceil(amount / g) - 1, highUnits);
  const above = Math.max(Math.floor(amount / g) + 1, lowUnits);
  const out: AmountSuggestions = {};

  // A quick branch-and-bound first; when it gives up, a table-filtered scan (or, when the
  // tables would be too large, the same search with the full budget).
  let lower = largestWithin(units, lowUnits, below, { left: quick });
  if (lower.kind === 'gave-up' && cap > quick) {
    const t = tables(below);
    lower = t ? firstSplittable(units, below, lowUnits, t, { left: cap }) : largestWithin(units, lowUnits, below, { left: cap });
  }
  if (lower.kind === 'found') out.lower = lower.value * g;

  let higher = smallestWithin(units, above, highUnits, { left: quick });
  if (higher.kind === 'gave-up' && cap > quick) {
    const t = tables(highUnits);
    higher = t ? firstSplittable(units, above, highUnits, t, { left: cap }) : smallestWithin(units, above, highUnits, { left: cap });
  }
  if (higher.kind === 'found') out.higher = higher.value * g;
  return out;
}

interface TableCache {
  /** Count tables covering totals up to `upTo`, or undefined when they would be too large. */
  (upTo: number): Uint16Array[] | undefined;
  /** Tables already built that cover `upTo`, without building any. */
  built(upTo: number): Uint16Array[] | undefined;
}

/**
 * Builds count tables at most once per split: a longer table serves every shorter need, so
 * the first build reaches the largest total any search here can ask about (`reachHint`,
 * the max order) when that fits.
 */
function tableCache(values: readonly number[], reachHint: number): TableCache {
  let cached: Uint16Array[] | undefined;
  const covers = (upTo: number): boolean => cached !== undefined && cached[0]!.length > upTo;
  const get = (wanted: number): Uint16Array[] | undefined => {
    const upTo = Math.max(0, wanted);
    if (covers(upTo)) return cached;
    const fits = (n: number): boolean => (n + 1) * values.length <= TABLE_ENTRIES;
    if (!fits(upTo)) return undefined;
    return (cached = countTables(values, fits(reachHint) ? Math.max(upTo, reachHint) : upTo));
  };
  return Object.assign(get, { built: (upTo: number) => (covers(upTo) ? cached : undefined) });
}

function refuse(code: SplitRefusalCode, why: string, suggestions: AmountSuggestions = {}): SplitRefusal {
  const { lower, higher } = suggestions;
  let reason = why;
  if (lower !== undefined && higher !== undefined) {
    reason += ` Nearest amounts that can be sold: ${formatRupees(lower)} or ${formatRupees(higher)}.`;
  } else if (lower !== undefined || higher !== undefined) {
    reason += ` The nearest amount that can be sold is ${formatRupees((lower ?? higher)!)}.`;
  }
  return { ok: false, code, reason, suggestions };
}
