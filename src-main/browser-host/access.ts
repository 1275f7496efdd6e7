import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * Who may talk to the browser host. Three locks, each for a different attacker:
 *
 * - the per-launch token (only in the launch URL printed to the terminal) becomes an HttpOnly,
 *   SameSite=Strict cookie: another local user or a page on another site cannot guess it, and
 *   the page's own scripts cannot read it;
 * - `Host` must be our own `127.0.0.1:<port>`: a DNS-rebinding page (evil.example resolving to
 *   127.0.0.1) sends its own host name, so it is refused even before the cookie matters;
 * - `Origin`, when a browser sends one, must be ours: a cross-site fetch or form is refused.
 */
export interface Access {
  readonly token: string;
  readonly cookieName: string;
  /** `Set-Cookie` value that hands the token to the browser. */
  cookie(): string;
  tokenMatches(candidate: string | null | undefined): boolean;
  hasCookie(req: IncomingMessage): boolean;
  /** null when Host and Origin are ours; otherwise why the request is refused (for the log). */
  foreignReason(req: IncomingMessage): string | null;
}

export function createAccess(origin: string): Access {
  const own = new URL(origin);
  const token = randomBytes(32).toString('base64url');
  // Cookies are shared between ports of one host name, so the port is part of the name: two
  // hosts (or a host and a test's host) open in one browser never overwrite each other's token.
  const cookieName = `pos_host_${own.port}`;
  const expected = Buffer.from(token);

  const tokenMatches = (candidate: string | null | undefined): boolean => {
    if (!candidate) return false;
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  return {
    token,
    cookieName,
    cookie: () => `${cookieName}=${token}; Path=/; HttpOnly; SameSite=Strict`,
    tokenMatches,
    hasCookie(req) {
      return tokenMatches(readCookie(req.headers.cookie, cookieName));
    },
    foreignReason(req) {
      if (req.headers.host !== own.host) return 'host';
      const from = req.headers.origin;
      if (from !== undefined && from !== own.origin) return 'origin';
      return null;
    },
  };
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
