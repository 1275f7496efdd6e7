import type { AmountRestrictions, PartnerBrand } from '../partner-api/types.js';

/** A stored brand as the rest of the app reads it: the parsed brand plus what only we know. */
export interface CatalogBrand {
  brand: PartnerBrand;
  /** True once a full sync no longer listed the brand. Kept because past sales reference it. */
  removed: boolean;
  removedAt: number | null;
  discount: BrandDiscount | null;
  /** When a full sync last changed this row (insert, new content, or reappearance). */
  syncedAt: number;
}

/** Brand Discount Update event (spec §6), as stored in `brands.discount`. */
export interface BrandDiscount {
  subventionPercentage: number;
  /** YYYY-MM-DD */
  validFrom: string;
  /** YYYY-MM-DD; null for an open-ended discount. */
  validTo: string | null;
}

export interface BrandDiscountUpdate {
  brandId: string;
  subventionPercentage: number;
  validFrom: string;
  validTo?: string | null;
}

/**
 * Brand Updated event (spec §6): the only brand fields a webhook may change. Shaped like the
 * partner client's parsed event (`brandId`; the wire calls it `id`). A field that is null or
 * absent was not sent and keeps its stored value.
 */
export interface BrandUpdate {
  brandId: string;
  status?: string | null;
  denominationType?: string | null;
  denominations?: number[] | null;
  amountRestrictions?: Omit<AmountRestrictions, 'denominations'> | null;
}

export interface CatalogSearchQuery {
  /** Search-as-you-type text; every word is a prefix. Empty or punctuation only = browse. */
  text?: string;
  /**
   * 'prefix' (default): every word of `text` starts a word of the title, description, tags or
   * categories. 'substring': every word occurs anywhere in the title, mid-word too ('mazon'
   * finds Amazon), for a cashier who remembers part of a name; brands where the words start
   * title words rank first.
   */
  mode?: 'prefix' | 'substring';
  /** Exact category id (case-insensitive), e.g. FOOD. */
  category?: string;
  includeInactive?: boolean;
  includeRemoved?: boolean;
  /** Default 50, at most 500. */
  limit?: number;
}

export interface CategoryCount {
  category: string;
  /** Listed (not removed) brands in the category, any status. */
  brands: number;
  /** Of those, ACTIVE ones. */
  active: number;
}

/** A brand the counter cannot sell, as the manager's Catalog screen lists it. */
export interface UnavailableBrand {
  productId: string;
  title: string;
  /** The service's status (INACTIVE, or whatever else it sent); ACTIVE only for a brand no longer listed. */
  status: string;
  /** Set when a full sync no longer listed the brand (kept because past sales reference it). */
  removedAt: number | null;
  syncedAt: number;
}

export interface CatalogCounts {
  /** Not removed, any status. */
  listed: number;
  /** Not removed and ACTIVE. */
  active: number;
  removed: number;
}

/**
 * What one full replacement did. inserted + updated + unchanged = distinct ids received;
 * restored counts brands that had been removed and came back (with or without new content).
 */
export interface ReplaceSummary {
  received: number;
  duplicates: number;
  inserted: number;
  updated: number;
  unchanged: number;
  restored: number;
  removed: number;
}

export type CatalogUpdateError = { code: 'UNKNOWN_BRAND'; message: string; brandId: string };

export interface SyncProgress {
  pagesFetched: number;
  brandsFetched: number;
  skipped: number;
}

export interface SyncSummary {
  /** Brands received and stored (after skipping malformed entries). */
  brands: number;
  removed: number;
  skipped: number;
  durationMs: number;
  pages: number;
  changes: ReplaceSummary;
}
