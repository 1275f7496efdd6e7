import { describe, expect, it } from 'vitest';
import { rewriteToHostImport } from '../../electron.vite.config.js';
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
