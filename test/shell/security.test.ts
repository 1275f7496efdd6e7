import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { App, IpcMainInvokeEvent, Session, WebContents } from 'electron';

const electron = vi.hoisted(() => ({ shell: { openExternal: vi.fn(async () => undefined) } }));
vi.mock('electron', () => electron);

const { buildCsp, createAppUrlCheck, installAppSecurity, lockSession, lockWebContents, openExternal } =
  await import('../../src-main/shell/security.js');
const { registerIpc } = await import('../../src-main/shell/ipc.js');

type Listener = (...args: unknown[]) => unknown;

function fakeWebContents() {
  const listeners = new Map<string, Listener>();
  let windowOpenHandler: Listener | undefined;
  const contents = {
    on: (name: string, listener: Listener) => listeners.set(name, listener),
    setWindowOpenHandler: (handler: Listener) => {
      windowOpenHandler = handler;
    },
  };
  return {
    contents: contents as unknown as WebContents,
    /** Emits as Electron does: one event object, which for will-frame-navigate carries the details. */
    emit(name: string, details: { url?: string; isMainFrame?: boolean } = {}) {
      const event = { preventDefault: vi.fn(), url: 'https://evil.example/', isMainFrame: true, ...details };
      listeners.get(name)?.(event, event.url);
      return event;
    },
    openWindow: (url: string) => windowOpenHandler?.({ url }),
  };
}

function fakeSession() {
  const handlers: Record<string, Listener> = {};
  const keep = (name: string) => (handler: Listener) => {
    handlers[name] = handler;
  };
  const session = {
    setPermissionRequestHandler: keep('request'),
    setPermissionCheckHandler: keep('check'),
    setDevicePermissionHandler: keep('device'),
  };
  return { session: session as unknown as Session, handlers };
}

describe('webContents lockdown', () => {
  it('prevents navigation, redirects and webview attachment', () => {
    const wc = fakeWebContents();
    lockWebContents(wc.contents);
    expect(wc.emit('will-navigate').preventDefault).toHaveBeenCalled();
    expect(wc.emit('will-redirect').preventDefault).toHaveBeenCalled();
    expect(wc.emit('will-attach-webview').preventDefault).toHaveBeenCalled();
  });

  it('prevents any frame inside the app from navigating', () => {
    const wc = fakeWebContents();
    lockWebContents(wc.contents);
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://renderer/index.html', 'javascript:alert(1)', 'data:text/html,<script>x</script>', 'about:blank#x']) {
      expect(wc.emit('will-frame-navigate', { url, isMainFrame: false }).preventDefault, url).toHaveBeenCalled();
    }
    expect(wc.emit('will-frame-navigate', { url: 'https://evil.example/', isMainFrame: true }).preventDefault).toHaveBeenCalled();
  });

  it('lets react-to-print’s print frame load its inert srcdoc document (not a navigation to anything)', () => {
    const wc = fakeWebContents();
    lockWebContents(wc.contents);
    for (const url of ['about:srcdoc', 'about:blank']) {
      expect(wc.emit('will-frame-navigate', { url, isMainFrame: false }).preventDefault, url).not.toHaveBeenCalled();
    }
    // The same URLs are no way out for the main frame.
    expect(wc.emit('will-frame-navigate', { url: 'about:blank', isMainFrame: true }).preventDefault).toHaveBeenCalled();
  });

  it('denies window.open', () => {
    const wc = fakeWebContents();
    lockWebContents(wc.contents);
    expect(wc.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
  });

  it('hardens every webContents the app creates', () => {
    let onCreated: Listener | undefined;
    const app = { on: (name: string, l: Listener) => name === 'web-contents-created' && (onCreated = l) };
    installAppSecurity(app as unknown as App);

    const wc = fakeWebContents();
    onCreated?.({}, wc.contents);
    expect(wc.emit('will-navigate').preventDefault).toHaveBeenCalled();
    expect(wc.openWindow('https://evil.example/')).toEqual({ action: 'deny' });
  });
});

describe('session lockdown', () => {
  it('refuses every permission request and check', () => {
    const { session, handlers } = fakeSession();
    lockSession(session);

    const callback = vi.fn();
    handlers['request']?.({}, 'media', callback, {});
    expect(callback).toHaveBeenCalledWith(false);
    expect(handlers['check']?.({}, 'geolocation', 'file://', {})).toBe(false);
    expect(handlers['device']?.({ deviceType: 'hid' })).toBe(false);
  });

  it('leaves the CSP to the app:// responses, where it is a header on every one (app-protocol.test.ts)', () => {
    const { session, handlers } = fakeSession();
    lockSession(session);
    expect(Object.keys(handlers).sort()).toEqual(['check', 'device', 'request']);
  });
});

