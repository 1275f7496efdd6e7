import { existsSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, session } from 'electron';
import type { ShellHandler } from './bridge/bridge.js';
import type { ShellMethodName } from './contract/index.js';
import { EVENT_CHANNEL, SHELL_METHOD_NAMES } from './contract/names.js';
import { CORE_BUNDLE_FILE, loadCoreBundle } from './core/load-core-bundle.js';
import { lazy } from './platform/lazy.js';
import { createLogger } from './platform/logger.js';
import { registerAppScheme, serveApp } from './shell/app-protocol.js';
import { electronStoreBackend } from './shell/electron-store-backend.js';
import { registerIpc } from './shell/ipc.js';
import type { PrintingDeps } from './shell/printing.js';
import { safeStorageSecretStore } from './shell/safe-storage-secret-store.js';
import { createAppUrlCheck, installAppSecurity, lockSession } from './shell/security.js';
import { createMainWindow, type MainWindowDeps } from './shell/window.js';

/**
 * V8 code caches on disk are code: V8 checks a cache only against its source's length, so
 * whoever can write the folder it is kept in chooses what the main process runs. A packaged app
 * runs only what its signed, integrity-checked package holds (electron-builder.yml's fuses), so it
 * keeps no cache; a source checkout (`npm start`) keeps them in its own data folder.
 */
const codeCacheDataDir = app.isPackaged ? null : app.getPath('userData');

// For ES modules (Node ≥ 22.1, so Electron 45's main process): later starts skip compiling got
// and the other ES packages loaded from here on. The core itself is CommonJS with a code cache
// of its own (loadCoreBundle). Feature-detected: Node 20 (where the tests and benches run) has
// no such call. Given a folder: by default Node uses one under the shared temporary directory.
if (codeCacheDataDir !== null) (module as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache?.(join(codeCacheDataDir, 'compile-cache'));

const CANNOT_START = 'Gift Voucher POS cannot start';

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
    rendererDir: fileURLToPath(new URL('../renderer/', import.meta.url)),
    devServerUrl,
  };

  // Loaded (and compiled, or taken from its code cache) while Electron readies: nothing else can run meanwhile.
  const dataDir = app.getPath('userData');
  let coreBundle: ReturnType<typeof loadCoreBundle>;
  try {
    coreBundle = loadCoreBundle(fileURLToPath(new URL(`./${CORE_BUNDLE_FILE}`, import.meta.url)), codeCacheDataDir);
  } catch (error) {
    // Allowed before ready; the install is damaged, so say so rather than show a stack.
    dialog.showErrorBox(CANNOT_START, `The app's files are damaged or incomplete (${(error as Error).message}). Install the app again; your data folder was not changed.`);
    app.quit();
    return;
  }
  const { createCore, createBridge, loadShellMethods } = coreBundle.exports;

  app.enableSandbox();
  // Registered before `ready` so no webContents is ever created unhardened.
  installAppSecurity(app);
  registerAppScheme(protocol);

  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  void app.whenReady().then(async () => {
    lockSession(session.defaultSession);
    serveApp(protocol, deps.rendererDir);
    const logger = createLogger((line) => process.stdout.write(`${line}\n`));
    let core;
    try {
      // The core is plain Node; Electron only lends it the keychain and the settings file.
      core = await createCore({
        dataDir,
        secretStore: safeStorageSecretStore,
        settingsBackend: electronStoreBackend(),
        logger,
        nativeBinding: electronSqliteBinding(),
      });
    } catch (error) {
      dialog.showErrorBox(CANNOT_START, (error as Error).message);
      app.quit();
      return;
    }
    const settings = core.settings;
    const bridge = createBridge(core, {
      version: app.getVersion(),
      logger,
      // Printing needs Electron, so the shell lends the bridge these handlers; the checks stay the bridge's.
      shellHandlers: lazyPrintingHandlers(loadShellMethods, {
        settings: () => {
          const s = settings.get();
          return { deviceName: s.printer.deviceName, silent: s.printer.silent, paperWidth: s.receipt.paperWidth, storeName: s.store.name };
        },
        signedIn: async () => {
          const session = await bridge.invoke('staff.session', {});
          return session.ok && (session.data as { signedIn: boolean }).signedIn;
        },
        receiptPrintOutcome: async (token, printed) => {
          try {
            const session = await bridge.invoke('staff.session', {});
            const who = session.ok ? (session.data as { signedIn: boolean; id?: string }) : null;
            core.sales.receiptPrintOutcome(token, printed, who?.signedIn ? (who.id ?? null) : null);
          } catch (error) {
            // The print's own answer still goes back; the copy stays counted (a reprint then needs approval).
            logger.log('error', 'receipt.print_outcome_failed', { printed, error });
          }
        },
      }),
    });
    registerIpc({ ipcMain, isAppUrl: createAppUrlCheck(deps), invoke: bridge.invoke });
    bridge.subscribe((name, payload) => {
      for (const window of BrowserWindow.getAllWindows()) window.webContents.send(EVENT_CHANNEL, name, payload);
    });
    app.on('before-quit', () => void core.close());
    createMainWindow(deps);
    // Once the start is over, so the cache holds what a start compiles (written only when the one found was not used).
    const persistCodeCache = () => {
      const { error } = coreBundle.persist();
      if (error) logger.log('warn', 'core.code-cache.not-written', { status: coreBundle.status, error: error.message });
    };
    void core.ready().then(persistCodeCache, persistCodeCache);
    // macOS keeps the app alive with no window; clicking the dock icon brings one back.
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow(deps);
    });
  });
}

/**
 * From a source checkout (`npm start`), better-sqlite3 for Electron's ABI is prepared in
 * out/native (node_modules keeps the Node build for tests). A packaged app has node_modules
 * rebuilt for Electron by electron-builder and needs no override.
 */
function electronSqliteBinding(): string | undefined {
  if (app.isPackaged) return undefined;
  const path = fileURLToPath(new URL('../native/better-sqlite3/build/Release/better_sqlite3.node', import.meta.url));
  return existsSync(path) ? path : undefined;
}

/**
 * The printing handlers, loaded on the first print call: their module and payload schemas are
 * built then, not before the window can open. Same methods, same checks.
 */
function lazyPrintingHandlers(loadShellMethods: () => Promise<PrintingDeps['shellMethods']>, deps: Omit<PrintingDeps, 'shellMethods'>): Record<ShellMethodName, ShellHandler> {
  const load = lazy(async () => (await import('./shell/printing.js')).printingHandlers({ ...deps, shellMethods: await loadShellMethods() }));
  return Object.fromEntries(
    SHELL_METHOD_NAMES.map((name): [ShellMethodName, ShellHandler] => [name, async (input, context) => (await load())[name](input, context)]),
  ) as Record<ShellMethodName, ShellHandler>;
}
