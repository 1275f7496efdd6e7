import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, ipcMain, session } from 'electron';
import { registerIpc } from './shell/ipc.js';
import { createAppUrlCheck, installAppSecurity, lockSession } from './shell/security.js';
import { createMainWindow, type MainWindowDeps } from './shell/window.js';

// Two instances would race on one order journal; the second one just focuses the first.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  start();
}

function start(): void {
  // An environment variable must never point a shipped app at a remote page.
  const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
  const deps: MainWindowDeps = {
    preloadPath: fileURLToPath(new URL('../preload/index.cjs', import.meta.url)),
    rendererFile: fileURLToPath(new URL('../renderer/index.html', import.meta.url)),
    devServerUrl,
  };

  app.enableSandbox();
  // Registered before `ready` so no webContents is ever created unhardened.
  installAppSecurity(app);

  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  void app.whenReady().then(() => {
    lockSession(session.defaultSession);
    registerIpc({
      ipcMain,
      isAppUrl: createAppUrlCheck(deps),
      appInfo: () => ({ name: app.getName(), version: app.getVersion() }),
    });
    createMainWindow(deps);
    // macOS keeps the app alive with no window; clicking the dock icon brings one back.
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow(deps);
    });
  });
}
