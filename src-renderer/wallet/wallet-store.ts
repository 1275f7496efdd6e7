import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { WalletView } from '../bridge/contract';

interface WalletState {
  view: WalletView | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  refreshing: boolean;
  refreshError: BridgeError | null;
  /** At sign-in: the view main holds, and a first reading from the service when it has none. */
  start(): Promise<void>;
  load(): Promise<void>;
  refresh(): Promise<void>;
  /** Saves the low-balance alert level (rupees); answers the error to show next to the field. */
  saveThreshold(rupees: number): Promise<BridgeError | null>;
  /** Records a top-up the manager made (so the end of day can tell it from sales); answers the error to show. */
  recordTopUp(amountPaise: number, reference: string): Promise<BridgeError | null>;
  /** A wallet.updated event: sales settling, refreshes, the service's low-balance alert. */
  updated(view: WalletView): void;
  reset(): void;
}

const initial = { view: null, status: 'idle' as const, error: null, refreshing: false, refreshError: null };
/** Bumped by reset(): an answer to a call made before it (another person, another environment) is dropped. */
let generation = 0;

/** The prepaid wallet, for the low-balance banner on every screen and the manager's Wallet screen. */
export const useWallet = create<WalletState>()((set, get) => ({
  ...initial,

  async start() {
    await get().load();
    if (get().view?.balancePaise === null) await get().refresh();
  },

  async load() {
    const gen = generation;
    if (!get().view) set({ status: 'loading' });
    const result = await api('wallet.view');
    if (gen !== generation) return;
    if (result.ok) set({ view: result.data, status: 'ready', error: null });
    else set({ status: 'error', error: result.error });
  },

  async refresh() {
    const gen = generation;
    set({ refreshing: true, refreshError: null });
    const result = await api('wallet.refresh');
    if (gen !== generation) return;
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

  async recordTopUp(amountPaise, reference) {
    const gen = generation;
    const result = await api('wallet.recordTopUp', { amountPaise, reference });
    if (gen !== generation) return null;
    if (!result.ok) return result.error;
    set({ view: result.data, status: 'ready' });
    return null;
  },

  updated(view) {
    set({ view, status: 'ready' });
  },

  reset() {
    generation++;
    set(initial);
  },
}));
