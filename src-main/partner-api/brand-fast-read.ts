import { usableUsageInstructions } from './deprecated-fields.js';
import type { AmountRestrictions, HowToUse, PartnerBrand, TncItem, TncSection } from './types.js';
import { NUMERIC_TEXT } from './wire-primitives.js';

/**
 * A hand-written reader for a catalog brand as the service sends it, on the sync's hot path
 * (zod costs about five JSON.parse's per brand). It gives exactly the PartnerBrand the zod
 * schema in wire-schemas.ts gives, or `undefined` whenever the entry is anything but plainly
 * well formed (a required field missing or mistyped, an unreadable nested list, an id sent as
 * a number, variant details): the caller then runs the zod schema, which stays the one
 * definition of what is accepted and says why an entry is refused. A property test holds the
 * two to the same answers (test/partner-api/brand-fast-read.property.test.ts).
 */
export function readBrandFast(entry: unknown): PartnerBrand | undefined {
  if (!isRecord(entry)) return undefined;
  const { id, status, title, denominationType, cardType, redemptionType } = entry;
  if (typeof id !== 'string' || id.length === 0) return undefined;
  if (typeof status !== 'string' || typeof title !== 'string' || typeof denominationType !== 'string') return undefined;
  if (typeof cardType !== 'string' || typeof redemptionType !== 'string') return undefined;
  const amountRestrictions = restrictions(entry.amountRestrictions);
  if (amountRestrictions === undefined) return undefined;
  const tnc = tncDetailed(entry.tncDetailed);
  if (tnc === FALL_BACK) return undefined;
  const howTo = howToUseList(entry.howToUseInstructions);
  if (howTo === undefined) return undefined;
  const variants = entry.variantDetails;
  // Records are copied key by key by zod; left to it (a few brands in a catalog have variants).
  if (variants !== undefined && variants !== null) return undefined;
  const category = textList(entry.category);
  const categories = textList(entry.categories);
  return {
    id,
    status,
    title,
    description: text(entry.brandDescription),
    categories: [...new Set([...category, ...categories])],
    tags: textList(entry.tags),
    denominationType,
    cardType,
    redemptionType,
    amountRestrictions,
    thumbnailUrl: text(entry.thumbnailUrl) ?? text(entry.iconImageUrl),
    logoUrl: text(entry.logoUrl),
    termsAndConditions: textList(entry.termsAndConditions),
    tncSections: tnc && tnc.length > 0 ? tnc : null,
    tncUrl: tnc === undefined ? text(entry.tncUrl) : null,
    howToUse: howTo,
    usageInstructionsText: usableUsageInstructions(usageText(entry.usageInstructions), { redemptionType, howToUse: howTo }),
    storeLocatorUrl: text(entry.storeLocatorUrl),
    canBalanceBeFetched: entry.canBalanceBeFetched === true,
    voucherExpiryInMonths: numberOrNull(entry.voucherExpiryInMonths),
    variantDetails: null,
  };
}

