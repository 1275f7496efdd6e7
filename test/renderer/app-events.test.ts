import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

/**
 * Main's events reach the stores through one wiring (app/useAppEvents.ts), and what one
 * signed-in person saw is cleared in one place (app/signed-in-stores.ts). The bridge is mocked:
 * events are emitted by hand, calls answer from a table.
 */
type Listener = (payload: any) => void;
const listeners = new Map<string, Listener[]>();
const emit = (name: string, payload: unknown) => listeners.get(name)?.forEach((fn) => fn(payload));
const answers: Record<string, unknown> = {};

vi.mock('../../src-renderer/bridge/api', () => ({
  onEvent: (name: string, fn: Listener) => {
    listeners.set(name, [...(listeners.get(name) ?? []), fn]);
    return () => listeners.set(name, (listeners.get(name) ?? []).filter((f) => f !== fn));
  },
  api: (method: string) => (method in answers ? Promise.resolve({ ok: true, data: answers[method] }) : Promise.reject(new Error(`unexpected call ${method}`))),
  fieldErrors: () => ({}),
}));

// Paths in variables: renderer code (DOM types), loaded here under the mock only.
const load = async <T>(path: string): Promise<T> => (await import(/* @vite-ignore */ path)) as T;
const { wireAppEvents } = await load<{ wireAppEvents: () => () => void }>('../../src-renderer/app/useAppEvents.ts');
const { resetSignedInStores } = await load<{ resetSignedInStores: () => void }>('../../src-renderer/app/signed-in-stores.ts');
const { useWallet } = await load<{ useWallet: any }>('../../src-renderer/wallet/wallet-store.ts');
const { usePending } = await load<{ usePending: any }>('../../src-renderer/sell/pending-store.ts');
const { useOrdersStore } = await load<{ useOrdersStore: any }>('../../src-renderer/orders/orders-store.ts');
const { useSettingsStore } = await load<{ useSettingsStore: any }>('../../src-renderer/settings/settings-store.ts');
const { useShift } = await load<{ useShift: any }>('../../src-renderer/drawer/shift-store.ts');
const { useShiftGate } = await load<{ useShiftGate: any }>('../../src-renderer/sell/shift-gate-store.ts');

const wallet = (balancePaise: number, low: boolean) => ({ balancePaise, readAt: 1, thresholdPaise: 1_000_000, inFlightPaise: 0, estimatedPaise: balancePaise, low, lowBalanceAlert: null });
const sale = (state: string) => ({ id: 'S1', state, brandTitle: 'Test', amountPaise: 50_000, createdAt: 1 });

describe('main’s events reach the stores through one wiring', () => {
  it('keeps one wallet for the banner and the Wallet screen, following wallet.updated', async () => {
    const stop = wireAppEvents();
    answers['wallet.view'] = wallet(2_000_000, false);
    await useWallet.getState().start();
    expect(useWallet.getState().view).toMatchObject({ balancePaise: 2_000_000, low: false });
    emit('wallet.updated', wallet(50_000, true));
    expect(useWallet.getState().view).toMatchObject({ balancePaise: 50_000, low: true });
    stop();
    emit('wallet.updated', wallet(1, true));
    expect(useWallet.getState().view.balancePaise).toBe(50_000);
  });

  it('moves a sale in the Pending strip and in the Orders list with one sale.updated', () => {
    const stop = wireAppEvents();
    usePending.getState().track(sale('PROCESSING'));
    useOrdersStore.setState({ items: [{ id: 'S1', state: 'PROCESSING' }] });
    emit('sale.updated', { saleId: 'S1', state: 'SUCCESS', sale: sale('SUCCESS') });
    expect(usePending.getState().sales.map((s: { state: string }) => s.state)).toEqual(['SUCCESS']);
    expect(useOrdersStore.getState().items[0].state).toBe('SUCCESS');
    stop();
  });

  it('follows the drawer with shift.changed: opened, cash moved, closed', async () => {
    const stop = wireAppEvents();
    const shift = (expectedCashPaise: number) => ({ id: 'SH1', counter: 'Counter 1', openedAt: 1, openedByName: 'Asha', openingFloatPaise: 200_000, closedAt: null, closedByName: null, expectedCashPaise, movements: [] });
    answers['shift.current'] = null;
    await useShift.getState().load();
    expect(useShift.getState().status).toBe('ready');
    expect(useShiftGate.getState().shift).toBeNull();
    emit('shift.changed', { shift: shift(200_000) });
    expect(useShiftGate.getState().shift.expectedCashPaise).toBe(200_000);
    emit('shift.changed', { shift: shift(150_000) });
    expect(useShiftGate.getState().shift.expectedCashPaise).toBe(150_000);
    emit('shift.changed', { shift: null });
    expect(useShiftGate.getState().shift).toBeNull();
    stop();
    emit('shift.changed', { shift: shift(1) });
    expect(useShiftGate.getState().shift).toBeNull();
  });

  it('clears what one person saw, so the next person or environment starts clean', async () => {
    answers['settings.get'] = { environment: 'training', settings: { businessModel: 'B2C' } };
    await useSettingsStore.getState().load();
    useWallet.getState().updated(wallet(50_000, true));
    resetSignedInStores();
    expect(useWallet.getState().view).toBeNull();
    expect(useSettingsStore.getState().view).toBeNull();
    expect(usePending.getState().sales).toEqual([]);
    expect(useOrdersStore.getState().items).toEqual([]);
    expect(useShift.getState()).toMatchObject({ status: 'idle', report: null });
    expect(useShiftGate.getState().shift).toBeUndefined();
  });

  it('drops an answer to a call made before the reset', async () => {
    answers['wallet.view'] = wallet(9, true);
    const loading = useWallet.getState().load();
    resetSignedInStores(); // before the answer comes back
    await loading;
    expect(useWallet.getState().view).toBeNull();
  });

  it('is the only place that subscribes to main’s events', () => {
    const root = fileURLToPath(new URL('../../src-renderer/', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    const subscribers = files.filter((f) => /\bonEvent\(|posClient\(\)\.on\(/.test(readFileSync(join(root, f), 'utf8'))).map((f) => f.replace(/\\/g, '/'));
    expect(subscribers.sort()).toEqual(['app/useAppEvents.ts', 'bridge/api.ts']);
  });
});
