import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import { DAY_MS } from '../ui/india-day';
import type { SalesSummary } from '../bridge/contract';

interface SummaryState {
  dayStart: number | null;
  summary: SalesSummary | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  /** Loads the Indian day that starts at `dayStart` (midnight IST, epoch ms). */
  load(dayStart: number): Promise<void>;
  reset(): void;
}

const initial = { dayStart: null, summary: null, status: 'idle' as const, error: null };

export const useSummaryStore = create<SummaryState>()((set, get) => ({
  ...initial,

  async load(dayStart) {
    set({ dayStart, status: 'loading', error: null });
    const result = await api('orders.summary', { from: dayStart, to: dayStart + DAY_MS });
    if (get().dayStart !== dayStart) return;
    if (result.ok) set({ summary: result.data, status: 'ready' });
    else set({ status: 'error', error: result.error, summary: null });
  },

  reset() {
    set(initial);
  },
}));
