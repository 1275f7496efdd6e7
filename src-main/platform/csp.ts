/**
 * The app's Content-Security-Policy, in one place. It lives outside `shell/` because two
 * hosts send it: the Electron shell (as a header on every app:// response) and the browser
 * host (on every HTTP response) — and the browser host must not import `electron`.
 */
export interface CspOptions {
  /** Extra origins allowed for images, e.g. the partner service (or sandbox) that serves brand logos. */
  imgHosts?: readonly string[];
}

export function buildCsp(options: CspOptions = {}): string {
  const img = ["'self'", 'data:', ...(options.imgHosts ?? [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${img.join(' ')}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'none'",
  ].join('; ');
}
