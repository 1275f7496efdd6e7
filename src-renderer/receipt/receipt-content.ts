import type { HowToUse, ReceiptView } from '../bridge/contract';

type ReceiptVoucher = ReceiptView['vouchers'][number];

/** Which credentials a voucher of this card type shows: exactly the ones that exist. */
export function credentialsOf(v: Pick<ReceiptVoucher, 'cardType' | 'cardNumber' | 'cardPin'>): { number: string | null; pin: string | null } {
  const number = v.cardType === 'PIN_NO_SECURED' ? null : v.cardNumber;
  const pin = v.cardType === 'CARD_NUMBER_SECURED' ? null : v.cardPin;
  return { number, pin };
}

/** The how-to-use sections for the brand's redemption channel (ONLINE, OFFLINE, or both). */
export function howToUseFor(redemptionType: string, howToUse: HowToUse[]): HowToUse[] {
  const modes = redemptionType === 'ONLINE' ? ['ONLINE'] : redemptionType === 'OFFLINE' ? ['OFFLINE'] : ['ONLINE', 'OFFLINE'];
  const matching = howToUse.filter((h) => modes.includes(h.retailMode) && h.instructions.length > 0);
  // A brand whose steps are labelled with a mode we do not know still gets its steps printed.
  return matching.length > 0 ? matching : howToUse.filter((h) => h.instructions.length > 0);
}

export function redemptionLabel(redemptionType: string): string {
  switch (redemptionType) {
    case 'ONLINE':
      return 'Online only';
    case 'OFFLINE':
      return 'In store only';
    case 'ONLINE_AND_OFFLINE':
      return 'Online and in store';
    default:
      return redemptionType;
  }
}

export const paperClass = (width: string): string => `receipt--${width === 'A4' ? 'a4' : width === '58mm' ? '58' : '80'}`;

/** @page for the paper: a roll is as tall as the receipt (Chromium has no `auto` page height). */
export function pageStyleFor(width: string, contentHeightPx: number): string {
  if (width === 'A4') return '@page { size: A4; margin: 12mm; } body { margin: 0; }';
  const mm = width === '58mm' ? 58 : 80;
  const heightMm = Math.max(100, Math.ceil((contentHeightPx * 25.4) / 96) + 10);
  return `@page { size: ${mm}mm ${heightMm}mm; margin: 0; } body { margin: 0; }`;
}
