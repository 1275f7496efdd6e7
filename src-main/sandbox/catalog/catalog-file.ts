import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrandWire, CatalogFile } from './brand-wire.js';

const RELATIVE_PATH = join('resources', 'sandbox', 'catalog.json');

/**
 * Finds `resources/sandbox/catalog.json` by walking up from this module, so the same code
 * works from the source tree (tsx, vitest) and from the bundled `out/main`. A packaged app
 * passes the path explicitly (process.resourcesPath).
 */
export function defaultCatalogPath(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, RELATIVE_PATH);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find ${RELATIVE_PATH} above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

/** Reads the committed catalog; refuses a file that is not the expected shape rather than serving garbage. */
export function loadCatalogFile(path: string = defaultCatalogPath()): BrandWire[] {
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<CatalogFile>;
  if (!Array.isArray(parsed.brands) || parsed.brands.length === 0) {
    throw new Error(`${path} has no brands; regenerate it with npm run sandbox:catalog`);
  }
  for (const brand of parsed.brands) {
    if (typeof brand?.id !== 'string' || typeof brand.title !== 'string') {
      throw new Error(`${path} holds a brand without id/title; regenerate it with npm run sandbox:catalog`);
    }
  }
  return parsed.brands;
}
