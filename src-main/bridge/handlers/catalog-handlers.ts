import type { CatalogRepository } from '../../catalog/catalog-repository.js';
import type { CatalogBrand } from '../../catalog/catalog-types.js';
import type { Core } from '../../core/create-core.js';
import { fail } from '../bridge-result.js';
import type { CoreHandlers, ParsedInput } from '../../contract/index.js';

/** Below this many typed characters a mid-word match is mostly noise ("a" is in most titles). */
const SUBSTRING_MIN_CHARS = 3;

/**
 * Word-prefix matches first (what the cashier most likely means), then — when they do not fill
 * the list — titles that contain the typed text mid-word, for a cashier who remembers only part
 * of a name ("mazon" finds Amazon).
 */
function searchWithSubstrings(core: Core, query: Parameters<CatalogRepository['search']>[0] & { limit: number }): CatalogBrand[] {
  const catalog = core.env().catalog;
  const prefixed = catalog.search(query);
  const text = query.text?.trim() ?? '';
  if (prefixed.length >= query.limit || text.replace(/\s+/g, '').length < SUBSTRING_MIN_CHARS) return prefixed;
  const seen = new Set(prefixed.map((b) => b.brand.id));
  const more = catalog.search({ ...query, mode: 'substring' }).filter((b) => !seen.has(b.brand.id));
  return [...prefixed, ...more].slice(0, query.limit);
}

export function catalogHandlers(core: Core) {
  return {
    'catalog.search': (input: ParsedInput<'catalog.search'>) => ({ brands: searchWithSubstrings(core, { ...input, limit: input.limit ?? 60 }) }),
    'catalog.categories': () => ({ categories: core.env().catalog.categories() }),
    'catalog.brand': (input: ParsedInput<'catalog.brand'>) => core.env().catalog.get(input.productId) ?? fail('NOT_FOUND', 'That brand is not in the catalog'),
    'catalog.image': async (input: ParsedInput<'catalog.image'>) => ({ dataUrl: await core.env().images.dataUrl(input.productId, input.kind ?? 'logo') }),
    'catalog.status': () => {
      const env = core.env();
      return { lastFullSyncAt: env.catalog.lastFullSyncAt(), counts: env.catalog.count(), stale: env.catalogSync.isStale() };
    },
    // Answers when the sync is done; progress arrives meanwhile as catalog.progress events.
    'catalog.syncNow': async () => {
      const env = core.env();
      const result = await env.catalogSync.syncNow((p) => core.events.emit('catalog.progress', p));
      core.events.emit('catalog.synced', { ok: result.ok, brands: result.ok ? result.value.brands : null, message: result.ok ? null : result.error.message });
      if (!result.ok) return fail(result.error.code, result.error.message, { action: 'Selling goes on from the current catalog; try the sync again later.' });
      return result.value;
    },
  } satisfies Partial<CoreHandlers>;
}
