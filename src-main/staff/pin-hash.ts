import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pin: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => scryptCb(pin, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));

/**
 * PINs are short, so the hash must be slow: scrypt (N=2^15, r=8, p=1, ~32 MiB, tens of ms)
 * with a per-PIN salt, stored as `scrypt$N$r$p$salt$hash`. Rate limiting of attempts
 * (StaffService) is the other half of the defence; a 6-digit PIN alone would not survive
 * an offline attack on a stolen file, which is why PINs unlock roles, not secrets.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEYLEN = 32;

export async function hashPin(pin: string, params = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(pin, salt, KEYLEN, { ...params, maxmem: 64 * 1024 * 1024 });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPin(pin: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(pin, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** 4 to 8 digits, and not one a passer-by would guess first. */
export function pinProblem(pin: string): string | null {
  if (!/^\d{4,8}$/.test(pin)) return 'A PIN is 4 to 8 digits';
  if (/^(\d)\1+$/.test(pin)) return 'A PIN cannot be one digit repeated';
  if ('0123456789'.includes(pin) || '9876543210'.includes(pin)) return 'A PIN cannot be a run of consecutive digits';
  return null;
}
