import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The renderer's types are the contract's: change what a method answers in
 * src-main/contract and the page stops compiling where it reads the old shape, and the
 * handler that still answers the old shape stops compiling in main. Checked with the real
 * compiler over the real projects, with one contract file edited in memory.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const saleContract = `${root}src-main/contract/sale.ts`;

function diagnosticsWith(project: string, edit: (text: string) => string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(`${root}${project}`, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error(`cannot read ${project}`);
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => (file === saleContract ? edit(readFileSync(file, 'utf8')) : readFile(file));
  const program = ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, noEmit: true, incremental: false, composite: false, tsBuildInfoFile: undefined }, host });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.category === ts.DiagnosticCategory.Error && d.file)
    .map((d) => `${d.file!.fileName.slice(root.length)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]}`);
}

// SaleView's brandTitle renamed: what every sale screen shows as the brand.
const renameBrandTitle = (text: string) => {
  const edited = text.replace(/(export interface SaleView \{[^}]*?)\bbrandTitle: string;/, '$1brandName: string;');
  if (edited === text) throw new Error('the contract no longer has SaleView.brandTitle: update this test');
  return edited;
};

describe('one contract, typed end to end', () => {
  it('compiles as it is', () => {
    expect(diagnosticsWith('tsconfig.web.json', (t) => t)).toEqual([]);
  }, 120_000);

  it('makes a changed answer a type error in the renderer', () => {
    const errors = diagnosticsWith('tsconfig.web.json', renameBrandTitle);
    expect(errors.some((e) => e.startsWith('src-renderer/'))).toBe(true);
    expect(errors.filter((e) => e.startsWith('src-renderer/')).join('\n')).toMatch(/brandTitle/);
  }, 120_000);

  it('makes a handler that answers the old shape a type error in main', () => {
    const errors = diagnosticsWith('tsconfig.node.json', renameBrandTitle);
    expect(errors.some((e) => e.startsWith('src-main/orders/sales/sale-view.ts') || e.startsWith('src-main/bridge/handlers/'))).toBe(true);
  }, 180_000);
});
