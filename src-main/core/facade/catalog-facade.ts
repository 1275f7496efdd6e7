import type { CatalogSyncResult } from '../../catalog/catalog-sync.js';
import type { CatalogBrand, CatalogSearchQuery, CategoryCount, UnavailableBrand } from '../../catalog/catalog-types.js';
import type { CatalogListingColumns } from '../../catalog/shared/listing-index.js';
import { wantsTitleSearch } from '../../catalog/shared/listing-search.js';
import type { CatalogStatus } from '../../contract/index.js';
import type { CoreEvents } from '../core-events.js';
import type { EnvironmentContext } from '../environment-context.js';

/** The current environment's catalog, as the counter uses it. */
export interface CatalogFacade {
  /**
   * Word-prefix matches first (what the cashier most likely means), then — when they do not
   * fill the list — titles that contain the typed text mid-word, for a cashier who remembers
   * only part of a name ("mazon" finds Amazon).
   */
  search(query: Omit<CatalogSearchQuery, 'mode'> & { limit: number }): CatalogBrand[];
  /** The listing columns the page searches itself (see ListingIndex); null columns when `since` is current. */
  listing(since?: string): Promise<{ version: string; columns: CatalogListingColumns | null }>;
  categories(): CategoryCount[];
  brand(productId: string): CatalogBrand | null;
  /** A brand's logo as a data: URL; null when it has none or it cannot be fetched. */
  image(productId: string, kind: 'logo' | 'thumbnail'): Promise<string | null>;
  status(): CatalogStatus;
  /** What cannot be sold (inactive, or no longer listed), for the manager. */
  unavailable(limit: number): UnavailableBrand[];
  /** A full sync now, announced as catalog.progress events while it runs and catalog.synced at the end. */
  syncNow(): Promise<CatalogSyncResult>;
}

export function catalogFacade(env: () => EnvironmentContext, events: CoreEvents): CatalogFacade {
  return {
    search(query) {
      const catalog = env().catalog;
      const prefixed = catalog.search(query);
      if (!wantsTitleSearch(query.text ?? '', prefixed.length, query.limit)) return prefixed;
      const seen = new Set(prefixed.map((b) => b.brand.id));
      const more = catalog.search({ ...query, mode: 'substring' }).filter((b) => !seen.has(b.brand.id));
      return [...prefixed, ...more].slice(0, query.limit);
    },
    listing: (since) => env().catalog.listing(since),
    categories: () => env().catalog.categories(),
    brand: (productId) => env().catalog.get(productId),
    image: (productId, kind) => env().images.dataUrl(productId, kind),
    unavailable: (limit) => env().catalog.unavailable(limit),
    status() {
      const { catalog, catalogSync } = env();
      return { lastFullSyncAt: catalog.lastFullSyncAt(), counts: catalog.count(), stale: catalogSync.isStale() };
    },
    async syncNow() {
      const result = await env().catalogSync.syncNow((p) => events.emit('catalog.progress', p));
      events.emit('catalog.synced', { ok: result.ok, brands: result.ok ? result.value.brands : null, message: result.ok ? null : result.error.message });
      return result;
    },
  };
}
