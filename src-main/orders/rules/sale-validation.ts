import type { AmountRestrictions, PartnerBrand } from '../../partner-api/types.js';
import { formatRupees, isPositivePaise, toPaise, toRupees } from './money.js';
import {
  checkCustomer,
  checkDelivery,
  type CustomerDetails,
  type CustomerInput,
  type DeliveryDetails,
  type DeliveryInput,
} from './sale-contacts.js';
import { linesProblems, mergeLines, type DenominationRule, type SaleLimits } from './sale-lines.js';
import { splitFlexibleAmount } from './flexible-split.js';
import { fixedLimitsOf, splitWithLimits } from './split.js';
import type { BusinessModel, FieldProblem, SaleLine } from './types.js';

/**
 * "Validate before the money moves" (product.md): every rule of spec §2.3 / §4.4 and the
 * sandbox's documented contact rules, checked against a fresh copy of the brand before an
 * order is placed, each failure a sentence next to the field the cashier must fix.
 *
 * Money is integer paise on the way in and out; only `denominationDetails` (body-ready) is
 * in rupees.
 */

export interface SaleInput {
  productId: string;
  amountPaise: number;
  /**
   * The vouchers the cashier chose. FIXED: absent or empty means "split the amount
   * automatically". FLEXIBLE: absent or empty means the amount split into as few, as equal
   * vouchers as the per-voucher range allows (flexible-split.ts);
   * [{denominationPaise: x, quantity: n}] sells n vouchers of x (n × x must be the amount).
   */
  lines?: SaleLine[];
  discountPaise?: number;
  customer?: CustomerInput | null;
  delivery?: DeliveryInput | null;
}

export interface ValidSale {
  productId: string;
  /** Largest value first, merged, every quantity ≥ 1. */
  lines: SaleLine[];
  /** True when the app chose the lines (automatic FIXED or FLEXIBLE split). */
  linesDerived: boolean;
  totalPaise: number;
  voucherCount: number;
  discountPaise: number;
  /** What the wallet is debited: amount − discount. */
  debitPaise: number;
  /** The order body's denominationDetails, in rupees. */
  denominationDetails: { denomination: number; quantity: number }[];
  /** Normalised; absent when nothing was given. */
  customerDetails?: CustomerDetails;
  deliveryDetails?: DeliveryDetails;
}

export type SaleValidation = { ok: true; value: ValidSale } | { ok: false; problems: FieldProblem[] };

export function validateSale(input: SaleInput, brand: PartnerBrand, businessModel: BusinessModel): SaleValidation {
  const brandProblem = brandProblemOf(input, brand);
  if (brandProblem) return { ok: false, problems: [brandProblem] };
  const restrictions = brand.amountRestrictions!;
  const rule: DenominationRule =
    brand.denominationType === 'FIXED' ? { kind: 'FIXED', listed: fixedLimitsOf(restrictions).denominations } : { kind: 'FLEXIBLE' };
  const limits = saleLimitsOf(restrictions);

  const problems: FieldProblem[] = [];
  const amount = input.amountPaise;
  const amountValid = isPositivePaise(amount);
  if (!amountValid) problems.push({ field: 'amount', message: 'Enter an amount greater than ₹0, with at most 2 decimals.' });
  const inRange = amountValid && amount >= limits.minOrder && amount <= limits.maxOrder;
  if (amountValid && amount < limits.minOrder) {
    problems.push({ field: 'amount', message: `The smallest order for this brand is ${formatRupees(limits.minOrder)}.` });
  }
  if (amountValid && amount > limits.maxOrder) {
    problems.push({ field: 'amount', message: `The largest order for this brand is ${formatRupees(limits.maxOrder)}.` });
  }

  const discount = input.discountPaise ?? 0;
  problems.push(...discountProblems(discount, amountValid ? amount : null));

  // Lines: the cashier's own, or derived from the amount.
  let lines: SaleLine[] = [];
  const chosen = (input.lines ?? []).length > 0;
  if (chosen) {
    const merged = mergeLines(input.lines!);
    problems.push(...merged.problems);
    lines = merged.lines;
    if (amountValid && merged.problems.length === 0) problems.push(...linesProblems(lines, amount, rule, limits, 'lines'));
  } else if (inRange && rule.kind === 'FLEXIBLE') {
    // Out-of-range amounts already have their sentence; the derived lines would only repeat it.
    const split = splitFlexibleAmount(amount, limits);
    if (split.ok) lines = split.lines;
    else problems.push({ field: 'amount', message: split.reason });
  } else if (inRange) {
    const split = splitWithLimits(amount, limits);
    if (split.ok) lines = split.lines;
    else problems.push({ field: 'amount', message: split.reason, suggestions: split.suggestions });
  }

  const customer = checkCustomer(input.customer, businessModel);
  const delivery = checkDelivery(input.delivery);
  problems.push(...customer.problems, ...delivery.problems);
  if (problems.length > 0) return { ok: false, problems };

  const value: ValidSale = {
    productId: brand.id,
    lines,
    linesDerived: !chosen,
    totalPaise: amount,
    voucherCount: lines.reduce((n, l) => n + l.quantity, 0),
    discountPaise: discount,
    debitPaise: amount - discount,
    denominationDetails: lines.map((l) => ({ denomination: toRupees(l.denominationPaise), quantity: l.quantity })),
  };
  if (customer.details) value.customerDetails = customer.details;
  if (delivery.details) value.deliveryDetails = delivery.details;
  return { ok: true, value };
}

/** Problems that make every other check moot: the wrong brand, or one that cannot be sold now. */
function brandProblemOf(input: SaleInput, brand: PartnerBrand): FieldProblem | null {
  if (input.productId !== brand.id) {
    return { field: 'productId', message: 'This sale is for a different brand than the one loaded; open the brand again.' };
  }
  if (brand.status !== 'ACTIVE') {
    return { field: 'brand', message: `${brand.title} is not available for sale right now (the brand is inactive).` };
  }
  if (brand.denominationType !== 'FIXED' && brand.denominationType !== 'FLEXIBLE') {
    return {
      field: 'brand',
      message: `${brand.title} uses an amount type this app does not know (${brand.denominationType}); refresh the catalog or call support.`,
    };
  }
  if (!brand.amountRestrictions) {
    return { field: 'brand', message: `${brand.title} has no amounts on sale right now; refresh the catalog.` };
  }
  if (brand.denominationType === 'FIXED' && fixedLimitsOf(brand.amountRestrictions).denominations.length === 0) {
    return { field: 'brand', message: `${brand.title} lists no voucher values to sell; refresh the catalog.` };
  }
  return null;
}

function discountProblems(discount: number, amount: number | null): FieldProblem[] {
  const problem = (message: string): FieldProblem[] => [{ field: 'discount', message }];
  if (!Number.isSafeInteger(discount)) return problem('Enter the discount in rupees with at most 2 decimals.');
  if (discount < 0) return problem('The discount cannot be negative.');
  if (amount !== null && discount > amount) {
    return problem(`The discount cannot be more than the sale amount (${formatRupees(amount)}).`);
  }
  return [];
}

function saleLimitsOf(r: AmountRestrictions): SaleLimits {
  return { ...fixedLimitsOf(r), minVoucher: toPaise(r.minVoucherAmount), maxVoucher: toPaise(r.maxVoucherAmount) };
}
