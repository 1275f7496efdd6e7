import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ElectronPackage } from '../../src-main/shell/tools/electron-runtime.js';
import { checkModuleAbi, moduleAbisIn } from '../../src-main/shell/tools/native-abi.js';
import {
  ELECTRON_HEADERS_URL,
  electronBuildEnv,
  electronBuildSteps,
  electronLoadCheck,
  loggedRunner,
  nativePaths,
  prepareElectronSqlite,
  type BuildStep,
  type PrepareDeps,
} from '../../src-main/shell/tools/prepare-electron-sqlite.js';
import { tempDir } from '../support/temp-dir.js';

const require = createRequire(import.meta.url);
/** The real better-sqlite3 in node_modules: compiled for this Node, so for this Node's ABI. */
const realSqliteDir = dirname(require.resolve('better-sqlite3/package.json'));
const realNodeBinding = join(realSqliteDir, 'build', 'Release', 'better_sqlite3.node');

const electron: ElectronPackage = { dir: '/nowhere/electron', version: '45.5.0', abi: 150 };
const NODE_ABI = 115;

/** Bytes shaped like a compiled addon: noise around the initializer symbol a real one exports. */
function fakeAddon(abi: number): Buffer {
  return Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2]), Buffer.from(`\0_node_register_module_v${abi}\0napi_x\0`, 'latin1'), Buffer.alloc(64, 7)]);
}

function writeAddon(packageDir: string, abi: number): void {
  const path = join(packageDir, 'build', 'Release', 'better_sqlite3.node');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, fakeAddon(abi));
}

describe('reading a module ABI from an addon', () => {
  it('finds this Node’s ABI in the real better-sqlite3 binary built for it', () => {
    expect(moduleAbisIn(readFileSync(realNodeBinding))).toEqual([Number(process.versions.modules)]);
    expect(checkModuleAbi(realNodeBinding, Number(process.versions.modules))).toEqual({ ok: true });
  });

  it('says which ABI a binary is for when it is not the one wanted', () => {
    expect(checkModuleAbi(realNodeBinding, 150)).toEqual({ ok: false, reason: `the binary is built for module ABI ${process.versions.modules}, not 150` });
  });

  it('refuses a file that names no ABI, or two, and a missing file', () => {
    const dir = tempDir('gv-abi-');
    try {
      const none = join(dir.path, 'none.node');
      writeFileSync(none, Buffer.from('just bytes, napi_register_module_v1'));
      expect(checkModuleAbi(none, 150)).toMatchObject({ ok: false, reason: expect.stringMatching(/names no module ABI/) });
      const two = join(dir.path, 'two.node');
      writeFileSync(two, Buffer.concat([fakeAddon(150), fakeAddon(115)]));
      expect(moduleAbisIn(readFileSync(two))).toEqual([115, 150]);
      expect(checkModuleAbi(two, 150)).toMatchObject({ ok: false, reason: expect.stringMatching(/115, 150, not 150/) });
      expect(checkModuleAbi(join(dir.path, 'missing.node'), 150)).toEqual({ ok: false, reason: 'no binary was produced' });
    } finally {
      dir.cleanup();
    }
  });
});

describe('the build environment', () => {
  it('targets Electron’s headers whatever npm’s config says (nodedir, target, dist-url, in any case)', () => {
    const env = electronBuildEnv(
      {
        PATH: '/bin',
        npm_config_nodedir: '/usr',
        NPM_CONFIG_TARGET: '20.19.0',
        npm_config_dist_url: 'https://nodejs.org/dist',
        npm_config_disturl: 'https://nodejs.org/dist',
        npm_config_runtime: 'node',
        npm_config_build_from_source: 'true',
        npm_config_node_gyp: '/npm/node-gyp.js',
      },
      electron,
    );
    expect(env).toEqual({
      PATH: '/bin',
      npm_config_node_gyp: '/npm/node-gyp.js',
      npm_config_runtime: 'electron',
      npm_config_target: '45.5.0',
      npm_config_dist_url: ELECTRON_HEADERS_URL,
      npm_config_disturl: ELECTRON_HEADERS_URL,
    });
  });

  it('downloads a prebuilt binary for Electron, then builds with npm’s own node-gyp against Electron’s headers', () => {
    const [prebuilt, build] = electronBuildSteps(realSqliteDir, electron, { npm_config_node_gyp: '/npm/node-gyp.js' });
    expect(prebuilt!.command).toBe(process.execPath);
    expect(prebuilt!.args.slice(1)).toEqual(['--runtime', 'electron', '--target', '45.5.0']);
    expect(existsSync(prebuilt!.args[0]!)).toBe(true);
    expect(build).toMatchObject({ command: process.execPath, args: ['/npm/node-gyp.js', 'rebuild', '--release', '--target=45.5.0', `--dist-url=${ELECTRON_HEADERS_URL}`] });
  });

  it('fetches node-gyp when npm did not hand one over', () => {
    const [, build] = electronBuildSteps(realSqliteDir, electron, {});
    expect(build).toMatchObject({ command: 'npx', args: ['--yes', 'node-gyp', 'rebuild', '--release', '--target=45.5.0', `--dist-url=${ELECTRON_HEADERS_URL}`] });
  });
});

