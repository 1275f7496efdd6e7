import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import type { BridgeResult } from '../contract/index.js';
import { CALL_CHANNEL } from '../contract/names.js';

export interface IpcDeps {
  ipcMain: Pick<IpcMain, 'handle'>;
  isAppUrl: (url: string | undefined) => boolean;
  /** The bridge: method, role and input checks for every method, the shell's printing ones included. */
  invoke: (method: string, payload: unknown, event: IpcMainInvokeEvent) => Promise<BridgeResult<unknown>>;
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

/** The one IPC choke point: sender check here, method, role and payload checks in the bridge. */
export function registerIpc(deps: IpcDeps): void {
  deps.ipcMain.handle(CALL_CHANNEL, async (event, method: unknown, payload: unknown): Promise<BridgeResult<unknown>> => {
    if (!isTrustedSender(event, deps.isAppUrl)) return { ok: false, error: { code: 'FORBIDDEN', message: 'Refused: unknown sender' } };
    if (typeof method !== 'string') return { ok: false, error: { code: 'UNKNOWN_METHOD', message: 'A method name is required' } };
    return deps.invoke(method, payload, event);
  });
}
