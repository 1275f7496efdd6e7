import { afterEach, describe, expect, it } from 'vitest';
import { prepareEntries, type PreparedBrandPage, type PreparedEntries } from '../../src-main/catalog/brand-page-prep.js';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { BrandRows } from '../../src-main/catalog/brand-rows.js';
import { brandColumns } from '../../src-main/catalog/catalog-text.js';
import { MAX_OWED_INDEX } from '../../src-main/catalog/catalog-write-sizes.js';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { splitBrandList } from '../../src-main/partner-api/wire-schemas.js';
import { loadCatalogFile } from '../../src-main/sandbox/catalog/catalog-file.js';
import { brandForWire } from '../../src-main/sandbox/catalog/catalog-store.js';
import { assertSearchIndexConsistent, brandsNumbered, makeBrand, tempDatabase } from './fixtures.js';

/**
 * A replacement's FTS entries are owed by the rows it writes (BrandRows) and written while the
 * sync waits for the page-prep worker's entries, every one of them before a COMMIT.
 */
const wires = loadCatalogFile()
  .slice(0, 60)
  .map((wire, i) => ({ ...(brandForWire(wire, 'http://127.0.0.1:4010', 'as-stored') as unknown as Record<string, unknown>), id: `OWED${i}`, title: `Q${i}z Owedword` }));

/** A products page of `brands`, split as the worker would, its read-ahead entries given when `release` is called. */
function heldPage(brands: readonly Record<string, unknown>[]) {
  const split = splitBrandList(Buffer.from(JSON.stringify({ data: brands, nextCursor: null })));
  if (!split) throw new Error('the page did not split');
  let release!: () => void;
  const prepared = new Promise<PreparedEntries>((resolve) => (release = () => resolve(prepareEntries(split, null))));
  const page: PreparedBrandPage = { ...split, read: split.read, prepared };
  return { page, release };
}

const ready = (brands: readonly Record<string, unknown>[]) => {
  const held = heldPage(brands);
  held.release();
  return held.page;
};

const seen = (pageNo: number) => ({ pageNo, limit: 30, hash: `page-${pageNo}`, nextCursor: null });
/** Brands the FTS index finds for `word`, on `db` (the writing connection sees its own uncommitted rows). */
const indexed = (db: Db, word: string) => db.prepare('SELECT count(*) FROM brands_fts WHERE brands_fts MATCH ?').pluck().get(`"${word}"*`) as number;
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

let env: ReturnType<typeof tempDatabase>;
let readDb: Db | null = null;
/** Every repository a test made: its checkpoint worker may still write the files when the test ends. */
let repos: CatalogRepository[] = [];
afterEach(async () => {
  await Promise.all(repos.map((repo) => repo.checkpointIdle()));
  repos = [];
  readDb?.close();
  readDb = null;
  env.cleanup();
});

function made(repo: CatalogRepository): CatalogRepository {
  repos.push(repo);
  return repo;
}

function repository(options: { replacementChunkRows?: number } = {}): CatalogRepository {
  env = tempDatabase();
  readDb = openDatabase(env.path, 'catalog');
  return made(new CatalogRepository(env.db, { readDb, ...options }));
}

