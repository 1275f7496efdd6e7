import Store from 'electron-store';
import type { Settings } from '../settings/settings-schema.js';
import type { SettingsBackend } from '../settings/settings-service.js';

/** Settings persisted by electron-store in the user's app-data folder; validated by the core, not here. */
export function electronStoreBackend(): SettingsBackend {
  const store = new Store<{ settings: unknown }>({ name: 'settings', clearInvalidConfig: true });
  return {
    read: () => store.get('settings') ?? {},
    write: (value: Settings) => store.set('settings', value),
  };
}
