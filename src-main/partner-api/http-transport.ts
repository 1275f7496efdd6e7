import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type { Got } from 'got';
import { lazy } from '../platform/lazy.js';
import type { Logger } from '../platform/logger.js';

/**
 * One HTTP exchange with the Partner API, over got with keep-alive agents. No retries, no
 * auth decisions: those live in request-runner.ts so that POST /orders can be kept to a
 * single send. Never throws; every outcome is a value. An answer's body is handed back as the
 * bytes received: decoding it is the caller's (a catalog page whose bytes hash as the last copy
 * seen is never decoded). Logs one line per exchange with the
 * path *template* and never a header or a body (tokens, secrets, card numbers, PINs).
 */
export interface TransportRequest {
  method: 'GET' | 'POST';
  /** Concrete path, ids already URL-encoded. */
  path: string;
  /** e.g. `/v1/partners/orders/:orderId`, for logs. */
  template: string;
  requestId: string;
  token: string | null;
  body?: unknown;
  query?: Record<string, string | number>;
  timeoutMs: number;
  /** 1-based, for the log line. */
  attempt?: number;
  /** Extra headers, never logged; they cannot replace the client's own. */
  headers?: Record<string, string>;
}

export type TransportOutcome =
  | { kind: 'response'; status: number; body: Buffer; retryAfterMs: number | null; ms: number }
  | { kind: 'timeout' | 'network'; detail: string; ms: number };

export interface Transport {
  warmUp(): Promise<void>;
  send(request: TransportRequest): Promise<TransportOutcome>;
  /** Closes idle keep-alive sockets (tests, environment switch). */
  close(): void;
}

/**
 * got (~100 ms to import) and node's HTTP agents (node:http, node:https and TLS behind them,
 * ≈ 6 ms of CPU) are loaded on first use (or warmUp), not on the way to the counter's ready.
 */
const loadHttp = lazy(async () => {
  const [got, http, https] = await Promise.all([import('got'), import('node:http'), import('node:https')]);
  return { got: got.default as Got, HttpAgent: http.Agent, HttpsAgent: https.Agent };
});

export function createTransport(options: { baseUrl: string; logger: Logger; connectMs: number; userAgent?: string }): Transport {
  const base = options.baseUrl.replace(/\/+$/, '');
  let http: { agent: { http: HttpAgent; https: HttpsAgent }; got: Got } | null = null;
  const userAgent = options.userAgent ?? 'gift-voucher-pos';
  // Once closed (the environment is shutting down), nothing new leaves: background reads fail
  // at once instead of holding the shutdown for their timeouts and retries.
  let closed = false;

  async function send(req: TransportRequest): Promise<TransportOutcome> {
    if (closed) return { kind: 'network', detail: 'the Partner API client is closed', ms: 0 };
    let started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    const headers: Record<string, string> = { ...req.headers, Accept: 'application/json', 'X-REQUEST-ID': req.requestId, 'User-Agent': userAgent };
    if (req.token) headers.Authorization = `Bearer ${req.token}`;
    if (req.method === 'POST') headers['Content-Type'] = 'application/json';
    let outcome: TransportOutcome;
    try {
      const { got, HttpAgent, HttpsAgent } = await loadHttp();
      // Closed while the import was under way: no agent (and no socket) is made after close().
      if (closed) return { kind: 'network', detail: 'the Partner API client is closed', ms: 0 };
      http ??= shared(got, { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) });
      started = performance.now(); // time the exchange, not the one-off import
      const res = await http.got(`${base}${req.path}${queryString(req.query)}`, {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        responseType: 'buffer',
        timeout: { connect: options.connectMs, response: req.timeoutMs, request: options.connectMs + req.timeoutMs * 2 },
      });
      outcome = { kind: 'response', status: res.statusCode, body: res.body, retryAfterMs: retryAfter(res.headers['retry-after']), ms: elapsed() };
    } catch (error) {
      const e = error as { name?: string; code?: string; message?: string };
      const detail = `${e.name ?? 'Error'}${e.code ? ` ${e.code}` : ''}: ${e.message ?? String(error)}`;
      outcome = { kind: e.name === 'TimeoutError' ? 'timeout' : 'network', detail, ms: elapsed() };
    }
    const status = outcome.kind === 'response' ? outcome.status : outcome.kind;
    const level = outcome.kind === 'response' && outcome.status < 400 ? 'info' : 'warn';
    options.logger.log(level, 'partner.request', {
      method: req.method,
      path: req.template,
      status,
      ms: outcome.ms,
      requestId: req.requestId,
      ...(req.attempt && req.attempt > 1 ? { attempt: req.attempt } : {}),
    });
    return outcome;
  }

  return {
    warmUp: async () => {
      await loadHttp();
    },
    send,
    close: () => {
      closed = true;
      http?.agent.http.destroy();
      http?.agent.https.destroy();
    },
  };
}

/**
 * got with the options every exchange shares merged in once (got merges whatever a call passes,
 * ~0.1 ms a request, and a catalog sync sends a thousand). Keep-alive agents save a TCP + TLS
 * handshake per call; at a counter every call is user-visible.
 */
function shared(got: Got, agent: { http: HttpAgent; https: HttpsAgent }): { agent: typeof agent; got: Got } {
  return {
    agent,
    got: got.extend({
      throwHttpErrors: false,
      // Retries are ours (request-runner.ts): got must never resend a POST /orders.
      retry: { limit: 0 },
      followRedirect: false,
      agent,
    }),
  };
}

/** `?pageNo=1&limit=100`, encoded as got's searchParams would; '' for no query. */
function queryString(query: Record<string, string | number> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.append(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Retry-After in seconds (an HTTP date is rare from APIs; ignored). */
function retryAfter(value: string | string[] | undefined): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d+$/.test(text.trim())) return null;
  return Number(text.trim()) * 1000;
}
