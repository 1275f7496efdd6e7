import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Settings } from './settings-schema.js';
import type { SettingsBackend } from './settings-service.js';

/** Settings in a JSON file, written atomically (temp file + rename), for the browser host and tests. */
export function jsonFileBackend(path: string): SettingsBackend {
  return {
    read() {
      if (!existsSync(path)) return {};
      try {
        return JSON.parse(readFileSync(path, 'utf8')) as unknown;
      } catch {
        return {};
      }
    },
    write(value: Settings) {
      const tmp = `${path}.tmp`;
      writeFileSync(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
      renameSync(tmp, path);
    },
  };
}
