import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShellHandler } from '../../src-main/bridge/bridge.js';
import { METHODS, SHELL_METHOD_NAMES, type ShellMethodName } from '../../src-main/contract/index.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from './bridge-harness.js';

/**
 * The shell's printing methods pass the same choke point as every core method: role and input
 * from the contract, then the shell's handler with the host's call context.
 */
describe('shell methods at the bridge', () => {
  const printerCalls = vi.fn();
  const shellHandlers = Object.fromEntries(
    SHELL_METHOD_NAMES.map((name): [ShellMethodName, ShellHandler] => [
      name,
      async (input, context) => {
        printerCalls(name, input, context);
        return { ok: true, data: { shell: name } };
      },
    ]),
  ) as Record<ShellMethodName, ShellHandler>;
  let h: BridgeHarness;
  let plain: BridgeHarness;

  beforeAll(async () => {
    h = await bridgeHarness({ shellHandlers });
    await setUpCounter(h);
    plain = await bridgeHarness();
  });
  afterAll(async () => {
    await h.close();
    await plain.close();
  });

  it('gives every shell method its access in the contract: printing is anyone’s signed in, devices need settings', () => {
    expect(Object.fromEntries(SHELL_METHOD_NAMES.map((m) => [m, METHODS[m].access]))).toEqual({
      'printer.list': 'settings',
      'printer.print': 'signedIn',
      'printer.testPrint': 'settings',
      'printer.savePdf': 'signedIn',
    });
  });

  it('refuses every shell method to a signed-out counter, and a cashier the manager’s ones, before the handler runs', async () => {
    printerCalls.mockClear();
    await h.ok('staff.signOut');
    for (const method of SHELL_METHOD_NAMES) expect(await h.call(method, {}), method).toMatchObject({ ok: false, error: { code: 'UNAUTHENTICATED' } });
    const cashier = (await h.ok('staff.list')).staff.find((s: { role: string }) => s.role === 'cashier');
    await h.ok('staff.signIn', { staffId: cashier.id, pin: '4826' });
    for (const method of SHELL_METHOD_NAMES) {
      const result = await h.call(method, {});
      if (METHODS[method].access === 'settings') expect(result, method).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      else expect(result, method).toEqual({ ok: true, data: { shell: method } });
    }
    expect(printerCalls.mock.calls.map(([name]) => name).sort()).toEqual(['printer.print', 'printer.savePdf']);
  });

  it('parses the input with the contract’s schema and passes the host’s context through', async () => {
    printerCalls.mockClear();
    const context = { sender: 'window-1' };
    expect(await h.call('printer.print', { copies: 99 }, context)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(await h.call('printer.savePdf', { fileName: '../../etc/passwd' }, context)).toMatchObject({ ok: false, error: { code: 'BAD_REQUEST' } });
    expect(printerCalls).not.toHaveBeenCalled();
    expect(await h.call('printer.print', { copies: 2, heightMm: 120 }, context)).toEqual({ ok: true, data: { shell: 'printer.print' } });
    expect(printerCalls).toHaveBeenCalledWith('printer.print', { copies: 2, heightMm: 120 }, context);
  });

  it('answers NOT_IN_BROWSER in a host that lends no shell handlers', async () => {
    for (const method of SHELL_METHOD_NAMES) {
      expect(await plain.call(method, {}), method).toEqual({
        ok: false,
        error: { code: 'NOT_IN_BROWSER', message: 'Printing to a device needs the desktop app; use the browser print dialog' },
      });
    }
  });
});
