import type { HowToUse, ReceiptView } from '../bridge/contract';

type ReceiptVoucher = ReceiptView['vouchers'][number];

/** Which credentials a voucher of this card type shows: exactly the ones that exist. */
export function credentialsOf(v: Pick<ReceiptVoucher, 'cardType' | 'cardNumber' | 'cardPin'>): { number: string | null; pin: string | null } {
  const number = v.cardType === 'PIN_NO_SECURED' ? null : v.cardNumber;
  const pin = v.cardType === 'CARD_NUMBER_SECURED' ? null : v.cardPin;
  return { number, pin };
}

const KNOWN_MODES = ['ONLINE', 'OFFLINE'];

/**
 * The how-to-use sections for the brand's redemption channel (ONLINE, OFFLINE, or both).
 * Steps for the other known channel are never shown: "show it at the counter" must not reach
 * the customer of an online-only brand.
 */
export function howToUseFor(redemptionType: string, howToUse: HowToUse[]): HowToUse[] {
  const modes = redemptionType === 'ONLINE' ? ['ONLINE'] : redemptionType === 'OFFLINE' ? ['OFFLINE'] : KNOWN_MODES;
  const withSteps = howToUse.filter((h) => h.instructions.length > 0);
  const matching = withSteps.filter((h) => modes.includes(h.retailMode));
  // A brand whose steps are labelled with a mode we do not know still gets those steps printed.
  return matching.length > 0 ? matching : withSteps.filter((h) => !KNOWN_MODES.includes(h.retailMode));
}

export type PrintedInstructions = { kind: 'steps'; sections: HowToUse[] } | { kind: 'text'; text: string } | { kind: 'none' };

/**
 * What the receipt prints under "How to use". Current fields win: the structured steps for the
 * brand's channel; only when there are none, the deprecated free text, which main passes on
 * only where no current field covers it and nothing in it contradicts redemptionType.
 */
export function instructionsFor(data: Pick<ReceiptView, 'redemptionType' | 'howToUse' | 'usageInstructionsText'>): PrintedInstructions {
  const sections = howToUseFor(data.redemptionType, data.howToUse);
  if (sections.length > 0) return { kind: 'steps', sections };
  return data.usageInstructionsText ? { kind: 'text', text: data.usageInstructionsText } : { kind: 'none' };
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
