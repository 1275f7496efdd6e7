import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import { DAY_MS } from '../ui/india-day';
import type { SalesSummary } from '../bridge/contract';

interface SummaryState {
  /** The day asked for last (midnight IST, epoch ms): the one the panel's heading names. */
  dayStart: number | null;
  /** The figures of `dayStart`, and of no other day: null while another day's are replaced. */
  summary: SalesSummary | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  /** Loads the Indian day that starts at `dayStart` (midnight IST, epoch ms). */
  load(dayStart: number): Promise<void>;
  reset(): void;
}

const initial = { dayStart: null, summary: null, status: 'idle' as const, error: null };
let generation = 0;

/**
 * The Orders → Day summary figures. Another day asked for drops the figures shown at once, so
 * one day's totals never stand under another day's heading while its answer is on the way; the
 * same day asked again (Try again, the tab opened again) keeps them while they are read anew.
 * Only the last ask's answer lands.
 */
export const useSummaryStore = create<SummaryState>()((set, get) => ({
  ...initial,

  async load(dayStart) {
    const gen = ++generation;
    set({ dayStart, status: 'loading', error: null, summary: get().dayStart === dayStart ? get().summary : null });
    const result = await api('orders.summary', { from: dayStart, to: dayStart + DAY_MS });
    if (gen !== generation) return;
    if (result.ok) set({ summary: result.data, status: 'ready' });
    else set({ status: 'error', error: result.error, summary: null });
  },

  reset() {
    generation++;
    set(initial);
  },
}));
