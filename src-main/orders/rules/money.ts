/**
 * Money in the order rules is integer paise. Rupee amounts with at most two decimals cross
 * the wire (and the catalog's amountRestrictions) as JSON numbers; converting once, at the
 * edge, means 0.1 + 0.2 style float drift can never make a valid sale look invalid.
 */

/** The service refuses amounts above ₹1,00,00,00,000; so does the client. */
export const MAX_AMOUNT_PAISE = 100_000_000_000;

/** Rupees (≤ 2 decimals) → paise. Use only on values already known to have ≤ 2 decimals. */
export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Rupees → paise, or null when the value is not a finite number with at most two decimals. */
export function paiseFromRupees(rupees: number): number | null {
  if (!Number.isFinite(rupees)) return null;
  const paise = Math.round(rupees * 100);
  if (!Number.isSafeInteger(paise)) return null;
  // A typed two-decimal value is the double nearest paise / 100; a few ulps of slack admit
  // computed values (0.1 + 0.2), while a real third decimal (0.305) is far outside it.
  const slack = 4 * Number.EPSILON * Math.max(1, Math.abs(rupees));
  return Math.abs(paise / 100 - rupees) <= slack ? paise : null;
}

/** Paise → rupees for the wire: an exact two-decimal number. */
export function toRupees(paise: number): number {
  return paise / 100;
}

/** A positive whole number of paise within the service's ceiling. */
export function isPositivePaise(paise: number): boolean {
  return Number.isSafeInteger(paise) && paise > 0 && paise <= MAX_AMOUNT_PAISE;
}

// Built on first use: ICU's first formatter costs ~10 ms of CPU, which a counter's start need not pay.
let formats: { whole: Intl.NumberFormat; withPaise: Intl.NumberFormat } | null = null;

/** "₹2,00,000", "₹1,500.50": Indian digit grouping, paise only when there are some. */
export function formatRupees(paise: number): string {
  formats ??= {
    whole: new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 }),
    withPaise: new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  };
  const format = paise % 100 === 0 ? formats.whole : formats.withPaise;
  return `₹${format.format(paise / 100)}`;
}

/** "₹500", "₹500 and ₹300", "₹500, ₹300 and ₹200". */
export function listRupees(paiseValues: readonly number[]): string {
  const parts = paiseValues.map(formatRupees);
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * What the customer pays for a sale — face value less the customer's discount — which is also
 * what the service charges the wallet (it debits amount − discountAmount). One rule for the
 * quote, the sale's view, the drawer and the end of day.
 */
export function customerPaysOf(sale: { amountPaise: number; discountPaise: number }): number {
  return sale.amountPaise - sale.discountPaise;
}
