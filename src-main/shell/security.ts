import { shell, type App, type Session, type WebContents } from 'electron';
import { APP_ENTRY_URL } from './app-protocol.js';

// The policy itself is plain data shared with the browser host, which cannot import electron.
export { buildCsp, type CspOptions } from '../platform/csp.js';

export interface AppLocation {
  /** Absolute path of the built renderer (out/renderer), served as app://renderer/. */
  rendererDir: string;
  /** Vite dev server URL; only ever set for unpackaged builds. */
  devServerUrl?: string | undefined;
}

/** True when a URL is our own renderer document: app://renderer/index.html, or the dev server's origin. */
export function createAppUrlCheck(location: Pick<AppLocation, 'devServerUrl'>): (url: string | undefined) => boolean {
  const devOrigin = location.devServerUrl ? new URL(location.devServerUrl).origin : undefined;
  return (url) => {
    if (!url) return false;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    // The screens are hash routes of the one document.
    parsed.hash = '';
    if (parsed.href === APP_ENTRY_URL) return true;
    return devOrigin !== undefined && parsed.origin === devOrigin;
  };
}

/**
 * What a sub-frame may load: react-to-print's print frame is an about:srcdoc iframe (the
 * receipt is cloned into it), which starts out as about:blank. Neither fetches anything.
 */
const INERT_FRAME_URLS: ReadonlySet<string> = new Set(['about:blank', 'about:srcdoc']);

/**
 * The renderer never navigates, opens windows or embeds webviews: everything it shows is
 * rendered in place by React, and links leave through `openExternal` in main. Our own
 * document (app://, or the dev server) is never redirected, so any redirect is someone
 * else's page trying to take the window. No frame inside it navigates either, except to
 * an inert document (INERT_FRAME_URLS).
 */
export function lockWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame || !INERT_FRAME_URLS.has(event.url)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

/** Covers every webContents, including ones we did not create ourselves. */
export function installAppSecurity(app: App): void {
  app.on('web-contents-created', (_event, contents) => lockWebContents(contents));
}

/** The CSP is not set here: app:// responses carry it (app-protocol.ts). */
export function lockSession(session: Session): void {
  // A POS has no use for camera, geolocation, notifications, clipboard-read, HID, …
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
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
