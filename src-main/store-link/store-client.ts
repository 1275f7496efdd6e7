import type { StoreLink } from './store-link-file.js';
import { STAFF_SESSION_HEADER, STAFF_SIGN_IN_NEEDED } from './wire/staff-session.js';

/** How long a counter waits on its store server for a shared view before it says it cannot reach it. */
export const STORE_CALL_TIMEOUT_MS = 5_000;

/** Why a connection failed, in words for the counter's screen (not a socket error code). */
export function connectionProblem(error: unknown, timeoutMs: number): string {
  if ((error as Error).name === 'TimeoutError') return `no answer in ${timeoutMs / 1000} s`;
  const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
  if (code === 'ECONNREFUSED') return 'nothing answers at that address (is the store server running?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'that address is not known on this network';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was cut';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'this computer cannot reach that network';
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return 'its certificate is not trusted by this counter (see README, Store server → TLS)';
  return 'the connection failed';
}

export class StoreUnreachableError extends Error {
  constructor(url: string, detail: string) {
    super(`The store server (${url}) cannot be reached: ${detail}. Sales that are pending are kept on this counter.`);
    this.name = 'StoreUnreachableError';
  }
}

export class StoreRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StoreRefusedError';
  }
}

/**
 * The counter's calls to its store server's shared views (/store/v1): signed in with the
 * counter's credential, the session token kept in memory and renewed on a 401. A call made
 * for someone at the counter carries the staff session the store opened for them when their
 * PIN was right; those tokens too are held in memory only, and die with the process.
 */
export class StoreClient {
  private token: { value: string; staleAt: number } | null = null;
  /** Staff session tokens by staff id, the newest last (Map keeps insertion order). */
  private readonly staffSessions = new Map<string, string>();

  constructor(private readonly link: StoreLink) {}

  get url(): string {
    return this.link.url;
  }

  /** A call whose answer is parsed by `schema`: an answer this counter cannot read is the store's fault, said so. */
  async parsed<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, method: 'GET' | 'POST' | 'PUT', path: string, options: { body?: unknown; staffId?: string | null } = {}): Promise<T> {
    const parsed = schema.safeParse(await this.call(method, path, options));
    if (!parsed.success) throw new StoreRefusedError(502, 'STORE_BAD_ANSWER', `The store server (${this.link.url}) answered ${path} with something this counter cannot read: is it the same version?`);
    return parsed.data;
  }

  /** The store opened a session for `staffId` (their sign-in PIN was right there). */
  rememberStaffSession(staffId: string, token: string): void {
    this.staffSessions.delete(staffId);
    this.staffSessions.set(staffId, token);
  }

  hasStaffSession(staffId: string): boolean {
    return this.staffSessions.has(staffId);
  }

  /**
   * The header that says who is selling at this counter: the newest session still open here
   * (one person is signed in at a counter). Empty when nobody has one: the store then refuses
   * a new order, and still answers for the ones it has.
   */
  sellerHeaders(): Record<string, string> {
    const token = [...this.staffSessions.values()].at(-1);
    return token ? { [STAFF_SESSION_HEADER]: token } : {};
  }

  /** `staffId` signed out (or was locked out) here: their session at the store is ended too, if it can be told. */
  async endStaffSession(staffId: string): Promise<void> {
    const token = this.staffSessions.get(staffId);
    if (!token) return;
    this.staffSessions.delete(staffId);
    await this.call('POST', '/staff/sign-out', { headers: { [STAFF_SESSION_HEADER]: token } });
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, options: { body?: unknown; staffId?: string | null; headers?: Record<string, string> } = {}): Promise<T> {
    const staffToken = options.staffId ? this.staffSessions.get(options.staffId) : undefined;
    // Nobody to vouch for at the store: said here, without asking it (it would refuse the same way).
    if (options.staffId && !staffToken) throw new StoreRefusedError(403, STAFF_SIGN_IN_NEEDED.code, STAFF_SIGN_IN_NEEDED.message);
    for (let attempt = 0; ; attempt++) {
      const token = await this.sessionToken();
      const res = await this.fetch(`/store/v1${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(staffToken ? { [STAFF_SESSION_HEADER]: staffToken } : {}),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      if (res.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      const text = await res.text();
      const json = parseJson(text);
      if (res.ok) return json as T;
      const error = (json as { error?: { code?: string; message?: string } } | null)?.error;
      // The store ended that session (expired, PIN reset, disabled): it is no use here any more.
      if (options.staffId && error?.code === STAFF_SIGN_IN_NEEDED.code) this.staffSessions.delete(options.staffId);
      throw new StoreRefusedError(res.status, error?.code ?? `HTTP_${res.status}`, error?.message ?? `The store server answered HTTP ${res.status}`);
    }
  }

  private async sessionToken(): Promise<string> {
    if (this.token && Date.now() < this.token.staleAt) return this.token.value;
    const res = await this.fetch('/partner/v1/partners/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientId: this.link.counterId, clientSecret: this.link.credential }),
    });
    const json = parseJson(await res.text()) as { token?: unknown; expiresInSecs?: unknown; error?: { code?: string; message?: string } } | null;
    if (!res.ok || typeof json?.token !== 'string') {
      throw new StoreRefusedError(res.status, json?.error?.code ?? 'UNAUTHORIZED', json?.error?.message ?? 'The store server refused this counter’s credential');
    }
    const ttl = typeof json.expiresInSecs === 'number' ? json.expiresInSecs : 600;
    this.token = { value: json.token, staleAt: Date.now() + ttl * 800 };
    return json.token;
  }

  private async fetch(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${this.link.url}${path}`, { ...init, signal: AbortSignal.timeout(STORE_CALL_TIMEOUT_MS) });
    } catch (error) {
      throw new StoreUnreachableError(this.link.url, connectionProblem(error, STORE_CALL_TIMEOUT_MS));
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
