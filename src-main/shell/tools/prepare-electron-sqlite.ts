/**
 * `npm start` step: better-sqlite3 in node_modules is compiled for Node (tests, sandbox,
 * browser host); Electron needs a build for its own ABI. Rebuilding node_modules in place
 * would break `npm test`, so a second copy is prepared in out/native/ for Electron: a prebuilt
 * download, else a node-gyp build against Electron's headers (both need the internet once).
 *
 * Nothing is stamped "ready" until the binary is checked to be Electron's: its module ABI is
 * read from the file, and in development it is also loaded by Electron's own Node. A stamp
 * is re-checked the same way on every start, so a wrong build stamped by an older version of
 * this step is found and rebuilt.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { z } from 'zod';
import { readPackageVersion, type ElectronPackage } from './electron-runtime.js';
import { checkModuleAbi, type AbiCheck } from './native-abi.js';

export const ELECTRON_HEADERS_URL = 'https://electronjs.org/headers';

export interface BuildStep {
  /** What the step is, for the terminal and the failure reason. */
  name: string;
  command: string;
  args: string[];
  shell?: boolean;
}

export interface PrepareDeps {
  electron: ElectronPackage;
  /** node_modules/better-sqlite3 (the Node build; never modified). */
  sourceDir: string;
  /** out/native: the Electron copy goes in better-sqlite3/ under it. */
  nativeDir: string;
  env: NodeJS.ProcessEnv;
  /** Tried in order until one yields a verified binary. */
  steps: readonly BuildStep[];
  /** Runs one step in `cwd`; true when it exited 0. */
  run: (step: BuildStep, cwd: string, env: NodeJS.ProcessEnv) => boolean;
  /** Loads the built binary in Electron's own Node, where the runtime allows that. */
  loadCheck?: (binding: string) => AbiCheck;
  print: (line: string) => void;
}

export type PrepareResult = { ok: true; binding: string } | { ok: false; reason: string };

const stampSchema = z.strictObject({ electronVersion: z.string(), abi: z.number().int(), betterSqlite3Version: z.string() });
type Stamp = z.infer<typeof stampSchema>;

export function nativePaths(nativeDir: string) {
  const dest = join(nativeDir, 'better-sqlite3');
  return {
    dest,
    binding: join(dest, 'build', 'Release', 'better_sqlite3.node'),
    stamp: join(dest, '.electron-build.json'),
  };
}

/**
 * npm exports its config to scripts as npm_config_* variables, and node-gyp and
 * prebuild-install let those override their own arguments. A machine whose npm has `nodedir`
 * set (a distro's Node headers) would otherwise build against Node's headers, not Electron's.
 */
const TARGET_CONFIG = /^npm_config_(nodedir|target|runtime|disturl|dist_url|build_from_source|download)$/i;

export function electronBuildEnv(env: NodeJS.ProcessEnv, electron: ElectronPackage): NodeJS.ProcessEnv {
  const kept = Object.fromEntries(Object.entries(env).filter(([name]) => !TARGET_CONFIG.test(name)));
  return {
    ...kept,
    npm_config_runtime: 'electron',
    npm_config_target: electron.version,
    npm_config_dist_url: ELECTRON_HEADERS_URL,
    npm_config_disturl: ELECTRON_HEADERS_URL,
  };
}

/** The prebuilt download, then a node-gyp build; both for Electron, whatever npm's config says. */
export function electronBuildSteps(sourceDir: string, electron: ElectronPackage, env: NodeJS.ProcessEnv): BuildStep[] {
  const prebuildInstall = join(dirname(createRequire(join(sourceDir, 'package.json')).resolve('prebuild-install/package.json')), 'bin.js');
  const gypArgs = ['rebuild', '--release', `--target=${electron.version}`, `--dist-url=${ELECTRON_HEADERS_URL}`];
  // npm hands its scripts the node-gyp it bundles; run directly, fetch one.
  const bundledGyp = env['npm_config_node_gyp'];
  return [
    { name: 'prebuilt download', command: process.execPath, args: [prebuildInstall, '--runtime', 'electron', '--target', electron.version] },
    bundledGyp
      ? { name: "build against Electron's headers", command: process.execPath, args: [bundledGyp, ...gypArgs] }
      : { name: "build against Electron's headers", command: 'npx', args: ['--yes', 'node-gyp', ...gypArgs], shell: process.platform === 'win32' },
  ];
}

