import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonFileBackend } from '../../src-main/settings/json-file-backend.js';
import { DEFAULT_SETTINGS, settingsSchema } from '../../src-main/settings/settings-schema.js';
import { SettingsService } from '../../src-main/settings/settings-service.js';
import { tempDir } from '../support/temp-dir.js';

describe('settings', () => {
  const dirs: { cleanup(): void }[] = [];
  const folder = () => {
    const d = tempDir();
    dirs.push(d);
    return d.path;
  };
  afterEach(() => dirs.splice(0).forEach((d) => d.cleanup()));

  it('starts in Training mode with defaults on a fresh machine', () => {
    const s = new SettingsService(settingsSchema, jsonFileBackend(join(folder(), 'settings.json'))).get();
    expect(s).toEqual(DEFAULT_SETTINGS);
    expect(s.environment).toBe('training');
    expect(s.webhook.enabled).toBe(false);
  });

  it('validates an update whole and writes nothing when any field is wrong', () => {
    const path = join(folder(), 'settings.json');
    const service = new SettingsService(settingsSchema, jsonFileBackend(path));
    const bad = service.update({ store: { name: 'Shop' }, receipt: { paperWidth: '99mm' as never } });
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.problems.map((p) => p.field)).toEqual(['receipt.paperWidth']);
    expect(service.get().store.name).toBe('My Store');
    expect(() => readFileSync(path)).toThrow();
    const good = service.update({ store: { name: 'Shop' }, receipt: { paperWidth: '58mm' } });
    expect(good.ok).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8')).receipt.paperWidth).toBe('58mm');
    expect(new SettingsService(settingsSchema, jsonFileBackend(path)).get().store).toMatchObject({ name: 'Shop', counter: 'Counter 1' });
  });

  it('explains a rejected update field by field, in the schema’s words', () => {
    const service = new SettingsService(settingsSchema, jsonFileBackend(join(folder(), 'settings.json')));
    expect(service.update({ store: { counterCode: 'c-1' }, staging: { baseUrl: 'ftp://example.com' } })).toEqual({
      ok: false,
      problems: [
        { field: 'store.counterCode', message: 'must be 1–6 capital letters or digits' },
        { field: 'staging.baseUrl', message: 'must be an http(s) URL' },
      ],
    });
  });

  it('survives a damaged file: valid sections kept, damaged ones reset', () => {
    const path = join(folder(), 'settings.json');
    writeFileSync(path, JSON.stringify({ environment: 'staging', receipt: { paperWidth: 12 }, store: { name: '  Kirana  ' }, extra: 1 }));
    const s = new SettingsService(settingsSchema, jsonFileBackend(path)).get();
    expect(s.environment).toBe('staging');
    expect(s.store.name).toBe('Kirana'); // read as the schema reads it: trimmed
    expect(s.receipt).toEqual(DEFAULT_SETTINGS.receipt);
    writeFileSync(path, '{not json');
    expect(new SettingsService(settingsSchema, jsonFileBackend(path)).get()).toEqual(DEFAULT_SETTINGS);
  });
});
