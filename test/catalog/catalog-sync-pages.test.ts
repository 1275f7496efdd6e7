import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { CatalogSync } from '../../src-main/catalog/catalog-sync.js';
import { FakeClock } from '../../src-main/platform/clock.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { assertSearchIndexConsistent, brandsNumbered, HashingPageSource, makeBrand, tempDatabase } from './fixtures.js';

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
// A replacement ends by starting a WAL checkpoint in a worker thread that still writes the files: wait for it before deleting them.
afterEach(async () => {
  await repo.checkpointIdle();
  env.cleanup();
});

const newSync = (source: HashingPageSource) => new CatalogSync({ source, repo, clock, logger, pageSize: 100 });
const titleOf = (id: string) => repo.get(id)?.brand.title;

describe('a sync skips the pages it already has', () => {
  it('parses no page of an unchanged list, and only the changed page of a changed one', async () => {
    const source = new HashingPageSource(brandsNumbered(250));
    const sync = newSync(source);
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { brands: 250, pages: 3 } });
    expect(source.parsed).toEqual([1, 2, 3]);

    source.parsed = [];
    const unchanged = await sync.syncNow();
    expect(unchanged).toMatchObject({ ok: true, value: { brands: 250, removed: 0, pages: 3, changes: { unchanged: 250, inserted: 0, updated: 0 } } });
    expect(source.parsed).toEqual([]);
    expect(repo.count().listed).toBe(250);

    source.brands[150] = makeBrand(source.brands[150]!.id, { title: 'Renamed shop' });
    source.parsed = [];
    const changed = await sync.syncNow();
    expect(changed).toMatchObject({ ok: true, value: { brands: 250, changes: { updated: 1, unchanged: 249 } } });
    expect(source.parsed).toEqual([2]);
    expect(titleOf(source.brands[150]!.id)).toBe('Renamed shop');
    expect(repo.search({ text: 'renamed' }).map((b) => b.brand.id)).toEqual([source.brands[150]!.id]);
    assertSearchIndexConsistent(env.db);
  });

  it('a skipped page still counts: brands missing from it are removed, its cursor is followed', async () => {
    const source = new HashingPageSource(brandsNumbered(250));
    const sync = newSync(source);
    await sync.syncNow();
    source.brands = source.brands.slice(0, 200);
    source.parsed = [];
    const result = await sync.syncNow();
    expect(result).toMatchObject({ ok: true, value: { brands: 200, removed: 50, pages: 2 } });
    // Page 2 is byte for byte the same but was the middle page: its cursor now ends the list. Page
    // 3 was asked for ahead, on the cursor the last sync recorded after page 2, and left unread.
    expect(source.parsed).toEqual([2, 3]);
    expect(source.calls.filter((c) => c.pageNo === 3)).toHaveLength(2);
    expect(repo.count().listed).toBe(200);
  });

  it('after a webhook rewrote a brand, the next sync parses every page and restores the list’s copy', async () => {
    const source = new HashingPageSource(brandsNumbered(250));
    const sync = newSync(source);
    await sync.syncNow();
    const id = source.brands[10]!.id;
    expect(repo.applyBrandUpdate({ brandId: id, status: 'INACTIVE', denominationType: null, denominations: null, amountRestrictions: null })).toMatchObject({ ok: true, value: { changed: true } });
    expect(repo.get(id)?.brand.status).toBe('INACTIVE');

    source.parsed = [];
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { changes: { updated: 1 } } });
    expect(source.parsed).toEqual([1, 2, 3]);
    expect(repo.get(id)?.brand.status).toBe('ACTIVE');

    source.parsed = [];
    await sync.syncNow();
    expect(source.parsed).toEqual([]);
  });

  it('a page record naming a brand the file no longer lists (changed outside the app): the sync reads every page again', async () => {
    const source = new HashingPageSource(brandsNumbered(250));
    const sync = newSync(source);
    await sync.syncNow();
    const unlist = env.db.prepare('UPDATE brands SET removed_at = 1 WHERE id = ?');

    // Every page unchanged on the wire: the stored rows are first read at the commit.
    unlist.run(source.brands[150]!.id);
    source.parsed = [];
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { brands: 250, removed: 0, changes: { restored: 1 } } });
    expect(source.parsed).toEqual([1, 2, 3]);
    expect(repo.count().listed).toBe(250);
    expect(logger.lines.some((l) => l.includes('catalog.sync.page-records-stale'))).toBe(true);

    // A changed page after a page taken from its record: read when that page is diffed.
    unlist.run(source.brands[10]!.id);
    source.brands[220] = makeBrand(source.brands[220]!.id, { title: 'Renamed shop' });
    source.parsed = [];
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { brands: 250, removed: 0, changes: { restored: 1, updated: 1 } } });
    expect(source.parsed).toEqual([3, 1, 2, 3]);
    expect(repo.count().listed).toBe(250);
    expect(titleOf(source.brands[220]!.id)).toBe('Renamed shop');
    assertSearchIndexConsistent(env.db);

    source.parsed = [];
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { changes: { unchanged: 250 } } });
    expect(source.parsed).toEqual([]);
  });

  it('a webhook while a sync is fetching: that sync records no pages, and the next parses every page', async () => {
    const source = new HashingPageSource(brandsNumbered(250));
    const sync = newSync(source);
    await sync.syncNow();
    const id = source.brands[10]!.id;
    let release!: () => void;
    source.gate = new Promise((resolve) => (release = resolve));
    source.parsed = [];
    const running = sync.syncNow();
    await new Promise((resolve) => setImmediate(resolve));
    repo.applyBrandUpdate({ brandId: id, status: 'INACTIVE', denominationType: null, denominations: null, amountRestrictions: null });
    release();
    expect(await running).toMatchObject({ ok: true });
    // Every page was asked for before the webhook, as known: none is taken unparsed after it.
    expect(source.parsed).toEqual([1, 2, 3]);

    // That sync diffed against the rows as they were when it began (the rewrite looked
    // unchanged); the next one, with no page records to trust, finds the difference.
    source.parsed = [];
    await sync.syncNow();
    expect(source.parsed).toEqual([1, 2, 3]);
    expect(repo.get(id)?.brand.status).toBe('ACTIVE');
    source.parsed = [];
    await sync.syncNow();
    expect(source.parsed).toEqual([]);
  });

  it('a failed page changes nothing, the page records included', async () => {
    const source = new HashingPageSource(brandsNumbered(250));
    const sync = newSync(source);
    await sync.syncNow();
    source.brands[5] = makeBrand(source.brands[5]!.id, { title: 'Never stored' });
    source.override = (pageNo) => (pageNo === 3 ? { ok: false, error: { code: 'BAD_RESPONSE', message: '/v1/partners/products: data: expected array' } } : null);
    const failed = await sync.syncNow();
    expect(failed).toMatchObject({ ok: false, error: { code: 'PAGE_FETCH_FAILED', pageNo: 3, cause: { code: 'BAD_RESPONSE' } } });
    expect(titleOf(source.brands[5]!.id)).not.toBe('Never stored');

    source.brands[5] = brandsNumbered(250)[5]!;
    source.override = () => null;
    source.parsed = [];
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { changes: { unchanged: 250 } } });
    expect(source.parsed).toEqual([]);
  });

  it('a page with dropped entries is parsed (and its entries logged) on every sync', async () => {
    const source = new HashingPageSource(brandsNumbered(250), (pageNo, _limit, normal) =>
      pageNo === 2 ? { ok: true, value: { ...normal, skipped: [{ index: 4, id: 'broken', reason: 'title: expected string' }] }, requestId: 'r2' } : null,
    );
    const sync = newSync(source);
    await sync.syncNow();
    source.parsed = [];
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { skipped: 1 } });
    expect(source.parsed).toEqual([2]);
    expect(logger.lines.filter((l) => JSON.parse(l).event === 'catalog.sync.skipped')).toHaveLength(2);
  });

  it('a page that lists one id twice, both copies new to the catalog, is not recorded: parsed again next time', async () => {
    const brands = brandsNumbered(200);
    brands[60] = makeBrand(brands[10]!.id, { title: 'Second copy' });
    const source = new HashingPageSource(brands);
    const sync = newSync(source);
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { changes: { duplicates: 1 } } });
    expect(titleOf(brands[10]!.id)).toBe('Second copy');
    source.parsed = [];
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { brands: 199 } });
    expect(source.parsed).toEqual([1]);
    assertSearchIndexConsistent(env.db);
  });

  it('a brand listed on two pages is never taken from a skipped page’s record', async () => {
    const brands = brandsNumbered(200);
    // The same id on page 1 and page 2 (last one wins): page 1's record cannot vouch for it.
    brands[150] = makeBrand(brands[10]!.id, { title: 'Second copy' });
    const source = new HashingPageSource(brands);
    const sync = newSync(source);
    await sync.syncNow();
    expect(titleOf(brands[10]!.id)).toBe('Second copy');

    source.brands = brands.filter((_, i) => i !== 150);
    source.parsed = [];
    const result = await sync.syncNow();
    expect(result).toMatchObject({ ok: true });
    expect(source.parsed).toEqual([1, 2]);
    expect(titleOf(brands[10]!.id)).toBe(`Shop b10`);
  });
});

