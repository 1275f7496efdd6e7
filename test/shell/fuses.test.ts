import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * Electron's own value for each fuse (its docs/tutorial/fuses.md, "Default:"), under the
 * names electron-builder's `electronFuses` uses. A fuse left out of the config keeps it.
 */
const ELECTRON_DEFAULTS: Readonly<Record<string, boolean>> = {
  runAsNode: true,
  enableCookieEncryption: false,
  enableNodeOptionsEnvironmentVariable: true,
  enableNodeCliInspectArguments: true,
  enableEmbeddedAsarIntegrityValidation: false,
  onlyLoadAppFromAsar: false,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: true,
};

/** The fuses this app flips, and to what (Electron's security checklist). */
const REQUIRED: Readonly<Record<string, boolean>> = {
  runAsNode: false,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  enableCookieEncryption: true,
  // Nothing is loaded from file:// any more (the renderer is served over app://).
  grantFileProtocolExtraPrivileges: false,
};

const config = parse(readFileSync(new URL('../../electron-builder.yml', import.meta.url), 'utf8')) as Record<string, unknown>;
const fuses = (config['electronFuses'] ?? {}) as Record<string, unknown>;

describe('Electron fuses in the packaged app (electron-builder.yml)', () => {
  it.each(Object.entries(REQUIRED))('flips %s away from Electron’s default, to %s', (name, value) => {
    expect(ELECTRON_DEFAULTS[name]).toBe(!value);
    expect(fuses[name], `electronFuses.${name}`).toBe(value);
  });

  it('names only fuses electron-builder knows, each as a boolean', () => {
    for (const [name, value] of Object.entries(fuses)) {
      expect(Object.keys(ELECTRON_DEFAULTS), name).toContain(name);
      expect(typeof value, name).toBe('boolean');
    }
  });

  it('packs the app into an asar, which the integrity and asar-only fuses need', () => {
    expect(config['asar'] === undefined || config['asar'] === true).toBe(true);
  });
});
