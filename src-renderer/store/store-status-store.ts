import { create } from 'zustand';
import { api } from '../bridge/api';
import type { StoreStatus } from '../bridge/contract';

/**
 * How often a store's counter asks whether its store server answers. Main caches a good answer
 * for a second and asks the server's /health otherwise, so this is one small request.
 */
export const STORE_POLL_MS = 4_000;

interface StoreStatusState {
  /** null until main first answered. */
  status: StoreStatus | null;
  /** Asks main now; answers the status (null when main did not answer). */
  load(): Promise<StoreStatus | null>;
  /**
   * Asks now, then every STORE_POLL_MS while this counter belongs to a store (a counter on its
   * own cannot become one without starting again); returns the stop.
   */
  watch(): () => void;
  /** Main just refused something because the store server did not answer: shown at once, before the next poll. */
  unreachableNow(message: string): void;
}

/**
 * Whether this counter belongs to a store and whether its store server answers: for the banner
 * on every screen, the Store section of Settings and the Orders screen. It belongs to the
 * counter, not to the person signed in, so a sign-out does not clear it.
 */
export const useStoreStatus = create<StoreStatusState>()((set, get) => ({
  status: null,

  async load() {
    const result = await api('store.status');
    if (!result.ok) return null;
    set({ status: result.data });
    return result.data;
  },

  watch() {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    const tick = async () => {
      const status = await get().load();
      // Main not answering at all is the app's own problem (the start screen says so); keep asking.
      if (!stopped && (status === null || status.linked)) timer = setTimeout(() => void tick(), STORE_POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  },

  unreachableNow(message) {
    const status = get().status;
    if (status?.linked) set({ status: { ...status, reachable: false, message } });
  },
}));

/** The store this counter belongs to, or null (on its own, or not known yet). */
export const useStoreLink = () => useStoreStatus((s) => (s.status?.linked ? s.status.store : null));
