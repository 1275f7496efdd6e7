/**
 * `npm start`, after `electron-vite build`: `tsx src-main/shell/tools/start-electron.ts [electron args]`.
 * Extra arguments go to Electron after the app folder.
 */
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchElectron, runStart } from './electron-launcher.js';
import { readElectronPackage } from './electron-runtime.js';
import { electronJsFlagsSwitch } from '../../platform/main-process-v8-flags.js';
import { electronBuildSteps, electronLoadCheck, loggedRunner, prepareElectronSqlite } from './prepare-electron-sqlite.js';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
// package.json only: requiring `electron` itself would start its own download, with its own error.
const electron = readElectronPackage(dirname(require.resolve('electron/package.json')));
const sourceDir = dirname(require.resolve('better-sqlite3/package.json'));
const nativeDir = join(root, 'out', 'native');
const buildLog = join(nativeDir, 'better-sqlite3-build.log');
const env = process.env;

process.exit(
  await runStart({
    electron,
    env,
    buildLog: relative(root, buildLog),
    prepareSqlite: (electronPath) =>
      prepareElectronSqlite({
        electron,
        sourceDir,
        nativeDir,
        env,
        steps: electronBuildSteps(sourceDir, electron, env),
        run: loggedRunner(buildLog),
        loadCheck: electronLoadCheck(electronPath, env),
        print: (line) => console.log(line),
      }),
    // The main process's V8 flags must be on its command line (main-process-v8-flags.ts).
    launch: (electronPath) => launchElectron(electronPath, [electronJsFlagsSwitch(), root, ...process.argv.slice(2)], env),
    print: (line) => console.log(line),
    printError: (text) => console.error(text),
  }),
);
