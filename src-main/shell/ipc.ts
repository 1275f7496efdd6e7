import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import { CALL_CHANNEL, type SHELL_METHOD_NAMES } from '../bridge/method-names.js';

/** What main answers; the bridge's own result type, kept structural so this file needs no core import. */
export type CallResult = { ok: true; data: unknown } | { ok: false; error: { code: string; message: string; action?: string } };

/** A method only the shell can answer (printing); it gets the sender so it can print that window. */
export type ShellHandler = (payload: unknown, event: IpcMainInvokeEvent) => Promise<CallResult>;

export interface IpcDeps {
  ipcMain: Pick<IpcMain, 'handle'>;
  isAppUrl: (url: string | undefined) => boolean;
  invoke: (method: string, payload: unknown) => Promise<CallResult>;
  /** Shell-only methods (SHELL_METHOD_NAMES), checked by the same sender test as every other call. */
  shellHandlers?: Readonly<Record<string, ShellHandler>>;
}

/**
 * The role each shell-only method needs, as contract.ts gives one to every core method:
 * printing the sale on screen is the cashier's; listing printers and test slips are the
 * manager's Settings. Checked here, against the session the bridge holds in main.
 */
export const SHELL_METHOD_ROLES: Readonly<Record<(typeof SHELL_METHOD_NAMES)[number], 'cashier' | 'manager'>> = {
  'printer.print': 'cashier',
  'printer.savePdf': 'cashier',
  'printer.list': 'manager',
  'printer.testPrint': 'manager',
};

async function shellRoleRefusal(method: string, invoke: IpcDeps['invoke']): Promise<CallResult | null> {
  // A shell method missing from the table is treated as the manager's: new ones start closed.
  const role = Object.hasOwn(SHELL_METHOD_ROLES, method) ? SHELL_METHOD_ROLES[method as keyof typeof SHELL_METHOD_ROLES] : 'manager';
  const session = await invoke('staff.session', {});
  const who = session.ok ? (session.data as { signedIn?: unknown; role?: unknown }) : {};
  if (who.signedIn !== true) return { ok: false, error: { code: 'UNAUTHENTICATED', message: 'Sign in with your PIN first' } };
  if (role === 'manager' && who.role !== 'manager') return { ok: false, error: { code: 'FORBIDDEN', message: 'Only a manager can do this' } };
  return null;
}

/**
 * Only our own top-level renderer may call main. An iframe or a page that got navigated
 * elsewhere (both already blocked) would still be refused here.
 */
export function isTrustedSender(event: IpcMainInvokeEvent, isAppUrl: IpcDeps['isAppUrl']): boolean {
  try {
    // null once the frame navigated away or was destroyed; a disposed frame throws on access.
    const frame = event.senderFrame;
    if (!frame || frame.parent !== null) return false;
    return isAppUrl(frame.url);
  } catch {
    return false;
  }
}

/** The one IPC choke point: sender check here, method and payload checks in the bridge (or the shell handler). */
export function registerIpc(deps: IpcDeps): void {
  const shellHandlers = deps.shellHandlers ?? {};
  deps.ipcMain.handle(CALL_CHANNEL, async (event, method: unknown, payload: unknown): Promise<CallResult> => {
    if (!isTrustedSender(event, deps.isAppUrl)) return { ok: false, error: { code: 'FORBIDDEN', message: 'Refused: unknown sender' } };
    if (typeof method !== 'string') return { ok: false, error: { code: 'UNKNOWN_METHOD', message: 'A method name is required' } };
    // Own keys only: a method named "constructor" or "__proto__" must not reach Object.prototype.
    const shellHandler = Object.hasOwn(shellHandlers, method) ? shellHandlers[method] : undefined;
    if (shellHandler) return (await shellRoleRefusal(method, deps.invoke)) ?? shellHandler(payload, event);
    return deps.invoke(method, payload);
  });
}
