import { statSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogBusyError, CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { FIRST_SYNC_CACHE_SIZE, REPLACEMENT_CACHE_SIZE } from '../../src-main/catalog/catalog-write-sizes.js';
import type { Db } from '../../src-main/db/database.js';
import type { PartnerBrand } from '../../src-main/partner-api/types.js';
import { assertSearchIndexConsistent, changesDuring, makeBrand, tempDatabase } from './fixtures.js';

const T0 = Date.UTC(2026, 10, 1);
const T1 = T0 + 86_400_000;
const T2 = T1 + 86_400_000;

let env: ReturnType<typeof tempDatabase>;
let db: Db;
let repo: CatalogRepository;

beforeEach(() => {
  env = tempDatabase();
  db = env.db;
  repo = new CatalogRepository(db);
});
// A replacement ends by starting a WAL checkpoint in a worker thread that still writes the files: wait for it before deleting them.
afterEach(async () => {
  await repo.checkpointIdle();
  env.cleanup();
});

const ids = (list: { brand: PartnerBrand }[]): string[] => list.map((b) => b.brand.id);
const syncedAtOf = (id: string): number => db.prepare('SELECT synced_at FROM brands WHERE id = ?').pluck().get(id) as number;

describe('replaceAll', () => {
  it('stores every brand with its JSON, and records the sync in kv', async () => {
    const brands = [makeBrand('a', { title: 'Alpha', categories: ['FOOD'] }), makeBrand('b', { title: 'Beta' })];
    const summary = await repo.replaceAll(brands, T0);

    expect(summary).toEqual({ received: 2, duplicates: 0, inserted: 2, updated: 0, unchanged: 0, restored: 0, removed: 0 });
    expect(repo.get('a')).toEqual({ brand: brands[0], removed: false, removedAt: null, discount: null, syncedAt: T0 });
    expect(repo.get('nope')).toBeNull();
    expect(repo.count()).toEqual({ listed: 2, active: 2, removed: 0 });
    expect(repo.lastFullSyncAt()).toBe(T0);
    expect(repo.lastSyncSummary()).toEqual(summary);
    assertSearchIndexConsistent(db);
  });

  it('updates changed brands, marks vanished ones removed (never deletes) and un-removes returning ones', async () => {
    await repo.replaceAll([makeBrand('a', { title: 'Alpha' }), makeBrand('b'), makeBrand('c')], T0);

    const second = await repo.replaceAll([makeBrand('a', { title: 'Alpha Prime' }), makeBrand('c')], T1);
    expect(second).toMatchObject({ inserted: 0, updated: 1, unchanged: 1, removed: 1, restored: 0 });
    expect(repo.get('b')).toMatchObject({ removed: true, removedAt: T1 });
    expect(repo.get('a')?.brand.title).toBe('Alpha Prime');
    expect(repo.count()).toEqual({ listed: 2, active: 2, removed: 1 });
    expect(repo.search({ text: 'alpha' }).map((b) => b.brand.title)).toEqual(['Alpha Prime']);
    expect(repo.search({ text: 'prime' })).toHaveLength(1);

    const third = await repo.replaceAll([makeBrand('a', { title: 'Alpha Prime' }), makeBrand('b'), makeBrand('c')], T2);
    expect(third).toMatchObject({ updated: 0, unchanged: 3, restored: 1, removed: 0 });
    expect(repo.get('b')).toMatchObject({ removed: false, removedAt: null, syncedAt: T2 });
    assertSearchIndexConsistent(db);
  });

  it('keeps the listing order and every index whole whether a change moves a brand in it or not', async () => {
    const T3 = T2 + 86_400_000;
    await repo.replaceAll([makeBrand('a', { title: 'Alpha' }), makeBrand('b', { title: 'Beta' }), makeBrand('c', { title: 'Gamma' }), makeBrand('d', { title: 'Delta' })], T0);
    const order = () => ids(repo.search({ includeInactive: true, limit: 10 }));
    expect(order()).toEqual(['a', 'b', 'd', 'c']);
    // A new description leaves the brand's place; a new title moves it; a new status moves it among the inactive.
    await repo.replaceAll(
      [makeBrand('a', { title: 'Alpha', description: 'Now with more' }), makeBrand('b', { title: 'Zeta' }), makeBrand('c', { title: 'Gamma', status: 'INACTIVE' }), makeBrand('d', { title: 'Delta' })],
      T1,
    );
    expect(order()).toEqual(['a', 'd', 'b', 'c']);
    expect(repo.search({ text: 'zeta' }).map((b) => b.brand.id)).toEqual(['b']);
    expect(repo.get('a')?.brand.description).toBe('Now with more');
    // Removed, then back with a new description: it is listed again, in its place.
    await repo.replaceAll([makeBrand('a', { title: 'Alpha', description: 'Now with more' }), makeBrand('b', { title: 'Zeta' }), makeBrand('c', { title: 'Gamma', status: 'INACTIVE' })], T2);
    expect(order()).toEqual(['a', 'b', 'c']);
    await repo.replaceAll(
      [makeBrand('a', { title: 'Alpha', description: 'Now with more' }), makeBrand('b', { title: 'Zeta' }), makeBrand('c', { title: 'Gamma', status: 'INACTIVE' }), makeBrand('d', { title: 'Delta', description: 'Back' })],
      T3,
    );
    expect(order()).toEqual(['a', 'd', 'b', 'c']);
    expect(repo.count()).toEqual({ listed: 4, active: 3, removed: 0 });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    assertSearchIndexConsistent(db);
  });

  it('a brand that reappears with new content is both updated and restored', async () => {
    await repo.replaceAll([makeBrand('a'), makeBrand('b', { title: 'Old' })], T0);
    await repo.replaceAll([makeBrand('a')], T1);
    const summary = await repo.replaceAll([makeBrand('a'), makeBrand('b', { title: 'New' })], T2);
    expect(summary).toMatchObject({ updated: 1, restored: 1, unchanged: 1 });
    expect(repo.search({ text: 'new' }).map((b) => b.brand.id)).toEqual(['b']);
    expect(repo.search({ text: 'old' })).toEqual([]);
    assertSearchIndexConsistent(db);
  });

  it('an unchanged re-sync rewrites no brand row (content_hash), only the two kv meta rows', async () => {
    const brands = [makeBrand('a', { categories: ['FOOD'] }), makeBrand('b', { tags: ['x'] })];
    await repo.replaceAll(brands, T0);
    const changes = await changesDuring(db, () => repo.replaceAll(structuredClone(brands), T1));
    // synced_at means "the sync that last changed this row", so it stays at T0; freshness is kv.
    expect(changes).toBe(2);
    expect(syncedAtOf('a')).toBe(T0);
    expect(repo.lastFullSyncAt()).toBe(T1);
    expect(repo.lastSyncSummary()).toMatchObject({ unchanged: 2, updated: 0, inserted: 0 });
  });

  it('a repeated id in one list is stored once, the last occurrence winning', async () => {
    const summary = await repo.replaceAll([makeBrand('a', { title: 'First' }), makeBrand('a', { title: 'Second' })], T0);
    expect(summary).toMatchObject({ received: 1, duplicates: 1, inserted: 1 });
    expect(repo.get('a')?.brand.title).toBe('Second');
  });

  it('a repeated id whose last occurrence is the stored brand again: the last occurrence still wins', async () => {
    await repo.replaceAll([makeBrand('a', { title: 'Stored' })], T0);
    const summary = await repo.replaceAll([makeBrand('a', { title: 'Changed' }), makeBrand('a', { title: 'Stored' })], T1);
    expect(summary).toMatchObject({ received: 1, duplicates: 1 });
    expect(repo.get('a')?.brand.title).toBe('Stored');
  });

  it('refuses a second replacement while one is running', async () => {
    const first = repo.replaceAll([makeBrand('a')], T0);
    await expect(repo.replaceAll([makeBrand('b')], T0)).rejects.toBeInstanceOf(CatalogBusyError);
    await first;
    expect(repo.count().listed).toBe(1);
  });
});

describe('deprecated fields of a stored brand', () => {
  it('a brand stored before current fields won is read without usage text that contradicts its redemptionType', async () => {
    // What the earlier mapping stored for ONLINE brands with no structured steps.
    const stored = (id: string, usageInstructionsText: string) => makeBrand(id, { redemptionType: 'ONLINE', howToUse: [], usageInstructionsText });
    await repo.replaceAll([stored('instore', 'In-store only. Show it at the counter.'), stored('web', 'Enter the code at checkout.')], T0);
    expect(repo.get('instore')!.brand.usageInstructionsText).toBeNull();
    expect(repo.get('web')!.brand.usageInstructionsText).toBe('Enter the code at checkout.');
    expect(repo.search({ text: '' }).map((b) => [b.brand.id, b.brand.usageInstructionsText])).toEqual(
      expect.arrayContaining([
        ['instore', null],
        ['web', 'Enter the code at checkout.'],
      ]),
    );
  });
});

describe('replaceAll failures leave the previous catalog intact', () => {
  const original = [makeBrand('a', { title: 'Alpha', categories: ['FOOD'] }), makeBrand('b', { title: 'Beta' })];

  function snapshot() {
    return {
      rows: db.prepare('SELECT * FROM brands ORDER BY seq').all(),
      categories: db.prepare('SELECT * FROM brand_categories ORDER BY brand_seq, category').all(),
      kv: db.prepare('SELECT * FROM kv ORDER BY key').all(),
      search: ids(repo.search({ text: 'a', includeInactive: true, includeRemoved: true })),
    };
  }

  it('when a brand cannot be serialised (before anything is written)', async () => {
    await repo.replaceAll(original, T0);
    const before = snapshot();
    const unserialisable = makeBrand('c', { variantDetails: [{ size: 10n }] });
    await expect(repo.replaceAll([makeBrand('a', { title: 'Changed' }), unserialisable], T1)).rejects.toThrow(/BigInt/);
    expect(snapshot()).toEqual(before);
  });

  it('when a statement fails midway through the transaction, after pauses, with readers on another connection', async () => {
    await repo.replaceAll(original, T0);
    const before = snapshot();
    const reader = new CatalogRepository(db, { readDb: env.open() });
    const slow = new CatalogRepository(db, { sliceMs: 0 }); // yields after every row
    const broken = { ...makeBrand('z'), denominationType: null } as unknown as PartnerBrand; // NOT NULL violation inside the transaction
    const many = Array.from({ length: 40 }, (_, i) => makeBrand(`n${i}`, { title: `New ${i}` }));

    const run = slow.replaceAll([makeBrand('a', { title: 'Alpha Changed' }), ...many, broken], T1);
    const outcome = run.then(() => 'resolved', (error: unknown) => error);
    // Wait until the write phase is under way, then look from both connections.
    while (!db.inTransaction) await nextTurn();
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(reader.search({ text: 'new' })).toEqual([]); // the committed catalog, untouched
    expect(reader.get('a')?.brand.title).toBe('Alpha');
    // Same connection: uncommitted rows (their search entries are still owed: BrandRows).
    expect(slow.get('n0')?.brand.title).toBe('New 0');

    expect(String(await outcome)).toMatch(/NOT NULL/);
    expect(db.inTransaction).toBe(false);
    expect(snapshot()).toEqual(before);
    assertSearchIndexConsistent(db);
  });
});

describe('the read connection opened when first needed', () => {
  it('is not opened by reads; a replacement opens it first, and searches during the write see the committed catalog', async () => {
    await repo.replaceAll([makeBrand('a', { title: 'Alpha' })], T0);
    let opened = 0;
    const lazy = new CatalogRepository(db, {
      sliceMs: 0,
      openReadDb: () => {
        opened++;
        return env.open();
      },
    });
    expect(lazy.get('a')?.brand.title).toBe('Alpha');
    expect(lazy.search({ text: 'alpha' })).toHaveLength(1);
    expect(opened).toBe(0);

    const many = Array.from({ length: 40 }, (_, i) => makeBrand(`n${i}`, { title: `New ${i}` }));
    const run = lazy.replaceAll([makeBrand('a', { title: 'Alpha' }), ...many], T1);
    while (!db.inTransaction) await nextTurn();
    expect(opened).toBe(1);
    expect(lazy.search({ text: 'new' })).toEqual([]); // uncommitted rows stay out of sight
    await run;
    expect(lazy.search({ text: 'new' })).toHaveLength(40);
    await lazy.replaceAll([makeBrand('a')], T1 + 1);
    expect(opened).toBe(1);
    expect(lazy.openedReadDb?.open).toBe(true);
  });
});

describe('WAL checkpoints', () => {
  it('leave the COMMIT: a worker thread copies the WAL into the database file after a replacement', async () => {
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const fileSize = () => statSync(env.path).size;
    const before = fileSize();
    await repo.replaceAll(Array.from({ length: 300 }, (_, i) => makeBrand(`w${i}`, { title: `Wal ${i}`, description: 'x'.repeat(500) })), T0);
    await repo.checkpointIdle();
    expect(fileSize()).toBeGreaterThan(before + 100_000); // the rows reached the database file itself
    // What the worker wrote is the committed catalog, read back through a fresh connection.
    const again = new CatalogRepository(env.open());
    expect(again.count()).toEqual({ listed: 300, active: 300, removed: 0 });
    expect(again.search({ text: 'wal', limit: 500 })).toHaveLength(300);
    assertSearchIndexConsistent(db);
  });
});

describe('Brand Updated and Brand Discount Update events', () => {
  beforeEach(async () => {
    await repo.replaceAll([makeBrand('a', { title: 'Alpha', description: 'Fine tea' }), makeBrand('b')], T0);
  });

  it('changes only status, denominationType, denominations and amountRestrictions', () => {
    const limits = {
      minOrderAmount: 50,
      maxOrderAmount: 2000,
      minVoucherAmount: 50,
      maxVoucherAmount: 1000,
      maxVouchersPerOrder: 2,
      maxVouchersPerDenomination: 1,
      maxDenominationsPerOrder: 2,
    };
    const result = repo.applyBrandUpdate({ brandId: 'a', status: 'INACTIVE', denominationType: 'FIXED', denominations: [50, 1000], amountRestrictions: limits });
    expect(result).toEqual({ ok: true, value: { changed: true } });
    const stored = repo.get('a')!.brand;
    expect(stored).toEqual({ ...makeBrand('a', { title: 'Alpha', description: 'Fine tea' }), status: 'INACTIVE', amountRestrictions: { ...limits, denominations: [50, 1000] } });
    expect(repo.search({ text: 'alpha' })).toEqual([]);
    expect(ids(repo.search({ text: 'alpha', includeInactive: true }))).toEqual(['a']);
    expect(repo.count()).toEqual({ listed: 2, active: 1, removed: 0 });

    // A replayed delivery changes nothing.
    expect(repo.applyBrandUpdate({ brandId: 'a', status: 'INACTIVE', denominationType: 'FIXED', denominations: [50, 1000], amountRestrictions: limits })).toEqual({
      ok: true,
      value: { changed: false },
    });
  });

  it('fields the event did not send keep their stored values', () => {
    repo.applyBrandUpdate({ brandId: 'a', status: 'INACTIVE', denominationType: null, denominations: null, amountRestrictions: null });
    const brand = repo.get('a')!.brand;
    expect(brand.status).toBe('INACTIVE');
    expect(brand.amountRestrictions).toEqual(makeBrand('a').amountRestrictions);
  });

  it('ignores and reports an unknown brand', () => {
    expect(repo.applyBrandUpdate({ brandId: 'ghost', status: 'ACTIVE' })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_BRAND', brandId: 'ghost' } });
    expect(repo.applyDiscountUpdate({ brandId: 'ghost', subventionPercentage: 5, validFrom: '2026-11-01' })).toMatchObject({
      ok: false,
      error: { code: 'UNKNOWN_BRAND' },
    });
  });

  it('the next full sync restores the listed content of an updated brand', async () => {
    repo.applyBrandUpdate({ brandId: 'a', status: 'INACTIVE' });
    const summary = await repo.replaceAll([makeBrand('a', { title: 'Alpha', description: 'Fine tea' }), makeBrand('b')], T1);
    expect(summary).toMatchObject({ updated: 1, unchanged: 1 });
    expect(repo.get('a')!.brand.status).toBe('ACTIVE');
  });

  it('stores discounts apart from the brand JSON, so a full sync keeps them', async () => {
    expect(repo.applyDiscountUpdate({ brandId: 'b', subventionPercentage: 7.5, validFrom: '2026-11-01' })).toEqual({ ok: true, value: { changed: true } });
    expect(repo.applyDiscountUpdate({ brandId: 'b', subventionPercentage: 7.5, validFrom: '2026-11-01', validTo: null }).ok && true).toBe(true);
    await repo.replaceAll([makeBrand('a', { title: 'Alpha', description: 'Fine tea' }), makeBrand('b', { title: 'Renamed' })], T1);
    expect(repo.get('b')).toMatchObject({ discount: { subventionPercentage: 7.5, validFrom: '2026-11-01', validTo: null }, brand: { title: 'Renamed' } });

    repo.applyDiscountUpdate({ brandId: 'b', subventionPercentage: 10, validFrom: '2026-12-01', validTo: '2026-12-31' });
    expect(repo.get('b')?.discount).toEqual({ subventionPercentage: 10, validFrom: '2026-12-01', validTo: '2026-12-31' });
  });
});

describe('categories()', () => {
  it('counts listed brands per category id (spellings and case merged), with active counts', async () => {
    await repo.replaceAll(
      [
        makeBrand('a', { categories: ['FOOD', 'food ', 'GROCERY'] }),
        makeBrand('b', { categories: ['Food'], status: 'INACTIVE' }),
        makeBrand('c', { categories: ['TRAVEL_AND_TRANSPORT'] }),
        makeBrand('d', { categories: ['FOOD'] }),
      ],
      T0,
    );
    await repo.replaceAll([makeBrand('a', { categories: ['FOOD', 'GROCERY'] }), makeBrand('b', { categories: ['Food'], status: 'INACTIVE' }), makeBrand('c', { categories: ['TRAVEL_AND_TRANSPORT'] })], T1);
    expect(repo.categories()).toEqual([
      { category: 'FOOD', brands: 2, active: 1 },
      { category: 'GROCERY', brands: 1, active: 1 },
      { category: 'TRAVEL_AND_TRANSPORT', brands: 1, active: 1 },
    ]);
    repo.applyBrandUpdate({ brandId: 'b', status: 'ACTIVE' });
    expect(repo.categories()[0]).toEqual({ category: 'FOOD', brands: 2, active: 2 });
  });
});

describe('unavailable', () => {
  it('lists inactive brands, then brands no longer listed, each by title — never an active listed one', async () => {
    await repo.replaceAll(
      [makeBrand('a', { title: 'Alpha' }), makeBrand('z', { title: 'Zeta', status: 'INACTIVE' }), makeBrand('m', { title: 'Mu', status: 'INACTIVE' }), makeBrand('gone', { title: 'Gone' })],
      T0,
    );
    await repo.replaceAll([makeBrand('a', { title: 'Alpha' }), makeBrand('z', { title: 'Zeta', status: 'INACTIVE' }), makeBrand('m', { title: 'Mu', status: 'INACTIVE' })], T1);
    expect(repo.unavailable(10)).toEqual([
      { productId: 'm', title: 'Mu', status: 'INACTIVE', removedAt: null, syncedAt: T0 },
      { productId: 'z', title: 'Zeta', status: 'INACTIVE', removedAt: null, syncedAt: T0 },
      { productId: 'gone', title: 'Gone', status: 'ACTIVE', removedAt: T1, syncedAt: T0 },
    ]);
    expect(repo.unavailable(1)).toHaveLength(1);
  });
});

describe('the page cache a replacement writes with', () => {
  const cacheSize = () => db.pragma('cache_size', { simple: true }) as number;

  it('is FIRST_SYNC_CACHE_SIZE for a first sync (every chunk of it), REPLACEMENT_CACHE_SIZE for a later one, and the connection gets its own back after each', async () => {
    // A chunk of one row: the first sync commits after each brand and opens the next chunk.
    repo = new CatalogRepository(db, { firstSyncChunkRows: 1 });
    const own = cacheSize();
    expect([FIRST_SYNC_CACHE_SIZE, REPLACEMENT_CACHE_SIZE]).not.toContain(own);
    const first = await repo.beginReplace(T0);
    await first.add([makeBrand('a'), makeBrand('b')]);
    expect(cacheSize()).toBe(FIRST_SYNC_CACHE_SIZE);
    await first.add([makeBrand('c')]);
    expect(cacheSize()).toBe(FIRST_SYNC_CACHE_SIZE);
    await first.commit();
    expect(cacheSize()).toBe(own);

    const later = await repo.beginReplace(T1);
    await later.add([makeBrand('a', { title: 'Alpha again' }), makeBrand('b')]);
    expect(cacheSize()).toBe(REPLACEMENT_CACHE_SIZE);
    later.abandon();
    expect(cacheSize()).toBe(own);
    expect(repo.get('a')?.brand.title).not.toBe('Alpha again');
  });
});

describe('the search index merge after a replacement', () => {
  /** FTS5 segments of the search index: each one costs a seek per term until they are merged into one. */
  const segments = (on: Db = db) => on.prepare('SELECT count(DISTINCT segid) FROM brands_fts_idx').pluck().get() as number;
  /** Brands with words enough that a first sync leaves several segments (it commits every FIRST_SYNC_CHUNK_ROWS rows). */
  const manyBrands = (prefix: string) =>
    Array.from({ length: 6000 }, (_, i) => makeBrand(`${prefix}${i}`, { title: `Shop ${prefix}${i} ${(i * 7919).toString(36)}`, description: `Gift card ${i.toString(36)} for ${(i * 31).toString(36)}` }));

  it('runs after the replacement resolves, between event-loop turns; checkpointIdle waits for it', async () => {
    // Every pause yields a turn: the merge is at its first step when replaceAll resolves.
    const sliced = new CatalogRepository(db, { sliceMs: 0 });
    await sliced.replaceAll(manyBrands('m'), T0);
    expect(segments()).toBeGreaterThan(1);
    await sliced.checkpointIdle();
    expect(segments()).toBe(1);
    assertSearchIndexConsistent(db);
  });

  it('stops rather than step inside a transaction opened meanwhile, and the next replacement merges even when it changes nothing', async () => {
    const sliced = new CatalogRepository(db, { sliceMs: 0 });
    const brands = manyBrands('t');
    await sliced.replaceAll(brands, T0);
    // Another writer's transaction (the next sync's, a webhook's) on the same connection: no merge step may land in it.
    db.exec('BEGIN IMMEDIATE');
    const inside = segments();
    await nextTurn();
    await nextTurn();
    expect(segments()).toBe(inside);
    db.exec('ROLLBACK');
    await sliced.checkpointIdle();
    expect(segments()).toBe(inside);
    expect(inside).toBeGreaterThan(1);

    expect(await sliced.replaceAll(brands, T1)).toMatchObject({ unchanged: brands.length, inserted: 0, updated: 0 });
    await sliced.checkpointIdle();
    expect(segments()).toBe(1);
    expect(sliced.search({ text: 'shop t5999', limit: 5 }).map((r) => r.brand.id)).toEqual(['t5999']);
  });
});
