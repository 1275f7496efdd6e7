/**
 * INR amounts cross the wire as JSON numbers with at most two decimals. The emulator does
 * all arithmetic in integer paise so that 0.1 + 0.2 style drift can never make a valid
 * order look invalid (or the other way round).
 */
export const MAX_AMOUNT_RUPEES = 1_000_000_000;

export function toPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** True when the number has at most two decimals (within float noise). */
export function hasAtMostTwoDecimals(rupees: number): boolean {
  return Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;
}
