import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogRepository } from '../../src-main/catalog/catalog-repository.js';
import { openDatabase } from '../../src-main/db/database.js';
import { generateBrands } from './brands.js';

/**
 * A data folder whose Training catalog already holds `count` generated brands, synced "now"
 * (so the core's start-up check finds it fresh and does not replace it with the sandbox's
 * own catalog). The file name is the one openEnvironment uses; the children check the count
 * they see, so a rename shows up as a failure, not as a quietly empty catalog.
 */
export async function prefilledDataDir(count: number): Promise<{ path: string; copy(): { path: string; cleanup(): void }; cleanup(): void }> {
  const path = mkdtempSync(join(tmpdir(), 'gv-bench-data-'));
  const db = openDatabase(join(path, 'training-catalog.db'), 'catalog');
  try {
    await new CatalogRepository(db).replaceAll(generateBrands(count), Date.now());
  } finally {
    db.close();
  }
  return {
    path,
    // Each start-up gets its own copy: a run writes to its folder (settings, journal, WAL).
    copy() {
      const dir = mkdtempSync(join(tmpdir(), 'gv-bench-run-'));
      cpSync(path, dir, { recursive: true });
      return { path: dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
    cleanup: () => rmSync(path, { recursive: true, force: true }),
  };
}
