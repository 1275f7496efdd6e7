import type { IpcMain, IpcMainInvokeEvent } from 'electron';

export interface AppInfo {
  name: string;
  version: string;
}

export interface IpcDeps {
  ipcMain: Pick<IpcMain, 'handle'>;
  isAppUrl: (url: string | undefined) => boolean;
  appInfo: () => AppInfo;
}

/**
 * Only our own top-level renderer may call main. An iframe or a page that got navigated
 * elsewhere (both already blocked) would still be refused here.
 */
export function isTrustedSender(event: IpcMainInvokeEvent, isAppUrl: IpcDeps['isAppUrl']): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isAppUrl(frame.url);
}

export function registerIpc(deps: IpcDeps): void {
  deps.ipcMain.handle('app:info', (event): AppInfo => {
    if (!isTrustedSender(event, deps.isAppUrl)) throw new Error('app:info refused: unknown sender');
    return deps.appInfo();
  });
}
