import { isBuiltin } from 'node:module';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { build, type InlineConfig, type Plugin } from 'vite';
import { PAGE_PREP_BUNDLE_FILE } from './src-main/catalog/brand-page-prep-host.js';
import { CORE_BUNDLE_FILE } from './src-main/core/load-core-bundle.js';
import { HOST_IMPORT } from './src-main/platform/code-cache.js';

// The dev server needs what the built app must never have: React Refresh injects an inline
// preamble script and HMR talks over a websocket. Relax the meta CSP for `serve` only.
function devCsp(): Plugin {
  return {
    name: 'pos:dev-csp',
    apply: 'serve',
    transformIndexHtml: (html) =>
      html
        .replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")
        .replace("connect-src 'self'", "connect-src 'self' ws:"),
  };
}

/**
 * main.tsx is a small entry that starts the session calls and then imports root.tsx (React and
 * the screens). A modulepreload of that chunk (and its styles) in the page's head lets the
 * browser fetch it alongside the entry instead of after it. Same-origin links, no inline code:
 * the CSP is unchanged.
 */
function preloadAppChunk(): Plugin {
  return {
    name: 'pos:preload-app-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith('/src-renderer/root.tsx'));
        if (!chunk || chunk.type !== 'chunk') return [];
        const css = [...(chunk.viteMetadata?.importedCss ?? [])];
        // Chunks it shares with the lazy screens are split out of it; they are on the critical path too.
        const shared = chunk.imports.filter((file) => !(ctx.bundle?.[file]?.type === 'chunk' && (ctx.bundle[file] as { isEntry?: boolean }).isEntry));
        return [
          ...[chunk.fileName, ...shared].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${file}` }, injectTo: 'head' as const })),
          ...css.map((href) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `./${href}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}

/**
 * Packages bundled into the main process instead of loaded from node_modules. zod is needed at
 * start-up (the settings are parsed with it before the core opens), and loading its ~95 files
 * from node_modules costs several times the CPU of one tree-shaken chunk. The bench children
 * (test/bench/children/bundle.ts) bundle the same packages, so start-up is measured as shipped.
 */
export const MAIN_BUNDLED_PACKAGES = ['zod'];

/**
 * The core, built as one CommonJS file (CORE_BUNDLE_FILE) beside the main entry: a host runs it
 * through vm.Script with V8's code cache (src-main/platform/code-cache.ts), which Node 20's ES
 * module loader has no hook for. What the core loads on demand goes to core-chunks/ and is
 * required when first used. The bench's start-up child (test/bench/children/bundle.ts) loads
 * this same build, so start-up is measured as shipped.
 */
export function coreBundleBuild(outDir: string): InlineConfig {
  // better-sqlite3's JavaScript too: compiled from the code cache with the rest. Its addon is a
  // file the core names (db/database.ts), so the bundle never has to find it.
  return nodeBundleBuild(outDir, 'src-main/core/core-bundle.ts', [...MAIN_BUNDLED_PACKAGES, 'better-sqlite3'], [hostImports()], {
    entryFileNames: CORE_BUNDLE_FILE,
    chunkFileNames: 'core-chunks/[name]-[hash].cjs',
    // Less text to read, hash and hand V8 at every start: ASCII only (a one-byte string).
    charset: 'ascii',
  });
}

/** A CommonJS bundle for Node 20 written beside the main entry, without doc comments. */
function nodeBundleBuild(outDir: string, entry: string, noExternal: string[], plugins: Plugin[], output: Record<string, unknown>): InlineConfig {
  return {
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'warn',
    plugins,
    ssr: { noExternal },
    build: {
      ssr: true,
      outDir,
      emptyOutDir: false,
      minify: false,
      target: 'node20',
      rolldownOptions: {
        input: { [entry]: resolve(import.meta.dirname, entry) },
        output: { format: 'cjs', comments: { legal: true, annotation: true, jsdoc: false }, ...output },
      },
    },
  };
}

/**
 * The external `import()`s of the core bundle's entry (got, node:http(s): loaded at the first
 * Partner API call) become calls to the loader's HOST_IMPORT: Node 20 cannot run `import()` from
 * a script compiled from cached data (see code-cache.ts). Rolldown leaves only external dynamic
 * imports as `import(…)` in CommonJS output; the build fails if one is still there after the rewrite.
 */
function hostImports(): Plugin {
  return {
    name: 'pos:core-host-imports',
    renderChunk(code, chunk) {
      // Only the entry runs through vm.Script; its split chunks are required by Node, where import() works.
      if (!chunk.isEntry) return null;
      return { code: rewriteToHostImport(code, chunk.fileName), map: null };
    },
  };
}

/** A chunk's `import("…")` calls as HOST_IMPORT calls; throws when an `import(` is left. */
export function rewriteToHostImport(code: string, fileName: string): string {
  // Not a method or a name that ends in "import" (x.import(…), $import(…)).
  const rewritten = code.replace(/(?<![\w$.])import\((?=["'])/g, `${HOST_IMPORT}(`);
  if (/(?<![\w$.])import\s*\(/.test(rewritten)) throw new Error(`${fileName} still calls import() after the rewrite to ${HOST_IMPORT}()`);
  return rewritten;
}

/**
 * The catalog's page-prep worker (src-main/catalog/brand-page-prep-worker.ts), one CommonJS file
 * (PAGE_PREP_BUNDLE_FILE) beside the core bundle: the core reads its text and runs it as an
 * eval'd worker, which loads from inside an asar archive as well.
 */
export function pagePrepWorkerBuild(outDir: string): InlineConfig {
  return nodeBundleBuild(outDir, 'src-main/catalog/brand-page-prep-worker.ts', MAIN_BUNDLED_PACKAGES, [onlyNodeBuiltins()], { entryFileNames: PAGE_PREP_BUNDLE_FILE, codeSplitting: false });
}

/**
 * An eval'd worker's `require` resolves packages from the process's working directory, not from
 * the app: the worker bundle may require Node's own modules only, everything else bundled in.
 */
function onlyNodeBuiltins(): Plugin {
  return {
    name: 'pos:only-node-builtins',
    renderChunk(code, chunk) {
      assertOnlyNodeBuiltins(code, chunk.fileName);
      return null;
    },
  };
}

/** Throws when `code` requires anything but one of Node's own modules. */
export function assertOnlyNodeBuiltins(code: string, fileName: string): void {
  const outside = [...code.matchAll(/(?<![\w$.])require\(\s*(["'`])(.*?)\1\s*\)/g)].map((m) => m[2]!).filter((name) => !isBuiltin(name));
  const dynamic = /(?<![\w$.])require\(\s*[^"'`\s]/.test(code);
  if (outside.length > 0 || dynamic) throw new Error(`${fileName} requires ${dynamic ? 'a computed module name' : outside.join(', ')}: an eval'd worker would load it from the working directory`);
}

/** Builds the core bundle and the page-prep worker into the main build's folder once the main entry is written. */
function coreBundle(): Plugin {
  let outDir = '';
  return {
    name: 'pos:core-bundle',
    apply: 'build',
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle: async () => {
      await build(coreBundleBuild(outDir));
      await build(pagePrepWorkerBuild(outDir));
    },
  };
}

export default defineConfig({
  main: {
    build: {
      // Other packages stay in node_modules and load at run time. The core (better-sqlite3
      // with it) is not in this entry: it is the core bundle, built by coreBundle() below.
      externalizeDeps: { exclude: MAIN_BUNDLED_PACKAGES },
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src-main/index.ts') },
        external: ['better-sqlite3'],
      },
    },
    plugins: [coreBundle()],
  },
  preload: {
    build: {
      // A sandboxed preload runs through Electron's own CommonJS loader, so it must be a
      // single CJS file with only `electron` left external.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src-preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src-renderer'),
    build: {
      outDir: resolve(import.meta.dirname, 'out/renderer'),
      // electron-vite leaves the renderer unminified; minified, the page has about a third of
      // the JavaScript to fetch, parse and compile before the search box can appear. Oxc is
      // Vite 8's own minifier (esbuild's is kept only for compatibility): same size, no extra tool.
      minify: 'oxc',
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') },
      },
    },
    plugins: [react(), devCsp(), preloadAppChunk()],
  },
});
