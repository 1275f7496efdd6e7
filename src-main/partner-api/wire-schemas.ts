import { z } from 'zod';
import { err, ok, type Result } from '../platform/result.js';
import type {
  AmountRestrictions,
  BrandListPage,
  HowToUse,
  LoginResult,
  PartnerBrand,
  PartnerOrder,
  PartnerVoucher,
  KnownEntry,
  ResendDeliveryResult,
  SplitBrandPage,
  TncItem,
  TncSection,
} from './types.js';

/**
 * Tolerant parsing of the Partner API wire into the shapes of types.ts. The rule of thumb:
 * fields needed to sell correctly (ids, status, types, amount restrictions, voucher
 * credentials) must be right or the object is refused; presentation fields (images, terms,
 * instructions, tags) fall back to empty rather than hiding a sellable brand. Unknown enum
 * values are kept verbatim, extra fields are dropped. Deprecated fields (§9): current fields
 * win; a deprecated one is used only where no current field covers the same thing, and never
 * where it contradicts one (deprecated-fields.ts).
 */

export { parseWebhookEvent } from './webhook-events.js';

import { acceptedBytesHash } from './accepted-bytes.js';
import { readBrandFast } from './brand-fast-read.js';
import { splitPageEntries } from './brand-page-split.js';
import { usableUsageInstructions } from './deprecated-fields.js';
import { readOrderFast } from './order-fast-read.js';
import { idText, numberish, optionalNumber, optionalText } from './wire-primitives.js';

export { numberish } from './wire-primitives.js';

/** A list of strings; a lone string becomes a one-element list; non-strings are dropped; null → []. */
const textList = z
  .union([z.string().transform((s) => [s]), z.array(z.unknown()).transform((a) => a.filter((x): x is string => typeof x === 'string'))])
  .nullish()
  .transform((v) => v ?? [])
  .catch([]);

const restrictionsWire = z
  .object({
    minOrderAmount: numberish.nullish(),
    maxOrderAmount: numberish.nullish(),
    minAmount: numberish.nullish(),
    maxAmount: numberish.nullish(),
    minVoucherAmount: numberish,
    maxVoucherAmount: numberish,
    maxVouchersPerOrder: numberish,
    maxVouchersPerDenomination: optionalNumber,
    maxDenominationsPerOrder: optionalNumber,
    denominations: z.array(numberish).nullish().transform((v) => v ?? null),
  })
  .transform((r, ctx): AmountRestrictions => {
    // Deprecated minAmount/maxAmount only when the current names are missing (spec §9).
    const minOrderAmount = r.minOrderAmount ?? r.minAmount;
    const maxOrderAmount = r.maxOrderAmount ?? r.maxAmount;
    if (minOrderAmount == null || maxOrderAmount == null) {
      const field = minOrderAmount == null ? 'minOrderAmount' : 'maxOrderAmount';
      ctx.issues.push({ code: 'custom', message: `${field} is missing (and no deprecated fallback)`, input: r, path: [field] });
      return z.NEVER;
    }
    return {
      minOrderAmount,
      maxOrderAmount,
      minVoucherAmount: r.minVoucherAmount,
      maxVoucherAmount: r.maxVoucherAmount,
      maxVouchersPerOrder: r.maxVouchersPerOrder,
      maxVouchersPerDenomination: r.maxVouchersPerDenomination,
      maxDenominationsPerOrder: r.maxDenominationsPerOrder,
      denominations: r.denominations,
    };
  });

const tncItem: z.ZodType<TncItem> = z.lazy(() =>
  z.object({
    text: z.string(),
    // null when an item has no children (spec §2.4); [] is easier for every reader.
    subItems: z.array(tncItem).nullish().transform((v) => v ?? []),
  }),
);
const tncSections: z.ZodType<TncSection[]> = z
  .object({ sections: z.array(z.object({ title: z.string().nullish().transform((t) => t ?? ''), items: z.array(tncItem).nullish().transform((v) => v ?? []) })) })
  .transform((t) => t.sections);

const howToUse: z.ZodType<HowToUse> = z
  .object({ retailMode: z.string(), retailModeName: z.string().nullish(), instructions: textList })
  .transform((h) => ({ retailMode: h.retailMode, retailModeName: h.retailModeName ?? h.retailMode, instructions: h.instructions }));

/** The deprecated free-text field has no declared type; accept text or a list of lines. */
const usageText = z
  .union([z.string(), z.array(z.string()).transform((lines) => lines.join('\n'))])
  .nullish()
  .transform((v) => (v && v.trim() ? v : null))
  .catch(null);

