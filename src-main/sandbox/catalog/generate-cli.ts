/**
 * Writes resources/sandbox/catalog.json from generateCatalog() (`npm run sandbox:catalog`).
 * The file is committed so the sandbox starts without running the generator; a test
 * fails when it drifts from the generator's output.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCatalog } from './generate.js';

// This file lives in src-main/sandbox/catalog/, three levels below the repo root.
export const CATALOG_PATH = fileURLToPath(new URL('../../../resources/sandbox/catalog.json', import.meta.url));

const catalog = generateCatalog();
mkdirSync(dirname(CATALOG_PATH), { recursive: true });
writeFileSync(CATALOG_PATH, JSON.stringify(catalog, null, 2) + '\n', 'utf8');
console.log(`Wrote ${catalog.brands.length} brands (seed ${catalog.generator.seed}) to ${CATALOG_PATH}`);