const FALL_BACK = Symbol('fall back to the schema');

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** optionalText with .catch(null): anything but text is null. */
function text(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** textList: a lone string is a list of one, non-strings are dropped, anything else is []. */
function textList(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (!Array.isArray(v)) return [];
  const out: string[] = [];
  for (const x of v) if (typeof x === 'string') out.push(x);
  return out;
}

/** numberish: a finite number, or numeric text; `undefined` for anything else. */
function number(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' && NUMERIC_TEXT.test(v)) return Number(v);
  return undefined;
}

/** optionalNumber with .catch(null). */
function numberOrNull(v: unknown): number | null {
  return number(v) ?? null;
}

/** A nullish numberish field: null or undefined as given, `FALL_BACK` when unreadable. */
function nullishNumber(v: unknown): number | null | undefined | typeof FALL_BACK {
  if (v === null || v === undefined) return v;
  return number(v) ?? FALL_BACK;
}

/** The restrictions, null when not sent, `undefined` when the schema must decide (it would refuse). */
function restrictions(v: unknown): AmountRestrictions | null | undefined {
  if (v === null || v === undefined) return null;
  if (!isRecord(v)) return undefined;
  const minOrder = nullishNumber(v.minOrderAmount);
  const maxOrder = nullishNumber(v.maxOrderAmount);
  const minDeprecated = nullishNumber(v.minAmount);
  const maxDeprecated = nullishNumber(v.maxAmount);
  if (minOrder === FALL_BACK || maxOrder === FALL_BACK || minDeprecated === FALL_BACK || maxDeprecated === FALL_BACK) return undefined;
  const minOrderAmount = minOrder ?? minDeprecated;
  const maxOrderAmount = maxOrder ?? maxDeprecated;
  const minVoucherAmount = number(v.minVoucherAmount);
  const maxVoucherAmount = number(v.maxVoucherAmount);
  const maxVouchersPerOrder = number(v.maxVouchersPerOrder);
  const perDenomination = nullishNumber(v.maxVouchersPerDenomination);
  const denominationsPerOrder = nullishNumber(v.maxDenominationsPerOrder);
  if (minOrderAmount == null || maxOrderAmount == null) return undefined;
  if (minVoucherAmount === undefined || maxVoucherAmount === undefined || maxVouchersPerOrder === undefined) return undefined;
  if (perDenomination === FALL_BACK || denominationsPerOrder === FALL_BACK) return undefined;
  let denominations: number[] | null = null;
  if (v.denominations !== null && v.denominations !== undefined) {
    if (!Array.isArray(v.denominations)) return undefined;
    denominations = [];
    for (const d of v.denominations) {
      const n = number(d);
      if (n === undefined) return undefined;
      denominations.push(n);
    }
  }
  return {
    minOrderAmount,
    maxOrderAmount,
    minVoucherAmount,
    maxVoucherAmount,
    maxVouchersPerOrder,
    maxVouchersPerDenomination: perDenomination ?? null,
    maxDenominationsPerOrder: denominationsPerOrder ?? null,
    denominations,
  };
}

/** tncDetailed: undefined when not sent, null as sent, the sections, or FALL_BACK when unreadable. */
function tncDetailed(v: unknown): TncSection[] | null | undefined | typeof FALL_BACK {
  if (v === null || v === undefined) return v;
  if (!isRecord(v) || !Array.isArray(v.sections)) return FALL_BACK;
  const out: TncSection[] = [];
  for (const section of v.sections) {
    if (!isRecord(section)) return FALL_BACK;
    const title = section.title;
    if (title !== null && title !== undefined && typeof title !== 'string') return FALL_BACK;
    const items = tncItems(section.items, 0);
    if (items === undefined) return FALL_BACK;
    out.push({ title: title ?? '', items });
  }
  return out;
}

/** Deeper nesting than any real terms is left to the schema. */
const MAX_TNC_DEPTH = 8;

function tncItems(v: unknown, depth: number): TncItem[] | undefined {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v) || depth > MAX_TNC_DEPTH) return undefined;
  const out: TncItem[] = [];
  for (const item of v) {
    if (!isRecord(item) || typeof item.text !== 'string') return undefined;
    const subItems = tncItems(item.subItems, depth + 1);
    if (subItems === undefined) return undefined;
    out.push({ text: item.text, subItems });
  }
  return out;
}

/** howToUseInstructions (absent or null: none); `undefined` when the schema must decide. */
function howToUseList(v: unknown): HowToUse[] | undefined {
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v)) return undefined;
  const out: HowToUse[] = [];
  for (const h of v) {
    if (!isRecord(h) || typeof h.retailMode !== 'string') return undefined;
    const name = h.retailModeName;
    if (name !== null && name !== undefined && typeof name !== 'string') return undefined;
    out.push({ retailMode: h.retailMode, retailModeName: name ?? h.retailMode, instructions: textList(h.instructions) });
  }
  return out;
}

/** The deprecated free text: text, or a list of lines; blank or unreadable is null. */
function usageText(v: unknown): string | null {
  let joined: string;
  if (typeof v === 'string') joined = v;
  else if (Array.isArray(v) && v.every((line) => typeof line === 'string')) joined = v.join('\n');
  else return null;
  return joined.trim() ? joined : null;
}
