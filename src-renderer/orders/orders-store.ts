import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { SaleCursor, SaleListFilter, SaleListItem, SalePage, SaleState } from '../bridge/contract';

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface OrdersState {
  filter: SaleListFilter;
  items: SaleListItem[];
  next: SaleCursor | null;
  status: Status;
  loadingMore: boolean;
  error: BridgeError | null;
  /** A store's counter: 'store' lists every counter's sales, 'counter' only this one's (and `notice` says why). */
  scope: SalePage['scope'] | null;
  notice: string | null;
  /** The counters the list has shown so far (id → name), for the counter filter of someone who may not list the store's counters. */
  seenCounters: Record<string, string>;
  /** Replaces the list with the first page for this filter. */
  search(filter: SaleListFilter): Promise<void>;
  /** Appends the next page (keyset: `after` the last row shown). */
  loadMore(): Promise<void>;
  reload(): Promise<void>;
  /** A sale changed state in the background: the row on screen follows without a reload. */
  patchState(saleId: string, state: SaleState): void;
  reset(): void;
}

const PAGE = 50;
let generation = 0;

const withCounters = (seen: Record<string, string>, items: SaleListItem[]): Record<string, string> => {
  const fresh = items.filter((i) => i.counterId && i.counterName && seen[i.counterId] !== i.counterName);
  return fresh.length ? { ...seen, ...Object.fromEntries(fresh.map((i) => [i.counterId!, i.counterName!])) } : seen;
};
const pageFacts = (page: SalePage) => ({ scope: page.scope ?? null, notice: page.notice ?? null });

export const useOrdersStore = create<OrdersState>()((set, get) => ({
  filter: {},
  items: [],
  next: null,
  status: 'idle',
  loadingMore: false,
  error: null,
  scope: null,
  notice: null,
  seenCounters: {},

  async search(filter) {
    const mine = ++generation;
    set({ filter, status: 'loading', error: null, loadingMore: false });
    const result = await api('orders.list', { filter, after: null, limit: PAGE });
    if (mine !== generation) return; // a newer search replaced this one
    if (result.ok) set({ items: result.data.items, next: result.data.next, status: 'ready', ...pageFacts(result.data), seenCounters: withCounters(get().seenCounters, result.data.items) });
    else set({ status: 'error', error: result.error, items: [], next: null, notice: null });
  },

  async loadMore() {
    const { next, filter, loadingMore } = get();
    if (!next || loadingMore) return;
    const mine = generation;
    set({ loadingMore: true, error: null });
    const result = await api('orders.list', { filter, after: next, limit: PAGE });
    if (mine !== generation) return;
    if (result.ok) {
      // Keyset pages never overlap, but a row can move when the list is reloaded meanwhile.
      const seen = new Set(get().items.map((i) => i.id));
      set({
        items: [...get().items, ...result.data.items.filter((i) => !seen.has(i.id))],
        next: result.data.next,
        loadingMore: false,
        ...pageFacts(result.data),
        seenCounters: withCounters(get().seenCounters, result.data.items),
      });
    } else {
      set({ loadingMore: false, error: result.error });
    }
  },

  reload() {
    return get().search(get().filter);
  },

  patchState(saleId, state) {
    if (!get().items.some((i) => i.id === saleId)) return;
    set({ items: get().items.map((i) => (i.id === saleId ? { ...i, state } : i)) });
  },

  reset() {
    generation++;
    set({ filter: {}, items: [], next: null, status: 'idle', loadingMore: false, error: null, scope: null, notice: null, seenCounters: {} });
  },
}));
