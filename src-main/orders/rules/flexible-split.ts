import { formatRupees } from './money.js';
import { linesProblems, type SaleLimits } from './sale-lines.js';
import type { SaleLine } from './types.js';

/**
 * Automatic split of a FLEXIBLE amount into vouchers each within the brand's per-voucher
 * range, as FIXED amounts are split into listed values.
 *
 * Rule: the fewest vouchers, then as equal as possible — whole rupees where that fits, any
 * paise on one voucher. ₹25,000 with ₹10,000 a voucher is ₹8,334 + ₹8,333 + ₹8,333, not
 * ₹10,000 + ₹10,000 + ₹5,000: an equal split fits whenever any split into that many vouchers
 * does (n × min ≤ amount ≤ n × max), while "the maximum, then the rest" leaves a remainder that
 * can fall under the minimum (₹20,050 → ₹50 under a ₹100 minimum). Both use at most two values.
 */

export type FlexibleSplit = { ok: true; lines: SaleLine[] } | { ok: false; reason: string };

/** Vouchers counts tried beyond the fewest, when a per-value or distinct-value limit bites. */
const MORE_COUNTS_TRIED = 1_000;

/** `amount` (paise, within the order range) as vouchers of [minVoucher, maxVoucher]. */
export function splitFlexibleAmount(amount: number, limits: SaleLimits): FlexibleSplit {
  const { minVoucher, maxVoucher, maxVouchers } = limits;
  const rupees = formatRupees(amount);
  const range = `${formatRupees(minVoucher)} – ${formatRupees(maxVoucher)}`;
  if (amount <= maxVoucher) {
    const one = [{ denominationPaise: amount, quantity: 1 }];
    const problems = linesProblems(one, amount, { kind: 'FLEXIBLE' }, limits, 'amount');
    return problems.length === 0 ? { ok: true, lines: one } : { ok: false, reason: problems[0]!.message };
  }
  const fewest = Math.ceil(amount / maxVoucher);
  if (fewest > maxVouchers) {
    return {
      ok: false,
      reason: `${rupees} needs at least ${fewest} vouchers of at most ${formatRupees(maxVoucher)}, but this brand allows at most ${maxVouchers} in one order.`,
    };
  }
  // More vouchers only make each one smaller, so if the fewest are under the minimum nothing fits.
  if (fewest * minVoucher > amount) {
    return { ok: false, reason: `${rupees} can't be split into vouchers of ${range} each.` };
  }
  const most = Math.min(maxVouchers, Math.floor(amount / minVoucher), fewest + MORE_COUNTS_TRIED);
  let firstProblem: string | undefined;
  for (let n = fewest; n <= most; n++) {
    const lines = equalSplit(amount, n, limits);
    const problems = linesProblems(lines, amount, { kind: 'FLEXIBLE' }, limits, 'amount');
    if (problems.length === 0) return { ok: true, lines };
    firstProblem ??= problems[0]!.message;
  }
  return { ok: false, reason: `${rupees} can't be split into vouchers of ${range} within this brand's limits. ${firstProblem ?? ''}`.trim() };
}

/** `n` vouchers adding up to `amount`, as equal as possible; largest value first. */
function equalSplit(amount: number, n: number, limits: SaleLimits): SaleLine[] {
  const inRange = (lines: SaleLine[]): boolean => lines.every((l) => l.denominationPaise >= limits.minVoucher && l.denominationPaise <= limits.maxVoucher);
  const wholeRupees = spread(amount - (amount % 100), n, 100);
  const paise = amount % 100;
  if (paise > 0) {
    // The paise ride on one of the smaller vouchers, so it stays under the larger ones.
    const smallest = wholeRupees[wholeRupees.length - 1]!;
    smallest.quantity -= 1;
    wholeRupees.push({ denominationPaise: smallest.denominationPaise + paise, quantity: 1 });
  }
  const lines = merge(wholeRupees);
  // Limits that are not whole rupees can leave a rupee-rounded voucher just outside them; paise never do.
  return inRange(lines) ? lines : merge(spread(amount, n, 1));
}

/** `total` (a multiple of `unit`) over `n` vouchers: some of ⌈total/n⌉ units, the rest ⌊total/n⌋. */
function spread(total: number, n: number, unit: number): SaleLine[] {
  const units = total / unit;
  const base = Math.floor(units / n);
  const bigger = units % n;
  return [
    { denominationPaise: (base + 1) * unit, quantity: bigger },
    { denominationPaise: base * unit, quantity: n - bigger },
  ];
}

function merge(lines: SaleLine[]): SaleLine[] {
  const byValue = new Map<number, number>();
  for (const l of lines) if (l.quantity > 0) byValue.set(l.denominationPaise, (byValue.get(l.denominationPaise) ?? 0) + l.quantity);
  return [...byValue].map(([denominationPaise, quantity]) => ({ denominationPaise, quantity })).sort((a, b) => b.denominationPaise - a.denominationPaise);
}
