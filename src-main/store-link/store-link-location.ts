import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where a counter keeps its store link, apart from the file's schema: a counter on its own
 * starts without loading zod or the store wire (store-link-file.ts parses the file when there is one).
 */
export const STORE_LINK_FILE = 'store-link.json';

export function storeLinkPath(dataDir: string): string {
  return join(dataDir, STORE_LINK_FILE);
}

/** True when this counter has joined a store (its link file is there, damaged or not). */
export function hasStoreLink(dataDir: string): boolean {
  return existsSync(storeLinkPath(dataDir));
}
