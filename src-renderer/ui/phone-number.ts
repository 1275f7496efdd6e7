/**
 * Indian mobile numbers as people type them: "98765 43210", "+91 98765 43210",
 * "098765 43210", "+91-98765-43210", "91 9876543210". Main accepts only the bare 10
 * digits (what the Partner API takes, and what the journal stores and searches), so the
 * renderer is where a typed number becomes those digits, in front of the cashier.
 */

/** Spaces, hyphens, dots and brackets people put between the digit groups. */
const SEPARATORS = /[\s\-.()]/g;
/** A country code (+91, 0091, 91) or the trunk 0, then the 10 digits. */
const PREFIXED = /^(?:\+91|0091|91|0)([0-9]{10})$/;

/**
 * The 10 digits when `typed` is a whole mobile number written in one of those ways;
 * otherwise `typed` unchanged, so a number still being typed is left alone and an odd one
 * reaches main's rule, which says what is wrong with it.
 */
export function cleanPhone(typed: string): string {
  const compact = typed.replace(SEPARATORS, '');
  if (/^[0-9]{10}$/.test(compact)) return compact;
  return PREFIXED.exec(compact)?.[1] ?? typed;
}

/**
 * A phone search of the orders list: the last 4 digits or the whole number (written any of
 * the ways above), or null when it is neither.
 */
export function phoneSearch(typed: string): string | null {
  const compact = cleanPhone(typed).replace(SEPARATORS, '');
  return /^(?:[0-9]{4}|[0-9]{10})$/.test(compact) ? compact : null;
}
