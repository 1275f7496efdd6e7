import { BrowserWindow } from 'electron';
import { APP_ENTRY_URL } from './app-protocol.js';
import type { AppLocation } from './security.js';

export interface MainWindowDeps extends AppLocation {
  /** Absolute path of the built preload (out/preload/index.cjs). */
  preloadPath: string;
}

export function createMainWindow(deps: MainWindowDeps): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    title: 'Gift Voucher POS',
    // Stay hidden until the first paint so the counter never sees a white flash.
    show: false,
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      // Electron's defaults today; written out so a future default cannot loosen them unnoticed.
      webviewTag: false,
      allowRunningInsecureContent: false,
      preload: deps.preloadPath,
    },
  });

  window.once('ready-to-show', () => window.show());

  // The built renderer comes from app:// (serveApp), never from file://.
  void window.loadURL(deps.devServerUrl ?? APP_ENTRY_URL);
  return window;
}
