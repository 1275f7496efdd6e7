import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCacheKey, codeCachePath, encodeCodeCache, loadCachedBundle, type CodeCacheRuntime } from '../../src-main/platform/code-cache.js';

interface Probe {
  answer(): number;
  shared: object;
  chunk(): object;
  os(): Promise<string>;
}

/** A small CommonJS bundle with a split chunk that requires it back, as the core bundle's chunks do. */
const BUNDLE = `"use strict";
exports.shared = {};
exports.answer = function answer() { return ANSWER; };
exports.chunk = function chunk() { return require("./chunks/part.cjs").shared; };
exports.os = function os() { return __hostImport("node:os").then((m) => m.platform()); };
`;
const CHUNK = `"use strict";\nexports.shared = require("../bundle.cjs").shared;\n`;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) {
    const bundle = join(dir, 'bundle.cjs');
    const cache = createRequire(bundle).cache;
    for (const key of Object.keys(cache)) if (key.startsWith(dir)) delete cache[key];
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A bundle answering `answer` in a folder of its own, and the data folder's cache directory. */
function fixture(answer = 42): { bundle: string; cacheDir: string; cacheFile: string; rewrite(answer: number): void; unload(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'gv-code-cache-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'chunks'));
  const bundle = join(dir, 'bundle.cjs');
  // Each fixture's text is its own: V8 keeps compiled scripts per process, and a text compiled
  // by an earlier test would be taken from there without looking at the cache at all.
  const text = (n: number) => `// ${dir}\n${BUNDLE.replace('ANSWER', String(n))}`;
  writeFileSync(bundle, text(answer));
  writeFileSync(join(dir, 'chunks', 'part.cjs'), CHUNK);
  const cacheDir = join(dir, 'data', 'code-cache');
  return {
    bundle,
    cacheDir,
    cacheFile: codeCachePath(bundle, cacheDir),
    rewrite: (n) => writeFileSync(bundle, text(n)),
    // A new process, as far as require's cache is concerned: the next load runs the bundle again.
    unload: () => {
      const cache = createRequire(bundle).cache;
      for (const key of Object.keys(cache)) if (key.startsWith(dir)) delete cache[key];
    },
  };
}

const load = (f: { bundle: string; cacheDir: string }) => loadCachedBundle<Probe>(f.bundle, f.cacheDir);

/** Another process that loads the bundle, writes its cache and rewrites it `rounds` times; says the status it loaded with. */
function writer(f: { bundle: string; cacheDir: string }, rounds: number, v8Flags: string[] = []): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [...v8Flags, '--import', 'tsx', 'test/platform/fixtures/code-cache-writer.ts', f.bundle, f.cacheDir, String(rounds)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(err))));
  });
}