describe('a later sync that writes many rows commits them in chunks', () => {
  const records = () => env.db.prepare('SELECT count(*) FROM catalog_pages').pluck().get() as number;
  const renamed = (n: number) => brandsNumbered(n).map((b) => makeBrand(b.id, { title: `Renamed ${b.id}` }));
  /** A catalog whose later syncs commit every `chunkRows` rows, first synced with 250 brands (3 pages recorded). */
  const syncedInChunksOf = async (chunkRows: number) => {
    await repo.checkpointIdle();
    repo = new CatalogRepository(env.db, { replacementChunkRows: chunkRows });
    const source = new HashingPageSource(brandsNumbered(250));
    const sync = newSync(source);
    await sync.syncNow();
    return { source, sync };
  };

  it('a failure after a chunk keeps the committed rows, drops the page records and the stamp stays; the next sync reads every page and ends it', async () => {
    const { source, sync } = await syncedInChunksOf(100);
    const firstSyncAt = repo.lastFullSyncAt();
    expect(records()).toBe(3);

    clock.advance(60_000);
    source.brands = [...renamed(240)];
    // Page 3 fails once pages 1 and 2 (200 changed rows, two chunks) are committed.
    source.override = (pageNo) => (pageNo === 3 ? { ok: false, error: { code: 'BAD_RESPONSE', message: '/v1/partners/products: data: expected array' } } : null);
    expect(await sync.syncNow()).toMatchObject({ ok: false, error: { code: 'PAGE_FETCH_FAILED', pageNo: 3 } });
    expect(env.db.inTransaction).toBe(false);
    // Each committed brand is the service's copy, whole; nothing was removed and the sync is not done.
    expect(titleOf('b0199')).toBe('Renamed b0199');
    expect(titleOf('b0200')).toBe('Shop b200');
    expect(repo.count().listed).toBe(250);
    expect(repo.lastFullSyncAt()).toBe(firstSyncAt);
    // The records vouched for rows the chunks changed: gone with the first chunk's COMMIT.
    expect(records()).toBe(0);
    // Searches see what was committed, the in-memory listing's walks (a mid-word substring) too.
    expect(repo.search({ text: 'enamed', mode: 'substring', limit: 300 })).toHaveLength(200);
    assertSearchIndexConsistent(env.db);

    source.override = () => null;
    source.parsed = [];
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { brands: 240, removed: 10, changes: { unchanged: 200, updated: 40 } } });
    expect(source.parsed).toEqual([1, 2, 3]);
    expect(repo.lastFullSyncAt()).toBe(clock.now());
    expect(repo.search({ text: 'renamed', limit: 300 })).toHaveLength(240);
    expect(records()).toBe(3);
    assertSearchIndexConsistent(env.db);
  });

  it('after a failure past a chunk, a list back to the recorded bytes is parsed again, not taken for rows the chunks rewrote', async () => {
    const { source, sync } = await syncedInChunksOf(100);
    source.brands = renamed(250);
    source.override = (pageNo) => (pageNo === 3 ? { ok: false, error: { code: 'NETWORK', message: 'socket hang up' } } : null);
    expect(await sync.syncNow()).toMatchObject({ ok: false });
    expect(titleOf('b0000')).toBe('Renamed b0000');
    // The service lists exactly what the last complete sync recorded.
    source.brands = brandsNumbered(250);
    source.override = () => null;
    source.parsed = [];
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { changes: { updated: 200, unchanged: 50 } } });
    expect(source.parsed).toEqual([1, 2, 3]);
    expect(titleOf('b0000')).toBe('Shop b0');
    expect(titleOf('b0199')).toBe('Shop b199');
    assertSearchIndexConsistent(env.db);
  });

  it('a failure past a chunk leaves the search index merge owed: the next sync merges though it writes nothing', async () => {
    const segments = () => env.db.prepare('SELECT count(DISTINCT segid) FROM brands_fts_idx').pluck().get() as number;
    const { source, sync } = await syncedInChunksOf(100);
    await repo.checkpointIdle();
    expect(segments()).toBe(1);
    // Pages 1 and 2 renamed (two chunks committed), page 3 as stored; page 3 fails.
    source.brands = [...renamed(200), ...brandsNumbered(250).slice(200)];
    source.override = (pageNo) => (pageNo === 3 ? { ok: false, error: { code: 'NETWORK', message: 'socket hang up' } } : null);
    expect(await sync.syncNow()).toMatchObject({ ok: false });
    await repo.checkpointIdle();
    expect(segments()).toBeGreaterThan(1);
    source.override = () => null;
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { changes: { unchanged: 250, updated: 0, inserted: 0 } } });
    await repo.checkpointIdle();
    expect(segments()).toBe(1);
    expect(repo.search({ text: 'renamed b0150' }).map((b) => b.brand.id)).toEqual(['b0150']);
  });

  it('a chunked sync that succeeds records its pages in its last transaction: the next sync parses none', async () => {
    const { source, sync } = await syncedInChunksOf(50);
    source.brands = renamed(250);
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { changes: { updated: 250 } } });
    expect(records()).toBe(3);
    source.parsed = [];
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { changes: { unchanged: 250 } } });
    expect(source.parsed).toEqual([]);
    assertSearchIndexConsistent(env.db);
  });
});