describe('preparing better-sqlite3 for Electron (downloads and builds faked)', () => {
  let dir: ReturnType<typeof tempDir>;
  let sourceDir: string;
  let nativeDir: string;
  let printed: string[];
  let calls: { step: string; env: NodeJS.ProcessEnv; cwd: string }[];

  beforeEach(() => {
    dir = tempDir('gv-native-');
    sourceDir = join(dir.path, 'node_modules', 'better-sqlite3');
    mkdirSync(join(sourceDir, 'lib'), { recursive: true });
    writeFileSync(join(sourceDir, 'package.json'), JSON.stringify({ name: 'better-sqlite3', version: '12.11.1' }));
    writeFileSync(join(sourceDir, 'lib', 'index.js'), 'module.exports = {};');
    // The Node build that the tests use; it must never be copied as if it were Electron's.
    writeAddon(sourceDir, NODE_ABI);
    nativeDir = join(dir.path, 'out', 'native');
    printed = [];
    calls = [];
  });
  afterEach(() => dir.cleanup());

  const steps: BuildStep[] = [
    { name: 'prebuilt download', command: 'prebuild-install', args: [] },
    { name: "build against Electron's headers", command: 'node-gyp', args: ['rebuild', '--target=45.5.0'] },
  ];

  /** A runner whose steps fail (null) or leave an addon for the given ABI. */
  function runner(outcomes: Record<string, number | null | ((env: NodeJS.ProcessEnv) => number)>): PrepareDeps['run'] {
    return (step, cwd, env) => {
      calls.push({ step: step.name, env, cwd });
      const outcome = outcomes[step.name];
      const abi = typeof outcome === 'function' ? outcome(env) : outcome;
      if (abi === null || abi === undefined) return false;
      writeAddon(cwd, abi);
      return true;
    };
  }

  const prepare = (overrides: Partial<PrepareDeps>) =>
    prepareElectronSqlite({
      electron,
      sourceDir,
      nativeDir,
      env: { PATH: '/bin' },
      steps,
      run: runner({}),
      print: (line) => printed.push(line),
      ...overrides,
    });

  const paths = () => nativePaths(nativeDir);
  const stamp = () => JSON.parse(readFileSync(paths().stamp, 'utf8'));

  it('builds for Electron on a machine whose npm points node-gyp at Node’s headers', () => {
    // node-gyp lets npm_config_* override its arguments: with nodedir set it builds for Node's headers.
    const nodeGyp = (env: NodeJS.ProcessEnv) => (env['npm_config_nodedir'] ? NODE_ABI : env['npm_config_target'] === '45.5.0' ? 150 : NODE_ABI);
    const result = prepare({
      env: { PATH: '/bin', npm_config_nodedir: '/usr' },
      run: runner({ 'prebuilt download': null, "build against Electron's headers": nodeGyp }),
    });
    expect(result).toEqual({ ok: true, binding: paths().binding });
    expect(checkModuleAbi(paths().binding, 150)).toEqual({ ok: true });
    expect(calls.map((c) => c.env['npm_config_nodedir'])).toEqual([undefined, undefined]);
    expect(calls.every((c) => c.cwd === paths().dest)).toBe(true);
    expect(stamp()).toEqual({ electronVersion: '45.5.0', abi: 150, betterSqlite3Version: '12.11.1' });
  });

  it('does not stamp a build for the wrong ABI, and leaves nothing half-made behind', () => {
    const result = prepare({ run: runner({ 'prebuilt download': null, "build against Electron's headers": NODE_ABI }) });
    expect(result).toEqual({
      ok: false,
      reason: "prebuilt download failed; build against Electron's headers: the binary is built for module ABI 115, not 150",
    });
    expect(existsSync(paths().dest)).toBe(false);
  });

  it('fails plainly when neither the download nor the build works (offline)', () => {
    const result = prepare({ run: runner({ 'prebuilt download': null, "build against Electron's headers": null }) });
    expect(result).toEqual({ ok: false, reason: "prebuilt download failed; build against Electron's headers failed" });
    expect(existsSync(paths().dest)).toBe(false);
  });

  it('takes a verified prebuilt binary and builds nothing', () => {
    expect(prepare({ run: runner({ 'prebuilt download': 150 }) })).toMatchObject({ ok: true });
    expect(calls.map((c) => c.step)).toEqual(['prebuilt download']);
    // The copy has the package's files but not the Node build from node_modules.
    expect(existsSync(join(paths().dest, 'lib', 'index.js'))).toBe(true);
  });

  it('builds when the prebuilt binary is for another ABI', () => {
    expect(prepare({ run: runner({ 'prebuilt download': 140, "build against Electron's headers": 150 }) })).toMatchObject({ ok: true });
    expect(calls.map((c) => c.step)).toEqual(['prebuilt download', "build against Electron's headers"]);
  });

  it('lets Electron’s own Node veto a binary whose ABI reads right', () => {
    const result = prepare({
      run: runner({ 'prebuilt download': 150, "build against Electron's headers": 150 }),
      loadCheck: () => ({ ok: false, reason: 'Electron could not load it (Error: wrong ELF class)' }),
    });
    expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('Electron could not load it (Error: wrong ELF class)') });
    expect(existsSync(paths().stamp)).toBe(false);
  });

  it('uses a verified, stamped copy as it is', () => {
    prepare({ run: runner({ 'prebuilt download': 150 }) });
    calls = [];
    expect(prepare({ run: runner({}) })).toEqual({ ok: true, binding: paths().binding });
    expect(calls).toEqual([]);
    expect(printed.at(-1)).toBe('better-sqlite3 for Electron 45.5.0 is ready');
  });

  it('rebuilds a copy the old step stamped ready although it was built for Node', () => {
    writeAddon(paths().dest, NODE_ABI);
    writeFileSync(join(paths().dest, '.electron-version'), '45.5.0');
    expect(prepare({ run: runner({ 'prebuilt download': 150 }) })).toMatchObject({ ok: true });
    expect(calls).toHaveLength(1);
    expect(checkModuleAbi(paths().binding, 150)).toEqual({ ok: true });
  });

  it('rebuilds when the stamp says ready but the binary is not Electron’s', () => {
    prepare({ run: runner({ 'prebuilt download': 150 }) });
    writeAddon(paths().dest, NODE_ABI);
    calls = [];
    expect(prepare({ run: runner({ 'prebuilt download': 150 }) })).toMatchObject({ ok: true });
    expect(calls).toHaveLength(1);
    expect(printed).toContain('Preparing better-sqlite3 for Electron 45.5.0 (module ABI 150): it was stamped ready, but the binary is built for module ABI 115, not 150');
  });

  it('rebuilds when the stamp is for another Electron or another better-sqlite3', () => {
    for (const stale of [
      { electronVersion: '44.0.0', abi: 150, betterSqlite3Version: '12.11.1' },
      { electronVersion: '45.5.0', abi: 150, betterSqlite3Version: '12.10.0' },
      { electronVersion: '45.5.0', abi: 150 },
    ]) {
      writeAddon(paths().dest, 150);
      writeFileSync(paths().stamp, JSON.stringify(stale));
      calls = [];
      expect(prepare({ run: runner({ 'prebuilt download': 150 }) })).toMatchObject({ ok: true });
      expect(calls, JSON.stringify(stale)).toHaveLength(1);
    }
  });
});

