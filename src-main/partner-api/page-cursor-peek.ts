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
 * says) and closes with a `nextCursor` object of two integers as its last member. A value
 * inside a string cannot end the body there, since the body's last `}` closes the page itself.
 * Any other body (other key order, whitespace beyond a little, numbers as text, `null`) gives
 * null and is read as before, from its envelope.
 */
export type PeekedCursor = NonNullable<BrandListPage['nextCursor']>;

/** Bytes looked at from each end: a cursor of two integers fits many times over. */
const HEAD_BYTES = 32;
const TAIL_BYTES = 96;

const HEAD = /^\s*\{\s*"data"\s*:\s*\[\s*\{/;
const TAIL = /"nextCursor"\s*:\s*\{\s*"pageNo"\s*:\s*(\d{1,9})\s*,\s*"limit"\s*:\s*(\d{1,9})\s*\}\s*\}\s*$/;

export function peekNextCursor(body: Buffer): PeekedCursor | null {
  if (!HEAD.test(body.toString('latin1', 0, Math.min(body.length, HEAD_BYTES)))) return null;
  const tail = TAIL.exec(body.toString('latin1', Math.max(0, body.length - TAIL_BYTES)));
  if (!tail) return null;
  return { pageNo: Number(tail[1]), limit: Number(tail[2]) };
}
