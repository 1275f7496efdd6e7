import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports')
    .map((m) => m.message);
}

describe('process boundaries', () => {
  it.each([
    "import fs from 'node:fs';",
    "import { readFile } from 'fs/promises';",
    "import path from 'path';",
    "import { ipcRenderer } from 'electron';",
    "import Database from 'better-sqlite3';",
    "import got from 'got';",
    "import { createCore } from '../src-main/core/index.js';",
    "import type { Core } from '../src-main/core/create-core.js';",
    "import { METHODS } from '../src-main/contract/index.js';",
    "import { z } from 'zod';",
  ])('reports `%s` in the renderer', async (code) => {
    expect(await restrictedImports(code, 'src-renderer/probe.tsx')).toHaveLength(1);
  });

  it('reports electron in the core', async () => {
    const messages = await restrictedImports("import { app } from 'electron';\nexport const a = app;", 'src-main/orders/probe.ts');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/plain Node/);
  });

  it('lets the shell import electron', async () => {
    expect(await restrictedImports("import { app } from 'electron';\nexport const a = app;", 'src-main/shell/probe.ts')).toEqual([]);
  });

  it('reports Node built-ins in the preload but allows electron', async () => {
    expect(await restrictedImports("import { contextBridge } from 'electron';\nexport const c = contextBridge;", 'src-preload/probe.ts')).toEqual([]);
    expect(await restrictedImports("import os from 'node:os';\nexport const o = os;", 'src-preload/probe.ts')).toHaveLength(1);
  });

  it('lets the renderer import the contract’s types, and only its types', async () => {
    const code = "import type { SaleView } from '../src-main/contract/index.js';\nexport type S = SaleView;";
    expect(await restrictedImports(code, 'src-renderer/probe.tsx')).toEqual([]);
    const runtime = "import { type SaleView, METHODS } from '../src-main/contract/index.js';\nexport type S = SaleView;\nexport const m = METHODS;";
    expect(await restrictedImports(runtime, 'src-renderer/probe.tsx')).toHaveLength(1);
  });

  it('leaves the renderer free to import React and its own files', async () => {
    const code = "import { useState } from 'react';\nimport { App } from './App.js';\nexport { useState, App };";
    expect(await restrictedImports(code, 'src-renderer/probe.tsx')).toEqual([]);
  });
});
