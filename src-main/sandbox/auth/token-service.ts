import type { Clock } from '../clock.js';
import { badRequest, unauthorized } from '../errors.js';
import { credentialsMatch, type ClientCredentials, type Environment } from './credentials.js';
import { JwtSigner } from './jwt.js';

export interface LoginResult {
  token: string;
  expiresInSecs: number;
}

/**
 * Issues and checks bearer tokens. Revocation (a control-surface fault) invalidates every
 * token issued so far, which is what a client sees when the service rotates its keys or
 * an operator kills a session: a 401 in the middle of a session.
 */
export class TokenService {
  private readonly signer = new JwtSigner();
  private readonly issued = new Set<string>();
  private readonly revoked = new Set<string>();
  logins = 0;

  constructor(
    private readonly clock: Clock,
    private readonly env: Environment,
    private readonly credentials: Record<Environment, ClientCredentials>,
    public tokenTtlSecs: number,
  ) {}

  login(body: Record<string, unknown>): LoginResult {
    const { clientId, clientSecret } = body;
    const missing = [
      ...(typeof clientId === 'string' && clientId.length > 0 ? [] : ['clientId']),
      ...(typeof clientSecret === 'string' && clientSecret.length > 0 ? [] : ['clientSecret']),
    ];
    if (missing.length > 0) {
      throw badRequest(
        `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} required`,
        missing.map((field) => ({ field, message: `${field} is required and must be a non-empty string` })),
      );
    }
    // Same message for "wrong" and "other environment": a real service would not say which.
    if (!credentialsMatch(this.credentials[this.env], clientId as string, clientSecret as string)) {
      throw unauthorized('Invalid client credentials for this environment');
    }
    const iat = Math.floor(this.clock.now() / 1000);
    const { token, claims } = this.signer.sign({ sub: clientId as string, env: this.env, iat, exp: iat + this.tokenTtlSecs });
    this.issued.add(claims.jti);
    this.logins += 1;
    return { token, expiresInSecs: this.tokenTtlSecs };
  }

  /** Throws 401 unless the Authorization header carries a valid, unexpired, unrevoked token. */
  authenticate(authorization: string | undefined): void {
    if (!authorization || !/^Bearer\s+\S+$/i.test(authorization)) {
      throw unauthorized('Missing bearer token');
    }
    const claims = this.signer.verify(authorization.replace(/^Bearer\s+/i, ''));
    if (!claims || claims.env !== this.env) throw unauthorized('Invalid token');
    if (this.revoked.has(claims.jti)) throw unauthorized('Token has been revoked');
    if (claims.exp * 1000 <= this.clock.now()) throw unauthorized('Token has expired');
  }

  revokeAll(): number {
    for (const jti of this.issued) this.revoked.add(jti);
    const count = this.issued.size;
    this.issued.clear();
    return count;
  }
}
