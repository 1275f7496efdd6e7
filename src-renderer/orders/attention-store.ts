import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { AttentionList, SaleListItem, SaleState } from '../bridge/contract';

interface CheckOutcome {
  busy: boolean;
  state?: SaleState;
  error?: BridgeError;
}

interface AttentionState {
  /** The oldest of them (main lists a bounded number); `total` counts them all. */
  items: SaleListItem[];
  total: number;
  /** A store's counter: 'store' lists every counter's; 'counter' only this one's (`notice` says why). */
  scope: AttentionList['scope'] | null;
  notice: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  /** The last "Check now" per sale: running, its new state, or why it could not ask. */
  checks: Record<string, CheckOutcome>;
  load(): Promise<void>;
  checkNow(saleId: string): Promise<SaleState | null>;
  /** The signed-in manager records that the customer left without the receipt; null when recorded. */
  leftWithoutReceipt(saleId: string, reason?: string): Promise<BridgeError | null>;
  /** A sale moved: the pinned list is asked for again while the Orders screen shows it. */
  saleChanged(): void;
  reset(): void;
}

/** IN_DOUBT and NEEDS_SUPPORT sales, and receipts still owed: pinned on top of Orders until a person resolves them. */
const initial = { items: [], total: 0, scope: null, notice: null, status: 'idle' as const, error: null, checks: {} };

export const useAttentionStore = create<AttentionState>()((set, get) => ({
  ...initial,

  async load() {
    if (get().status === 'idle') set({ status: 'loading' });
    const result = await api('orders.attention');
    if (result.ok) {
      const { items, total, scope, notice } = result.data;
      set({ items, total, scope: scope ?? null, notice: notice ?? null, status: 'ready', error: null });
    } else set({ status: 'error', error: result.error });
  },

  async checkNow(saleId) {
    set({ checks: { ...get().checks, [saleId]: { busy: true } } });
    const result = await api('sale.checkNow', { saleId });
    if (!result.ok) {
      set({ checks: { ...get().checks, [saleId]: { busy: false, error: result.error } } });
      return null;
    }
    set({ checks: { ...get().checks, [saleId]: { busy: false, state: result.data.state } } });
    await get().load();
    return result.data.state;
  },

  async leftWithoutReceipt(saleId, reason) {
    const result = await api('sale.markLeftWithoutReceipt', reason ? { saleId, reason } : { saleId });
    if (!result.ok) return result.error;
    await get().load();
    return null;
  },

  saleChanged() {
    if (get().status !== 'idle') void get().load();
  },

  reset() {
    set(initial);
  },
}));
