import { create } from 'zustand';
import { api, type BridgeError } from '../bridge/api';
import type { CatalogStatus, EventMap, SyncProgress } from '../bridge/contract';

interface CatalogStatusState {
  status: CatalogStatus | null;
  loadState: 'idle' | 'loading' | 'ready' | 'error';
  loadError: BridgeError | null;
  syncing: boolean;
  progress: SyncProgress | null;
  /** Brands the catalog held before this sync: the progress bar's best guess at the total. */
  expected: number | null;
  outcome: { ok: true; brands: number; removed: number; skipped: number } | { ok: false; error: BridgeError } | null;
  load(): Promise<void>;
  syncNow(): Promise<void>;
  /** A catalog.progress event: also for syncs started elsewhere (start-up, daily). */
  progressed(progress: SyncProgress): void;
  /** A catalog.synced event: ends "Syncing…", whoever started the sync. */
  synced(event: EventMap['catalog.synced']): void;
  reset(): void;
}

/** The sync this screen started: whether its answer and its catalog.synced event have come. */
let manualSync: { answered: boolean; synced: boolean } | null = null;

const initial = { status: null, loadState: 'idle' as const, loadError: null, syncing: false, progress: null, expected: null, outcome: null };

export const useCatalogStatusStore = create<CatalogStatusState>()((set, get) => ({
  ...initial,

  async load() {
    if (!get().status) set({ loadState: 'loading' });
    const result = await api('catalog.status');
    if (result.ok) set({ status: result.data, loadState: 'ready', loadError: null });
    else set({ loadState: 'error', loadError: result.error });
  },

  async syncNow() {
    if (get().syncing) return;
    const mine = { answered: false, synced: false };
    manualSync = mine;
    set({ syncing: true, progress: { pagesFetched: 0, brandsFetched: 0, skipped: 0 }, outcome: null, expected: get().status?.counts.listed || null });
    const result = await api('catalog.syncNow');
    mine.answered = true;
    if (mine.synced && manualSync === mine) manualSync = null;
    set({
      syncing: false,
      outcome: result.ok ? { ok: true, ...result.data } : { ok: false, error: result.error },
    });
    await get().load();
  },

  progressed(p) {
    // A progress event after this screen's answer is a late one of the same sync: the screen
    // shows "Syncing…" until catalog.synced, but keeps the answer's outcome.
    const late = manualSync?.answered === true;
    if (!get().syncing) set({ syncing: true, ...(late ? {} : { outcome: null }), expected: get().status?.counts.listed || null });
    set({ progress: p });
  },

  // The call's answer and the events travel apart, so a progress event can arrive after the
  // answer. catalog.synced always follows the last progress event of its sync (one ordered
  // event stream): it is what ends "Syncing…". Its outcome stands unless this screen's own
  // answer (fuller: removed, skipped) already came.
  synced(e) {
    const keepAnswer = manualSync?.answered === true;
    if (manualSync) {
      if (keepAnswer) manualSync = null;
      else manualSync.synced = true;
    }
    const fromEvent = e.ok
      ? { ok: true as const, brands: e.brands ?? 0, removed: 0, skipped: 0 }
      : { ok: false as const, error: { code: 'SYNC_FAILED', message: e.message ?? 'The sync did not finish' } };
    set({ syncing: false, outcome: keepAnswer ? get().outcome : fromEvent });
    // Counts are read again only where the screen has shown them.
    if (get().loadState !== 'idle') void get().load();
  },

  reset() {
    manualSync = null;
    set(initial);
  },
}));
