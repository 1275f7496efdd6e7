import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Spec §5.3: X-Verify = Base64(HMAC-SHA256(raw body bytes, secret)). Computed over the raw
 * bytes as received — never over re-serialised JSON, which would differ in spacing or key
 * order — and compared in constant time.
 */
export function isValidSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || secret.length === 0) return false;
  const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(rawBody).digest();
  // Strict base64 of exactly 32 bytes: Node's decoder would otherwise skip stray characters.
  if (!/^[A-Za-z0-9+/]{43}=$/.test(header.trim())) return false;
  const given = Buffer.from(header.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
