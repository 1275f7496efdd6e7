import { create } from 'zustand';
import { api, onEvent, type BridgeError } from '../../bridge/api';
import type { WalletView } from '../../bridge/contract';

interface WalletState {
  view: WalletView | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  refreshing: boolean;
  refreshError: BridgeError | null;
  load(): Promise<void>;
  refresh(): Promise<void>;
  /** Saves the low-balance alert level (rupees); answers the error to show next to the field. */
  saveThreshold(rupees: number): Promise<BridgeError | null>;
  listen(): () => void;
}

export const useWalletStore = create<WalletState>()((set, get) => ({
  view: null,
  status: 'idle',
  error: null,
  refreshing: false,
  refreshError: null,

  async load() {
    if (!get().view) set({ status: 'loading' });
    const result = await api('wallet.view');
    if (result.ok) set({ view: result.data, status: 'ready', error: null });
    else set({ status: 'error', error: result.error });
  },

  async refresh() {
    set({ refreshing: true, refreshError: null });
    const result = await api('wallet.refresh');
    if (result.ok) set({ view: result.data, status: 'ready', refreshing: false });
    else {
      set({ refreshing: false, refreshError: result.error });
      await get().load();
    }
  },

  async saveThreshold(rupees) {
    const result = await api('settings.update', { wallet: { lowBalanceThreshold: rupees } });
    if (!result.ok) return result.error;
    await get().load();
    return null;
  },

  listen() {
    return onEvent('wallet.updated', (view) => set({ view, status: 'ready' }));
  },
}));
