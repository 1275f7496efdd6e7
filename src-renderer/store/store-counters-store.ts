import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { StoreCounterView } from '../bridge/contract';
import { formatDateTime } from '../ui/format';

interface StoreCountersState {
  counters: StoreCounterView[];
  /** This counter's id, as the store server knows it. */
  self: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: BridgeError | null;
  load(): Promise<void>;
  /** Answers the refusal to show, or null once revoked (the list is then read again). */
  revoke(counterId: string): Promise<BridgeError | null>;
  reset(): void;
}

const initial = { counters: [], self: null, status: 'idle' as const, error: null };
/** Bumped by reset(): an answer to a call made before it (another person) is dropped. */
let generation = 0;

/**
 * The store's counters as its store server lists them (store.counters: those who may manage the
 * connection): Settings › Connection lists them for revoking, Orders filters by them.
 */
export const useStoreCounters = create<StoreCountersState>()((set, get) => ({
  ...initial,

  async load() {
    const gen = generation;
    if (get().status !== 'ready') set({ status: 'loading' });
    const result = await api('store.counters');
    if (gen !== generation) return;
    if (result.ok) set({ counters: result.data.counters, self: result.data.self, status: 'ready', error: null });
    else set({ status: 'error', error: result.error });
  },

  async revoke(counterId) {
    const result = await api('store.revokeCounter', { counterId });
    // Refused (revoked meanwhile elsewhere, or no such counter any more): the list shows the store as it is now.
    await get().load();
    return result.ok ? null : result.error;
  },

  reset() {
    generation++;
    set(initial);
  },
}));

/**
 * How each counter is named on screen: its name, and, when two counters share one (nothing stops
 * it), when each was paired, or else the start of its id.
 */
export function counterLabels(counters: readonly { id: string; name: string; pairedAt?: number }[]): Map<string, string> {
  const named = new Map<string, number>();
  for (const c of counters) named.set(c.name, (named.get(c.name) ?? 0) + 1);
  return new Map(
    counters.map((c) => {
      if ((named.get(c.name) ?? 0) < 2) return [c.id, c.name];
      return [c.id, `${c.name} · ${c.pairedAt !== undefined ? `paired ${formatDateTime(c.pairedAt)}` : c.id.slice(0, 4).toUpperCase()}`];
    }),
  );
}
