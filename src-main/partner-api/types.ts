/**
 * The Partner API's objects as the core uses them, after tolerant parsing of the wire
 * (spec §2): `category`/`categories` merged, deprecated fields used only as fallbacks,
 * `amount` numbers even when sent as strings, unknown enum values kept verbatim rather than
 * rejected. Money here is still in rupees (numbers), as on the wire; the journal converts
 * to integer paise.
 */

export type KnownBrandStatus = 'ACTIVE' | 'INACTIVE';
export type KnownDenominationType = 'FIXED' | 'FLEXIBLE';
export type KnownCardType = 'CARD_NUMBER_SECURED' | 'PIN_NO_SECURED' | 'CARD_AND_PIN_NO_SECURED';
export type KnownRedemptionType = 'ONLINE' | 'OFFLINE' | 'ONLINE_AND_OFFLINE';
/** An order's statuses (spec §2.7). */
export const KNOWN_ORDER_STATUSES = ['SUCCESS', 'FAILED', 'PROCESSING', 'CANCELLED', 'REVERSED'] as const;
export type KnownOrderStatus = (typeof KNOWN_ORDER_STATUSES)[number];

/** `string & {}` keeps autocompletion for known values while admitting new ones from the service. */
export type Open<T extends string> = T | (string & {});

export interface AmountRestrictions {
  minOrderAmount: number;
  maxOrderAmount: number;
  minVoucherAmount: number;
  maxVoucherAmount: number;
  maxVouchersPerOrder: number;
  maxVouchersPerDenomination: number | null;
  maxDenominationsPerOrder: number | null;
  denominations: number[] | null;
}

export interface TncItem {
  text: string;
  subItems: TncItem[];
}

export interface TncSection {
  title: string;
  items: TncItem[];
}

export interface HowToUse {
  retailMode: Open<'ONLINE' | 'OFFLINE'>;
  retailModeName: string;
  instructions: string[];
}

export interface PartnerBrand {
  id: string;
  status: Open<KnownBrandStatus>;
  title: string;
  description: string | null;
  categories: string[];
  tags: string[];
  denominationType: Open<KnownDenominationType>;
  cardType: Open<KnownCardType>;
  redemptionType: Open<KnownRedemptionType>;
  amountRestrictions: AmountRestrictions | null;
  /** thumbnailUrl, falling back to the deprecated iconImageUrl. */
  thumbnailUrl: string | null;
  logoUrl: string | null;
  termsAndConditions: string[];
  tncSections: TncSection[] | null;
  /** Deprecated tncUrl, only when the response has no tncDetailed at all (null means "no detailed terms"). */
  tncUrl: string | null;
  howToUse: HowToUse[];
  /** Deprecated free-text usageInstructions: only when howToUseInstructions give no steps, and never contradicting redemptionType. */
  usageInstructionsText: string | null;
  storeLocatorUrl: string | null;
  canBalanceBeFetched: boolean;
  voucherExpiryInMonths: number | null;
  variantDetails: Record<string, unknown>[] | null;
}

export interface PartnerVoucher {
  id: string | null;
  cardType: Open<KnownCardType>;
  cardNumber: string | null;
  cardPin: string | null;
  /** YYYY-MM-DD or null. */
  validTill: string | null;
  amount: number;
  /** Only from the single-voucher endpoint; null when the issuer could not tell. */
  balance?: number | null;
}

export interface PartnerOrder {
  id: string;
  referenceId: string;
  status: Open<KnownOrderStatus>;
  vouchers: PartnerVoucher[];
  failureReason: string | null;
}

export interface OrderRequestBody {
  productId: string;
  referenceId: string;
  amount: number;
  discountAmount?: number;
  denominationDetails: { denomination: number; quantity: number }[];
  customerDetails?: { name?: string; phoneNumber?: string; email?: string };
  deliveryDetails?: {
    recipientName?: string;
    recipientType: 'SELF' | 'OTHER';
    recipientPhoneNumber: string;
    recipientEmail?: string;
    senderName?: string;
    wishMessage?: string;
  };
}

