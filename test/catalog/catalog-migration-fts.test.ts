import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { migrate, openDatabase } from '../../src-main/db/database.js';
import { SCHEMAS } from '../../src-main/db/migrations/index.js';
import { assertSearchIndexConsistent, brandsNumbered, makeBrand } from './fixtures.js';

const QUERIES = ['s', 'sh', 'sho', 'shop', 'shop b1', 'b12', 'b123', 'renamed', 'gone', 'categ', 'zzz'];

/** The search index's definition as a file holds it. */
const ftsSql = (db: Database.Database) => db.prepare("SELECT sql FROM sqlite_master WHERE name = 'brands_fts'").pluck().get() as string;

const searches = (repo: CatalogRepository) =>
  QUERIES.flatMap((text) => [false, true].map((includeRemoved) => repo.search({ text, includeRemoved, limit: 500 }).map((b) => b.brand.id)));

describe('catalog schemas 5 and 7: the search index made again with fewer prefix indexes', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  /**
   * A catalog file at schema `version`, filled by a sync and a re-sync that renamed and removed
   * brands (`columns`: added while today's writer writes, dropped again); its searches' answers.
   */
  async function oldCatalog(version: number, columns?: { add: string; drop: string }) {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-migration-'));
    dirs.push(dir);
    const path = join(dir, 'training-catalog.db');
    const old = new Database(path);
    old.pragma('journal_mode = WAL');
    migrate(old, SCHEMAS.catalog.slice(0, version));
    if (columns) old.exec(columns.add);
    const oldRepo = new CatalogRepository(old);
    const brands = brandsNumbered(300);
    await oldRepo.replaceAll(brands, 1);
    await oldRepo.replaceAll([...brands.slice(0, 250).map((b, i) => (i % 7 === 0 ? makeBrand(b.id, { title: `Renamed ${b.id}` }) : b))], 2);
    const before = searches(oldRepo);
    expect(before.flat().length).toBeGreaterThan(1000);
    const sql = ftsSql(old);
    await oldRepo.checkpointIdle();
    if (columns) old.exec(columns.drop);
    old.close();
    return { path, brands, before, sql };
  }

  it('rebuilds an existing catalog’s index from its brands: every search answers as before, removed brands included', async () => {
    // Today's writer also writes schema 6's columns: they are there only while it writes.
    const { path, before, sql } = await oldCatalog(4, {
      add: 'ALTER TABLE brands ADD COLUMN raw_hash TEXT; ALTER TABLE catalog_pages ADD COLUMN entries TEXT',
      drop: 'ALTER TABLE brands DROP COLUMN raw_hash; ALTER TABLE catalog_pages DROP COLUMN entries',
    });
    expect(sql).toContain("'1 2 3 4 5 6 7 8'");
    const db = openDatabase(path, 'catalog');
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMAS.catalog.length);
      expect(ftsSql(db)).toContain("prefix = '1'\n");
      assertSearchIndexConsistent(db);
      const repo = new CatalogRepository(db);
      expect(searches(repo)).toEqual(before);
      expect(repo.count()).toMatchObject({ listed: 250, removed: 50 });
    } finally {
      db.close();
    }
  });

  it('schema 7 keeps the one-letter prefix index only: a file at schema 6 answers every search as before, and its next sync writes the index incrementally', async () => {
    const { path, brands, before, sql } = await oldCatalog(6);
    expect(sql).toContain("prefix = '1 2 3 4'");
    const db = openDatabase(path, 'catalog');
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(7);
      expect(ftsSql(db)).toContain("prefix = '1'\n");
      assertSearchIndexConsistent(db);
      const repo = new CatalogRepository(db);
      expect(searches(repo)).toEqual(before);
      // The rebuilt index takes a sync's row-by-row writes: renamed back, a new brand, one removed.
      await repo.replaceAll([...brands.slice(0, 249), makeBrand('NEW1', { title: 'Shop Newcomer' })], 3);
      assertSearchIndexConsistent(db);
      expect(repo.search({ text: 'newc' }).map((b) => b.brand.id)).toEqual(['NEW1']);
      expect(repo.search({ text: 'renamed' })).toEqual([]);
      expect(repo.count()).toMatchObject({ listed: 250, removed: 51 });
    } finally {
      db.close();
    }
  });
});
