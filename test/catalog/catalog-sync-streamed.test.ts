import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { CatalogSync } from '../../src-main/catalog/catalog-sync.js';
import type { SyncProgress } from '../../src-main/catalog/catalog-types.js';
import type { Db } from '../../src-main/db/database.js';
import { FakeClock } from '../../src-main/platform/clock.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { assertSearchIndexConsistent, brandsNumbered, FakePageSource, makeBrand, tempDatabase } from './fixtures.js';

/**
 * A sync writes each page's changes as the page arrives, in one transaction committed after
 * the last page (unless it writes more rows than a chunk: see catalog-sync-pages.test.ts).
 * Readers (their own connection, as the app wires them) see the previous catalog, whole, until
 * that commit; a failed sync rolls back everything it wrote since.
 */
class HeldSource extends FakePageSource {
  private release!: () => void;
  private readonly held = new Promise<void>((resolve) => (this.release = resolve));
  /**
   * Resolves when the sync has asked for page `holdAt` and taken every page before it (the
   * sync asks for a page before writing the one before it, so both are awaited).
   */
  readonly reached: Promise<unknown>;
  private arrived!: () => void;
  private taken!: () => void;
  /** The sync's progress listener (syncNow's argument): tells when the pages before `holdAt` are taken. */
  readonly progress = (p: SyncProgress): void => {
    if (p.pagesFetched === this.holdAt - 1) this.taken();
  };

  constructor(
    brands: ReturnType<typeof brandsNumbered>,
    private readonly holdAt: number,
  ) {
    super(brands);
    this.reached = Promise.all([new Promise<void>((resolve) => (this.arrived = resolve)), new Promise<void>((resolve) => (this.taken = resolve))]);
  }

  override async listBrandsPage(pageNo: number, limit: number) {
    if (pageNo === this.holdAt) {
      this.arrived();
      await this.held;
    }
    return super.listBrandsPage(pageNo, limit);
  }

  go(): void {
    this.release();
  }
}

let env: ReturnType<typeof tempDatabase>;
let readDb: Db;
let repo: CatalogRepository;
const clock = new FakeClock();

beforeEach(() => {
  env = tempDatabase();
  readDb = env.open();
  repo = new CatalogRepository(env.db, { readDb });
});
// A replacement ends by starting a WAL checkpoint in a worker thread that still writes the files: wait for it before deleting them.
afterEach(async () => {
  await repo.checkpointIdle();
  env.cleanup();
});

const newSync = (source: FakePageSource) => new CatalogSync({ source, repo, clock, logger: memoryLogger(), pageSize: 100 });
const rowsOnWriter = () => env.db.prepare('SELECT count(*) FROM brands').pluck().get() as number;
const renamed = (n: number) => brandsNumbered(n).map((b) => makeBrand(b.id, { title: `Renamed ${b.id}` }));

describe('a sync streamed into one transaction', () => {
  it('a first sync: pages are written as they arrive, and a reader sees no catalog until the commit, then all of it (within one chunk)', async () => {
    const source = new HeldSource(brandsNumbered(250), 3);
    const running = newSync(source).syncNow(source.progress);
    await source.reached;
    // Pages 1 and 2 are in the database already (not held in memory until the end)…
    expect(rowsOnWriter()).toBe(200);
    // …but uncommitted: the reader's catalog is still the empty, never-synced one.
    expect(repo.count().listed).toBe(0);
    expect(repo.lastFullSyncAt()).toBeNull();
    expect(readDb.prepare('SELECT count(*) FROM brands').pluck().get()).toBe(0);
    source.go();
    expect(await running).toMatchObject({ ok: true, value: { brands: 250, changes: { inserted: 250 } } });
    expect(repo.count().listed).toBe(250);
    expect(repo.lastFullSyncAt()).toBe(clock.now());
    assertSearchIndexConsistent(env.db);
  });

  it('a re-sync: the reader keeps the previous catalog, whole, while the changed pages are written', async () => {
    await newSync(new FakePageSource(brandsNumbered(250))).syncNow();
    const source = new HeldSource([...renamed(250), ...brandsNumbered(50, 'n')], 3);
    const running = newSync(source).syncNow(source.progress);
    await source.reached;
    expect(env.db.prepare("SELECT count(*) FROM brands WHERE title LIKE 'Renamed %'").pluck().get()).toBe(200);
    expect(repo.count().listed).toBe(250);
    expect(repo.search({ text: 'renamed' })).toEqual([]);
    expect(repo.get('b0000')?.brand.title).toBe('Shop b0');
    source.go();
    expect(await running).toMatchObject({ ok: true, value: { brands: 300, changes: { updated: 250, inserted: 50 } } });
    expect(repo.count().listed).toBe(300);
    expect(repo.get('b0000')?.brand.title).toBe('Renamed b0000');
  });

  it('a sync that fails after writing pages rolls all of them back', async () => {
    await newSync(new FakePageSource(brandsNumbered(250))).syncNow();
    const before = env.db.prepare('SELECT id, title, content_hash, removed_at, synced_at FROM brands ORDER BY id').all();
    const source = new HeldSource(renamed(250), 3);
    source.override = (pageNo) => (pageNo === 3 ? { ok: false, error: { code: 'NETWORK', message: 'socket hang up' } } : null);
    const running = newSync(source).syncNow(source.progress);
    await source.reached;
    expect(env.db.prepare("SELECT count(*) FROM brands WHERE title LIKE 'Renamed %'").pluck().get()).toBe(200);
    source.go();
    expect(await running).toMatchObject({ ok: false, error: { code: 'PAGE_FETCH_FAILED', pageNo: 3 } });
    expect(env.db.inTransaction).toBe(false);
    expect(env.db.prepare('SELECT id, title, content_hash, removed_at, synced_at FROM brands ORDER BY id').all()).toEqual(before);
    assertSearchIndexConsistent(env.db);
  });

  it('a webhook that lands inside a sync’s open transaction survives that sync’s rollback', async () => {
    await newSync(new FakePageSource(brandsNumbered(250))).syncNow();
    const source = new HeldSource(renamed(250), 3);
    source.override = (pageNo) => (pageNo === 3 ? { ok: false, error: { code: 'NETWORK', message: 'socket hang up' } } : null);
    const running = newSync(source).syncNow(source.progress);
    await source.reached;
    expect(env.db.inTransaction).toBe(true);
    expect(repo.applyBrandUpdate({ brandId: 'b0240', status: 'INACTIVE', denominationType: null, denominations: null, amountRestrictions: null })).toMatchObject({ ok: true, value: { changed: true } });
    expect(repo.applyDiscountUpdate({ brandId: 'b0241', subventionPercentage: 5, validFrom: '2026-11-01T00:00:00Z', validTo: null })).toMatchObject({ ok: true, value: { changed: true } });
    source.go();
    expect(await running).toMatchObject({ ok: false });
    expect(repo.get('b0240')?.brand.status).toBe('INACTIVE');
    expect(env.db.prepare("SELECT discount FROM brands WHERE id = 'b0241'").pluck().get()).toContain('"subventionPercentage":5');
  });
});

