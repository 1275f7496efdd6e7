import type { Protocol } from 'electron';
import { lookupStatic } from '../browser-host/static-files.js';
import { buildCsp } from '../platform/csp.js';

/**
 * The built renderer is served from `app://renderer/`, not `file://`: a file page may read
 * any other file URL, while this origin holds out/renderer and nothing else, and every
 * response carries the CSP as a header (Electron's security checklist, "avoid file://").
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'renderer';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Must run before `ready`. Standard: an origin of its own, so 'self' and relative URLs work
 * as on the web. Secure: a secure context, like https. supportFetchAPI: the page may fetch()
 * its own files, as over http. codeCache: V8 may cache the scripts it compiles, as it does for
 * http. No corsEnabled or bypassCSP: no other origin may read it, and the CSP always applies.
 */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } },
  ]);
}

/** Answers one app:// request from the files under `rendererDir`; anything outside it is refused. */
export function createAppRequestHandler(rendererDir: string, csp: string = buildCsp()): (request: Request) => Promise<Response> {
  const refuse = (status: number) => new Response(null, { status, headers: { 'Content-Security-Policy': csp } });
  return async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return refuse(404);
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405);
    const found = await lookupStatic(rendererDir, url.pathname);
    if (found.kind === 'forbidden') return refuse(403);
    if (found.kind === 'not-found') return refuse(404);
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(found.body), {
      status: 200,
      headers: {
        'Content-Type': found.contentType,
        'Content-Security-Policy': csp,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };
}

/** After `ready`: the default session answers app:// from the built renderer. */
export function serveApp(protocol: Pick<Protocol, 'handle'>, rendererDir: string, csp: string = buildCsp()): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(rendererDir, csp));
}