describe('a re-sync asks for pages ahead on the cursors the last sync recorded', () => {
  it('sends the pages after the first before any answer is in, each page once, and takes each at the cursor its answer gives', async () => {
    const source = new HashingPageSource(brandsNumbered(1000));
    const sync = newSync(source);
    await sync.syncNow();
    source.brands[450] = makeBrand(source.brands[450]!.id, { title: 'Renamed shop' });
    source.calls = [];
    let release!: () => void;
    source.gate = new Promise<void>((resolve) => (release = resolve));
    const running = sync.syncNow();
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    // No answer is in yet: page 1 and the three after it were asked for on the recorded cursors.
    expect(source.calls.map((c) => c.pageNo)).toEqual([1, 2, 3, 4]);
    release();
    expect(await running).toMatchObject({ ok: true, value: { brands: 1000, pages: 10, changes: { updated: 1, unchanged: 999 } } });
    expect(source.calls.map((c) => c.pageNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(titleOf(source.brands[450]!.id)).toBe('Renamed shop');
    assertSearchIndexConsistent(env.db);
  });

  it('a service whose cursors changed since: the guessed pages are dropped unread, and the sync follows the answers’ cursors', async () => {
    const source = new HashingPageSource(brandsNumbered(1000));
    const sync = newSync(source);
    await sync.syncNow();
    // Now the service answers page 1 with half of it, and pages of 50 from there on.
    source.override = (pageNo, limit, normal) =>
      pageNo === 1 && limit === 100 ? { ok: true, value: { brands: normal.brands.slice(0, 50), skipped: [], nextCursor: { pageNo: 2, limit: 50 } }, requestId: 'req-1' } : null;
    source.calls = [];
    const result = await sync.syncNow();
    expect(result).toMatchObject({ ok: true, value: { brands: 1000, removed: 0, pages: 20 } });
    const asked = source.calls.map((c) => `${c.pageNo}/${c.limit}`);
    // Pages 2–4 of 100 went out on the recorded cursors before page 1 named another; from then on
    // each page is asked for once, on the cursor the answer before it gave, and none is guessed again.
    expect(asked.slice(0, 4)).toEqual(['1/100', '2/100', '3/100', '4/100']);
    expect(asked.slice(4)).toEqual(Array.from({ length: 19 }, (_, i) => `${i + 2}/50`));
    expect(repo.count().listed).toBe(1000);
    assertSearchIndexConsistent(env.db);
  });

  it('a list that ends at an empty page carrying a cursor: no page past it is asked for', async () => {
    // The service always hands out a next cursor; page 3 is empty and ends the list.
    const source = new HashingPageSource(brandsNumbered(200), (pageNo, limit, normal) => ({ ok: true, value: { ...normal, nextCursor: { pageNo: pageNo + 1, limit } }, requestId: `req-${pageNo}` }));
    const sync = newSync(source);
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { brands: 200, pages: 3 } });
    source.calls = [];
    expect(await sync.syncNow()).toMatchObject({ ok: true, value: { brands: 200, pages: 3, changes: { unchanged: 200 } } });
    expect(source.calls.map((c) => c.pageNo)).toEqual([1, 2, 3]);
  });
});

