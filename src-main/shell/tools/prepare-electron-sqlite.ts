/**
 * `npm start` helper: better-sqlite3 in node_modules is compiled for Node (tests, sandbox,
 * browser host); Electron needs a build for its own ABI. Rebuilding node_modules in place
 * would break `npm test`, so a second copy is prepared in out/native/ for Electron (prebuilt
 * download, else a node-gyp build against Electron's headers — both need the internet,
 * which `npm start` may use). Skipped when the copy already matches the Electron version.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const electronVersion = (require('electron/package.json') as { version: string }).version;
const source = dirname(require.resolve('better-sqlite3/package.json'));
const dest = join(root, 'out', 'native', 'better-sqlite3');
const stamp = join(dest, '.electron-version');
const binding = join(dest, 'build', 'Release', 'better_sqlite3.node');

if (existsSync(binding) && existsSync(stamp) && readFileSync(stamp, 'utf8') === electronVersion) {
  console.log(`better-sqlite3 for Electron ${electronVersion} is ready`);
} else {
  rmSync(dest, { recursive: true, force: true });
  cpSync(source, dest, { recursive: true, filter: (path) => !relative(source, path).startsWith('build') });
  const prebuild = join(dirname(createRequire(join(source, 'package.json')).resolve('prebuild-install/package.json')), 'bin.js');
  try {
    execFileSync(process.execPath, [prebuild, '--runtime', 'electron', '--target', electronVersion], { cwd: dest, stdio: 'inherit' });
  } catch {
    console.log('No prebuilt binary; building against Electron headers (needs a C++ toolchain)…');
    execFileSync('npx', ['--yes', 'node-gyp', 'rebuild', '--release', `--target=${electronVersion}`, '--dist-url=https://electronjs.org/headers'], {
      cwd: dest,
      stdio: 'inherit',
    });
  }
  writeFileSync(stamp, electronVersion);
  console.log(`better-sqlite3 prepared for Electron ${electronVersion} in ${relative(root, dest)}`);
}
