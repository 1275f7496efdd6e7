import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { coreBundleBuild, MAIN_BUNDLED_PACKAGES } from '../../../electron.vite.config.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/**
 * Inside node_modules so the bundles resolve better-sqlite3 & co. from the project's own
 * node_modules; one folder per bench process, so two benches running at once never empty
 * each other's bundles.
 */
export const CHILD_OUT = fileURLToPath(new URL(`../../../node_modules/.cache/gv-bench-children/${process.pid}/`, import.meta.url));

/**
 * Bundles the child fixtures the way electron-vite bundles src-main (ESM; packages left in
 * node_modules except MAIN_BUNDLED_PACKAGES), so a start-up measured in a child loads the app's
 * code as the shipped main process does — not through tsx's on-the-fly TypeScript loader, which
 * would add its own start-up to every figure. The core bundle (core.cjs, which the start-up child
 * loads as the Electron main loads it) is built beside them by the main build's own definition.
 * Returns the path of each bundle, keyed by entry name.
 */
export async function bundleChildren(entries: Record<string, string>): Promise<Record<string, string>> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    ssr: { noExternal: MAIN_BUNDLED_PACKAGES },
    build: {
      ssr: true,
      outDir: CHILD_OUT,
      emptyOutDir: true,
      minify: false,
      target: 'node20',
      rolldownOptions: {
        input: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, fileURLToPath(new URL(path, import.meta.url))])),
        output: { format: 'esm', entryFileNames: '[name].mjs' },
        external: ['better-sqlite3'],
      },
    },
  });
  await build(coreBundleBuild(CHILD_OUT));
  const out: Record<string, string> = {};
  for (const name of Object.keys(entries)) {
    const path = `${CHILD_OUT}${name}.mjs`;
    if (!existsSync(path)) throw new Error(`bundling ${name} produced no ${path}`);
    out[name] = path;
  }
  return out;
}

let bundled: Promise<Record<string, string>> | null = null;
/** Both child fixtures, bundled once per bench run. */
export function childBundles(): Promise<Record<string, string>> {
  if (!bundled) {
    bundled = bundleChildren({ 'startup-child': './startup-child.ts', 'memory-child': './memory-child.ts' });
    process.once('exit', () => rmSync(CHILD_OUT, { recursive: true, force: true }));
  }
  return bundled;
}
