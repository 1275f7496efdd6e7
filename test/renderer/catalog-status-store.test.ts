import { describe, expect, it, vi } from 'vitest';

/**
 * The manager's Catalog screen state. The call's answer and the events reach the renderer on
 * different channels, so a progress event may land after the answer; catalog.synced (always
 * after its sync's last progress event) must end "Syncing…" whatever the order. The events
 * arrive through the app's one event wiring (app/useAppEvents.ts), as in the running app.
 */
type Listener = (payload: any) => void;
const listeners = new Map<string, Listener[]>();
const emit = (name: string, payload: unknown) => listeners.get(name)?.forEach((fn) => fn(payload));
let answerSync: (value: unknown) => void = () => undefined;

vi.mock('../../src-renderer/bridge/api', () => ({
  onEvent: (name: string, fn: Listener) => {
    listeners.set(name, [...(listeners.get(name) ?? []), fn]);
    return () => listeners.set(name, (listeners.get(name) ?? []).filter((f) => f !== fn));
  },
  api: (method: string) => {
    if (method === 'catalog.syncNow') return new Promise((resolve) => (answerSync = resolve));
    if (method === 'catalog.status') return Promise.resolve({ ok: true, data: { lastFullSyncAt: 1, counts: { listed: 484, active: 459, removed: 0 }, stale: false } });
    throw new Error(`unexpected call ${method}`);
  },
}));

// Paths in variables: the store and the wiring are renderer code (DOM types), loaded here under the mock only.
const storePath = '../../src-renderer/catalog/catalog-status-store.ts';
const wiringPath = '../../src-renderer/app/useAppEvents.ts';
const { useCatalogStatusStore } = (await import(/* @vite-ignore */ storePath)) as { useCatalogStatusStore: any };
const { wireAppEvents } = (await import(/* @vite-ignore */ wiringPath)) as { wireAppEvents: () => () => void };

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('the catalog screen state', () => {
  it('ends "Syncing…" at catalog.synced even when a progress event arrives after the answer', async () => {
    const store = useCatalogStatusStore;
    const stop = wireAppEvents();
    const syncing = store.getState().syncNow();
    emit('catalog.progress', { pagesFetched: 4, brandsFetched: 400, skipped: 0 });
    answerSync({ ok: true, data: { brands: 484, removed: 2, skipped: 1 } });
    await syncing;
    expect(store.getState().syncing).toBe(false);

    emit('catalog.progress', { pagesFetched: 5, brandsFetched: 484, skipped: 0 }); // late, same sync
    expect(store.getState().syncing).toBe(true);
    emit('catalog.synced', { ok: true, brands: 484, message: null });
    await flush();
    expect(store.getState().syncing).toBe(false);
    // The answer's fuller outcome is kept.
    expect(store.getState().outcome).toEqual({ ok: true, brands: 484, removed: 2, skipped: 1 });
    stop();
  });

  it('when catalog.synced comes before the answer, the answer still gives the outcome, and the next sync starts clean', async () => {
    const store = useCatalogStatusStore;
    const stop = wireAppEvents();
    const syncing = store.getState().syncNow();
    emit('catalog.progress', { pagesFetched: 5, brandsFetched: 484, skipped: 0 });
    emit('catalog.synced', { ok: true, brands: 484, message: null });
    expect(store.getState().syncing).toBe(false);
    answerSync({ ok: true, data: { brands: 484, removed: 3, skipped: 0 } });
    await syncing;
    expect(store.getState()).toMatchObject({ syncing: false, outcome: { ok: true, brands: 484, removed: 3, skipped: 0 } });
    // A later sync started elsewhere is not mistaken for a late event of this one.
    emit('catalog.progress', { pagesFetched: 1, brandsFetched: 100, skipped: 0 });
    expect(store.getState()).toMatchObject({ syncing: true, outcome: null });
    emit('catalog.synced', { ok: true, brands: 490, message: null });
    await flush();
    expect(store.getState().outcome).toEqual({ ok: true, brands: 490, removed: 0, skipped: 0 });
    stop();
  });

  it('a sync started elsewhere (start-up, daily) shows its outcome from the events alone', async () => {
    const store = useCatalogStatusStore;
    const stop = wireAppEvents();
    emit('catalog.progress', { pagesFetched: 1, brandsFetched: 100, skipped: 0 });
    expect(store.getState()).toMatchObject({ syncing: true, outcome: null });
    emit('catalog.synced', { ok: false, brands: null, message: 'The service did not answer' });
    await flush();
    expect(store.getState().syncing).toBe(false);
    expect(store.getState().outcome).toMatchObject({ ok: false, error: { message: 'The service did not answer' } });
    stop();
  });
});
