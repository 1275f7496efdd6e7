import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Node built-ins the renderer and the preload must not reach, with or without `node:`.
const NODE_BUILTINS = [
  'fs', 'path', 'child_process', 'crypto', 'http', 'https', 'net', 'os', 'url', 'stream',
  'worker_threads', 'events', 'buffer', 'util', 'zlib', 'tls', 'dns',
];
const nodeBuiltins = {
  regex: `^(node:.*|(${NODE_BUILTINS.join('|')})(/.*)?)$`,
  message: 'Node built-ins are not available here; ask main through window.pos.',
};
const only = (names) => `^(${names.join('|')})(/.*)?$`;

// `_event` style placeholders keep Electron listener signatures readable.
const unusedVars = { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' };

export default defineConfig([
  globalIgnores(['out/', 'dist/', 'node_modules/', 'resources/', 'coverage/', 'test/artifacts/']),

  js.configs.recommended,
  { rules: { 'no-unused-vars': ['error', unusedVars] } },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mts'],
    extends: [tseslint.configs.recommended],
    rules: { '@typescript-eslint/no-unused-vars': ['error', unusedVars] },
  },

  {
    files: ['src-main/**', 'src-preload/**', 'test/**', '*.config.{js,ts,mts}', '.ci/**'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: globals.browser },
  },
  // Tests poke at untyped JSON from real HTTP; `any` there keeps assertions readable.
  {
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // Process boundaries (architecture.md): the renderer is untrusted web content. It may read
  // the bridge contract's types (`import type`, erased from the bundle) and nothing else of main…
  {
    files: ['src-renderer/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          nodeBuiltins,
          {
            regex: only(['electron', 'better-sqlite3', 'got', 'electron-store', 'zod']),
            message: 'The renderer is untrusted web content; reach main through window.pos.',
          },
          {
            regex: '(^|/)src-preload(/|$)|(^|/)src-main/(?!contract/|catalog/shared/)',
            message: 'The renderer may not import main or preload code; use the bridge contract types (or the pure catalog/shared search rules).',
          },
          {
            regex: '(^|/)src-main/contract/',
            allowTypeImports: true,
            message: 'Only the contract’s types cross into the renderer: use `import type`.',
          },
        ],
      }],
    },
  },
  // …the core is plain Node, so tests and the browser host can build it without Electron…
  {
    files: ['src-main/**'],
    ignores: ['src-main/index.ts', 'src-main/shell/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: only(['electron']),
          message: 'The core is plain Node; take Electron facilities through an interface from src-main/shell.',
        }],
      }],
    },
  },
  // …the catalog's shared search rules are bundled into the page too, so they import nothing else…
  {
    files: ['src-main/catalog/shared/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(?!\\./)', message: 'catalog/shared is pure and bundled into the page: import only from this folder.' }],
      }],
    },
  },
  // …and the sandboxed preload can load nothing but `electron` and the contract.
  {
    files: ['src-preload/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [nodeBuiltins] }],
    },
  },
]);
