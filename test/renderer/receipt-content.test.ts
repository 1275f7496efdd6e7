import { describe, expect, it } from 'vitest';
import { parseBrand } from '../../src-main/partner-api/wire-schemas.js';
import { instructionsFor, type PrintedInstructions } from '../../src-renderer/receipt/receipt-content.js';

/**
 * What "How to use" prints, per combination of the brand's fields, from the wire (spec §2.2)
 * through the brand mapping to the receipt. The rule: current fields win. A deprecated field
 * (`usageInstructions`) is printed only where no current field (`howToUseInstructions`) covers
 * it, and never where it contradicts one (`redemptionType`); steps of the other channel are
 * never printed either.
 */
const ONLINE_STEPS = { retailMode: 'ONLINE', retailModeName: 'Online', instructions: ['Enter the code at checkout'] };
const OFFLINE_STEPS = { retailMode: 'OFFLINE', retailModeName: 'In store', instructions: ['Show the voucher at the counter'] };
const KIOSK_STEPS = { retailMode: 'KIOSK', retailModeName: 'Kiosk', instructions: ['Scan at the kiosk'] };
const EMPTY_STEPS = { retailMode: 'ONLINE', retailModeName: 'Online', instructions: [] };

const IN_STORE_ONLY = 'In-store only. Show this voucher at the billing counter.';
const ONLINE_TEXT = 'Redeem online: enter the code at checkout.';
const ONLINE_ONLY = 'Online only — not valid in stores.';
const EITHER = 'Use it online or at any store.';
const NEUTRAL = 'Share the PIN at the time of payment. Not exchangeable for cash.';
const ABSENT = Symbol('field not sent');

type Row = [redemptionType: string, howToUseInstructions: unknown, usageInstructions: string | typeof ABSENT, prints: string];

// prints: 'steps:<modes>' | 'text' (the deprecated text, verbatim) | 'none'
const TABLE: Row[] = [
  // Current steps cover how to use: the deprecated text never shows, whatever it says.
  ['ONLINE', [ONLINE_STEPS], IN_STORE_ONLY, 'steps:ONLINE'],
  ['ONLINE', [ONLINE_STEPS], NEUTRAL, 'steps:ONLINE'],
  ['ONLINE_AND_OFFLINE', [ONLINE_STEPS, OFFLINE_STEPS], NEUTRAL, 'steps:ONLINE,OFFLINE'],
  ['ONLINE_AND_OFFLINE', [ONLINE_STEPS], IN_STORE_ONLY, 'steps:ONLINE'],
  ['OFFLINE', [ONLINE_STEPS, OFFLINE_STEPS], ABSENT, 'steps:OFFLINE'],
  // Steps only for the channel the brand does not have: not printed, and they still cover it.
  ['ONLINE', [OFFLINE_STEPS], ONLINE_TEXT, 'none'],
  ['OFFLINE', [ONLINE_STEPS], ABSENT, 'none'],
  // Steps in a mode this version does not know are printed rather than lost.
  ['ONLINE', [KIOSK_STEPS], ABSENT, 'steps:KIOSK'],
  // No current steps: the deprecated text, unless it contradicts redemptionType.
  ['ONLINE', null, IN_STORE_ONLY, 'none'],
  ['ONLINE', ABSENT, IN_STORE_ONLY, 'none'],
  ['ONLINE', [], IN_STORE_ONLY, 'none'],
  ['ONLINE', null, ONLINE_TEXT, 'text'],
  ['ONLINE', null, ONLINE_ONLY, 'text'],
  ['ONLINE', null, NEUTRAL, 'text'],
  ['ONLINE', [EMPTY_STEPS], NEUTRAL, 'text'],
  ['OFFLINE', null, IN_STORE_ONLY, 'text'],
  ['OFFLINE', null, ONLINE_TEXT, 'none'],
  ['OFFLINE', null, ONLINE_ONLY, 'none'],
  ['ONLINE_AND_OFFLINE', null, EITHER, 'text'],
  ['ONLINE_AND_OFFLINE', null, IN_STORE_ONLY, 'none'],
  ['ONLINE_AND_OFFLINE', null, ONLINE_ONLY, 'none'],
  // A redemption type this version does not know states nothing the text could contradict.
  ['IN_APP', null, IN_STORE_ONLY, 'text'],
  ['ONLINE', null, ABSENT, 'none'],
];

function wireBrand(redemptionType: string, howToUseInstructions: unknown, usageInstructions: string | typeof ABSENT): Record<string, unknown> {
  const brand: Record<string, unknown> = {
    id: 'B1',
    status: 'ACTIVE',
    title: 'Brand One',
    category: ['FOOD'],
    denominationType: 'FIXED',
    cardType: 'PIN_NO_SECURED',
    redemptionType,
    amountRestrictions: null,
  };
  if (howToUseInstructions !== ABSENT) brand.howToUseInstructions = howToUseInstructions;
  if (usageInstructions !== ABSENT) brand.usageInstructions = usageInstructions;
  return brand;
}

const NAMES = new Map<unknown, string>([
  [ABSENT, 'not sent'],
  [null, 'null'],
  [IN_STORE_ONLY, '"in-store only"'],
  [ONLINE_TEXT, '"redeem online"'],
  [ONLINE_ONLY, '"online only"'],
  [EITHER, '"online or in store"'],
  [NEUTRAL, '"neutral"'],
]);
const label = (v: unknown): string =>
  NAMES.get(v) ?? (Array.isArray(v) ? `[${v.map((h: { retailMode: string; instructions: string[] }) => (h.instructions.length ? h.retailMode : `${h.retailMode} (no steps)`)).join(', ')}]` : String(v));

const printed = (p: PrintedInstructions): string => (p.kind === 'steps' ? `steps:${p.sections.map((s) => s.retailMode).join(',')}` : p.kind);

describe('how to use on the receipt, per field combination', () => {
  it.each(TABLE.map(([r, howTo, usage, prints], i) => [i + 1, r, label(howTo), label(usage), prints, howTo, usage] as const))(
    '#%i %s brand, howToUseInstructions %s, usageInstructions %s → %s',
    (_n, redemptionType, _howToLabel, _usageLabel, expected, howTo, usage) => {
      const parsed = parseBrand(wireBrand(redemptionType, howTo, usage));
      if (!parsed.ok) throw new Error(parsed.error);
      const brand = parsed.value;
      const result = instructionsFor({ redemptionType: brand.redemptionType, howToUse: brand.howToUse, usageInstructionsText: brand.usageInstructionsText });
      expect(printed(result)).toBe(expected);
      if (result.kind === 'text') expect(result.text).toBe(usage);
    },
  );
});
