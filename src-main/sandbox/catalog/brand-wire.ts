/**
 * The Brand object exactly as the Partner API puts it on the wire (spec §2.2–§2.5).
 * The sandbox stores and serves brands in this shape, so every optional/nullable
 * variant the spec allows (deprecated fields, `category` vs `categories`) is real data
 * that a client has to tolerate.
 */

export type BrandStatus = 'ACTIVE' | 'INACTIVE';
export type DenominationType = 'FIXED' | 'FLEXIBLE';
export type CardType = 'CARD_NUMBER_SECURED' | 'PIN_NO_SECURED' | 'CARD_AND_PIN_NO_SECURED';
export type RedemptionType = 'ONLINE' | 'OFFLINE' | 'ONLINE_AND_OFFLINE';
export type RetailMode = 'ONLINE' | 'OFFLINE';

export interface AmountRestrictionsWire {
  minOrderAmount: number;
  maxOrderAmount: number;
  minVoucherAmount: number;
  maxVoucherAmount: number;
  maxVouchersPerOrder: number;
  maxVouchersPerDenomination: number | null;
  maxDenominationsPerOrder: number | null;
  /** Allowed values; null for FLEXIBLE brands. */
  denominations: number[] | null;
  /** Deprecated (§9): same value as minOrderAmount when present. */
  minAmount?: number;
  /** Deprecated (§9): same value as maxOrderAmount when present. */
  maxAmount?: number;
}

export interface TncItemWire {
  text: string;
  subItems: TncItemWire[] | null;
}

export interface TncDetailedWire {
  sections: { title: string; items: TncItemWire[] }[];
}

export interface HowToUseWire {
  retailMode: RetailMode;
  retailModeName: string;
  instructions: string[];
}

export interface BrandWire {
  id: string;
  status: BrandStatus;
  title: string;
  brandDescription: string | null;
  /** The list spelling. Exactly one of `category` / `categories` is present on a stored brand. */
  category?: string[];
  /** The single-brand example's spelling (§2.2). */
  categories?: string[];
  tags: string[];
  denominationType: DenominationType;
  cardType: CardType;
  redemptionType: RedemptionType;
  amountRestrictions: AmountRestrictionsWire | null;
  /** Stored as a path (`/assets/...`); the sandbox serves it as an absolute URL on its own origin. */
  thumbnailUrl: string;
  logoUrl: string;
  termsAndConditions: string[] | null;
  tncDetailed: TncDetailedWire | null;
  howToUseInstructions: HowToUseWire[] | null;
  storeLocatorUrl: string | null;
  canBalanceBeFetched: boolean;
  voucherExpiryInMonths: number | null;
  variantDetails: Record<string, unknown>[] | null;
  /** Deprecated: use thumbnailUrl. */
  iconImageUrl?: string;
  /** Deprecated: use tncDetailed. */
  tncUrl?: string;
  /** Deprecated: use howToUseInstructions. Free text. */
  usageInstructions?: string;
}

/** The committed catalog file `resources/sandbox/catalog.json`. */
export interface CatalogFile {
  /** Generator seed and version, so a reader can regenerate the same file. */
  generator: { seed: number; version: number };
  brands: BrandWire[];
}

/** Every category of spec §2.6; the generator covers each at least once. */
export const SPEC_CATEGORIES = [
  'PHARMACY', 'ENTERTAINMENT', 'QUICK_COMMERCE', 'DIWALI_SPECIAL', 'OFFLINE_BRANDS',
  'TRAVEL_AND_TRANSPORT', 'FURNISHING', 'ACCESSORIES', 'GROCERY', 'WATCHES', 'EMERGING_BRANDS',
  'NEW_BRANDS', 'LUXURY', 'ONE_STOP_SHOPS', 'APPLE', 'BEAUTY', 'HOTELS', 'MUSIC', 'SOFTWARE',
  'HAND_BAGS', 'HOME_DECOR', 'GAMING', 'OTT', 'JEWELLERY', 'ELECTRONICS', 'BILL_PAYMENTS',
  'FITNESS', 'FOOD', 'FASHION', 'RAKHI_SPECIAL', 'HOT_DEALS', 'KIDS', 'FOOTWARE',
] as const;
