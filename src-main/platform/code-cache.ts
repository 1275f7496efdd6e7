import { createRequire, Module } from 'node:module';
import { basename, dirname, join } from 'node:path';

// Required, not imported: this module runs in the hosts' ES entry, where an ES import of
// node:fs or node:crypto builds their facade, reading every export (fs.promises and its
// streams, crypto.webcrypto): ≈ 2 ms of a start that uses none of them.
const requireBuiltin = createRequire(import.meta.url);
const { isAscii } = requireBuiltin('node:buffer') as typeof import('node:buffer');
const { createHash, randomBytes } = requireBuiltin('node:crypto') as typeof import('node:crypto');
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = requireBuiltin('node:fs') as typeof import('node:fs');
const vm = requireBuiltin('node:vm') as typeof import('node:vm');

/**
 * Loading a CommonJS bundle with V8's code cache kept on disk. Node 20's ES module loader has
 * no code-cache hook, so the app's core is built as one CommonJS file and run through
 * `vm.Script`: a start whose cache V8 accepts skips parsing and compiling the bundle and every
 * function compiled before the cache was written. The cache file is only ever a hint. It is
 * used when its key (this bundle's text, Node, V8 and the CPU architecture) and its checksum
 * match, and V8 checks it again; anything else (missing, torn, corrupt, foreign, rejected)
 * compiles the bundle as if there were no cache, and the host writes a fresh one later.
 */

/** What became of the cache at load: used, not there, there but not usable (and why), or not kept at all (`off`). */
export type CodeCacheStatus = 'used' | 'missing' | 'unreadable' | 'foreign' | 'corrupt' | 'rejected' | 'off';

export interface CachedBundle<T> {
  /** The bundle's `module.exports`. */
  readonly exports: T;
  readonly status: CodeCacheStatus;
  /**
   * Writes the cache from what V8 has compiled so far (the bundle and the functions run since
   * it loaded: call it once the start is over), unless the one loaded was used. Atomic: a
   * temporary file renamed over the old one. Returns whether a file was written; a failure to
   * write is returned, not thrown (the next start compiles normally).
   */
  persist(): { written: boolean; error?: Error };
}

const MAGIC = Buffer.from('GVPOSCC1', 'latin1');
const HASH_BYTES = 32;
const HEADER_BYTES = MAGIC.length + HASH_BYTES * 2;

const sha256 = (...parts: (string | Buffer)[]): Buffer => {
  const hash = createHash('sha256');
  for (const p of parts) hash.update(p);
  return hash.digest();
};

/** The cache file of a bundle, in the app's data folder (never beside the bundle: a packaged app's install folder is read-only). */
export function codeCachePath(bundlePath: string, cacheDir: string): string {
  return join(cacheDir, `${basename(bundlePath)}.v8cache`);
}

/** The runtime a cache was made by. */
export interface CodeCacheRuntime {
  node: string;
  v8: string;
  arch: string;
}

const thisRuntime = (): CodeCacheRuntime => ({ node: process.version, v8: process.versions.v8, arch: process.arch });

/**
 * What a cache must have been made for: this bundle's exact bytes (and the wrapper around
 * them) run by this runtime. V8 checks its own version and the flags that change compiled
 * code (a mismatch is 'rejected'), but of the source only its length.
 */
export function codeCacheKey(bundle: Buffer, runtime: CodeCacheRuntime = thisRuntime()): Buffer {
  return sha256(`${runtime.node}\0${runtime.v8}\0${runtime.arch}\0${WRAPPER.join('\0')}\0`, bundle);
}

/** The file's layout: MAGIC, the key, the SHA-256 of the payload, then V8's cached data. */
export function encodeCodeCache(key: Buffer, data: Buffer): Buffer {
  return Buffer.concat([MAGIC, key, sha256(data), data]);
}

function decodeCodeCache(file: Buffer, key: Buffer): { data: Buffer } | { status: 'foreign' | 'corrupt' } {
  if (file.length <= HEADER_BYTES || !file.subarray(0, MAGIC.length).equals(MAGIC)) return { status: 'corrupt' };
  if (!file.subarray(MAGIC.length, MAGIC.length + HASH_BYTES).equals(key)) return { status: 'foreign' };
  const data = file.subarray(HEADER_BYTES);
  if (!sha256(data).equals(file.subarray(MAGIC.length + HASH_BYTES, HEADER_BYTES))) return { status: 'corrupt' };
  return { data };
}

