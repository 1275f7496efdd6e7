import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { Environment, Settings, SettingsView } from '../bridge/contract';

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
  reset(): void;
}

const initial = { view: null, status: 'idle' as const, error: null };
/** Bumped by reset(): an answer to a call made before it (another person, another environment) is dropped. */
let generation = 0;

/**
 * The counter's settings as main holds them: the Settings screen, and the business model the
 * sell screen needs (B2C makes the customer's details required). Only managers may read them.
 */
export const useSettingsStore = create<SettingsState>()((set, get) => ({
  ...initial,

  async load() {
    const gen = generation;
    if (!get().view) set({ status: 'loading' });
    const result = await api('settings.get');
    if (gen !== generation) return;
    if (result.ok) set({ view: result.data, status: 'ready', error: null });
    else set({ status: 'error', error: result.error });
  },

  reset() {
    generation++;
    set(initial);
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
}));
