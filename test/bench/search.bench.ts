import { join } from 'node:path';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { foldText, ftsPrefixQuery } from '../../src-main/catalog/catalog-text.js';
import { openDatabase } from '../../src-main/db/database.js';
import { tempDir } from '../support/temp-dir.js';
import { generateBrands, prefixesOf, substringsOf } from './brands.js';
import { now, paired, row, type BenchRow } from './stats.js';

/**
 * CatalogRepository.search per catalog size: 1–6 char prefixes against the raw FTS5 MATCH
 * alone, and title substrings (mode 'substring') against a bare scan of an array of folded
 * titles (the in-memory lookup alone, first 50 hits).
 */
export async function benchSearch(sizes: readonly number[], log: (s: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const size of sizes) {
    const dir = tempDir('gv-bench-search-');
    const db = openDatabase(join(dir.path, 'bench.db'), 'catalog');
    try {
      const brands = generateBrands(size);
      const repo = new CatalogRepository(db);
      const t0 = now();
      await repo.replaceAll(brands, Date.UTC(2026, 0, 1));
      log(`  search: loaded ${size} brands in ${(now() - t0).toFixed(0)} ms`);
      // What a cashier meets after a sync: the background checkpoint and listing load are done.
      await repo.checkpointIdle();
      await repo.searchWarm();
      const raw = db.prepare('select rowid from brands_fts where brands_fts match ? limit 50');
      const prefixes = prefixesOf(brands, 10);
      const reps = size >= 100_000 ? 120 : 300;
      const at = (i: number) => prefixes[((i % prefixes.length) + prefixes.length) % prefixes.length]!;
      // Per prefix length too, so the 1-character worst case is visible.
      for (const len of [1, 2, 3, 6]) {
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

      const titles = brands.map((b) => foldText(b.title));
      const subs = substringsOf(brands, 20);
      const sub = (i: number) => subs[((i % subs.length) + subs.length) % subs.length]!;
      const scan = (s: string) => {
        const hits: number[] = [];
        for (let k = 0; k < titles.length && hits.length < 50; k++) if (titles[k]!.includes(s)) hits.push(k);
        return hits;
      };
      const r = await paired(
        reps,
        (i) => repo.search({ text: sub(i), mode: 'substring' }),
        (i) => scan(sub(i)),
      );
      rows.push(row('search', `${size} brands, title substring 2–5 chars`, r.subject, r.baseline, 'bare includes() scan of folded titles, first 50'));
    } finally {
      db.close();
      dir.cleanup();
    }
  }
  return rows;
}
