import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

/** HS256 JWTs, enough of RFC 7519 for a bearer token whose expiry follows the sandbox clock. */
export interface TokenClaims {
  sub: string;
  env: string;
  iat: number;
  exp: number;
  jti: string;
}

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

export class JwtSigner {
  constructor(private readonly key: Buffer = randomBytes(32)) {}

  sign(claims: Omit<TokenClaims, 'jti'>): { token: string; claims: TokenClaims } {
    const full: TokenClaims = { ...claims, jti: randomUUID() };
    const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const body = b64url(JSON.stringify(full));
    const sig = b64url(this.mac(`${head}.${body}`));
    return { token: `${head}.${body}.${sig}`, claims: full };
  }

  /** Returns the claims when the signature is ours, or null. Expiry is the caller's check. */
  verify(token: string): TokenClaims | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [head, body, sig] = parts as [string, string, string];
    const expected = this.mac(`${head}.${body}`);
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: unknown };
      if (header.alg !== 'HS256') return null;
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenClaims>;
      if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number' || typeof claims.jti !== 'string') return null;
      return claims as TokenClaims;
    } catch {
      return null;
    }
  }

  private mac(input: string): Buffer {
    return createHmac('sha256', this.key).update(input).digest();
  }
}
