import { describe, expect, it } from 'vitest';
import { assertOnlyNodeBuiltins, rewriteToHostImport } from '../../electron.vite.config.js';
import { HOST_IMPORT } from '../../src-main/platform/code-cache.js';

/** The core bundle's build turns its external import() calls into the loader's HOST_IMPORT (Node 20 loses import() in a script made from cached data). */
describe('the core bundle build rewrites import() for the code-cache loader', () => {
  it('rewrites every import("…") and import(\'…\') call', () => {
    const code = `const got = () => import("got");\nconst http = () => import('node:http');\n`;
    expect(rewriteToHostImport(code, 'core.cjs')).toBe(`const got = () => ${HOST_IMPORT}("got");\nconst http = () => ${HOST_IMPORT}('node:http');\n`);
  });

  it('leaves methods and names that end in "import" alone', () => {
    const code = `loader.import("x"); $import("y"); reimport("z");`;
    expect(rewriteToHostImport(code, 'core.cjs')).toBe(code);
  });

  it('refuses a chunk that would still call import() after the rewrite, even after a URL on the same line', () => {
    expect(() => rewriteToHostImport(`const u = "https://example.test"; import(name);`, 'core.cjs')).toThrow(/core\.cjs still calls import\(\)/);
    expect(() => rewriteToHostImport('const m = await import (`./${x}`);', 'core.cjs')).toThrow(/still calls import\(\)/);
  });
});

/** The page-prep worker runs as an eval'd script, whose require() resolves packages from the working directory. */
describe('the page-prep worker build requires Node’s own modules only', () => {
  it('passes a bundle that requires Node’s own modules alone', () => {
    expect(() => assertOnlyNodeBuiltins(`const { parentPort } = require("node:worker_threads");\nconst c = require('node:crypto');\nobj.require("x");`, 'page-prep.cjs')).not.toThrow();
  });

  it('refuses a package left external, or a module named at run time', () => {
    expect(() => assertOnlyNodeBuiltins(`const z = require("zod");`, 'page-prep.cjs')).toThrow(/page-prep\.cjs requires zod/);
    expect(() => assertOnlyNodeBuiltins(`const fs = require('fs'); const pad = require('left-pad');`, 'page-prep.cjs')).toThrow(/page-prep\.cjs requires left-pad: /);
    expect(() => assertOnlyNodeBuiltins(`const m = require(name);`, 'page-prep.cjs')).toThrow(/computed module name/);
  });
});
