import { join } from 'node:path';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { CatalogSync, type BrandPage, type BrandPageSource } from '../../src-main/catalog/catalog-sync.js';
import { openDatabase } from '../../src-main/db/database.js';
import { createPartnerClient } from '../../src-main/partner-api/partner-client.js';
import { DEFAULT_CREDENTIALS } from '../../src-main/sandbox/auth/credentials.js';
import { startSandbox } from '../../src-main/sandbox/server.js';
import { FakeClock } from '../../src-main/platform/clock.js';
import { silentLogger } from '../../src-main/platform/logger.js';
import { tempDir } from '../support/temp-dir.js';
import { generateBrands } from './brands.js';
import { bareClient, loginToken } from './order.bench.js';
import { paired, row, type BenchRow } from './stats.js';

const PAGE = 100;

/** Serves pre-serialized pages of generated brands from memory (the parse is part of the cost, as over HTTP). */
function memorySource(pages: string[]): BrandPageSource {
  return {
    listBrandsPage: async (pageNo) => {
      const page = JSON.parse(pages[pageNo - 1]!) as { brands: BrandPage['brands']; nextCursor: BrandPage['nextCursor'] };
      return { ok: true, value: { brands: page.brands, skipped: [], nextCursor: page.nextCursor } };
    },
  };
}

function fresh(source: BrandPageSource) {
  const dir = tempDir('gv-bench-sync-');
  const db = openDatabase(join(dir.path, 'catalog.db'));
  const repo = new CatalogRepository(db);
  const sync = new CatalogSync({ source, repo, clock: new FakeClock(Date.UTC(2026, 0, 1)), logger: silentLogger, pageSize: PAGE });
  return {
    run: async () => {
      const r = await sync.syncNow();
      if (!r.ok) throw new Error(`sync failed: ${r.error.code} ${r.error.message}`);
    },
    close: () => {
      db.close();
      dir.cleanup();
    },
  };
}

async function measure(label: string, source: BrandPageSource, baseline: () => Promise<unknown>, reps: number, baseLabel: string): Promise<BenchRow[]> {
  const open: ReturnType<typeof fresh>[] = [];
  try {
    // Full sync: each round on a new empty database.
    const full = await paired(
      reps,
      async () => {
        const f = fresh(source);
        open.push(f);
        await f.run();
      },
      baseline,
      1,
    );
    const same = fresh(source);
    open.push(same);
    await same.run();
    const again = await paired(reps, () => same.run(), baseline, 1);
    return [
      row('sync', `full sync, ${label}`, full.subject, full.baseline, baseLabel),
      row('sync', `re-sync unchanged, ${label}`, again.subject, again.baseline, baseLabel),
    ];
  } finally {
    for (const f of open) f.close();
  }
}

export async function benchSync(sizes: readonly number[], reps: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const sandbox = await startSandbox({});
  const client = createPartnerClient({
    baseUrl: sandbox.url,
    credentials: async () => DEFAULT_CREDENTIALS.staging,
    clock: new FakeClock(Date.now()),
    logger: silentLogger,
  });
  const bare = bareClient(sandbox.url);
  try {
    const token = await loginToken(bare);
    let count = 0;
    const fetchAll = async () => {
      count = 0;
      for (let pageNo = 1; ; pageNo++) {
        const res = await bare.send('GET', `/v1/partners/products?pageNo=${pageNo}&limit=${PAGE}`, undefined, token);
        const body = JSON.parse(res.text) as { data: unknown[]; nextCursor: unknown };
        if (res.status !== 200) throw new Error(`GET products: ${res.status}`);
        count += body.data.length;
        if (body.nextCursor === null) return;
      }
    };
    await fetchAll();
    rows.push(...(await measure(`sandbox catalog (${count} brands, HTTP)`, client, fetchAll, reps, 'keep-alive GET + JSON.parse of the pages')));
  } finally {
    bare.close();
    client.close();
    await sandbox.close();
  }
  for (const size of sizes) {
    const brands = generateBrands(size, size);
    const pages: string[] = [];
    for (let i = 0; i < brands.length; i += PAGE) {
      const last = i + PAGE >= brands.length;
      pages.push(JSON.stringify({ brands: brands.slice(i, i + PAGE), nextCursor: last ? null : { pageNo: i / PAGE + 2, limit: PAGE } }));
    }
    const parseAll = async () => {
      for (const p of pages) JSON.parse(p);
    };
    rows.push(...(await measure(`${size} generated brands (memory source)`, memorySource(pages), parseAll, Math.max(3, Math.ceil(reps / 3)), 'JSON.parse of the same pages')));
  }
  return rows;
}
