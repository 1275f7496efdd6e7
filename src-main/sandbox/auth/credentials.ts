import { timingSafeEqual, createHash } from 'node:crypto';

export type Environment = 'staging' | 'production';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * The two credential sets the emulated service knows. Only the set of the environment the
 * sandbox plays is accepted; the other set exists so that "credentials of the other
 * environment → 401" (spec §4.1, §5.1.2) is a real, testable case.
 */
export const DEFAULT_CREDENTIALS: Record<Environment, ClientCredentials> = {
  staging: { clientId: 'sandbox-staging-client', clientSecret: 'sandbox-staging-secret' },
  production: { clientId: 'sandbox-production-client', clientSecret: 'sandbox-production-secret' },
};

/** Constant-time comparison of two strings of possibly different length. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

export function credentialsMatch(expected: ClientCredentials, clientId: string, clientSecret: string): boolean {
  // Evaluate both comparisons so timing does not reveal which field was wrong.
  const idOk = safeEqual(expected.clientId, clientId);
  const secretOk = safeEqual(expected.clientSecret, clientSecret);
  return idOk && secretOk;
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are the same caller. */
export function normaliseIp(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export const LOOPBACK_IPS = ['127.0.0.1', '::1'];