const brandWire = z
  .object({
    id: idText,
    status: z.string(),
    title: z.string(),
    brandDescription: optionalText.catch(null),
    category: textList,
    categories: textList,
    tags: textList,
    denominationType: z.string(),
    cardType: z.string(),
    redemptionType: z.string(),
    amountRestrictions: restrictionsWire.nullish().transform((v) => v ?? null),
    thumbnailUrl: optionalText.catch(null),
    iconImageUrl: optionalText.catch(null),
    logoUrl: optionalText.catch(null),
    termsAndConditions: textList,
    // Unreadable counts as not sent (undefined), which is not the same as the service's null.
    tncDetailed: tncSections.nullish().catch(undefined),
    tncUrl: optionalText.catch(null),
    howToUseInstructions: z.array(howToUse).nullish().catch(null),
    usageInstructions: usageText,
    storeLocatorUrl: optionalText.catch(null),
    canBalanceBeFetched: z.boolean().nullish().catch(null),
    voucherExpiryInMonths: optionalNumber.catch(null),
    variantDetails: z.array(z.record(z.string(), z.unknown())).nullish().catch(null),
  })
  .transform((b): PartnerBrand => {
    const howToUse = b.howToUseInstructions ?? [];
    return {
      id: b.id,
      status: b.status,
      title: b.title,
      description: b.brandDescription,
      // Both spellings are seen (spec §2.2); merge so neither is lost.
      categories: [...new Set([...b.category, ...b.categories])],
      tags: b.tags,
      denominationType: b.denominationType,
      cardType: b.cardType,
      redemptionType: b.redemptionType,
      amountRestrictions: b.amountRestrictions,
      thumbnailUrl: b.thumbnailUrl ?? b.iconImageUrl,
      logoUrl: b.logoUrl,
      termsAndConditions: b.termsAndConditions,
      tncSections: b.tncDetailed && b.tncDetailed.length > 0 ? b.tncDetailed : null,
      // tncDetailed is "null when unavailable" (spec §2.2): the current field saying there are no
      // detailed terms. The deprecated link is used only when tncDetailed is not sent at all.
      tncUrl: b.tncDetailed === undefined ? b.tncUrl : null,
      howToUse,
      usageInstructionsText: usableUsageInstructions(b.usageInstructions, { redemptionType: b.redemptionType, howToUse }),
      storeLocatorUrl: b.storeLocatorUrl,
      // Unknown means "do not offer a balance lookup".
      canBalanceBeFetched: b.canBalanceBeFetched ?? false,
      voucherExpiryInMonths: b.voucherExpiryInMonths,
      variantDetails: b.variantDetails ?? null,
    };
  });

const voucherWire = z.object({
  id: idText.nullish().transform((v) => v ?? null),
  cardType: z.string(),
  // Card numbers are text: a 16-digit number would lose digits as a JS number.
  cardNumber: optionalText,
  cardPin: optionalText,
  validTill: optionalText,
  amount: numberish,
  balance: optionalNumber,
});

function toVoucher(v: z.infer<typeof voucherWire>, withBalance: boolean): PartnerVoucher {
  const voucher: PartnerVoucher = { id: v.id, cardType: v.cardType, cardNumber: v.cardNumber, cardPin: v.cardPin, validTill: v.validTill, amount: v.amount };
  if (withBalance) voucher.balance = v.balance;
  return voucher;
}

const orderWire = z
  .object({
    id: idText,
    referenceId: z.string(),
    status: z.string(),
    vouchers: z.array(voucherWire).nullish().transform((v) => v ?? []),
    failureReason: optionalText,
  })
  .transform((o): PartnerOrder => ({ ...o, vouchers: o.vouchers.map((v) => toVoucher(v, false)) }));

const cursorWire = z.object({ pageNo: numberish, limit: numberish }).nullish().transform((c) => c ?? null);
const listWire = z.object({ data: z.array(z.unknown()), nextCursor: cursorWire });

const loginWire = z.object({
  token: z.string().min(1),
  // "Typically 3600" (spec §2.1); a missing value must not stop the counter from working.
  expiresInSecs: numberish.pipe(z.number().positive()).nullish().transform((v) => v ?? 3600),
});

const balanceWire = z.object({ balance: numberish });
const resendWire = z.object({ success: z.boolean(), message: optionalText.transform((m) => m ?? '') });

/** "path: message" for the first few issues; zod messages name types, never the values (no PINs in logs). */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}

function parseWith<S extends z.ZodType>(schema: S, json: unknown): Result<z.output<S>, string> {
  const parsed = schema.safeParse(json);
  return parsed.success ? ok(parsed.data) : err(describeIssues(parsed.error));
}

export const parseBrand = (json: unknown): Result<PartnerBrand, string> => parseWith(brandWire, json);
/** The schema itself, for the test that holds brand-fast-read.ts to it. */
export const brandSchema = brandWire;
/** The products page envelope (its `data` entries are each read as a brand). */
export const brandListSchema = listWire;
/** The schema itself, for the test that holds order-fast-read.ts to it. */
export const orderSchema = orderWire;
/** An order plainly well formed is read by hand (a sale waits on it); the schema decides every other. */
export function parseOrder(json: unknown): Result<PartnerOrder, string> {
  const fast = readOrderFast(json);
  return fast ? ok(fast) : parseWith(orderWire, json);
}
export const parseLogin = (json: unknown): Result<LoginResult, string> => parseWith(loginWire, json);
export const parseResendResult = (json: unknown): Result<ResendDeliveryResult, string> => parseWith(resendWire, json);
export const parseWalletBalance = (json: unknown): Result<{ balance: number }, string> => parseWith(balanceWire, json);

