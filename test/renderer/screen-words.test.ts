import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Developer words stay off the screens cashiers and managers read (issue 12, item 3): no
 * header names, status classes, bind addresses or field names in JSX text or in the strings
 * the renderer shows. Code identifiers and comments are not text, so the TypeScript parser
 * picks out the text: JSX text and string literals, minus module paths, literal types,
 * property names and `value`s (a setting sent to main, like the bind address, is not shown).
 */
const RENDERER = fileURLToPath(new URL('../../src-renderer/', import.meta.url));
/** The bridge holds the contract with main: channel names and types, not screen text. */
const NOT_SCREENS = ['bridge/'];

import { FORBIDDEN } from '../support/screen-words.js';

/** Support ids are named only inside "Details for support" (ui/SupportDetails.tsx), which these files fill. */
const SUPPORT_ONLY: { word: string; pattern: RegExp; files: string[] } = {
  word: 'request id',
  pattern: /request ids?\b/i,
  files: ['orders/Attempts.tsx', 'sell/support-text.ts', 'ui/Notice.tsx'],
};

function rendererFiles(dir: string = RENDERER): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return rendererFiles(path);
    return /\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const isPropertyName = (n: ts.Node) => (ts.isPropertyAssignment(n.parent) || ts.isPropertySignature(n.parent)) && n.parent.name === n;
const isValue = (n: ts.Node) =>
  (ts.isPropertyAssignment(n.parent) && n.parent.initializer === n && n.parent.name.getText() === 'value') ||
  (ts.isJsxAttribute(n.parent) && n.parent.name.getText() === 'value');

/** The text people may read in one source file, with the line of each piece. */
function screenTexts(path: string, source: string): { line: number; text: string }[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const texts: { line: number; text: string }[] = [];
  const visit = (n: ts.Node) => {
    const p = n.parent;
    const shown =
      ts.isJsxText(n) ||
      ts.isTemplateHead(n) ||
      ts.isTemplateMiddle(n) ||
      ts.isTemplateTail(n) ||
      ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) &&
        !ts.isImportDeclaration(p) &&
        !ts.isExportDeclaration(p) &&
        !ts.isExternalModuleReference(p) &&
        !ts.isLiteralTypeNode(p) &&
        !isPropertyName(n) &&
        !isValue(n));
    if (shown && (n as ts.LiteralLikeNode).text.trim()) texts.push({ line: file.getLineAndCharacterOfPosition(n.getStart()).line + 1, text: (n as ts.LiteralLikeNode).text });
    ts.forEachChild(n, visit);
  };
  visit(file);
  return texts;
}

function offences(words: { word: string; pattern: RegExp }[], skip: (file: string) => boolean = () => false): string[] {
  return rendererFiles().flatMap((path) => {
    const file = relative(RENDERER, path).split('\\').join('/');
    if (NOT_SCREENS.some((d) => file.startsWith(d)) || skip(file)) return [];
    return screenTexts(path, readFileSync(path, 'utf8')).flatMap(({ line, text }) =>
      words.filter((w) => w.pattern.test(text)).map((w) => `${file}:${line} shows ${w.word}: “${text.trim()}”`),
    );
  });
}

describe('words on the screens', () => {
  it('reads JSX text and shown strings, not identifiers, comments, imports or sent values', () => {
    const texts = screenTexts(
      'x.tsx',
      `import { orderId } from './referenceId';
       // X-REQUEST-ID in a comment
       type K = 'HTTP 2xx';
       const o = { 'X-Verify': 1, value: '0.0.0.0', label: 'Service order id' };
       const t = <p title="X-Verify">Sent as HTTP 2xx {orderId} {\`id \${orderId} X-REQUEST-ID\`}</p>;`,
    ).map((t) => t.text.trim());
    expect(texts).toEqual(['Service order id', 'X-Verify', 'Sent as HTTP 2xx', 'id', 'X-REQUEST-ID']);
  });

  it('finds every renderer source file', () => {
    expect(rendererFiles().length).toBeGreaterThan(50);
  });

  it('no screen shows a developer word', () => {
    expect(offences(FORBIDDEN)).toEqual([]);
  });

  it('request ids are named only inside “Details for support”', () => {
    expect(offences([SUPPORT_ONLY], (file) => SUPPORT_ONLY.files.includes(file))).toEqual([]);
  });
});
