import type { Core } from '../../core/create-core.js';
import { fail } from '../bridge-result.js';
import type { MethodInput } from '../contract.js';

export function catalogHandlers(core: Core) {
  return {
    'catalog.search': (input: MethodInput<'catalog.search'>) => ({ brands: core.env().catalog.search({ ...input, limit: input.limit ?? 60 }) }),
    'catalog.categories': () => ({ categories: core.env().catalog.categories() }),
    'catalog.brand': (input: MethodInput<'catalog.brand'>) => core.env().catalog.get(input.productId) ?? fail('NOT_FOUND', 'That brand is not in the catalog'),
    'catalog.image': async (input: MethodInput<'catalog.image'>) => ({ dataUrl: await core.env().images.dataUrl(input.productId, input.kind ?? 'logo') }),
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
  };
}
