import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import { loadSettingsSchema, SettingsService } from '../../src-main/settings/settings-service.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * This file never imports settings-schema.ts itself, as the core's start-up does not: the
 * zod schema arrives only through loadSettingsSchema (SettingsService.open, the bridge).
 */
describe('settings with the zod schema loaded on demand', () => {
  const dirs: { cleanup(): void }[] = [];
  const file = () => {
    const d = tempDir();
    dirs.push(d);
    return join(d.path, 'settings.json');
  };
  afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

  it('reads what the app wrote, and saves valid updates, before the schema is loaded', async () => {
    const path = file();
    writeFileSync(path, JSON.stringify({ environment: 'staging', store: { name: 'Kirana', counter: 'Counter 2', counterCode: 'K2', address: '' } }));
    const service = await SettingsService.open(jsonFileBackend(path));
    expect(service.get().environment).toBe('staging');
    expect(service.get().store.counterCode).toBe('K2');
    expect(service.get().receipt.paperWidth).toBe('80mm');
    expect(service.update({ businessModel: 'B2C' }).ok).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8')).businessModel).toBe('B2C');
  });

  it('loads the schema to repair a damaged file, then words rejections as zod does', async () => {
    const path = file();
    writeFileSync(path, JSON.stringify({ environment: 'staging', receipt: { paperWidth: 12 }, store: { name: '  Kirana  ' } }));
    const service = await SettingsService.open(jsonFileBackend(path));
    expect(service.get().environment).toBe('staging');
    expect(service.get().store.name).toBe('Kirana'); // trimmed by the schema
    expect(service.get().receipt.paperWidth).toBe('80mm'); // the damaged section reset
    await loadSettingsSchema();
    const bad = service.update({ receipt: { paperWidth: '99mm' as never } });
    expect(!bad.ok && bad.problems.map((p) => p.field)).toEqual(['receipt.paperWidth']);
  });
});
