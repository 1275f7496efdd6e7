/** Shapes shared by the order rules. Every amount is integer paise (see money.ts). */

export type BusinessModel = 'B2B' | 'B2C';

/** `quantity` vouchers of `denominationPaise` each. */
export interface SaleLine {
  denominationPaise: number;
  quantity: number;
}

/** Amounts near the one asked for that can be sold, in paise. */
export interface AmountSuggestions {
  lower?: number;
  higher?: number;
}

/**
 * One thing the cashier must fix, next to the field it belongs to ('amount', 'lines',
 * 'discount', 'customer.phoneNumber', 'delivery.recipientPhoneNumber', …).
 */
export interface FieldProblem {
  field: string;
  message: string;
  /** Only on 'amount' when a FIXED amount cannot be split. */
  suggestions?: AmountSuggestions;
}
