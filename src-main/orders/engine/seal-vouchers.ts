import type { CardVault } from '../../platform/card-vault.js';
import type { PartnerVoucher } from '../../partner-api/types.js';
import type { NewVoucher } from '../journal/sale-journal.js';

/** Turns the service's vouchers into journal rows: credentials sealed, only the last four digits in clear. */
export function sealVouchers(vouchers: PartnerVoucher[], vault: CardVault): NewVoucher[] {
  return vouchers.map((v) => ({
    voucherId: v.id,
    cardType: v.cardType,
    cardNumberSealed: v.cardNumber ? vault.seal(v.cardNumber) : null,
    cardPinSealed: v.cardPin ? vault.seal(v.cardPin) : null,
    cardNumberLast4: v.cardNumber ? v.cardNumber.slice(-4) : null,
    validTill: v.validTill,
    amountPaise: Math.round(v.amount * 100),
  }));
}