describe('a CommonJS bundle loaded with a code cache', () => {
  it('compiles without a cache, writes one when asked, and the next start uses it', async () => {
    const f = fixture();
    const first = load(f);
    expect(first.status).toBe('missing');
    expect(first.exports.answer()).toBe(42);
    expect(first.persist()).toEqual({ written: true });
    // Once written, not again.
    expect(first.persist()).toEqual({ written: false });
    f.unload();
    const second = load(f);
    expect(second.status).toBe('used');
    expect(second.exports.answer()).toBe(42);
    expect(await second.exports.os()).toBe(process.platform);
    // A cache that was used is not written again.
    const before = readFileSync(f.cacheFile);
    expect(second.persist()).toEqual({ written: false });
    expect(readFileSync(f.cacheFile).equals(before)).toBe(true);
  });

  // In one process V8 may hand back a script it compiled before without reading the cache; a new
  // process must read it. Node 20 loses import() in a script made from cached data: the bundle's
  // ES loads go through the host (HOST_IMPORT), and must work from the cache too.
  it('is accepted by V8 in a later process, whose bundle still loads ES modules on demand', async () => {
    const f = fixture();
    expect(await writer(f, 0)).toBe(`missing ${process.platform}`);
    expect(await writer(f, 0)).toBe(`used ${process.platform}`);
  });

  // The key leaves V8's flags to V8: the desktop main process runs with its own (MAIN_PROCESS_V8_FLAGS).
  it('is rejected by V8 when made under other V8 flags, and written again', async () => {
    const f = fixture();
    expect(await writer(f, 0)).toBe(`missing ${process.platform}`);
    expect(await writer(f, 0, ['--max-semi-space-size=2'])).toBe(`rejected ${process.platform}`);
    expect(await writer(f, 0, ['--max-semi-space-size=2'])).toBe(`used ${process.platform}`);
  });

  it('is the one instance its split chunks require back, and refuses a second load in one process', () => {
    const f = fixture();
    const loaded = load(f);
    expect(loaded.exports.chunk()).toBe(loaded.exports.shared);
    expect(() => load(f)).toThrow(/already loaded/);
  });

  it('is entered under its real path, so a chunk finds it when the bundle was named through a link', () => {
    const f = fixture();
    const link = join(tmpdir(), `gv-code-cache-link-${process.pid}-${Date.now()}`);
    symlinkSync(join(f.bundle, '..'), link);
    try {
      const loaded = loadCachedBundle<Probe>(join(link, 'bundle.cjs'), f.cacheDir);
      expect(loaded.exports.chunk()).toBe(loaded.exports.shared);
    } finally {
      rmSync(link, { force: true });
    }
  });

  it.each([
    ['a torn file (header only)', (file: Buffer) => file.subarray(0, 40)],
    ['an empty file', () => Buffer.alloc(0)],
    ['a flipped byte in the payload', (file: Buffer) => Buffer.from(file.map((b, i) => (i === file.length - 10 ? b ^ 0xff : b)))],
    ['something else altogether', () => Buffer.from('{"not": "a code cache"}')],
  ])('treats %s as corrupt: compiles normally and writes a good one', (_name, damage) => {
    const f = fixture();
    load(f).persist();
    writeFileSync(f.cacheFile, damage(readFileSync(f.cacheFile)));
    f.unload();
    const loaded = load(f);
    expect(loaded.status).toBe('corrupt');
    expect(loaded.exports.answer()).toBe(42);
    expect(loaded.persist()).toEqual({ written: true });
    f.unload();
    expect(load(f).status).toBe('used');
  });

  // V8 checks only the source's length: trusting its verdict alone would run the old bundle's compiled code.
  it('never uses a cache made for other bundle text, even of the same length', () => {
    const f = fixture(42);
    load(f).persist();
    f.unload();
    f.rewrite(43);
    const loaded = load(f);
    expect(loaded.status).toBe('foreign');
    expect(loaded.exports.answer()).toBe(43);
  });

  it('never uses a cache made by another Node, V8 or architecture (an app update, a moved data folder)', () => {
    const f = fixture();
    const made = load(f);
    made.persist();
    const data = readFileSync(f.cacheFile).subarray(72);
    const bytes = readFileSync(f.bundle);
    const here: CodeCacheRuntime = { node: process.version, v8: process.versions.v8, arch: process.arch };
    const others: CodeCacheRuntime[] = [
      { ...here, node: 'v22.20.0' },
      { ...here, v8: '13.6.233.10' },
      { ...here, arch: process.arch === 'x64' ? 'arm64' : 'x64' },
    ];
    for (const runtime of others) {
      writeFileSync(f.cacheFile, encodeCodeCache(codeCacheKey(bytes, runtime), data));
      f.unload();
      const loaded = load(f);
      expect(loaded.status).toBe('foreign');
      expect(loaded.exports.answer()).toBe(42);
    }
  });

  it.each([
    ["V8's data for another script", () => {
      const other = new vm.Script(`"another script ${Math.random()}";`);
      other.runInThisContext();
      return other.createCachedData();
    }],
    ['bytes that are not V8 data at all', () => Buffer.from('not V8 cached data at all, but checksummed')],
  ])('compiles normally when V8 rejects a cache whose key and checksum match: %s', (_name, payload) => {
    const f = fixture();
    mkdirSync(f.cacheDir, { recursive: true });
    writeFileSync(f.cacheFile, encodeCodeCache(codeCacheKey(readFileSync(f.bundle)), payload()));
    const loaded = load(f);
    expect(loaded.status).toBe('rejected');
    expect(loaded.exports.answer()).toBe(42);
    expect(loaded.persist()).toEqual({ written: true });
  });

  it('with no cache folder (a packaged app): compiles, reads nothing and writes nothing', () => {
    const f = fixture();
    expect(load(f).persist()).toEqual({ written: true });
    f.unload();
    const off = loadCachedBundle<Probe>(f.bundle, null);
    expect(off.status).toBe('off');
    expect(off.exports.answer()).toBe(42);
    const before = readFileSync(f.cacheFile);
    expect(off.persist()).toEqual({ written: false });
    expect(readFileSync(f.cacheFile).equals(before)).toBe(true);
  });

  it('removes a temporary file a killed writer left behind, and not one being written now', () => {
    const f = fixture();
    mkdirSync(f.cacheDir, { recursive: true });
    const stale = `${f.cacheFile}.999.dead.tmp`;
    const fresh = `${f.cacheFile}.998.busy.tmp`;
    writeFileSync(stale, 'half a cache');
    writeFileSync(fresh, 'being written');
    const old = new Date(Date.now() - 10 * 60_000);
    utimesSync(stale, old, old);
    expect(load(f).persist()).toEqual({ written: true });
    expect(readdirSync(f.cacheDir).sort()).toEqual([basename(f.cacheFile), basename(fresh)].sort());
  });

  it('returns a failure to write instead of throwing, and leaves no temporary file', () => {
    const f = fixture();
    // The cache directory's place is taken by a file: the write cannot happen.
    mkdirSync(join(f.cacheDir, '..'), { recursive: true });
    writeFileSync(f.cacheDir, 'in the way');
    const loaded = load(f);
    expect(loaded.status).toBe('unreadable');
    const { written, error } = loaded.persist();
    expect(written).toBe(false);
    expect(error?.message).toMatch(/EEXIST|ENOTDIR/);
    expect(loaded.exports.answer()).toBe(42);
  });

  it('is always whole while starts race to write it: a reader sees the old file or the new one', async () => {
    const f = fixture();
    const writers = Promise.all([writer(f, 300), writer(f, 300)]);
    let running = true;
    void writers.finally(() => (running = false));
    const seen = new Set<string>();
    while (running) {
      f.unload();
      const loaded = load(f);
      seen.add(loaded.status);
      expect(loaded.exports.answer()).toBe(42);
      await new Promise((r) => setTimeout(r, 1));
    }
    expect((await writers).map((said) => said.split(' ')[1])).toEqual([process.platform, process.platform]);
    expect([...seen].filter((s) => s !== 'missing' && s !== 'used')).toEqual([]);
    expect(seen.has('used')).toBe(true);
    expect(readdirSync(f.cacheDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