describe('the FTS entries a sync owes', () => {
  it('are written while the sync waits for the worker’s entries, and all of them by the commit', async () => {
    const repo = repository();
    await repo.replaceAll(brandsNumbered(5), 1);
    const staging = await repo.beginReplace(2);
    await staging.addSplit(ready(wires.slice(0, 30)), seen(1));
    // Page 1 is written, its search entries still owed.
    expect(env.db.prepare("SELECT count(*) FROM brands WHERE id LIKE 'OWED%'").pluck().get()).toBe(30);
    expect(indexed(env.db, 'owedword')).toBe(0);

    const second = heldPage(wires.slice(30, 60));
    const adding = staging.addSplit(second.page, seen(2));
    await turns(20);
    // While page 2's entries are read, page 1's search entries are written.
    expect(indexed(env.db, 'owedword')).toBe(30);
    second.release();
    await adding;
    const summary = await staging.commit();

    expect(summary).toMatchObject({ inserted: 60, removed: 5 });
    assertSearchIndexConsistent(env.db);
    expect(repo.search({ text: 'q5z' }).map((b) => b.brand.id)).toEqual(['OWED5']);
    expect(repo.search({ text: 'q59z' }).map((b) => b.brand.id)).toEqual(['OWED59']);
    expect(repo.search({ text: 'owedword', includeInactive: true, limit: 100 })).toHaveLength(60);
  });

  it('a replacement rolled back leaves none behind: the index stays the committed catalog’s', async () => {
    const repo = repository();
    await repo.replaceAll(brandsNumbered(5), 1);
    const staging = await repo.beginReplace(2);
    await staging.addSplit(ready(wires.slice(0, 30)), seen(1));
    staging.abandon();
    assertSearchIndexConsistent(env.db);
    expect(indexed(env.db, 'owedword')).toBe(0);
    // The next replacement indexes what it writes, and nothing of the abandoned one.
    await repo.replaceAll([...brandsNumbered(5), makeBrand('NEW1', { title: 'Owedword Newcomer' })], 3);
    assertSearchIndexConsistent(env.db);
    expect(repo.search({ text: 'owedword' }).map((b) => b.brand.id)).toEqual(['NEW1']);
  });

  it('a sync with no waits (pages parsed on the main thread) owes at most MAX_OWED_INDEX before its commit', async () => {
    // One transaction for all its rows: a chunk's COMMIT would apply what they owe.
    const repo = repository({ replacementChunkRows: 10_000 });
    await repo.replaceAll(brandsNumbered(5), 1);
    const staging = await repo.beginReplace(2);
    const many = Array.from({ length: MAX_OWED_INDEX + 500 }, (_, i) => makeBrand(`M${i}`, { title: `Manyword ${i}` }));
    await staging.add(many);
    expect(indexed(env.db, 'manyword')).toBe(many.length - MAX_OWED_INDEX);
    await staging.commit();
    assertSearchIndexConsistent(env.db);
    expect(indexed(env.db, 'manyword')).toBe(many.length);
  });

  it('a first sync’s chunks are each committed with their search entries', async () => {
    env = tempDatabase();
    readDb = openDatabase(env.path, 'catalog');
    const repo = made(new CatalogRepository(env.db, { readDb, firstSyncChunkRows: 40 }));
    const staging = await repo.beginReplace(1);
    await staging.addSplit(ready(wires.slice(0, 30)), seen(1));
    await staging.addSplit(ready(wires.slice(30, 60)), seen(2));
    // 40 rows were committed by the first chunk: the reader finds them by their words, before the sync ends.
    expect(indexed(readDb, 'owedword')).toBe(40);
    expect(readDb.prepare('SELECT count(*) FROM brands').pluck().get()).toBe(40);
    await staging.commit();
    assertSearchIndexConsistent(env.db);
    expect(indexed(readDb, 'owedword')).toBe(60);
  });

  it('a transaction another statement ended between pages (a failed webhook update rolls it back) stops the sync: nothing written or indexed outside it', async () => {
    const repo = repository();
    await repo.replaceAll(brandsNumbered(5), 1);
    const staging = await repo.beginReplace(2);
    await staging.addSplit(ready(wires.slice(0, 30)), seen(1));
    // What SQLite does to the whole transaction when a statement fails with SQLITE_FULL or an I/O error.
    env.db.exec('ROLLBACK');
    await expect(staging.addSplit(ready(wires.slice(30, 60)), seen(2))).rejects.toThrow(/ended by another caller/);
    staging.abandon();
    expect(env.db.prepare("SELECT count(*) FROM brands WHERE id LIKE 'OWED%'").pluck().get()).toBe(0);
    expect(indexed(env.db, 'owedword')).toBe(0);
    assertSearchIndexConsistent(env.db);
    expect(repo.count()).toMatchObject({ listed: 5 });
  });

  it('holds at most a batch of applied changes beside the ones owed, however long a sync keeps some owed', () => {
    env = tempDatabase();
    const rows = new BrandRows(env.db);
    env.db.exec('BEGIN');
    let held = 0;
    for (let i = 0; i < 5000; i++) {
      rows.write(brandColumns(makeBrand(`H${i}`, { title: `Heldword ${i}` })), null, 1);
      if (rows.owedCount > MAX_OWED_INDEX) rows.indexSomeOwed(rows.owedCount - MAX_OWED_INDEX);
      held = Math.max(held, rows.heldOwed);
    }
    expect(rows.owedCount).toBe(MAX_OWED_INDEX);
    expect(held).toBeLessThanOrEqual(MAX_OWED_INDEX + 1024);
    rows.indexAllOwed();
    expect(rows.heldOwed).toBe(0);
    env.db.exec('COMMIT');
    assertSearchIndexConsistent(env.db);
    expect(indexed(env.db, 'heldword')).toBe(5000);
  });
});
