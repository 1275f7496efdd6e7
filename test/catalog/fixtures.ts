import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { parseBrand } from '../../src-main/partner-api/wire-schemas.js';
import { loadCatalogFile } from '../../src-main/sandbox/catalog/catalog-file.js';
import { brandForWire } from '../../src-main/sandbox/catalog/catalog-store.js';
import { testBrandRecords } from '../../src-main/sandbox/catalog/test-brands.js';
import { partnerBrand } from '../support/partner-brand.js';
import type { BrandPage, BrandPageSource, PageFetchOptions } from '../../src-main/catalog/catalog-page-source.js';
import type { BrandPageFetch, PartnerBrand } from '../../src-main/partner-api/types.js';

/** A fresh database file in its own temp folder; `cleanup` closes every connection and deletes it. */
export function tempDatabase(): { db: Db; path: string; open(): Db; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-test-'));
  const path = join(dir, 'training-catalog.db');
  const connections: Db[] = [];
  const open = (): Db => {
    const db = openDatabase(path, 'catalog');
    connections.push(db);
    return db;
  };
  const db = open();
  return {
    db,
    path,
    open,
    cleanup() {
      for (const c of connections) if (c.open) c.close();
      // A replacement's checkpoint worker (catalog-checkpoint.ts) may still be opening its own
      // connection, making the WAL and shared-memory files as the folder is emptied: try again.
      rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 20 });
    },
  };
}

export function makeBrand(id: string, overrides: Partial<PartnerBrand> = {}): PartnerBrand {
  return partnerBrand(
    { id, title: `Brand ${id}`, categories: [], redemptionType: 'ONLINE', ...overrides },
    {
      maxOrderAmount: 10000,
      maxVoucherAmount: 5000,
      maxVouchersPerOrder: 5,
      maxVouchersPerDenomination: null,
      maxDenominationsPerOrder: null,
      denominations: [100, 500, 1000],
    },
  );
}

/** The sandbox's listed brands (its catalog and its Test brands) as the app receives them: through the app's own parser. */
export function sandboxBrands(): PartnerBrand[] {
  const wires = [...loadCatalogFile(), ...testBrandRecords().filter((r) => r.listed).map((r) => r.wire)];
  return wires.map((wire) => {
    const parsed = parseBrand(brandForWire(wire, 'http://127.0.0.1:4010', 'as-stored'));
    if (!parsed.ok) throw new Error(`${wire.id}: ${parsed.error}`);
    return parsed.value;
  });
}

/** FTS5's own check that the external-content index matches the brands table exactly. */
export function assertSearchIndexConsistent(db: Db): void {
  db.exec("INSERT INTO brands_fts (brands_fts, rank) VALUES ('integrity-check', 1)");
}

/** Rows changed on this connection while `fn` ran (SQLite's total_changes()). */
export async function changesDuring(db: Db, fn: () => unknown): Promise<number> {
  const total = db.prepare('SELECT total_changes()').pluck();
  const before = total.get() as number;
  await fn();
  return (total.get() as number) - before;
}

type PageAnswer = Awaited<ReturnType<BrandPageSource['listBrandsPage']>>;

/**
 * A scripted BrandPageSource: serves `brands` in pages of the requested limit; `override`
 * may replace the answer for a given page (failures, broken cursors, skipped entries).
 */
export class FakePageSource implements BrandPageSource {
  calls: { pageNo: number; limit: number }[] = [];
  /** Resolved before each answer; tests hold it to keep a sync in flight. */
  gate: Promise<void> = Promise.resolve();

  constructor(
    public brands: PartnerBrand[],
    public override: (pageNo: number, limit: number, normal: BrandPage) => PageAnswer | null = () => null,
  ) {}

  async listBrandsPage(pageNo: number, limit: number): Promise<PageAnswer> {
    this.calls.push({ pageNo, limit });
    await this.gate;
    const start = (pageNo - 1) * limit;
    const normal: BrandPage = {
      brands: this.brands.slice(start, start + limit),
      skipped: [],
      nextCursor: start + limit < this.brands.length ? { pageNo: pageNo + 1, limit } : null,
    };
    return this.override(pageNo, limit, normal) ?? { ok: true, value: normal, requestId: `req-${pageNo}` };
  }
}

/**
 * A FakePageSource that also answers like the partner client's listBrandsPageIfChanged: the
 * page's JSON text is hashed, and only a page whose hash differs from the known one is
 * "parsed" (counted in `parsed`, by page number).
 */
export class HashingPageSource extends FakePageSource {
  parsed: number[] = [];
  /**
   * When set, the next cursor a page's bytes are read to name (as the partner client's
   * nextCursorSeen), told as soon as the page is asked for, before `gate`; null tells nothing.
   */
  readsCursor: ((pageNo: number, limit: number) => { pageNo: number; limit: number } | null) | null = null;

  async listBrandsPageIfChanged(
    pageNo: number,
    limit: number,
    knownHash: string | null,
    options?: PageFetchOptions,
  ): Promise<{ ok: true; value: BrandPageFetch; requestId: string } | { ok: false; error: { message: string; code: string } }> {
    const read = this.readsCursor?.(pageNo, limit);
    if (read) queueMicrotask(() => options?.nextCursorSeen?.(read));
    const answer = await this.listBrandsPage(pageNo, limit);
    if (!answer.ok) return answer;
    const hash = createHash('sha1').update(JSON.stringify(answer.value)).digest('base64url');
    if (hash === knownHash) return { ok: true, value: { unchanged: true, hash }, requestId: `req-${pageNo}` };
    this.parsed.push(pageNo);
    return { ok: true, value: { unchanged: false, hash, page: answer.value }, requestId: `req-${pageNo}` };
  }
}

export const brandsNumbered = (n: number, prefix = 'b'): PartnerBrand[] =>
  Array.from({ length: n }, (_, i) => makeBrand(`${prefix}${String(i).padStart(4, '0')}`, { title: `Shop ${prefix}${i}` }));

/** The sandbox's catalog stored in a fresh catalog database: search answers as the counter's does. */
export async function sandboxCatalog(): Promise<{ repo: CatalogRepository; brands: PartnerBrand[]; cleanup(): void }> {
  const env = tempDatabase();
  const repo = new CatalogRepository(env.db);
  const brands = sandboxBrands();
  await repo.replaceAll(brands, Date.UTC(2026, 10, 1));
  return { repo, brands, cleanup: env.cleanup };
}
