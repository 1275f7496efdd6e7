import { join } from 'node:path';
import { loadCachedBundle, type CachedBundle } from '../platform/code-cache.js';
import type * as CoreBundleModule from './core-bundle.js';

export type CoreBundle = typeof CoreBundleModule;

/** Beside the host's entry in a build (out/main/), so a host finds it relative to its own file. */
export const CORE_BUNDLE_FILE = 'core.cjs';

/** Where the core bundle's code cache is kept: the data folder (writable; the install folder of a packaged app is not). */
export const codeCacheDir = (dataDir: string): string => join(dataDir, 'code-cache');

/**
 * Loads the built core (CORE_BUNDLE_FILE) with V8's code cache kept in the data folder, or with
 * none (`dataDir` null). Call `persist()` on the result once the start is over: it writes the
 * cache when the one found could not be used, so the next start compiles nothing it already
 * compiled.
 *
 * A code cache is code: V8 checks only its length against the source, so whoever can write the
 * file chooses what runs. A host that must run only what its own signed, integrity-checked
 * package holds (a packaged desktop app: electron-builder.yml's fuses) passes null.
 */
export function loadCoreBundle(bundlePath: string, dataDir: string | null): CachedBundle<CoreBundle> {
  const loaded = loadCachedBundle<Partial<CoreBundle>>(bundlePath, dataDir === null ? null : codeCacheDir(dataDir));
  const { createCore, createBridge, NO_KEYCHAIN, jsonFileBackend, loadShellMethods } = loaded.exports;
  if (typeof createCore !== 'function' || typeof createBridge !== 'function' || !NO_KEYCHAIN || typeof jsonFileBackend !== 'function' || typeof loadShellMethods !== 'function') {
    throw new Error(`${bundlePath} is not the core bundle (it does not export createCore, createBridge, NO_KEYCHAIN, jsonFileBackend and loadShellMethods)`);
  }
  return { ...loaded, exports: { createCore, createBridge, NO_KEYCHAIN, jsonFileBackend, loadShellMethods } };
}
