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

describe('catalog schema 5: the search index with prefix indexes 1 to 4', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('rebuilds an existing catalog’s index from its brands: every search answers as before, removed brands included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-migration-'));
    dirs.push(dir);
    const path = join(dir, 'training-catalog.db');
    // A file as schema 4 left it, filled by a sync and a re-sync that renamed and removed brands.
    const old = new Database(path);
    old.pragma('journal_mode = WAL');
    migrate(old, SCHEMAS.catalog.slice(0, 4));
    // Filled by today's writer, which also writes schema 6's columns: they are there only while it writes.
    old.exec('ALTER TABLE brands ADD COLUMN raw_hash TEXT; ALTER TABLE catalog_pages ADD COLUMN entries TEXT');
    const oldRepo = new CatalogRepository(old);
    const brands = brandsNumbered(300);
    await oldRepo.replaceAll(brands, 1);
    await oldRepo.replaceAll([...brands.slice(0, 250).map((b, i) => (i % 7 === 0 ? makeBrand(b.id, { title: `Renamed ${b.id}` }) : b))], 2);
    const searches = (repo: CatalogRepository) =>
      QUERIES.flatMap((text) => [false, true].map((includeRemoved) => repo.search({ text, includeRemoved, limit: 500 }).map((b) => b.brand.id)));
    const before = searches(oldRepo);
    expect(before.flat().length).toBeGreaterThan(1000);
    expect(old.prepare("SELECT sql FROM sqlite_master WHERE name = 'brands_fts'").pluck().get()).toContain("'1 2 3 4 5 6 7 8'");
    await oldRepo.checkpointIdle();
    old.exec('ALTER TABLE brands DROP COLUMN raw_hash; ALTER TABLE catalog_pages DROP COLUMN entries');
    old.close();

    const db = openDatabase(path, 'catalog');
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMAS.catalog.length);
      expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'brands_fts'").pluck().get()).toContain("prefix = '1 2 3 4'");
      assertSearchIndexConsistent(db);
      const repo = new CatalogRepository(db);
      expect(searches(repo)).toEqual(before);
      expect(repo.count()).toMatchObject({ listed: 250, removed: 50 });
    } finally {
      db.close();
    }
  });
});