describe('a first sync commits in chunks of rows', () => {
  let chunked: CatalogRepository;
  beforeEach(() => {
    chunked = new CatalogRepository(env.db, { readDb, firstSyncChunkRows: 100 });
  });
  const chunkedSync = (source: FakePageSource) => new CatalogSync({ source, repo: chunked, clock, logger: memoryLogger(), pageSize: 100 });

  it('readers see the committed chunks, but never a completed sync, until the last page is in', async () => {
    const source = new HeldSource(brandsNumbered(250), 3);
    const running = chunkedSync(source).syncNow(source.progress);
    await source.reached;
    expect(env.db.inTransaction).toBe(false);
    expect(chunked.count().listed).toBe(200);
    expect(chunked.lastFullSyncAt()).toBeNull();
    source.go();
    expect(await running).toMatchObject({ ok: true, value: { brands: 250, changes: { inserted: 250 } } });
    expect(chunked.count().listed).toBe(250);
    expect(chunked.lastFullSyncAt()).toBe(clock.now());
    assertSearchIndexConsistent(env.db);
  });

  it('a failed first sync stays never synced; the next one takes the committed brands as unchanged', async () => {
    const source = new HeldSource(brandsNumbered(250), 3);
    source.override = (pageNo) => (pageNo === 3 ? { ok: false, error: { code: 'NETWORK', message: 'socket hang up' } } : null);
    const running = chunkedSync(source).syncNow(source.progress);
    await source.reached;
    source.go();
    expect(await running).toMatchObject({ ok: false, error: { code: 'PAGE_FETCH_FAILED' } });
    expect(chunked.lastFullSyncAt()).toBeNull();
    expect(chunked.lastSyncSummary()).toBeNull();
    source.override = () => null;
    expect(await chunkedSync(source).syncNow()).toMatchObject({ ok: true, value: { brands: 250, changes: { unchanged: 200, inserted: 50 } } });
    expect(chunked.lastFullSyncAt()).toBe(clock.now());
    assertSearchIndexConsistent(env.db);
  });

  it('a later sync’s chunks leave the page’s listing version alone until the sync ends (a first sync’s move it)', async () => {
    const later = new CatalogRepository(env.db, { readDb, firstSyncChunkRows: 100, replacementChunkRows: 100 });
    const sync = (source: FakePageSource) => new CatalogSync({ source, repo: later, clock, logger: memoryLogger(), pageSize: 100 });
    const first = new HeldSource(brandsNumbered(250), 3);
    const before = (await later.listing()).version;
    const firstRun = sync(first).syncNow(first.progress);
    await first.reached;
    expect((await later.listing(before)).version).not.toBe(before);
    first.go();
    await firstRun;
    await later.checkpointIdle();

    const synced = (await later.listing()).version;
    const source = new HeldSource([...brandsNumbered(200, 'n'), ...brandsNumbered(250)], 3);
    const running = sync(source).syncNow(source.progress);
    await source.reached;
    // Two chunks of new brands are committed and searchable in SQLite; the listing the page holds stays current until the end.
    expect(env.db.inTransaction).toBe(false);
    expect(readDb.prepare("SELECT count(*) FROM brands WHERE id LIKE 'n%'").pluck().get()).toBe(200);
    expect(await later.listing(synced)).toEqual({ version: synced, columns: null });
    source.go();
    expect(await running).toMatchObject({ ok: true, value: { changes: { inserted: 200, unchanged: 250 } } });
    expect((await later.listing(synced)).version).not.toBe(synced);
    await later.checkpointIdle();
  });

  it('a sync over a catalog that was synced before does not take a first sync’s chunks: below REPLACEMENT_CHUNK_ROWS it is one transaction', async () => {
    await chunkedSync(new FakePageSource(brandsNumbered(50))).syncNow();
    const source = new HeldSource(brandsNumbered(250, 'n'), 3);
    const running = chunkedSync(source).syncNow(source.progress);
    await source.reached;
    expect(env.db.inTransaction).toBe(true);
    expect(chunked.count().listed).toBe(50);
    source.go();
    expect(await running).toMatchObject({ ok: true, value: { changes: { inserted: 250 }, removed: 50 } });
  });
});
