import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC_MAIN = fileURLToPath(new URL('../../src-main/', import.meta.url));

/**
 * The names a file binds to createRequire(…) at its top level, and the specifiers it passes them
 * outside any function: CommonJS modules loaded while the file itself is evaluated.
 */
function evaluationRequires(source: ts.SourceFile): string[] {
  const requires = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.initializer && ts.isCallExpression(d.initializer) && ts.isIdentifier(d.initializer.expression) && d.initializer.expression.text === 'createRequire') requires.add(d.name.text);
    }
  }
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && requires.has(node.expression.text) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  source.statements.forEach(visit);
  return specifiers;
}

/**
 * The module specifiers a file loads before any of its code runs (static, value (not type-only)
 * imports and re-exports), and those it requires while it is evaluated (see evaluationRequires).
 */
function staticValueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specifiers: string[] = evaluationRequires(source);
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      // `import { type A, type B } from …` loads nothing either.
      if (clause && !clause.name && named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)) continue;
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers;
}

/** The specifiers of every import('…') in a file: modules it loads later, when that code runs. */
function dynamicImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) specifiers.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The app's own files reached through static imports from `entry` (entry included). */
function filesLoadedWith(entry: string): string[] {
  const seen = new Set([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of staticValueImports(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return [...seen];
}

/** Every package (node: built-ins too) reached through static imports from `entries`, each with the chain of files that reaches it. */
function packagesLoadedWith(...entries: string[]): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  const via = new Map<string, string | null>(entries.map((entry) => [entry, null]));
  const chain = (file: string): string[] => {
    const out: string[] = [];
    for (let f: string | null | undefined = file; f; f = via.get(f)) out.unshift(relative(SRC_MAIN, f));
    return out;
  };
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of staticValueImports(file)) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
        if (!existsSync(target)) throw new Error(`${relative(SRC_MAIN, file)} imports ${specifier}, which is not a .ts file here`);
        if (!via.has(target)) {
          via.set(target, file);
          queue.push(target);
        }
      } else if (!packages.has(specifier)) {
        packages.set(specifier, chain(file));
      }
    }
  }
  return packages;
}

describe('what the core loads on its way to ready', () => {
  // zod (its code and every schema built at import) and got cost tens of ms of CPU to load: a
  // start loads them on demand (settings, a store link, the Partner API's first call). In the
  // desktop main process zod then also loads after index.ts has turned on V8's compile cache.
  it.each([
    ['the core factory', ['core/create-core.ts']],
    // The entry, then the core bundle it loads at start (load-core-bundle.ts).
    ['the desktop main process', ['index.ts', 'core/core-bundle.ts']],
    ['the browser host', ['browser-host/host.ts']],
  ])('%s loads neither zod, got nor node:worker_threads through static imports', (_name, entries) => {
    const packages = packagesLoadedWith(...entries.map((entry) => resolve(SRC_MAIN, entry)));
    expect(packages.get('zod') ?? null).toBeNull();
    expect(packages.get('got') ?? null).toBeNull();
    // About a millisecond of a start; the catalog's checkpoint worker requires it when first run.
    expect(packages.get('node:worker_threads') ?? null).toBeNull();
    // The walk does reach packages: better-sqlite3 is loaded at every start.
    expect(packages.has('better-sqlite3')).toBe(true);
  });

  // The settings are read on the way to ready, with the hand-written parser: the zod schema it
  // mirrors (and so zod) is for tests, and is loaded by nothing the core runs.
  it('the core factory reads settings without the zod schema, not even through import()', () => {
    const schema = resolve(SRC_MAIN, 'settings/settings-schema.ts');
    const loaders = filesLoadedWith(resolve(SRC_MAIN, 'core/create-core.ts')).filter((file) =>
      dynamicImports(file).some((specifier) => specifier.startsWith('.') && resolve(dirname(file), specifier.replace(/\.js$/, '.ts')) === schema),
    );
    expect(loaders.map((file) => relative(SRC_MAIN, file))).toEqual([]);
    expect(filesLoadedWith(resolve(SRC_MAIN, 'core/create-core.ts'))).toContain(resolve(SRC_MAIN, 'settings/settings-parser.ts'));
  });

  // node:https brings TLS, net and the HTTP machinery (≈ 6 ms of CPU); the first Partner API call comes after ready.
  it('the core factory loads neither node:http nor node:https through static imports', () => {
    const packages = packagesLoadedWith(resolve(SRC_MAIN, 'core/create-core.ts'));
    expect(packages.get('node:http') ?? null).toBeNull();
    expect(packages.get('node:https') ?? null).toBeNull();
    expect(packages.has('node:crypto')).toBe(true);
  });

  // The core's code is compiled from its own bundle, with V8's code cache (platform/code-cache.ts);
  // a static import from the shell's entry would compile it again, in the ES bundle, uncached.
  it.each([
    ['the desktop main process', resolve(SRC_MAIN, 'index.ts')],
    ['the bench start-up child', fileURLToPath(new URL('../bench/children/startup-child.ts', import.meta.url))],
  ])('%s reaches the core only through the core bundle it loads', (_name, entry) => {
    const files = filesLoadedWith(entry);
    expect(files).toContain(resolve(SRC_MAIN, 'core/load-core-bundle.ts'));
    const core = filesLoadedWith(resolve(SRC_MAIN, 'core/core-bundle.ts')).filter((file) => file !== resolve(SRC_MAIN, 'core/core-bundle.ts'));
    expect(core).toContain(resolve(SRC_MAIN, 'core/create-core.ts'));
    expect(core).toContain(resolve(SRC_MAIN, 'bridge/bridge.ts'));
    // What both load: small, stateless helpers (names, lazy(), the logger), never the core's services.
    const shared = files.filter((file) => core.includes(file)).map((file) => relative(SRC_MAIN, file));
    expect(shared.every((file) => file.startsWith('platform/') || file.startsWith('contract/names') || file.startsWith('browser-host/static-files'))).toBe(true);
    expect(shared).not.toContain('core/create-core.ts');
  });
});
