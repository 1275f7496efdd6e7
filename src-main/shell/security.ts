import { pathToFileURL } from 'node:url';
import { shell, type App, type Session, type WebContents } from 'electron';
import { buildCsp } from '../platform/csp.js';

// The policy itself is plain data shared with the browser host, which cannot import electron.
export { buildCsp, type CspOptions } from '../platform/csp.js';

export interface AppLocation {
  /** Absolute path of the built renderer's index.html. */
  rendererFile: string;
  /** Vite dev server URL; only ever set for unpackaged builds. */
  devServerUrl?: string | undefined;
}

/** True when a URL is our own renderer document: the built file, or the dev server's origin. */
export function createAppUrlCheck(location: AppLocation): (url: string | undefined) => boolean {
  const rendererPath = pathToFileURL(location.rendererFile).pathname;
  const devOrigin = location.devServerUrl ? new URL(location.devServerUrl).origin : undefined;
  return (url) => {
    if (!url) return false;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.protocol === 'file:') return parsed.pathname === rendererPath;
    return devOrigin !== undefined && parsed.origin === devOrigin;
  };
}

/**
 * The renderer never navigates, opens windows or embeds webviews: everything it shows is
 * rendered in place by React, and links leave through `openExternal` in main. Our own
 * document (a file, or the dev server) is never redirected, so any redirect is someone
 * else's page trying to take the window.
 */
export function lockWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Covers every webContents, including ones we did not create ourselves. */
export function installAppSecurity(app: App): void {
  app.on('web-contents-created', (_event, contents) => lockWebContents(contents));
}

export function lockSession(session: Session, csp: string = buildCsp()): void {
  // A POS has no use for camera, geolocation, notifications, clipboard-read, HID, …
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);

  // The <meta> CSP in index.html is what protects file:// pages on every Electron version;
  // the header repeats it (plus frame-ancestors, which a meta tag cannot carry).
  // The dev server's pages are left to the (relaxed) meta tag so that HMR keeps working.
  session.webRequest.onHeadersReceived((details, callback) => {
    const isDocument = details.resourceType === 'mainFrame' || details.resourceType === 'subFrame';
    if (!isDocument || !details.url.startsWith('file:')) return callback({});
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] },
    });
  });
}

/**
 * The one way out of the app to a browser. Only https, only hosts the caller lists —
 * so a crafted link in partner data cannot launch `file:`, `smb:` or custom-scheme handlers.
 */
export async function openExternal(url: string, allowedHosts: readonly string[]): Promise<boolean> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username || parsed.password) return false;
  if (!allowedHosts.includes(parsed.hostname.toLowerCase())) return false;
  await shell.openExternal(parsed.href);
  return true;
}