describe('CSP', () => {
  const directives = (csp: string) =>
    new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));

  it('never allows eval or inline script, and keeps images local', () => {
    const csp = buildCsp();
    expect(csp).not.toContain('unsafe-eval');
    expect(directives(csp).get('script-src')).toEqual(["'self'"]);
    expect(directives(csp).get('img-src')).toEqual(["'self'", 'data:']);
    expect(directives(csp).get('object-src')).toEqual(["'none'"]);
    expect(directives(csp).get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('takes extra image hosts without loosening anything else', () => {
    const csp = directives(buildCsp({ imgHosts: ['https://cdn.example.com'] }));
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https://cdn.example.com']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it('matches the meta tag in index.html, except what a meta tag cannot carry', () => {
    const html = readFileSync(new URL('../../src-renderer/index.html', import.meta.url), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1];
    expect(meta).toBeDefined();
    const expected = directives(buildCsp());
    expected.delete('frame-ancestors');
    expect(directives(meta ?? '')).toEqual(expected);
  });
});

describe('openExternal', () => {
  const allowed = ['partner.example.com'];
  beforeEach(() => electron.shell.openExternal.mockClear());

  it.each([
    'http://partner.example.com/help',
    'https://evil.example.com/',
    'https://partner.example.com.evil.example/',
    'https://user:pw@partner.example.com/',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'not a url',
  ])('refuses %s', async (url) => {
    expect(await openExternal(url, allowed)).toBe(false);
    expect(electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it('opens an https URL on a listed host', async () => {
    expect(await openExternal('https://partner.example.com/help?x=1', allowed)).toBe(true);
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://partner.example.com/help?x=1');
  });
});

describe('IPC sender check', () => {
  const app = 'app://renderer/index.html';

  const bridgeCalls = vi.fn();
  let handler: Listener | undefined;
  function register(devServerUrl?: string) {
    bridgeCalls.mockClear();
    registerIpc({
      ipcMain: { handle: (_channel: string, h: Listener) => (handler = h) } as never,
      isAppUrl: createAppUrlCheck({ devServerUrl }),
      invoke: async (method: string, _payload: unknown, event: IpcMainInvokeEvent) => {
        bridgeCalls(method, event);
        return { ok: true, data: { method } };
      },
    });
    return (url: string, parent: object | null = null, method: unknown = 'app.info') =>
      handler?.({ senderFrame: { url, parent } } as unknown as IpcMainInvokeEvent, method, {});
  }
  /** A call from an event shaped as Electron gives it for a frame that is gone. */
  const callFrom = (event: object, method = 'app.info') => handler?.(event as IpcMainInvokeEvent, method, {});

  it('passes the app’s own renderer through to the bridge', async () => {
    const invoke = register();
    expect(await invoke('app://renderer/index.html#/sell')).toEqual({ ok: true, data: { method: 'app.info' } });
    expect(await invoke(app)).toEqual({ ok: true, data: { method: 'app.info' } });
  });

  it('answers the dev server when one is configured', async () => {
    expect(await register('http://localhost:5173/')('http://localhost:5173/index.html')).toMatchObject({ ok: true });
  });

  it('refuses a call without a method name', async () => {
    expect(await register()(app, null, 42)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
  });

  it.each([
    'https://evil.example/',
    'file:///tmp/evil.html',
    'http://localhost:5173/',
    'about:blank',
    '',
  ])('refuses a frame at %j, and nothing runs', async (url) => {
    const invoke = register();
    expect(await invoke(url)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await invoke(url, null, 'printer.list')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(bridgeCalls).not.toHaveBeenCalled();
  });

  it('refuses a window whose frame is gone (navigated away or destroyed), as a value, and nothing runs', async () => {
    register();
    // Electron: senderFrame is null once the frame has navigated or been destroyed…
    expect(await callFrom({ senderFrame: null })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    // …and a disposed WebFrameMain throws on access. The renderer still gets an answer, not a thrown error.
    const disposed = {
      get url(): string {
        throw new Error('Render frame was disposed before WebFrameMain could be accessed');
      },
      parent: null,
    };
    expect(await callFrom({ senderFrame: disposed })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await callFrom({})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(bridgeCalls).not.toHaveBeenCalled();
  });

  it('hands the bridge every trusted call with its IPC event (the shell printing handlers print that window)', async () => {
    const invoke = register();
    expect(await invoke(app, null, 'printer.list')).toEqual({ ok: true, data: { method: 'printer.list' } });
    expect(await invoke(app, null, 'constructor')).toEqual({ ok: true, data: { method: 'constructor' } });
    expect(bridgeCalls.mock.calls.map(([method, event]) => [method, (event as { senderFrame: { url: string } }).senderFrame.url])).toEqual([
      ['printer.list', app],
      ['constructor', app],
    ]);
  });

  it('refuses a sub-frame even at the app URL, and one inside a foreign page', async () => {
    const invoke = register();
    expect(await invoke(app, { url: app, parent: null })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await invoke(app, { url: 'https://evil.example/', parent: null }, 'printer.list')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(bridgeCalls).not.toHaveBeenCalled();
  });

  it('refuses the renderer as a file (the app is never loaded from file://), another app:// host, and look-alike paths', async () => {
    const invoke = register();
    for (const url of [
      'file:///app/out/renderer/index.html',
      'app://evil/index.html',
      'app://renderer.evil/index.html',
      'app://renderer/other.html',
      'app://renderer/index.html.evil.html',
      'app://renderer/index.html?x=1',
      'app://renderer:8080/index.html',
      'app://renderer/assets/index.html',
      'https://renderer/index.html',
    ]) {
      expect(await invoke(url), url).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    expect(bridgeCalls).not.toHaveBeenCalled();
  });
});
