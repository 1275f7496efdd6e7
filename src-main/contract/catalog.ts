import { z } from 'zod';
import type { CatalogBrand, CatalogCounts, CategoryCount, SyncSummary, UnavailableBrand } from '../catalog/catalog-types.js';
import type { CatalogListingColumns } from '../catalog/shared/listing-index.js';
import { signedIn } from './define.js';
import { empty, id } from './fields.js';

export interface CatalogStatus {
  lastFullSyncAt: number | null;
  counts: CatalogCounts;
  stale: boolean;
}

export const catalogMethods = {
  'catalog.search': signedIn(
    z.strictObject({
      text: z.string().max(100).optional(),
      category: z.string().max(60).optional(),
      includeInactive: z.boolean().optional(),
      limit: z.number().int().min(1).max(200).optional(),
    }),
  ).returns<{ brands: CatalogBrand[] }>(),
  /**
   * The listing's search fields as columns, for the page to answer search itself (ListingIndex).
   * `since`: the version the page holds; then `columns` is null while it is still current.
   */
  'catalog.listing': signedIn(z.strictObject({ since: z.string().max(100).optional() })).returns<{ version: string; columns: CatalogListingColumns | null }>(),
  'catalog.categories': signedIn(empty).returns<{ categories: CategoryCount[] }>(),
  'catalog.brand': signedIn(z.strictObject({ productId: id })).returns<CatalogBrand>(),
  'catalog.status': signedIn(empty).returns<CatalogStatus>(),
  /** The brands that cannot be sold, by name: inactive ones, then those no longer listed. */
  'catalog.unavailable': signedIn(z.strictObject({ limit: z.number().int().min(1).max(5_000).optional() })).returns<{ brands: UnavailableBrand[] }>(),
  /** A brand's logo as a data: URL (the CSP allows no remote images); null when it has none or it cannot be fetched. */
  'catalog.image': signedIn(z.strictObject({ productId: id, kind: z.enum(['logo', 'thumbnail']).default('logo') })).returns<{ dataUrl: string | null }>(),
  /** Answers when the sync is done; progress arrives meanwhile as catalog.progress events. */
  'catalog.syncNow': signedIn(empty).returns<SyncSummary>(),
};
