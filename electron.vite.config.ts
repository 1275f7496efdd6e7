import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

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

export default defineConfig({
  main: {
    build: {
      // Native and heavy packages stay in node_modules and load at run time; better-sqlite3
      // in particular cannot be bundled (it loads a .node binary next to its own files).
      externalizeDeps: true,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src-main/index.ts') },
        external: ['better-sqlite3'],
      },
    },
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
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src-renderer/index.html') },
      },
    },
    plugins: [react(), devCsp()],
  },
});