export function parseVoucher(json: unknown): Result<PartnerVoucher, string> {
  const parsed = parseWith(voucherWire, json);
  return parsed.ok ? ok(toVoucher(parsed.value, true)) : parsed;
}

/**
 * One catalog page. A bad entry is reported with its index (and id when readable) and the
 * rest of the page is kept; only a page without a `data` list or with an unreadable cursor
 * fails, because silently stopping a sync early would look like brands were removed.
 */
export function parseBrandList(json: unknown): Result<BrandListPage, string> {
  const page = listWire.safeParse(json);
  if (!page.success) return err(describeIssues(page.error));
  const brands: PartnerBrand[] = [];
  const skipped: BrandListPage['skipped'] = [];
  page.data.data.forEach((entry, index) => {
    const read = readListEntry(entry, index);
    if ('reason' in read) skipped.push(read);
    else brands.push(read);
  });
  return ok({ brands, skipped, nextCursor: page.data.nextCursor });
}

/** One entry of a catalog page: the brand, or why it is skipped. */
function readListEntry(entry: unknown, index: number): PartnerBrand | BrandListPage['skipped'][number] {
  // The schema decides every entry the fast reader does not take as plainly well formed.
  const fast = readBrandFast(entry);
  if (fast) return fast;
  const brand = brandWire.safeParse(entry);
  if (brand.success) return brand.data;
  const rawId = entry && typeof entry === 'object' ? (entry as { id?: unknown }).id : undefined;
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? String(rawId) : undefined;
  return { index, ...(id !== undefined ? { id } : {}), reason: describeIssues(brand.error) };
}

/**
 * A catalog page's body split into its entries' bytes (splitPageEntries), each hashed, its
 * envelope validated as parseBrandList validates it (the body with an empty `data`); null when
 * the scanner does not understand the body or the envelope is refused: the body is then parsed
 * whole, which gives today's answer and error. `known`: the page's entries as the last sync saw
 * them; an entry whose bytes hash as the one seen at its place is not scanned (a brand's bytes are
 * hashed anyway; the scan costs about twice the hash).
 */
export function splitBrandList(body: Buffer, known: readonly KnownEntry[] | null = null): SplitBrandPage | null {
  const vouched: string[] = [];
  const entries = splitPageEntries(
    body,
    known === null
      ? undefined
      : (index, start) => {
          // Only an object's bytes end where they end whatever follows them (`12` could be the start of `123`).
          const expected = known[index];
          const end = expected === undefined ? -1 : start + expected.length;
          if (expected === undefined || end > body.length || body[start] !== 0x7b || body[end - 1] !== 0x7d) return -1;
          const digest = acceptedBytesHash(body.subarray(start, end));
          if (digest !== expected.hash) return -1;
          vouched[index] = digest;
          return end;
        },
  );
  if (!entries) return null;
  const { starts, ends, dataStart, dataEnd } = entries;
  const envelope = parseJson(body.toString('utf8', 0, dataStart) + '[]' + body.toString('utf8', dataEnd));
  const page = envelope.ok ? listWire.safeParse(envelope.value) : null;
  if (!page?.success) return null;
  const entryHashes = starts.map((start, i) => vouched[i] ?? acceptedBytesHash(body.subarray(start, ends[i])));
  return {
    entryHashes,
    entryLengths: starts.map((start, i) => ends[i]! - start),
    nextCursor: page.data.nextCursor,
    read(wanted) {
      const brands: { brand: PartnerBrand; index: number }[] = [];
      const skipped: BrandListPage['skipped'] = [];
      for (let index = 0; index < starts.length; index++) {
        if (!wanted(index)) continue;
        // The scanner took these bytes as one JSON value: JSON.parse refusing them is a scanner fault, thrown.
        const read = readListEntry(JSON.parse(body.toString('utf8', starts[index], ends[index])) as unknown, index);
        if ('reason' in read) skipped.push(read);
        else brands.push({ brand: read, index });
      }
      return { brands, skipped };
    },
  };
}

/** JSON.parse as a value: truncated or HTML bodies are a reason, not an exception. */
export function parseJson(text: string): Result<unknown, string> {
  if (text.trim() === '') return err('empty body');
  try {
    return ok(JSON.parse(text) as unknown);
  } catch {
    return err(/^\s*</.test(text) ? 'body is HTML, not JSON' : 'body is not valid JSON (truncated?)');
  }
}
