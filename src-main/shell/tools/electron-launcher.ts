import { spawn } from 'node:child_process';
import { ensureElectronRuntime, type ElectronPackage } from './electron-runtime.js';
import type { PrepareResult } from './prepare-electron-sqlite.js';

/**
 * What `npm start` does after the build: make sure the Electron runtime is there, make sure
 * better-sqlite3 is built for it, then run the app. What cannot work without the internet is
 * said in plain words, with the way that does work (`npm run web`), and a non-zero exit.
 */
const BROWSER_SESSION = 'For a browser session of the app instead, run: npm run web';

export function runtimeUnavailableMessage(version: string, reason: string): string {
  return [
    `npm start: the Electron ${version} runtime could not be downloaded (${reason}).`,
    'It is downloaded once, on the first start, and that needs the internet.',
    BROWSER_SESSION,
  ].join('\n');
}

export function sqliteUnavailableMessage(electron: ElectronPackage, reason: string, buildLog: string): string {
  return [
    `npm start: better-sqlite3 could not be prepared for Electron ${electron.version} (module ABI ${electron.abi}): ${reason}.`,
    "It is prepared once, on the first start: a prebuilt download, else a build against Electron's headers",
    `(both need the internet; the build also needs a C++ toolchain). Details: ${buildLog}`,
    BROWSER_SESSION,
  ].join('\n');
}

export interface StartDeps {
  electron: ElectronPackage;
  env: NodeJS.ProcessEnv;
  prepareSqlite: (electronPath: string) => PrepareResult;
  /** Runs the app; resolves with its exit code. */
  launch: (electronPath: string) => Promise<number>;
  buildLog: string;
  print: (line: string) => void;
  printError: (text: string) => void;
}

/** Resolves with the exit code for `npm start`. */
export async function runStart(deps: StartDeps): Promise<number> {
  const runtime = ensureElectronRuntime(deps.electron, deps.env, deps.print);
  if (!runtime.ok) {
    deps.printError(runtimeUnavailableMessage(deps.electron.version, runtime.reason));
    return 1;
  }
  const sqlite = deps.prepareSqlite(runtime.path);
  if (!sqlite.ok) {
    deps.printError(sqliteUnavailableMessage(deps.electron, sqlite.reason, deps.buildLog));
    return 1;
  }
  return deps.launch(runtime.path);
}

/** Runs Electron on the app folder, as electron/cli.js would, and passes Ctrl+C on to it. */
export function launchElectron(electronPath: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  // Left over from a shell, it would make Electron a plain Node and the app would not open.
  const { ELECTRON_RUN_AS_NODE: _runAsNode, ...appEnv } = env;
  const child = spawn(electronPath, args, { stdio: 'inherit', env: appEnv });
  // A signal to npm start is passed on to Electron; we exit once Electron has.
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const stopForwarding = () => {
    process.off('SIGINT', forward);
    process.off('SIGTERM', forward);
  };
  return new Promise((resolve) => {
    child.on('error', (error) => {
      stopForwarding();
      process.stderr.write(`npm start: Electron could not be started (${error.message})\n`);
      resolve(1);
    });
    child.on('close', (code) => {
      stopForwarding();
      resolve(code ?? 1);
    });
  });
}
