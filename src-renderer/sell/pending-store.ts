import { create } from 'zustand';
import { api } from '../bridge/api';
import type { SaleView } from '../bridge/contract';

const TRACKED_KEY = 'pos.pendingSales';

/**
 * Sales that did not end at the counter (PROCESSING, IN DOUBT), and failures the cashier has
 * not dismissed yet. They stay in the Pending strip until printed or dismissed, across
 * reloads: main's `sale.pending` lists the unfinished ones, and the ids of finished-but-not-
 * yet-handled ones are kept here (ids only — never card data).
 */
interface PendingState {
  sales: SaleView[];
  loaded: boolean;
  load(): Promise<void>;
  track(sale: SaleView): void;
  /** A sale.updated event: replaces the sale's view when it is one the strip shows. */
  saleChanged(sale: SaleView): void;
  dismiss(saleId: string): void;
  reset(): void;
}

function readTracked(): string[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(TRACKED_KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string').slice(0, 50) : [];
  } catch {
    return [];
  }
}

function writeTracked(sales: SaleView[]): void {
  try {
    localStorage.setItem(TRACKED_KEY, JSON.stringify(sales.map((s) => s.id)));
  } catch {
    // Nothing to do: main's sale.pending still lists unfinished sales after a reload.
  }
}

const newestFirst = (a: SaleView, b: SaleView) => b.createdAt - a.createdAt;

export const usePending = create<PendingState>()((set, get) => {
  const put = (sales: SaleView[]) => {
    const sorted = [...sales].sort(newestFirst);
    writeTracked(sorted);
    set({ sales: sorted });
  };
  return {
    sales: [],
    loaded: false,

    async load() {
      const [unfinished, ...tracked] = await Promise.all([api('sale.pending'), ...readTracked().map((saleId) => api('sale.get', { saleId }))]);
      const byId = new Map<string, SaleView>();
      for (const r of tracked) if (r?.ok) byId.set(r.data.id, r.data);
      if (unfinished?.ok) for (const s of unfinished.data.sales) byId.set(s.id, s);
      for (const s of get().sales) if (!byId.has(s.id)) byId.set(s.id, s);
      put([...byId.values()]);
      set({ loaded: true });
    },

    track(sale) {
      put([sale, ...get().sales.filter((s) => s.id !== sale.id)]);
    },

    saleChanged(sale) {
      if (get().sales.some((s) => s.id === sale.id)) put(get().sales.map((s) => (s.id === sale.id ? sale : s)));
    },

    dismiss(saleId) {
      put(get().sales.filter((s) => s.id !== saleId));
    },

    reset() {
      set({ sales: [], loaded: false });
    },
  };
});
