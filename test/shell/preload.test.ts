import { beforeEach, describe, expect, it, vi } from 'vitest';
import { METHODS } from '../../src-main/bridge/contract.js';
import { CALL_CHANNEL, EVENT_NAMES, METHOD_NAMES, SHELL_METHOD_NAMES } from '../../src-main/bridge/method-names.js';

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
    await import('../../src-preload/index.js');
  });

  it('lists the contract methods plus exactly the four shell-only printer methods', () => {
    // The printer methods need Electron, so the core's contract cannot hold them (method-names.ts).
    expect([...SHELL_METHOD_NAMES].sort()).toEqual(['printer.list', 'printer.print', 'printer.savePdf', 'printer.testPrint']);
    for (const name of SHELL_METHOD_NAMES) expect(Object.hasOwn(METHODS, name)).toBe(false);
    expect([...METHOD_NAMES].sort()).toEqual([...Object.keys(METHODS), ...SHELL_METHOD_NAMES].sort());
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

  it('subscribes to known events only, and each subscription returns its unsubscribe', () => {
    const pos = exposed.pos as { on: (e: string, l: (p: unknown) => void) => () => void };
    const off = pos.on(EVENT_NAMES[0], () => undefined);
    expect(on).toHaveBeenCalledTimes(1);
    off();
    expect(removeListener).toHaveBeenCalledTimes(1);
    expect(() => pos.on('ipc:anything', () => undefined)).toThrow(/Unknown event/);
  });
});
