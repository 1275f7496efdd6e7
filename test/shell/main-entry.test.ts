import { describe, expect, it, vi } from 'vitest';

/** src-main/index.ts with Electron faked: what it sets up before `ready`, and what after. */
const fake = vi.hoisted(() => {
  let ready!: () => void;
  const whenReady = new Promise<void>((resolve) => (ready = resolve));
  const calls: string[] = [];
  const record = (name: string) => vi.fn(() => void calls.push(name));
  return {
    calls,
    /** The data folder each loadCoreBundle call was given for its code cache (null: none). */
    cacheDirs: [] as (string | null)[],
    /** Set to make loadCoreBundle throw, as a damaged install does. */
    loadError: null as Error | null,
    ready: () => ready(),
    electron: {
      app: {
        requestSingleInstanceLock: () => true,
        enableSandbox: record('app.enableSandbox'),
        on: vi.fn((name: string) => void calls.push(`app.on(${name})`)),
        whenReady: () => whenReady,
        isPackaged: false,
        getPath: () => '/tmp/user-data',
        getVersion: () => '0.0.0',
        quit: record('app.quit'),
      },
      protocol: {
        registerSchemesAsPrivileged: vi.fn(() => void calls.push('protocol.registerSchemesAsPrivileged')),
        handle: vi.fn(() => void calls.push('protocol.handle')),
      },
      session: {
        defaultSession: {
          setPermissionRequestHandler: record('session.setPermissionRequestHandler'),
          setPermissionCheckHandler: vi.fn(),
          setDevicePermissionHandler: vi.fn(),
        },
      },
      dialog: { showErrorBox: record('dialog.showErrorBox') },
      BrowserWindow: { getAllWindows: () => [] },
      ipcMain: { handle: vi.fn() },
      safeStorage: {},
      shell: {},
    },
  };
});
vi.mock('electron', () => fake.electron);
vi.mock('electron-store', () => ({ default: class {} }));
// The core is not what is under test here: it refuses to start, so no window is opened.
// (A build loads it from out/main/core.cjs; a test has no build.)
vi.mock('../../src-main/core/load-core-bundle.js', () => ({
  CORE_BUNDLE_FILE: 'core.cjs',
  loadCoreBundle: vi.fn((_bundle: string, dataDir: string | null) => {
    fake.calls.push('loadCoreBundle');
    fake.cacheDirs.push(dataDir);
    if (fake.loadError) throw fake.loadError;
    return {
      status: 'missing',
      persist: () => ({ written: false }),
      exports: { createCore: vi.fn(async () => Promise.reject(new Error('no core in this test'))), createBridge: vi.fn(), loadShellMethods: vi.fn() },
    };
  }),
}));

describe('the Electron entry', () => {
  it('registers app:// as privileged before ready, and serves it once ready, before the core starts', async () => {
    await import('../../src-main/index.js');
    expect(fake.calls).toContain('protocol.registerSchemesAsPrivileged');
    expect(fake.calls).not.toContain('protocol.handle');
    // The core's code is loaded (and compiled) before ready, while Electron readies.
    expect(fake.calls).toContain('loadCoreBundle');
    expect(fake.electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }),
    ]);

    fake.ready();
    await vi.waitFor(() => expect(fake.calls).toContain('dialog.showErrorBox'));
    expect(fake.electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    // Served before anything could ask for it: the session is locked and app:// answered before the core starts.
    expect(fake.calls.indexOf('protocol.handle')).toBeLessThan(fake.calls.indexOf('dialog.showErrorBox'));
    expect(fake.calls.indexOf('session.setPermissionRequestHandler')).toBeLessThan(fake.calls.indexOf('protocol.handle'));
  });

  it('keeps the code caches in the data folder from a source checkout, and none in a packaged app (its code must come from its signed package)', async () => {
    expect(fake.cacheDirs).toEqual(['/tmp/user-data']);
    fake.electron.app.isPackaged = true;
    vi.resetModules();
    await import('../../src-main/index.js');
    expect(fake.cacheDirs).toEqual(['/tmp/user-data', null]);
    fake.electron.app.isPackaged = false;
  });

  it('a core bundle that cannot load: says the install is damaged and quits, before ready', async () => {
    fake.loadError = new Error('core.cjs is not the core bundle');
    fake.calls.length = 0;
    vi.resetModules();
    await import('../../src-main/index.js');
    expect(fake.calls).toEqual(expect.arrayContaining(['loadCoreBundle', 'dialog.showErrorBox', 'app.quit']));
    expect(fake.electron.dialog.showErrorBox).toHaveBeenLastCalledWith('Gift Voucher POS cannot start', expect.stringContaining('core.cjs is not the core bundle'));
    expect(fake.calls).not.toContain('app.enableSandbox');
    fake.loadError = null;
  });
});
