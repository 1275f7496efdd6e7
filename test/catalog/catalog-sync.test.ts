import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { CatalogSync, DAY_MS } from '../../src-main/catalog/catalog-sync.js';
import type { SyncProgress } from '../../src-main/catalog/catalog-types.js';
import { FakeClock } from '../../src-main/platform/clock.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import type { PartnerBrand } from '../../src-main/partner-api/types.js';
import { brandsNumbered, FakePageSource, makeBrand, tempDatabase } from './fixtures.js';

let env: ReturnType<typeof tempDatabase>;
let repo: CatalogRepository;
let clock: FakeClock;
let logger: ReturnType<typeof memoryLogger>;

beforeEach(() => {
  env = tempDatabase();
  repo = new CatalogRepository(env.db);
  clock = new FakeClock();
  logger = memoryLogger();
});
// A sync's checkpoint runs in a worker with its own connection: the folder goes once it is done.
afterEach(async () => {
  await repo.checkpointIdle();
  env.cleanup();
});

const newSync = (source: FakePageSource, extra: { maxPages?: number; pageSize?: number } = {}): CatalogSync =>
  new CatalogSync({ source, repo, clock, logger, pageSize: 100, ...extra });
const storedIds = (): string[] => repo.search({ includeInactive: true, limit: 500 }).map((b) => b.brand.id).sort();
const failOn = (failing: number) => (pageNo: number) => (pageNo === failing ? { ok: false as const, error: { code: 'NETWORK', message: 'socket hang up' } } : null);

