import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The `electron` npm package ships no binary: its index.js downloads one the first time it is
 * required, and on failure throws (with a stack) advice to run `npx install-electron`, which
 * needs the same internet. This finds the binary the same way index.js does, runs the
 * package's own install.js when it is missing, and reports a failure as a value.
 */
export interface ElectronPackage {
  /** node_modules/electron */
  dir: string;
  version: string;
  /** Electron's NODE_MODULE_VERSION, shipped in the package as `abi_version`. */
  abi: number;
}

export type RuntimeResult = { ok: true; path: string } | { ok: false; reason: string };

const packageJson = z.object({ version: z.string().min(1) });

/** The `version` of the package in `dir`. */
export const readPackageVersion = (dir: string): string => packageJson.parse(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).version;

export function readElectronPackage(dir: string): ElectronPackage {
  const version = readPackageVersion(dir);
  const abi = Number(readFileSync(join(dir, 'abi_version'), 'utf8').trim());
  if (!Number.isInteger(abi) || abi <= 0) throw new Error(`${join(dir, 'abi_version')} does not hold a module ABI number`);
  return { dir, version, abi };
}

const readText = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

/** The executable when it is there for this package version, as electron/index.js would pick it. */
export function installedElectronPath(pkg: ElectronPackage, env: NodeJS.ProcessEnv): string | undefined {
  const executable = readText(join(pkg.dir, 'path.txt'));
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (override) {
    const path = join(override, executable || 'electron');
    return existsSync(path) ? path : undefined;
  }
  if (!executable) return undefined;
  // A dist left from an older package version would run the wrong Electron.
  if (readText(join(pkg.dir, 'dist', 'version'))?.trim().replace(/^v/, '') !== pkg.version) return undefined;
  const path = join(pkg.dir, 'dist', executable);
  return existsSync(path) ? path : undefined;
}

/** The first line of what install.js printed: its error's name and message, not the stack under it. */
function firstLine(text: string): string | undefined {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line && !line.startsWith('at '));
}

export function ensureElectronRuntime(pkg: ElectronPackage, env: NodeJS.ProcessEnv, print: (line: string) => void): RuntimeResult {
  const present = installedElectronPath(pkg, env);
  if (present) return { ok: true, path: present };
  print(`Downloading the Electron ${pkg.version} runtime (once)…`);
  // stdout (progress) goes to the terminal; stderr is kept, since on failure it is a stack trace.
  const install = spawnSync(process.execPath, [join(pkg.dir, 'install.js')], { cwd: pkg.dir, env, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  const path = installedElectronPath(pkg, env);
  if (install.status === 0 && path) return { ok: true, path };
  const reason = firstLine(install.stderr ?? '') ?? install.error?.message ?? `install.js exited with ${install.status ?? install.signal}`;
  return { ok: false, reason };
}
