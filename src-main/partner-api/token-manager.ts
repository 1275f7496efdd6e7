import type { Clock } from '../platform/clock.js';
import { err, ok, type Result } from '../platform/result.js';
import { partnerError, type PartnerError } from './partner-error.js';
import type { LoginResult } from './types.js';

export interface PartnerCredentials {
  clientId: string;
  clientSecret: string;
}

export interface TokenManagerOptions {
  /** Read from the secret store on every login; the manager never keeps them. */
  credentials: () => Promise<PartnerCredentials | null>;
  login: (credentials: PartnerCredentials) => Promise<Result<LoginResult, PartnerError>>;
  clock: Clock;
  /** Fraction of expiresInSecs after which the token is renewed before use (spec §5.1: 80 %). */
  refreshAt?: number;
}

interface CachedToken {
  token: string;
  staleAt: number;
  expiresAt: number;
}

/**
 * The bearer token, in memory only (spec §5.1.5). Staleness is computed on use from the
 * injected clock, so there are no background timers. Logins are single-flight: however many
 * callers need a token at once, one login is made and all of them share its outcome; a failed
 * login is not cached, so the next call tries again.
 */
export class TokenManager {
  private current: CachedToken | null = null;
  private inflight: Promise<Result<string, PartnerError>> | null = null;

  constructor(private readonly options: TokenManagerOptions) {}

  getToken(): Promise<Result<string, PartnerError>> {
    const cached = this.current;
    if (cached && this.options.clock.now() < cached.staleAt) return Promise.resolve(ok(cached.token));
    this.inflight ??= this.refresh().finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  /**
   * Drops `token` after the service answered 401 with it. Comparing the token keeps a late
   * 401 from an old request from throwing away a token that was renewed in the meantime.
   */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = null;
  }

  /** Forget everything, e.g. when the credentials or the environment change. */
  clear(): void {
    this.current = null;
  }

  private async refresh(): Promise<Result<string, PartnerError>> {
    const previous = this.current;
    const { clock } = this.options;
    // Measure the lifetime from before the call, so network latency cannot stretch it.
    const startedAt = clock.now();
    const result = await this.loginOnce();
    if (result.ok) {
      const lifetimeMs = result.value.expiresInSecs * 1000;
      this.current = {
        token: result.value.token,
        staleAt: startedAt + lifetimeMs * (this.options.refreshAt ?? 0.8),
        expiresAt: startedAt + lifetimeMs,
      };
      return ok(result.value.token);
    }
    // A proactive renewal that fails (a network blip at 80 %) must not fail a sale while the
    // old token is still valid and nobody reported it revoked.
    if (previous && this.current === previous && clock.now() < previous.expiresAt) return ok(previous.token);
    return err(result.error);
  }

  private async loginOnce(): Promise<Result<LoginResult, PartnerError>> {
    let credentials: PartnerCredentials | null;
    try {
      credentials = await this.options.credentials();
    } catch (error) {
      // The error's message may quote what the secret store holds; only its name is kept.
      const name = error instanceof Error ? error.name : 'Error';
      return err(partnerError('CREDENTIALS_MISSING', { kind: 'auth', detail: `credentials() failed (${name})` }));
    }
    if (!credentials?.clientId || !credentials.clientSecret) {
      return err(partnerError('CREDENTIALS_MISSING', { kind: 'auth', detail: 'no clientId/clientSecret configured' }));
    }
    return this.options.login(credentials);
  }
}
