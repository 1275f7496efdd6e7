import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeCacheDir, loadCoreBundle } from '../../src-main/core/load-core-bundle.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function bundleIn(source: string): { bundle: string; dataDir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'gv-core-bundle-'));
  dirs.push(dir);
  const bundle = join(dir, 'core.cjs');
  writeFileSync(bundle, source);
  return { bundle, dataDir: join(dir, 'data') };
}

describe('loading the core bundle', () => {
  it('refuses a file that is not the core bundle, naming it', () => {
    const { bundle, dataDir } = bundleIn('exports.createCore = function () {};');
    expect(() => loadCoreBundle(bundle, dataDir)).toThrow(`${bundle} is not the core bundle`);
  });

  it("hands over the core's exports and keeps the code cache in the data folder", () => {
    const { bundle, dataDir } = bundleIn('exports.createCore = () => "core"; exports.createBridge = () => "bridge"; exports.NO_KEYCHAIN = {}; exports.jsonFileBackend = () => "settings"; exports.loadShellMethods = async () => ({});');
    const loaded = loadCoreBundle(bundle, dataDir);
    expect(loaded.status).toBe('missing');
    expect(Object.keys(loaded.exports).sort()).toEqual(['NO_KEYCHAIN', 'createBridge', 'createCore', 'jsonFileBackend', 'loadShellMethods']);
    expect(loaded.persist()).toEqual({ written: true });
    expect(existsSync(join(codeCacheDir(dataDir), 'core.cjs.v8cache'))).toBe(true);
  });
});