describe('syncNow', () => {
  it('follows nextCursor through every page, reporting progress, and stores the whole list', async () => {
    const source = new FakePageSource(brandsNumbered(250));
    const progress: SyncProgress[] = [];
    const result = await newSync(source).syncNow((p) => progress.push(p));

    expect(result).toMatchObject({ ok: true, value: { brands: 250, removed: 0, skipped: 0, pages: 3 } });
    expect(source.calls).toEqual([{ pageNo: 1, limit: 100 }, { pageNo: 2, limit: 100 }, { pageNo: 3, limit: 100 }]);
    expect(progress).toEqual([
      { pagesFetched: 1, brandsFetched: 100, skipped: 0 },
      { pagesFetched: 2, brandsFetched: 200, skipped: 0 },
      { pagesFetched: 3, brandsFetched: 250, skipped: 0 },
    ]);
    expect(repo.count().listed).toBe(250);
    expect(repo.lastFullSyncAt()).toBe(clock.now());
  });

  it('asks for the pages after the one being written as their cursors come in, never more than three beyond it', async () => {
    const source = new FakePageSource(brandsNumbered(1000));
    const askedWhenWriting: number[] = [];
    const begin = repo.beginReplace.bind(repo);
    vi.spyOn(repo, 'beginReplace').mockImplementation(async (...args) => {
      const staging = await begin(...args);
      const add = staging.add;
      staging.add = (brands, page) => {
        askedWhenWriting.push(source.calls.length);
        return add(brands, page);
      };
      return staging;
    });
    const result = await newSync(source).syncNow();

    expect(result).toMatchObject({ ok: true, value: { brands: 1000, pages: 10 } });
    // Each page once, in order: asking ahead follows the same cursors.
    expect(source.calls.map((c) => c.pageNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(askedWhenWriting).toHaveLength(10);
    askedWhenWriting.forEach((asked, i) => expect(asked).toBeLessThanOrEqual(Math.min(i + 1 + 3, 10)));
    // The next page is out before the first is written; later, while a page was written, the three after it were.
    expect(askedWhenWriting[0]).toBeGreaterThanOrEqual(2);
    expect(askedWhenWriting.some((asked, i) => asked === i + 1 + 3)).toBe(true);
  });

  it('a sync that fails with pages asked for ahead asks for no more once it ended', async () => {
    await newSync(new FakePageSource(brandsNumbered(3))).syncNow();
    const brands = brandsNumbered(1000, 'z');
    brands[150] = makeBrand('bad', { variantDetails: [{ n: 1n }] }) as PartnerBrand;
    const source = new FakePageSource(brands);
    const result = await newSync(source).syncNow();
    expect(result).toMatchObject({ ok: false, error: { code: 'STORE_FAILED' } });
    const asked = source.calls.length;
    // Page 2 failed to store: at most the three after it were out.
    expect(asked).toBeLessThanOrEqual(2 + 3);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(source.calls).toHaveLength(asked);
    expect(storedIds()).toEqual(brandsNumbered(3).map((b) => b.id));
  });

  it('logs skipped malformed entries (id and reason) without storing them', async () => {
    const source = new FakePageSource(brandsNumbered(150), (pageNo, _limit, normal) =>
      pageNo === 2 ? { ok: true, value: { ...normal, skipped: [{ index: 3, id: 'broken-1', reason: 'title: expected string' }, { index: 7, reason: 'not an object' }] }, requestId: 'r2' } : null,
    );
    const result = await newSync(source).syncNow();
    expect(result).toMatchObject({ ok: true, value: { brands: 150, skipped: 2 } });
    const warnings = logger.lines.map((l) => JSON.parse(l)).filter((l) => l.event === 'catalog.sync.skipped');
    expect(warnings).toEqual([
      expect.objectContaining({ level: 'warn', pageNo: 2, index: 3, id: 'broken-1', reason: 'title: expected string', requestId: 'r2' }),
      expect.objectContaining({ pageNo: 2, index: 7, id: null, reason: 'not an object' }),
    ]);
    expect(repo.get('broken-1')).toBeNull();
  });

  it('marks brands the new list no longer has as removed', async () => {
    const source = new FakePageSource(brandsNumbered(120));
    await newSync(source).syncNow();
    source.brands = source.brands.slice(0, 110);
    const result = await newSync(source).syncNow();
    expect(result).toMatchObject({ ok: true, value: { brands: 110, removed: 10 } });
    expect(repo.count()).toEqual({ listed: 110, active: 110, removed: 10 });
  });

  it('a failed page aborts the sync and leaves the previous catalog intact', async () => {
    const before = brandsNumbered(250);
    await newSync(new FakePageSource(before)).syncNow();
    const syncedAt = repo.lastFullSyncAt();
    clock.advance(DAY_MS);

    const changed = brandsNumbered(180, 'new');
    const result = await newSync(new FakePageSource(changed, failOn(2))).syncNow();
    expect(result).toEqual({ ok: false, error: { code: 'PAGE_FETCH_FAILED', message: expect.stringContaining('socket hang up'), pageNo: 2, cause: { code: 'NETWORK', message: 'socket hang up' } } });
    expect(storedIds()).toEqual(before.map((b) => b.id).sort());
    expect(repo.count()).toEqual({ listed: 250, active: 250, removed: 0 });
    expect(repo.lastFullSyncAt()).toBe(syncedAt);
  });

  it('a source that throws is a failed page, not a crash', async () => {
    const source = new FakePageSource(brandsNumbered(10));
    source.listBrandsPage = () => Promise.reject(new Error('boom'));
    expect(await newSync(source).syncNow()).toMatchObject({ ok: false, error: { code: 'PAGE_FETCH_FAILED', cause: { code: 'UNEXPECTED', message: 'boom' } } });
  });

  it('stops with an error when the cursor does not advance', async () => {
    await newSync(new FakePageSource(brandsNumbered(5))).syncNow();
    const stuck = new FakePageSource(brandsNumbered(300, 'x'), (pageNo, limit, normal) =>
      pageNo === 2 ? { ok: true, value: { ...normal, nextCursor: { pageNo: 2, limit } }, requestId: 'r' } : null,
    );
    const result = await newSync(stuck).syncNow();
    expect(result).toMatchObject({ ok: false, error: { code: 'CURSOR_NOT_ADVANCING', pageNo: 2 } });
    expect(stuck.calls).toHaveLength(2);
    expect(storedIds()).toEqual(brandsNumbered(5).map((b) => b.id));
  });

  it('stops with an error after maxPages of a cursor that never ends', async () => {
    const endless = new FakePageSource([], (pageNo, limit) => ({ ok: true, value: { brands: [makeBrand(`e${pageNo}`)], skipped: [], nextCursor: { pageNo: pageNo + 1, limit } }, requestId: 'r' }));
    const result = await newSync(endless, { maxPages: 5 }).syncNow();
    expect(result).toMatchObject({ ok: false, error: { code: 'TOO_MANY_PAGES' } });
    expect(endless.calls).toHaveLength(5);
    expect(repo.count().listed).toBe(0);
  });

  it('stops at an empty page even when it carries a cursor', async () => {
    // Always hands out a next cursor; page 2 is empty.
    const source = new FakePageSource(brandsNumbered(100), (pageNo, limit, normal) => ({ ok: true, value: { ...normal, nextCursor: { pageNo: pageNo + 1, limit } }, requestId: 'r' }));
    const result = await newSync(source).syncNow();
    expect(result).toMatchObject({ ok: true, value: { brands: 100, pages: 2 } });
  });

  it('refuses to replace a catalog with an empty list', async () => {
    await newSync(new FakePageSource(brandsNumbered(3))).syncNow();
    const result = await newSync(new FakePageSource([])).syncNow();
    expect(result).toMatchObject({ ok: false, error: { code: 'EMPTY_CATALOG' } });
    expect(repo.count().listed).toBe(3);
  });

  it('reports a store failure as a value and keeps the previous catalog', async () => {
    await newSync(new FakePageSource(brandsNumbered(3))).syncNow();
    const unserialisable = makeBrand('bad', { variantDetails: [{ n: 1n }] }) as PartnerBrand;
    const result = await newSync(new FakePageSource([...brandsNumbered(2, 'y'), unserialisable])).syncNow();
    expect(result).toMatchObject({ ok: false, error: { code: 'STORE_FAILED' } });
    expect(storedIds()).toEqual(brandsNumbered(3).map((b) => b.id));
  });

  it('is single-flight: a second call joins the running sync', async () => {
    const source = new FakePageSource(brandsNumbered(250));
    let open!: () => void;
    source.gate = new Promise((resolve) => (open = resolve));
    const sync = newSync(source);
    const seen: number[][] = [[], []];
    const first = sync.syncNow((p) => seen[0]!.push(p.pagesFetched));
    const second = sync.syncNow((p) => seen[1]!.push(p.pagesFetched));
    open();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(source.calls.map((c) => c.pageNo)).toEqual([1, 2, 3]);
    expect(seen).toEqual([[1, 2, 3], [1, 2, 3]]);

    await sync.syncNow();
    expect(source.calls).toHaveLength(6); // a later call starts a new sync
  });

  it('searches keep answering from the existing catalog while pages are being fetched', async () => {
    await newSync(new FakePageSource(brandsNumbered(3))).syncNow();
    const source = new FakePageSource(brandsNumbered(10, 'n'));
    let open!: () => void;
    source.gate = new Promise((resolve) => (open = resolve));
    const running = newSync(source).syncNow();
    await vi.waitFor(() => expect(source.calls).toHaveLength(1));
    expect(storedIds()).toEqual(brandsNumbered(3).map((b) => b.id));
    open();
    await running;
    expect(storedIds()).toEqual(brandsNumbered(10, 'n').map((b) => b.id));
  });
});

describe('freshness', () => {
  it('is stale when never synced, fresh after a sync, stale again after 24 h', async () => {
    const source = new FakePageSource(brandsNumbered(3));
    const sync = newSync(source);
    expect(sync.isStale()).toBe(true);
    expect(await sync.ensureFresh()).toMatchObject({ ok: true, value: { brands: 3 } });
    expect(sync.isStale()).toBe(false);

    clock.advance(DAY_MS - 1);
    expect(await sync.ensureFresh()).toEqual({ ok: true, value: null });
    expect(source.calls).toHaveLength(1);

    clock.advance(1);
    expect(sync.isStale()).toBe(true);
    expect(sync.isStale(2 * DAY_MS)).toBe(false);
    await sync.ensureFresh();
    expect(source.calls).toHaveLength(2);
  });

  it('treats a last sync stamped in the future (clock moved back) as stale', async () => {
    const sync = newSync(new FakePageSource(brandsNumbered(3)));
    await sync.syncNow();
    const backwards = new CatalogSync({ source: new FakePageSource([]), repo, clock: new FakeClock(clock.now() - 3_600_000), logger });
    expect(backwards.isStale()).toBe(true);
  });

  it('the daily schedule syncs when the catalog turns 24 h old, and stops', async () => {
    const source = new FakePageSource(brandsNumbered(3));
    const sync = newSync(source);
    await sync.syncNow();
    const stop = sync.startDailySchedule();

    clock.advance(DAY_MS - 1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.calls).toHaveLength(1);
    clock.advance(1);
    await vi.waitFor(() => expect(repo.lastFullSyncAt()).toBe(clock.now()));
    expect(source.calls).toHaveLength(2);

    // Rescheduled for the next day.
    await vi.waitFor(() => expect(clock.pendingTimers).toBe(1));
    clock.advance(DAY_MS);
    await vi.waitFor(() => expect(source.calls).toHaveLength(3));
    await vi.waitFor(() => expect(clock.pendingTimers).toBe(1));
    stop();
    expect(clock.pendingTimers).toBe(0);
  });

  it('the schedule retries sooner after a failure, and syncs at once when never synced', async () => {
    const source = new FakePageSource(brandsNumbered(3), failOn(1));
    const sync = newSync(source);
    const stop = sync.startDailySchedule({ retryMs: 60_000 });
    clock.advance(0);
    await vi.waitFor(() => expect(source.calls).toHaveLength(1));
    await vi.waitFor(() => expect(clock.pendingTimers).toBe(1));

    source.override = () => null;
    clock.advance(59_999);
    expect(source.calls).toHaveLength(1);
    clock.advance(1);
    await vi.waitFor(() => expect(repo.count().listed).toBe(3));
    stop();
  });
});
