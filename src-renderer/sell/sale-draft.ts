import type { PartnerBrand, SaleLineView, SaleRequest } from '../bridge/contract';
import { parseRupeesToPaise } from '../ui/format';

/** What the cashier has entered for one sale, before it is quoted. Pure data, no React. */
export interface Draft {
  productId: string;
  fixed: boolean;
  /** FIXED: listed denominations in paise, in the brand's order (digit N picks the Nth). */
  denominations: number[];
  /** FIXED: vouchers chosen per denomination (paise → quantity). */
  quantities: Record<number, number>;
  /** FIXED: an amount to split automatically (used when no denomination is chosen). FLEXIBLE: the amount of each voucher, or with one voucher the amount main splits when it is over the per-voucher maximum. */
  amountText: string;
  /** FLEXIBLE: how many vouchers of that amount. */
  flexQuantity: number;
  customer: { name: string; phoneNumber: string; email: string };
  delivery: {
    enabled: boolean;
    recipientType: 'SELF' | 'OTHER';
    recipientName: string;
    recipientPhoneNumber: string;
    recipientEmail: string;
    senderName: string;
    wishMessage: string;
  };
  discountText: string;
}

export type CustomerDraft = Draft['customer'];

export const NO_CUSTOMER: CustomerDraft = { name: '', phoneNumber: '', email: '' };

/** What sale.quote and sale.place take: the contract's sale input. */
export type SaleInput = SaleRequest;

/** A fresh sale of `brand`; the customer's details carry over when the cashier switches brand. */
export function newDraft(brand: PartnerBrand, customer: CustomerDraft = NO_CUSTOMER): Draft {
  const fixed = brand.denominationType === 'FIXED';
  return {
    productId: brand.id,
    fixed,
    denominations: fixed ? (brand.amountRestrictions?.denominations ?? []).map((r) => Math.round(r * 100)) : [],
    quantities: {},
    amountText: '',
    flexQuantity: 1,
    customer: { ...customer },
    delivery: { enabled: false, recipientType: 'SELF', recipientName: '', recipientPhoneNumber: '', recipientEmail: '', senderName: '', wishMessage: '' },
    discountText: '',
  };
}

export const chosenLines = (draft: Draft): SaleLineView[] =>
  draft.denominations.filter((d) => (draft.quantities[d] ?? 0) > 0).map((d) => ({ denominationPaise: d, quantity: draft.quantities[d]! }));

/** True when the cashier has said how much to sell (a denomination, or an amount). */
export const hasAmount = (draft: Draft): boolean => chosenLines(draft).length > 0 || draft.amountText.trim() !== '';

const trimmed = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ''));

/**
 * The draft as the bridge's sale input, or the problems the cashier must fix first (keyed
 * like the core's field problems, so one place shows both).
 */
export function toSaleInput(draft: Draft): { ok: true; input: SaleInput } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const input: SaleInput = { productId: draft.productId, amountPaise: 0 };
  const lines = chosenLines(draft);
  if (draft.fixed && lines.length > 0) {
    input.lines = lines;
    input.amountPaise = lines.reduce((sum, l) => sum + l.denominationPaise * l.quantity, 0);
  } else if (draft.amountText.trim() === '') {
    fields.amount = draft.fixed ? 'Pick a denomination or enter an amount to split.' : 'Enter the amount of the voucher.';
  } else {
    const each = parseRupeesToPaise(draft.amountText);
    if (each === null || each <= 0) fields.amount = 'Enter an amount in rupees, for example 500 or 1,250.50.';
    else if (draft.fixed) input.amountPaise = each;
    else {
      const quantity = Math.max(1, Math.floor(draft.flexQuantity));
      input.amountPaise = each * quantity;
      if (quantity > 1) input.lines = [{ denominationPaise: each, quantity }];
    }
  }
  if (draft.discountText.trim() !== '') {
    const discount = parseRupeesToPaise(draft.discountText);
    if (discount === null) fields.discount = 'Enter the discount in rupees, for example 50.';
    else input.discountPaise = discount;
  }
  const customer = trimmed(draft.customer);
  if (Object.keys(customer).length > 0) input.customer = customer;
  if (draft.delivery.enabled) {
    const { enabled: _enabled, recipientType, ...rest } = draft.delivery;
    input.delivery = { recipientPhoneNumber: '', ...trimmed(rest), recipientType };
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, input };
}

/** Adds one voucher of the Nth denomination (1-based), as the digit keys do. */
export function pickDenomination(draft: Draft, n: number): Draft {
  const denomination = draft.denominations[n - 1];
  if (denomination === undefined) return draft;
  return { ...draft, amountText: '', quantities: { ...draft.quantities, [denomination]: (draft.quantities[denomination] ?? 0) + 1 } };
}

export function setQuantity(draft: Draft, denomination: number, quantity: number): Draft {
  return { ...draft, amountText: '', quantities: { ...draft.quantities, [denomination]: Math.max(0, Math.min(99, quantity)) } };
}