/**
 * The name a bundle calls instead of `import()` for what it loads as an ES module at run time
 * (ES-only packages such as got). Node 20 loses a vm.Script's dynamic-import callback when the
 * script comes from cached data ("A dynamic import callback was not specified"), so a bundle
 * must not use `import()` itself: the core bundle's build rewrites its external `import(…)`s to
 * this (electron.vite.config.ts) and fails if one is left.
 */
export const HOST_IMPORT = '__hostImport';

/** Node's own CommonJS wrapper (exports, require, module, __filename, __dirname as when required), plus HOST_IMPORT. */
const WRAPPER = [`(function (exports, require, module, __filename, __dirname, ${HOST_IMPORT}) { `, '\n})'] as const;

function readCache(path: string, key: Buffer): { data: Buffer } | { status: CodeCacheStatus } {
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch (error) {
    return { status: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable' };
  }
  return decodeCodeCache(file, key);
}

/**
 * What the bundle's HOST_IMPORT calls: Node's own ES loader. Specifiers resolve from this file,
 * which hosts keep beside the bundle (out/main/index.js and core.cjs; the bench's children).
 */
const hostImport = (specifier: string): Promise<unknown> => import(specifier);

/**
 * Loads and runs the CommonJS bundle at `bundlePath` with the code cache kept in `cacheDir`, or
 * with none (`cacheDir` null: nothing is read or written, status 'off').
 * Its `require` resolves from the bundle's own folder, and its HOST_IMPORT (ES-only packages,
 * loaded on demand) goes through Node's own loader. The bundle is entered in require's
 * cache under its real path, as require itself would: its split chunks `require()` it back for
 * what they share, and must get this instance, not a second copy compiled without the cache.
 */
export function loadCachedBundle<T>(bundlePath: string, cacheDir: string | null): CachedBundle<T> {
  // The name require itself gives the file (its real path), so a chunk's require() of it finds this entry.
  const filename = createRequire(bundlePath).resolve(bundlePath);
  const requireHere = createRequire(filename);
  const cachedModule = requireHere.cache[filename];
  if (cachedModule) throw new Error(`${filename} is already loaded: a second load would make a second copy of its modules`);
  const bytes = readFileSync(filename);
  // The build writes it as ASCII (core bundle: charset 'ascii'); decoded as such, V8 gets a one-byte string without a UTF-8 pass.
  const wrapped = WRAPPER[0] + bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8') + WRAPPER[1];
  const cache = cacheDir === null ? null : { key: codeCacheKey(bytes), path: codeCachePath(bundlePath, cacheDir) };
  const cached = cache === null ? { status: 'off' as const } : readCache(cache.path, cache.key);
  const script = new vm.Script(wrapped, { filename, cachedData: 'data' in cached ? cached.data : undefined });
  const status: CodeCacheStatus = 'data' in cached ? (script.cachedDataRejected ? 'rejected' : 'used') : cached.status;
  const module = new Module(filename);
  module.filename = filename;
  requireHere.cache[filename] = module;
  const run = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string, hostImport: (specifier: string) => Promise<unknown>) => void;
  try {
    run.call(module.exports, module.exports, requireHere, module, filename, dirname(filename), hostImport);
  } catch (error) {
    delete requireHere.cache[filename];
    throw error;
  }
  module.loaded = true;
  let persisted = status === 'used';
  return {
    exports: module.exports as T,
    status,
    persist() {
      if (persisted || cache === null) return { written: false };
      persisted = true;
      try {
        writeCacheFile(cache.path, encodeCodeCache(cache.key, script.createCachedData()));
        return { written: true };
      } catch (error) {
        return { written: false, error: error as Error };
      }
    },
  };
}

/** A temporary file older than this was left by a writer that died before its rename. */
const STALE_TEMPORARY_MS = 60_000;

/**
 * Written beside its final name and renamed over it, so a reader sees the old file or the new
 * one, whole. Two starts writing at once each rename their own temporary file; the last wins,
 * and both were made for this bundle. No fsync: a file torn by a power cut fails its checksum.
 * Temporary files a killed writer left behind are removed first.
 */
export function writeCacheFile(path: string, content: Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  removeStaleTemporaries(path);
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

function removeStaleTemporaries(path: string): void {
  const prefix = `${basename(path)}.`;
  for (const name of readdirSync(dirname(path))) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const file = join(dirname(path), name);
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_TEMPORARY_MS) rmSync(file, { force: true });
    } catch {
      // Renamed or removed by its writer meanwhile.
    }
  }
}
