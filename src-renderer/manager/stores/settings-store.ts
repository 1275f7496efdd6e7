import { create } from 'zustand';
import { api, onEvent, type BridgeError } from '../../bridge/api';
import type { Environment, Settings, SettingsView } from '../../bridge/contract';

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };
export type SettingsPatch = DeepPartial<Settings>;

interface SettingsState {
  view: SettingsView | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  load(): Promise<void>;
  /** Validated whole in main: when anything is wrong nothing is saved and `fields` says where. */
  update(patch: SettingsPatch): Promise<BridgeError | null>;
  switchEnvironment(environment: Environment): Promise<BridgeError | null>;
  listen(): () => void;
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  view: null,
  status: 'idle',
  error: null,

  async load() {
    if (!get().view) set({ status: 'loading' });
    const result = await api('settings.get');
    if (result.ok) set({ view: result.data, status: 'ready', error: null });
    else set({ status: 'error', error: result.error });
  },

  async update(patch) {
    const result = await api('settings.update', patch);
    if (!result.ok) return result.error;
    const view = get().view;
    if (view) set({ view: { ...view, settings: result.data.settings } });
    return null;
  },

  async switchEnvironment(environment) {
    const result = await api('settings.switchEnvironment', { environment });
    if (!result.ok) return result.error;
    await get().load();
    return null;
  },

  listen() {
    return onEvent('environment.changed', () => {
      void get().load();
    });
  },
}));
