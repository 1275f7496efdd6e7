import type { BrandListPage } from './types.js';

/**
 * The next cursor a products page's bytes name, read off their two ends before the page is split
 * or parsed (spec §4.2: `{data: Brand[], nextCursor: {pageNo, limit}}`), so a catalog sync can
 * ask for the next page while this one is still being read. A reading, not the answer: the
 * page's validated envelope stays the authority and the sync drops what it asked for on a
 * reading the envelope contradicts.
 *
 * Read only from a body that plainly has that shape: it opens with a `data` list whose first
 * entry is an object (so the page is not empty: an empty page ends the list whatever its cursor
 * says) and closes with `, "nextCursor": {"pageNo": n, "limit": n}}`, integers only. In valid
 * JSON that tail is the page's own last member, the one JSON.parse keeps: a quote that follows a
 * comma and spaces cannot be escaped, so it opens the name `nextCursor` (were the comma inside a
 * string, that quote would close the string and the name could not follow it), and the value is
 * closed by the body's last brace. Any other body (another member order, numbers as text, `null`,
 * a member after the cursor) reads nothing and is read as before, from its envelope. One body
 * reads wrongly: a page that repeats `data` (in any spelling, `d\u0061ta` too) with a last value
 * that is no non-empty list (JSON.parse keeps the last); its reading costs one request, dropped
 * when the envelope ends the list or refuses the page.
 */
export type PeekedCursor = NonNullable<BrandListPage['nextCursor']>;

/** Bytes looked at from each end: a cursor of two integers fits many times over. */
const HEAD_BYTES = 32;
const TAIL_BYTES = 96;

/** JSON's whitespace (`\s` would also take bytes that are text, such as 0xA0 read as latin1). */
const WS = '[ \\t\\n\\r]*';
const HEAD = new RegExp(`^${WS}\\{${WS}"data"${WS}:${WS}\\[${WS}\\{`);
const TAIL = new RegExp(`,${WS}"nextCursor"${WS}:${WS}\\{${WS}"pageNo"${WS}:${WS}(\\d{1,9})${WS},${WS}"limit"${WS}:${WS}(\\d{1,9})${WS}\\}${WS}\\}${WS}$`);

export function peekNextCursor(body: Buffer): PeekedCursor | null {
  if (!HEAD.test(body.toString('latin1', 0, Math.min(body.length, HEAD_BYTES)))) return null;
  const tail = TAIL.exec(body.toString('latin1', Math.max(0, body.length - TAIL_BYTES)));
  if (!tail) return null;
  return { pageNo: Number(tail[1]), limit: Number(tail[2]) };
}
