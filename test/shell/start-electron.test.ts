import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchElectron, runStart, type StartDeps } from '../../src-main/shell/tools/electron-launcher.js';
import { installedElectronPath, readElectronPackage } from '../../src-main/shell/tools/electron-runtime.js';
import type { PrepareResult } from '../../src-main/shell/tools/prepare-electron-sqlite.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * The `electron` package's install.js, faked: the launcher runs it as it would run the real
 * one (a Node child), so only the download itself is replaced.
 */
const OFFLINE_INSTALL = `
// What the real install.js does when @electron/get cannot fetch: print the stack, exit 1.
const error = new TypeError('fetch failed');
console.error(error.stack);
process.exit(1);
`;
const WORKING_INSTALL = `
const fs = require('node:fs');
const path = require('node:path');
fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true });
fs.writeFileSync(path.join(__dirname, 'dist', 'electron'), 'binary');
fs.writeFileSync(path.join(__dirname, 'dist', 'version'), 'v45.5.0');
fs.writeFileSync(path.join(__dirname, 'path.txt'), 'electron');
fs.writeFileSync(path.join(__dirname, 'installed-once'), '');
`;

describe('npm start', () => {
  let dir: ReturnType<typeof tempDir>;
  let electronDir: string;
  let errors: string[];
  let prepareSqlite: ReturnType<typeof vi.fn<(path: string) => PrepareResult>>;
  let launch: ReturnType<typeof vi.fn<(path: string) => Promise<number>>>;

  function fakeElectronPackage(install: string): void {
    mkdirSync(electronDir, { recursive: true });
    writeFileSync(join(electronDir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.5.0' }));
    writeFileSync(join(electronDir, 'abi_version'), '150');
    writeFileSync(join(electronDir, 'install.js'), install);
  }

  beforeEach(() => {
    dir = tempDir('gv-start-');
    electronDir = join(dir.path, 'node_modules', 'electron');
    errors = [];
    prepareSqlite = vi.fn<(path: string) => PrepareResult>(() => ({ ok: true, binding: '/out/native/better_sqlite3.node' }));
    launch = vi.fn(async () => 0);
  });
  afterEach(() => dir.cleanup());

  const start = (overrides: Partial<StartDeps> = {}) =>
    runStart({
      electron: readElectronPackage(electronDir),
      env: { PATH: process.env['PATH'] },
      prepareSqlite,
      launch,
      buildLog: 'out/native/better-sqlite3-build.log',
      print: () => undefined,
      printError: (text) => errors.push(text),
      ...overrides,
    });

  it('without internet: says the Electron runtime could not be downloaded, points to `npm run web`, exits 1, no stack trace', async () => {
    fakeElectronPackage(OFFLINE_INSTALL);
    expect(await start()).toBe(1);
    expect(errors).toEqual([
      [
        'npm start: the Electron 45.5.0 runtime could not be downloaded (TypeError: fetch failed).',
        'It is downloaded once, on the first start, and that needs the internet.',
        'For a browser session of the app instead, run: npm run web',
      ].join('\n'),
    ]);
    expect(errors.join('\n')).not.toMatch(/^\s+at /m);
    expect(errors.join('\n')).not.toMatch(/install-electron/);
    expect(prepareSqlite).not.toHaveBeenCalled();
    expect(launch).not.toHaveBeenCalled();
  });

  it('downloads the runtime on the first start, then prepares better-sqlite3 for it and runs the app', async () => {
    fakeElectronPackage(WORKING_INSTALL);
    launch.mockResolvedValue(3);
    expect(await start()).toBe(3);
    const binary = join(electronDir, 'dist', 'electron');
    expect(prepareSqlite).toHaveBeenCalledWith(binary);
    expect(launch).toHaveBeenCalledWith(binary);
    expect(errors).toEqual([]);
  });

  it('does not download again once the runtime is there', async () => {
    fakeElectronPackage(WORKING_INSTALL);
    await start();
    writeFileSync(join(electronDir, 'install.js'), OFFLINE_INSTALL);
    expect(await start()).toBe(0);
    expect(launch).toHaveBeenCalledTimes(2);
  });

  it('downloads again when the runtime on disk is from another Electron version', async () => {
    fakeElectronPackage(WORKING_INSTALL);
    mkdirSync(join(electronDir, 'dist'));
    writeFileSync(join(electronDir, 'dist', 'electron'), 'old binary');
    writeFileSync(join(electronDir, 'dist', 'version'), 'v44.0.0');
    writeFileSync(join(electronDir, 'path.txt'), 'electron');
    expect(installedElectronPath(readElectronPackage(electronDir), {})).toBeUndefined();
    expect(await start()).toBe(0);
    expect(existsSync(join(electronDir, 'installed-once'))).toBe(true);
  });

  it('uses ELECTRON_OVERRIDE_DIST_PATH as electron/index.js does, with no download', async () => {
    fakeElectronPackage(OFFLINE_INSTALL);
    const override = join(dir.path, 'my-electron');
    mkdirSync(override);
    writeFileSync(join(override, 'electron'), 'binary');
    expect(await start({ env: { ELECTRON_OVERRIDE_DIST_PATH: override } })).toBe(0);
    expect(launch).toHaveBeenCalledWith(join(override, 'electron'));
  });

  it('when better-sqlite3 cannot be prepared: says why and where the build log is, points to `npm run web`, exits 1, runs nothing', async () => {
    fakeElectronPackage(WORKING_INSTALL);
    prepareSqlite.mockReturnValue({ ok: false, reason: "prebuilt download failed; build against Electron's headers failed" });
    expect(await start()).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      "npm start: better-sqlite3 could not be prepared for Electron 45.5.0 (module ABI 150): prebuilt download failed; build against Electron's headers failed.",
    );
    expect(errors[0]).toContain('Details: out/native/better-sqlite3-build.log');
    expect(errors[0]).toContain('For a browser session of the app instead, run: npm run web');
    expect(launch).not.toHaveBeenCalled();
  });

  it('reads Electron’s module ABI from the package, and refuses a package without one', () => {
    fakeElectronPackage(OFFLINE_INSTALL);
    expect(readElectronPackage(electronDir)).toEqual({ dir: electronDir, version: '45.5.0', abi: 150 });
    writeFileSync(join(electronDir, 'abi_version'), 'x');
    expect(() => readElectronPackage(electronDir)).toThrow(/does not hold a module ABI number/);
  });

  it('runs the app with its exit code, without an inherited ELECTRON_RUN_AS_NODE', async () => {
    const code = await launchElectron(process.execPath, ['-e', 'process.exit(process.env.ELECTRON_RUN_AS_NODE ? 9 : 4)'], {
      ...process.env,
      ELECTRON_RUN_AS_NODE: '1',
    });
    expect(code).toBe(4);
  });

  it('is what the `start` script runs, instead of a bare `electron .`', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts['start']).toBe('electron-vite build && tsx src-main/shell/tools/start-electron.ts');
  });
});
