import { randomInt, randomUUID } from 'node:crypto';
import type { CardType } from '../catalog/brand-wire.js';

export interface VoucherRecord {
  id: string;
  orderId: string;
  productId: string;
  cardType: CardType;
  cardNumber: string | null;
  cardPin: string | null;
  validTill: string | null;
  amountPaise: number;
  /** Remaining value; null for brands whose balance cannot be fetched. */
  balancePaise: number | null;
}

const digits = (n: number): string => Array.from({ length: n }, () => randomInt(0, 10)).join('');

/** Credentials exactly as cardType says (spec §2.2 rule 3): the absent one is null. */
export function credentialsFor(cardType: CardType): { cardNumber: string | null; cardPin: string | null } {
  switch (cardType) {
    case 'CARD_NUMBER_SECURED':
      return { cardNumber: `9${digits(15)}`, cardPin: null };
    case 'PIN_NO_SECURED':
      return { cardNumber: null, cardPin: digits(6) };
    case 'CARD_AND_PIN_NO_SECURED':
      return { cardNumber: `9${digits(15)}`, cardPin: digits(6) };
  }
}

/**
 * `validTill` = issue date + voucherExpiryInMonths, as a calendar date in India (the
 * service's home, UTC+05:30), clamped to the month's last day (31 Jan + 1 month → 28/29 Feb).
 */
export function validTillFor(issuedAtMs: number, months: number | null): string | null {
  if (months === null) return null;
  const ist = new Date(issuedAtMs + 5.5 * 3600_000);
  const y = ist.getUTCFullYear();
  const m = ist.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(ist.getUTCDate(), lastDay);
  return new Date(Date.UTC(y, m, day)).toISOString().slice(0, 10);
}

export function newVoucher(args: {
  orderId: string;
  productId: string;
  cardType: CardType;
  amountPaise: number;
  issuedAtMs: number;
  expiryMonths: number | null;
  balanceFetchable: boolean;
}): VoucherRecord {
  return {
    id: `vch_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
    orderId: args.orderId,
    productId: args.productId,
    cardType: args.cardType,
    ...credentialsFor(args.cardType),
    validTill: validTillFor(args.issuedAtMs, args.expiryMonths),
    amountPaise: args.amountPaise,
    balancePaise: args.balanceFetchable ? args.amountPaise : null,
  };
}

/** The Voucher object of spec §2.8; `amount` optionally as a quoted string (one spec example). */
export function voucherForWire(v: VoucherRecord, amountAsString: boolean, withBalance: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: v.id,
    cardType: v.cardType,
    cardNumber: v.cardNumber,
    cardPin: v.cardPin,
    validTill: v.validTill,
    amount: amountAsString ? (v.amountPaise / 100).toFixed(2) : v.amountPaise / 100,
  };
  if (withBalance) out.balance = v.balancePaise === null ? null : v.balancePaise / 100;
  return out;
}
