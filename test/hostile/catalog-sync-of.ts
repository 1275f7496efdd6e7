import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { CatalogSync } from '../../src-main/catalog/catalog-sync.js';
import type { Db } from '../../src-main/db/database.js';
import type { PartnerClient } from '../../src-main/partner-api/partner-client.js';
import { FakeClock } from '../../src-main/platform/clock.js';
import { memoryLogger } from '../../src-main/platform/logger.js';

/**
 * A catalog sync wired as environment-context.ts wires it: the real partner client as the page
 * source, the real repository on `db` (reads on `readDb` when given), a fake clock.
 */
export function catalogSyncOf(client: PartnerClient, db: Db, options: { readDb?: Db; pageSize?: number; logger?: ReturnType<typeof memoryLogger> } = {}) {
  const logger = options.logger ?? memoryLogger();
  const repo = new CatalogRepository(db, options.readDb ? { readDb: options.readDb } : {});
  const sync = new CatalogSync({
    source: {
      async listBrandsPage(pageNo, limit) {
        const r = await client.listBrandsPage(pageNo, limit);
        return r.ok ? { ok: true, value: r.value, requestId: r.requestIds[0] ?? '' } : { ok: false, error: r.error };
      },
      async listBrandsPageSplit(pageNo, limit, knownHash, knownEntries) {
        const r = await client.listBrandsPageSplit(pageNo, limit, knownHash, knownEntries);
        return r.ok ? { ok: true, value: r.value, requestId: r.requestIds[0] ?? '' } : { ok: false, error: r.error };
      },
    },
    repo,
    clock: new FakeClock(1_764_100_000_000),
    logger,
    pageSize: options.pageSize,
  });
  return { repo, sync, logger };
}
