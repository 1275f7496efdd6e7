import { join } from 'node:path';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { ftsPrefixQuery } from '../../src-main/catalog/catalog-text.js';
import { openDatabase } from '../../src-main/db/database.js';
import { tempDir } from '../support/temp-dir.js';
import { generateBrands, prefixesOf } from './brands.js';
import { now, paired, row, type BenchRow } from './stats.js';

/** CatalogRepository.search vs the raw FTS5 MATCH alone, per catalog size, 1–6 char prefixes. */
export async function benchSearch(sizes: readonly number[], log: (s: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const size of sizes) {
    const dir = tempDir('gv-bench-search-');
    const db = openDatabase(join(dir.path, 'bench.db'));
    try {
      const brands = generateBrands(size);
      const repo = new CatalogRepository(db);
      const t0 = now();
      await repo.replaceAll(brands, Date.UTC(2026, 0, 1));
      log(`  search: loaded ${size} brands in ${(now() - t0).toFixed(0)} ms`);
      const raw = db.prepare('select rowid from brands_fts where brands_fts match ? limit 50');
      const prefixes = prefixesOf(brands, 10);
      const reps = size >= 100_000 ? 120 : 300;
      const at = (i: number) => prefixes[((i % prefixes.length) + prefixes.length) % prefixes.length]!;
      // Per prefix length too, so the 1-character worst case is visible.
      for (const len of [1, 3, 6]) {
        const only = prefixes.filter((p) => p.length === len);
        const pick = (i: number) => only[((i % only.length) + only.length) % only.length]!;
        const r = await paired(
          Math.floor(reps / 2),
          (i) => repo.search({ text: pick(i) }),
          (i) => raw.all(ftsPrefixQuery(pick(i))!),
        );
        rows.push(row('search', `${size} brands, ${len}-char prefix`, r.subject, r.baseline, 'raw FTS5 MATCH limit 50'));
      }
      const all = await paired(
        reps,
        (i) => repo.search({ text: at(i) }),
        (i) => raw.all(ftsPrefixQuery(at(i))!),
      );
      rows.push(row('search', `${size} brands, 1–6 char prefixes`, all.subject, all.baseline, 'raw FTS5 MATCH limit 50'));
    } finally {
      db.close();
      dir.cleanup();
    }
  }
  return rows;
}
