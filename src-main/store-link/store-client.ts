import type { StoreLink } from './store-link-file.js';

/** The header that names the person at the counter on store calls that need a permission. */
export const STAFF_HEADER = 'X-Staff-Id';

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
 * counter's credential, the session token kept in memory and renewed on a 401.
 */
export class StoreClient {
  private token: { value: string; staleAt: number } | null = null;

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

  async call<T>(method: 'GET' | 'POST' | 'PUT', path: string, options: { body?: unknown; staffId?: string | null } = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.sessionToken();
      const res = await this.fetch(`/store/v1${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(options.staffId ? { [STAFF_HEADER]: options.staffId } : {}),
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
