import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CORE_METHODS, METHODS } from '../../src-main/contract/index.js';
import { CALL_CHANNEL, EVENT_CHANNEL, EVENT_NAMES, METHOD_NAMES, SHELL_METHOD_NAMES } from '../../src-main/contract/names.js';

const exposed: Record<string, unknown> = {};
const invoke = vi.fn(async (..._args: unknown[]) => ({ ok: true, data: null }));
const on = vi.fn();
const removeListener = vi.fn();

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
  ipcRenderer: { invoke, on, removeListener },
}));

describe('the preload bridge', () => {
  beforeEach(async () => {
    vi.resetModules();
    for (const fn of [invoke, on, removeListener]) fn.mockClear();
    await import('../../src-preload/index.js');
  });

  it('lists the contract methods plus exactly the four shell-only printer methods', () => {
    // The printer methods need Electron, so only the shell answers them; the core's bridge does not hold them.
    expect([...SHELL_METHOD_NAMES].sort()).toEqual(['printer.list', 'printer.print', 'printer.savePdf', 'printer.testPrint']);
    for (const name of SHELL_METHOD_NAMES) expect(Object.hasOwn(CORE_METHODS, name)).toBe(false);
    expect([...METHOD_NAMES].sort()).toEqual(Object.keys(METHODS).sort());
  });

  it('exposes exactly the contract methods plus `on`, frozen, and nothing like ipcRenderer', () => {
    const pos = exposed.pos as Record<string, unknown>;
    expect(Object.keys(exposed)).toEqual(['pos']);
    expect(Object.keys(pos).sort()).toEqual([...METHOD_NAMES, 'on'].sort());
    expect(Object.isFrozen(pos)).toBe(true);
    for (const value of Object.values(pos)) expect(typeof value).toBe('function');
  });

  it('sends a call on the one call channel with the method name as data', async () => {
    const pos = exposed.pos as Record<string, (p?: unknown) => Promise<unknown>>;
    await pos['sale.place']!({ productId: 'x' });
    expect(invoke).toHaveBeenLastCalledWith(CALL_CHANNEL, 'sale.place', { productId: 'x' });
  });

  it('forwards only the method name and one payload: extra arguments and channel names go nowhere', async () => {
    const pos = exposed.pos as Record<string, (...args: unknown[]) => Promise<unknown>>;
    await pos['app.info']!({ a: 1 }, 'pos:other-channel', () => undefined);
    expect(invoke).toHaveBeenLastCalledWith(CALL_CHANNEL, 'app.info', { a: 1 });
    expect(invoke.mock.lastCall).toHaveLength(3);
  });

  it('hands a listener the payload alone, never the IPC event (whose `sender` is ipcRenderer)', () => {
    const pos = exposed.pos as { on: (e: string, l: (...args: unknown[]) => void) => () => void };
    const listener = vi.fn();
    pos.on('sale.updated', listener);
    const [channel, handler] = on.mock.lastCall as unknown as [string, (...args: unknown[]) => void];
    const ipcEvent = { sender: { invoke, send: vi.fn() }, senderId: 0 };
    handler(ipcEvent, 'wallet.updated', { other: true });
    handler(ipcEvent, 'sale.updated', { id: 's1' });
    expect(channel).toBe(EVENT_CHANNEL);
    expect(listener.mock.calls).toEqual([[{ id: 's1' }]]);
  });

  it('subscribes to known events only, and each subscription returns its unsubscribe', () => {
    const pos = exposed.pos as { on: (e: string, l: (p: unknown) => void) => () => void };
    const off = pos.on(EVENT_NAMES[0], () => undefined);
    expect(on).toHaveBeenCalledTimes(1);
    off();
    expect(removeListener).toHaveBeenCalledTimes(1);
    expect(() => pos.on('ipc:anything', () => undefined)).toThrow(/Unknown event/);
  });
});
