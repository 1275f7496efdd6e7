import type { Core } from '../../core/create-core.js';
import { fail } from '../bridge-result.js';
import type { CoreHandlers, ParsedInput } from '../../contract/index.js';

export function catalogHandlers(core: Core) {
  return {
    'catalog.search': (input: ParsedInput<'catalog.search'>) => ({ brands: core.catalog.search({ ...input, limit: input.limit ?? 60 }) }),
    'catalog.listing': (input: ParsedInput<'catalog.listing'>) => core.catalog.listing(input.since),
    'catalog.categories': () => ({ categories: core.catalog.categories() }),
    'catalog.brand': (input: ParsedInput<'catalog.brand'>) => core.catalog.brand(input.productId) ?? fail('NOT_FOUND', 'That brand is not in the catalog'),
    'catalog.image': async (input: ParsedInput<'catalog.image'>) => ({ dataUrl: await core.catalog.image(input.productId, input.kind ?? 'logo') }),
    'catalog.status': () => core.catalog.status(),
    'catalog.unavailable': (input: ParsedInput<'catalog.unavailable'>) => ({ brands: core.catalog.unavailable(input.limit ?? 1_000) }),
    // Answers when the sync is done; progress arrives meanwhile as catalog.progress events.
    'catalog.syncNow': async () => {
      const result = await core.catalog.syncNow();
      if (!result.ok) return fail(result.error.code, result.error.message, { action: 'Selling goes on from the current catalog; try the sync again later.' });
      return result.value;
    },
  } satisfies Partial<CoreHandlers>;
}