/** Runs steps with their output in `logFile` (emptied on first use), so the terminal shows only the outcome. */
export function loggedRunner(logFile: string): PrepareDeps['run'] {
  let started = false;
  return (step, cwd, env) => {
    if (!started) {
      mkdirSync(dirname(logFile), { recursive: true });
      writeFileSync(logFile, '');
    }
    started = true;
    const fd = openSync(logFile, 'a');
    try {
      writeSync(fd, `\n$ ${[step.command, ...step.args].join(' ')}\n`);
      const result = spawnSync(step.command, step.args, { cwd, env, stdio: ['ignore', fd, fd], shell: step.shell ?? false });
      return result.status === 0;
    } finally {
      closeSync(fd);
    }
  };
}

/**
 * Loads the addon in Electron's Node (ELECTRON_RUN_AS_NODE). Only for development: a packaged
 * app has the RunAsNode fuse off, and its better-sqlite3 is rebuilt by electron-builder.
 */
export function electronLoadCheck(electronPath: string, env: NodeJS.ProcessEnv): (binding: string) => AbiCheck {
  return (binding) => {
    const result = spawnSync(electronPath, ['-e', `process.dlopen({ exports: {} }, ${JSON.stringify(binding)})`], {
      env: { ...env, ELECTRON_RUN_AS_NODE: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    if (result.status === 0) return { ok: true };
    const error = (result.stderr ?? '').split(/\r?\n/).find((line) => /Error/.test(line))?.trim();
    return { ok: false, reason: `Electron could not load it (${error ?? result.error?.message ?? `exit ${result.status ?? result.signal}`})` };
  };
}

function readStamp(path: string): Stamp | undefined {
  try {
    const parsed = stampSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function verify(binding: string, deps: PrepareDeps): AbiCheck {
  const abi = checkModuleAbi(binding, deps.electron.abi);
  if (!abi.ok || !deps.loadCheck) return abi;
  return deps.loadCheck(binding);
}

/** Why the copy in out/native cannot be used as it is, or null when it can. */
function whyNotReady(paths: ReturnType<typeof nativePaths>, wanted: Stamp): string | null {
  if (!existsSync(paths.binding)) return 'not prepared yet';
  const stamp = readStamp(paths.stamp);
  if (!stamp) return 'it has no valid stamp';
  if (stamp.electronVersion !== wanted.electronVersion || stamp.abi !== wanted.abi || stamp.betterSqlite3Version !== wanted.betterSqlite3Version) {
    return `it was prepared for Electron ${stamp.electronVersion} and better-sqlite3 ${stamp.betterSqlite3Version}`;
  }
  const abi = checkModuleAbi(paths.binding, wanted.abi);
  return abi.ok ? null : `it was stamped ready, but ${abi.reason}`;
}

export function prepareElectronSqlite(deps: PrepareDeps): PrepareResult {
  const { electron } = deps;
  const paths = nativePaths(deps.nativeDir);
  const wanted: Stamp = { electronVersion: electron.version, abi: electron.abi, betterSqlite3Version: readPackageVersion(deps.sourceDir) };

  const stale = whyNotReady(paths, wanted);
  if (!stale) {
    deps.print(`better-sqlite3 for Electron ${electron.version} is ready`);
    return { ok: true, binding: paths.binding };
  }
  deps.print(`Preparing better-sqlite3 for Electron ${electron.version} (module ABI ${electron.abi}): ${stale}`);

  rmSync(paths.dest, { recursive: true, force: true });
  cpSync(deps.sourceDir, paths.dest, {
    recursive: true,
    filter: (path) => {
      const rel = relative(deps.sourceDir, path);
      return rel !== 'build' && !rel.startsWith(`build${sep}`);
    },
  });
  const env = electronBuildEnv(deps.env, electron);
  const failures: string[] = [];
  for (const step of deps.steps) {
    rmSync(join(paths.dest, 'build'), { recursive: true, force: true });
    deps.print(`  ${step.name}…`);
    if (!deps.run(step, paths.dest, env)) {
      failures.push(`${step.name} failed`);
      continue;
    }
    const check = verify(paths.binding, deps);
    if (check.ok) {
      writeFileSync(paths.stamp, JSON.stringify(wanted));
      deps.print(`better-sqlite3 prepared for Electron ${electron.version} by ${step.name}`);
      return { ok: true, binding: paths.binding };
    }
    failures.push(`${step.name}: ${check.reason}`);
  }
  // Nothing half-made is left for a later start (or a bare `electron .`) to pick up.
  rmSync(paths.dest, { recursive: true, force: true });
  return { ok: false, reason: failures.join('; ') };
}
