import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';

const electron = vi.hoisted(() => {
  class FakeBrowserWindow {
    static created: FakeBrowserWindow[] = [];
    readyToShow: (() => void) | undefined;
    show = vi.fn();
    loadFile = vi.fn(async () => undefined);
    loadURL = vi.fn(async () => undefined);
    constructor(readonly options: BrowserWindowConstructorOptions) {
      FakeBrowserWindow.created.push(this);
    }
    once(name: string, listener: () => void) {
      if (name === 'ready-to-show') this.readyToShow = listener;
      return this;
    }
  }
  return { BrowserWindow: FakeBrowserWindow };
});
vi.mock('electron', () => electron);

const { createMainWindow } = await import('../../src-main/shell/window.js');

const deps = {
  preloadPath: '/app/out/preload/index.cjs',
  rendererDir: '/app/out/renderer',
};
const lastWindow = () => electron.BrowserWindow.created.at(-1)!;

describe('createMainWindow', () => {
  beforeEach(() => {
    electron.BrowserWindow.created = [];
  });

  it('isolates and sandboxes the renderer: no Node, no webview tag, no insecure content', () => {
    createMainWindow(deps);
    // Exactly these keys: nodeIntegrationInSubFrames, experimentalFeatures and the like stay at their safe defaults.
    expect(lastWindow().options.webPreferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      allowRunningInsecureContent: false,
      preload: '/app/out/preload/index.cjs',
    });
  });

  it('loads the built renderer from app://, never from a file', () => {
    createMainWindow(deps);
    expect(lastWindow().loadURL).toHaveBeenCalledWith('app://renderer/index.html');
    expect(lastWindow().loadFile).not.toHaveBeenCalled();
  });

  it('loads the dev server when given one', () => {
    createMainWindow({ ...deps, devServerUrl: 'http://localhost:5173/' });
    expect(lastWindow().loadURL).toHaveBeenCalledWith('http://localhost:5173/');
    expect(lastWindow().loadFile).not.toHaveBeenCalled();
  });

  it('stays hidden until ready-to-show', () => {
    createMainWindow(deps);
    const window = lastWindow();
    expect(window.options.show).toBe(false);
    expect(window.show).not.toHaveBeenCalled();
    window.readyToShow?.();
    expect(window.show).toHaveBeenCalledOnce();
  });
});
