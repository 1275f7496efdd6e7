import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';

/** Content types of what Vite emits into out/renderer (and a few it could). */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export const contentTypeOf = (path: string): string => TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

export type StaticLookup =
  | { kind: 'file'; path: string; body: Buffer; contentType: string }
  | { kind: 'forbidden' }
  | { kind: 'not-found' };

/**
 * Maps a URL path to a file under `root`, refusing anything that would leave it. The URL
 * parser already folds `..` and `%2e%2e` segments away; what is left to catch are encoded
 * separators (`..%2f`), backslashes, NUL bytes and symlinks pointing out, so the final check
 * is on the resolved real path, not on the text.
 */
export async function lookupStatic(root: string, urlPath: string): Promise<StaticLookup> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'forbidden' };
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return { kind: 'forbidden' };
  const relative = decoded === '/' ? '/index.html' : decoded;
  const rootReal = await realpath(root);
  const candidate = resolve(rootReal, `.${relative}`);
  if (!candidate.startsWith(rootReal + sep)) return { kind: 'forbidden' };
  let real: string;
  try {
    real = await realpath(candidate);
    if (!(await stat(real)).isFile()) return { kind: 'not-found' };
  } catch {
    return { kind: 'not-found' };
  }
  if (!real.startsWith(rootReal + sep)) return { kind: 'forbidden' };
  return { kind: 'file', path: real, body: await readFile(real), contentType: contentTypeOf(real) };
}

/**
 * index.html carries a <meta> copy of the CSP for file:// pages. A page obeys every policy it
 * is given, so the meta copy would veto what the header adds (the sandbox's logo origin);
 * the host therefore writes its own header policy into the meta tag too, and the two agree.
 */
export function withMetaCsp(html: string, csp: string): string {
  // frame-ancestors is ignored (and warned about) in a meta tag.
  const metaPolicy = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ');
  return html.replace(/(<meta\s+http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/i, `$1${metaPolicy}$2`);
}
