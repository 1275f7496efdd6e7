import type { HowToUse } from './types.js';

/**
 * Deprecated brand fields (spec §9) against the current ones: current fields win. A
 * deprecated field is used only where no current field covers the same thing, and never where
 * it contradicts one. This file holds the rule for the free-text `usageInstructions`, the one
 * deprecated field whose content can disagree with a current field (`redemptionType`); it is
 * applied when a brand is parsed, when the catalog is read and when a receipt is built, so a
 * brand stored by an older version is held to it too.
 */

/** Wording that puts the voucher in a store or online. */
const IN_STORE = /\b(in[\s-]?stores?|in[\s-]?shops?|offline|outlets?|(?:retail|physical)\s+stores?|billing\s+counters?|walk[\s-]?in|(?:at|to)\s+(?:the\s+|any\s+|a\s+)?(?:stores?|shops?|counters?|cashiers?))\b/i;
const ONLINE = /\b(online|websites?|web\s+site|(?:mobile|the)\s+app|in[\s-]?app|checkout|e-?commerce|internet)\b/i;
/** Wording that rules one channel out ("in-store only" rules out online). */
const NOT_ONLINE = /\b(?:in[\s-]?stores?|offline)[\s-]+only\b|\bonly\s+(?:in[\s-]?stores?|offline|at\s+(?:the\s+|our\s+)?(?:stores?|outlets?))\b|\bnot\s+(?:valid|redeemable|accepted|usable|applicable)\s+online\b|\bcannot\s+be\s+(?:used|redeemed)\s+online\b/i;
const NOT_IN_STORE = /\bonline[\s-]+only\b|\bonly\s+online\b|\bnot\s+(?:valid|redeemable|accepted|usable|applicable)\s+(?:in[\s-]?stores?|offline|at\s+(?:the\s+)?(?:stores?|outlets?))\b|\bcannot\s+be\s+(?:used|redeemed)\s+(?:in[\s-]?stores?|offline)\b/i;

/** Which channels a free text puts the voucher in, or rules out. */
export function channelsIn(text: string): { online: boolean; inStore: boolean; notOnline: boolean; notInStore: boolean } {
  const notOnline = NOT_ONLINE.test(text);
  const notInStore = NOT_IN_STORE.test(text);
  // A channel named only to rule it out ("not valid in store") does not put the voucher there.
  return { online: ONLINE.test(text) && !notOnline, inStore: IN_STORE.test(text) && !notInStore, notOnline, notInStore };
}

/** Whether a free text says something about where the voucher is used that `redemptionType` denies. */
export function contradictsRedemptionType(text: string, redemptionType: string): boolean {
  const said = channelsIn(text);
  switch (redemptionType) {
    case 'ONLINE':
      return said.inStore || said.notOnline;
    case 'OFFLINE':
      return said.online || said.notInStore;
    case 'ONLINE_AND_OFFLINE':
      return said.notOnline || said.notInStore;
    default:
      // A redemption type this version does not know states nothing it could contradict.
      return false;
  }
}

/**
 * The deprecated `usageInstructions` text where it may be shown: only when the current
 * `howToUseInstructions` give no steps at all, and never when it contradicts `redemptionType`
 * ("In-store only" on an ONLINE brand). Otherwise null.
 */
export function usableUsageInstructions(text: string | null, current: { redemptionType: string; howToUse: readonly HowToUse[] }): string | null {
  if (text === null || text.trim() === '') return null;
  if (current.howToUse.some((h) => h.instructions.length > 0)) return null;
  return contradictsRedemptionType(text, current.redemptionType) ? null : text;
}