export const DELIVERY_CHANNELS = ['EMAIL', 'SMS', 'WHATSAPP'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

/** One page of GET /v1/partners/products; malformed entries are reported, not fatal (see wire-schemas). */
export interface BrandListPage {
  brands: PartnerBrand[];
  skipped: { index: number; id?: string; reason: string }[];
  nextCursor: { pageNo: number; limit: number } | null;
}

/**
 * A products page fetched against the hash of the last copy seen: `unchanged` when the body's
 * bytes hash the same (it was not parsed at all), else the parsed page. `hash` is the SHA-1
 * (base64url) of the body as received.
 */
export type BrandPageFetch = { unchanged: true; hash: string } | { unchanged: false; hash: string; page: BrandListPage };

/**
 * A changed products page cut into its entries' bytes (brand-page-split.ts), its envelope
 * (`nextCursor`) validated, no entry parsed yet: the caller hashes nothing itself and asks for
 * the entries it does not already have.
 */
export interface SplitBrandPage {
  /** SHA-1 (base64url) of each `data` entry's bytes as received, in order. */
  entryHashes: string[];
  /** Each entry's length in bytes, in order. */
  entryLengths: number[];
  nextCursor: BrandListPage['nextCursor'];
  /**
   * Parses and validates the entries `wanted` picks by their index, each exactly as
   * listBrandsPage would (a malformed one is skipped with its reason); every brand comes with
   * its index in the page.
   */
  read(wanted: (index: number) => boolean): { brands: { brand: PartnerBrand; index: number }[]; skipped: BrandListPage['skipped'] };
}

/**
 * An entry of a page as the last sync saw it at that place: its bytes' length and hash. Given
 * to listBrandsPageSplit, an entry whose bytes at the same place hash the same is not scanned.
 */
export interface KnownEntry {
  length: number;
  hash: string;
}

/** BrandPageFetch, or a changed page handed over split (when the scanner understood the body). */
export type BrandPageSplitFetch = BrandPageFetch | { unchanged: false; hash: string; split: SplitBrandPage };

export interface LoginResult {
  token: string;
  expiresInSecs: number;
}

export interface ResendDeliveryResult {
  success: boolean;
  message: string;
}

/** Brand Updated carries only these fields (spec §6 rule 1); everything else needs a catalog refresh. */
export interface BrandUpdatedEvent {
  type: 'BRAND_UPDATED';
  eventId: string | null;
  createdAt: string | null;
  brandId: string;
  status: Open<KnownBrandStatus> | null;
  denominationType: Open<KnownDenominationType> | null;
  denominations: number[] | null;
  amountRestrictions: Omit<AmountRestrictions, 'denominations'> | null;
}

export interface WalletLowBalanceEvent {
  type: 'WALLET_LOW_BALANCE';
  eventId: string | null;
  createdAt: string | null;
  balance: number;
  threshold: number | null;
}

/** The payload names the order `id` or `orderId`; the referenceId is not included (fetch the order). */
export interface OrderTerminalEvent {
  type: 'ORDER_REACHED_TERMINAL_STATE';
  eventId: string | null;
  createdAt: string | null;
  orderId: string;
  status: Open<'SUCCESS' | 'FAILED'>;
}

export interface BrandDiscountEvent {
  type: 'BRAND_DISCOUNT_UPDATE';
  eventId: string | null;
  createdAt: string | null;
  brandId: string;
  subventionPercentage: number;
  validFrom: string;
  /** Absent (null) for an open-ended discount. */
  validTo: string | null;
}

/** An event this client does not know or could not read; receivers acknowledge and ignore it. */
export interface UnknownWebhookEvent {
  type: 'unknown';
  eventId: string | null;
  eventType: string | null;
  reason: string;
}

export type PartnerWebhookEvent = BrandUpdatedEvent | WalletLowBalanceEvent | OrderTerminalEvent | BrandDiscountEvent | UnknownWebhookEvent;
