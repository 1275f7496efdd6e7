import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { EndOfDayReport } from '../bridge/contract';

interface EndOfDayState {
  /** The day (YYYY-MM-DD) asked for last. */
  day: string | null;
  report: EndOfDayReport | null;
  status: 'idle' | 'running' | 'ready' | 'error';
  error: BridgeError | null;
  /** When the running check started (for "asking the service… 12 s"). */
  startedAt: number | null;
  run(day: string): Promise<void>;
  reset(): void;
}

const initial = { day: null, report: null, status: 'idle' as const, error: null, startedAt: null };
let generation = 0;

/**
 * The manager's end-of-day check. It asks the service about every order of the day, so it takes
 * a while: the last report stays until the new one arrives, and an answer for a day no longer
 * asked for (or another session) is dropped.
 */
export const useEndOfDay = create<EndOfDayState>()((set, get) => ({
  ...initial,

  async run(day) {
    const gen = ++generation;
    set({ day, status: 'running', error: null, startedAt: Date.now(), report: get().day === day ? get().report : null });
    const result = await api('report.endOfDay', { day });
    if (gen !== generation) return;
    if (result.ok) set({ report: result.data, status: 'ready', startedAt: null });
    else set({ status: 'error', error: result.error, startedAt: null });
  },

  reset() {
    generation++;
    set(initial);
  },
}));