describe('running the steps for real', () => {
  let dir: ReturnType<typeof tempDir>;
  beforeEach(() => {
    dir = tempDir('gv-steps-');
  });
  afterEach(() => dir.cleanup());

  it('keeps a step’s output in the log and reports its exit status', () => {
    const log = join(dir.path, 'native', 'build.log');
    const run = loggedRunner(log);
    expect(run({ name: 'ok', command: process.execPath, args: ['-e', "console.log('compiled')"] }, dir.path, process.env)).toBe(true);
    expect(run({ name: 'bad', command: process.execPath, args: ['-e', "console.error('gyp ERR! not ok'); process.exit(1)"] }, dir.path, process.env)).toBe(false);
    const text = readFileSync(log, 'utf8');
    expect(text).toContain('compiled');
    expect(text).toContain('gyp ERR! not ok');
  });

  it.runIf(process.platform !== 'win32')('loads an addon in the runtime’s own Node (ELECTRON_RUN_AS_NODE), and reports one that does not load', () => {
    // A stand-in "electron" that is this Node when ELECTRON_RUN_AS_NODE is set, as Electron is.
    const runtime = join(dir.path, 'electron');
    writeFileSync(runtime, `#!/bin/sh\n[ "$ELECTRON_RUN_AS_NODE" = 1 ] || exit 42\nexec "${process.execPath}" "$@"\n`);
    chmodSync(runtime, 0o755);
    const check = electronLoadCheck(runtime, process.env);
    expect(check(realNodeBinding)).toEqual({ ok: true });
    const fake = join(dir.path, 'fake.node');
    writeFileSync(fake, fakeAddon(Number(process.versions.modules)));
    expect(check(fake)).toMatchObject({ ok: false, reason: expect.stringMatching(/^Electron could not load it \(.*Error/) });
  });
});