describe('a sync asks for the next page on the cursor a page’s bytes are read to name, before the page is read', () => {
  it('a first sync (no records to guess from) sends pages 2–4 while page 1 is still being read, each page once', async () => {
    const source = new HashingPageSource(brandsNumbered(1000));
    source.readsCursor = (pageNo, limit) => (pageNo * limit < 1000 ? { pageNo: pageNo + 1, limit } : null);
    let release!: () => void;
    source.gate = new Promise<void>((resolve) => (release = resolve));
    const running = newSync(source).syncNow();
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(source.calls.map((c) => c.pageNo)).toEqual([1, 2, 3, 4]);
    release();
    expect(await running).toMatchObject({ ok: true, value: { brands: 1000, pages: 10 } });
    expect(source.calls.map((c) => c.pageNo)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(repo.count().listed).toBe(1000);
    assertSearchIndexConsistent(env.db);
  });

  it('a reading the page’s answer contradicts: what was asked on it is dropped unread, and the sync follows the answers', async () => {
    const source = new HashingPageSource(brandsNumbered(1000));
    // The bytes of page 2 are misread as naming page 9.
    source.readsCursor = (pageNo, limit) => (pageNo === 2 ? { pageNo: 9, limit } : pageNo * limit < 1000 ? { pageNo: pageNo + 1, limit } : null);
    const result = await newSync(source).syncNow();
    expect(result).toMatchObject({ ok: true, value: { brands: 1000, removed: 0, pages: 10 } });
    const asked = source.calls.map((c) => c.pageNo);
    // Page 9 went out on the misreading, and page 10 on page 9's own bytes, both dropped when page 2's
    // answer named page 3; from there every page waits for the answer before it, and is asked once.
    expect(asked).toEqual([1, 2, 9, 10, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(repo.count().listed).toBe(1000);
    assertSearchIndexConsistent(env.db);
  });
});
