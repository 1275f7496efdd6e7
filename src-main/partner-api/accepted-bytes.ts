import { hash } from 'node:crypto';

/**
 * The version of what a products page and a brand entry are accepted as: the list envelope and
 * the brand schema in wire-schemas.ts, and brand-fast-read.ts, which must agree with it. Bump it
 * whenever either changes what it accepts or what it makes of an entry.
 *
 * A catalog keeps a hash of every page and brand's bytes it read and accepted, and a later sync
 * takes bytes that hash the same as already read, without reading them again. Those hashes carry
 * this version, so after an update that reads brands differently, the first sync reads every page
 * again instead of trusting what an older reader accepted. test/partner-api/accepted-bytes.test.ts
 * fails when the brand schema changes shape without a bump.
 */
export const BRAND_READER_VERSION = 1;

/** The hash kept of bytes the reader of BRAND_READER_VERSION accepted (a page's body, a brand's entry). */
export function acceptedBytesHash(bytes: Buffer): string {
  return `${BRAND_READER_VERSION}.${hash('sha1', bytes, 'base64url')}`;
}
