import type { BrandWire } from './brand-wire.js';

export type BusinessModel = 'B2B' | 'B2C';

/** What the emulated provider does with an order for a brand (used by the staging test brands). */
export type OrderBehaviour =
  | { kind: 'normal' }
  /** The order is created and fails at once; the debit is reversed. */
  | { kind: 'fail-now'; reason: string }
  /** The order is created PROCESSING and reaches `outcome` after `afterSecs` of sandbox time. */
  | { kind: 'processing'; afterSecs: number; outcome: 'SUCCESS' }
  | { kind: 'processing'; afterSecs: number; outcome: 'FAILED'; reason: string };

export interface BrandDiscount {
  subventionPercentage: number;
  validFrom: string;
  validTo?: string;
}

/** A brand as the emulated service holds it: the wire object plus the service-side facts no client sees. */
export interface BrandRecord {
  wire: BrandWire;
  /** False for brands not enabled for this partner: absent from the list, retrievable by id, orders fail E101. */
  listed: boolean;
  /** Provider failures: orders are refused with E100 until cleared. */
  temporarilyDisabled: boolean;
  /** Business models the brand may be sold under (E103 otherwise). */
  businessModels: BusinessModel[];
  behaviour: OrderBehaviour;
  discount: BrandDiscount | null;
  /** Serve voucher `amount` as a quoted string, as one spec example does (§2.8). */
  voucherAmountAsString: boolean;
}
