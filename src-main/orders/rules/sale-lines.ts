import { formatRupees, isPositivePaise, listRupees } from './money.js';
import type { FixedLimits } from './split.js';
import type { FieldProblem, SaleLine } from './types.js';

/**
 * The voucher lines of a sale against §2.3: listed values (FIXED) or the per-voucher range
 * (FLEXIBLE), Σ = amount, vouchers per order, per value, distinct values. All problems are
 * reported together so the cashier fixes them in one go.
 */

/** The service takes at most this many of one value and this many lines in one order. */
export const MAX_QUANTITY = 10_000;
export const MAX_LINES = 100;

export interface SaleLimits extends FixedLimits {
  minVoucher: number;
  maxVoucher: number;
}

export type DenominationRule = { kind: 'FIXED'; listed: readonly number[] } | { kind: 'FLEXIBLE' };

/**
 * Well-formed lines, merged by value, largest first. A quantity of 0 is dropped (a
 * denomination button nobody pressed); the same value twice is one line, because the
 * service refuses a repeated denomination.
 */
export function mergeLines(raw: readonly SaleLine[]): { lines: SaleLine[]; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const byValue = new Map<number, number>();
  for (const { denominationPaise, quantity } of raw) {
    if (!Number.isSafeInteger(quantity) || quantity < 0) {
      problems.push({ field: 'lines', message: `Quantities must be whole numbers of vouchers (got ${quantity}).` });
      continue;
    }
    if (!isPositivePaise(denominationPaise)) {
      problems.push({ field: 'lines', message: 'Each voucher value must be more than ₹0, with at most 2 decimals.' });
      continue;
    }
    if (quantity > 0) byValue.set(denominationPaise, (byValue.get(denominationPaise) ?? 0) + quantity);
  }
  const lines = [...byValue].map(([denominationPaise, quantity]) => ({ denominationPaise, quantity }));
  lines.sort((a, b) => b.denominationPaise - a.denominationPaise);
  if (lines.length === 0 && problems.length === 0) problems.push({ field: 'lines', message: 'Choose at least one voucher.' });
  return { lines, problems };
}

/**
 * Problems of merged lines for a sale of `amount`. `field` is 'lines' when the cashier chose
 * the vouchers, 'amount' when the app derived them from the amount (a FLEXIBLE split).
 */
export function linesProblems(
  lines: readonly SaleLine[],
  amount: number,
  rule: DenominationRule,
  limits: SaleLimits,
  field: 'lines' | 'amount',
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (message: string): void => void problems.push({ field, message });

  if (rule.kind === 'FIXED') {
    for (const { denominationPaise: d } of lines) {
      if (!rule.listed.includes(d)) add(`${formatRupees(d)} is not a value this brand sells (it sells ${listRupees(rule.listed)}).`);
    }
  } else {
    const range = `between ${formatRupees(limits.minVoucher)} and ${formatRupees(limits.maxVoucher)}`;
    for (const { denominationPaise: d } of lines) {
      if (d < limits.minVoucher || d > limits.maxVoucher) add(`Each voucher must be ${range}; ${formatRupees(d)} is not.`);
    }
  }

  const total = lines.reduce((sum, l) => sum + l.denominationPaise * l.quantity, 0);
  if (total !== amount) add(`The vouchers add up to ${formatRupees(total)}, but the sale amount is ${formatRupees(amount)}.`);

  const count = lines.reduce((n, l) => n + l.quantity, 0);
  if (count > limits.maxVouchers) {
    add(`This brand allows at most ${limits.maxVouchers} vouchers in one order; this sale has ${count}.`);
  }
  for (const { denominationPaise: d, quantity } of lines) {
    if (quantity > Math.min(limits.maxPerDenomination, MAX_QUANTITY)) {
      const most = Math.min(limits.maxPerDenomination, MAX_QUANTITY);
      add(`At most ${most} vouchers of the same value per order; this sale has ${quantity} × ${formatRupees(d)}.`);
    }
  }
  if (lines.length > Math.min(limits.maxDistinct, MAX_LINES)) {
    const most = Math.min(limits.maxDistinct, MAX_LINES);
    add(`At most ${most} different voucher values in one order; this sale has ${lines.length}.`);
  }
  return problems;
}
