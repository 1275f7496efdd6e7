import { randomUUID } from 'node:crypto';
import type { PartnerError } from './partner-error.js';
import type { TokenManager } from './token-manager.js';
import type { Transport, TransportOutcome, TransportRequest } from './http-transport.js';

/**
 * Authorised requests with the two recovery rules of the client:
 *  - a 401 mid-session means the service did not process the request (spec §5.1.5): drop
 *    the token, log in again and resend once — the only resend a POST ever gets;
 *  - a GET (and only a GET) is retried on network errors, timeouts, 408, 429 and 5xx with
 *    capped, jittered exponential backoff.
 * Every send carries a fresh X-REQUEST-ID, except the first when the caller chose it (the
 * order engine journals it before sending).
 */
export interface RetryPolicy {
  /** Total sends for a GET, first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface RunRequest {
  method: 'GET' | 'POST';
  path: string;
  template: string;
  body?: unknown;
  query?: Record<string, string | number>;
  timeoutMs: number;
  requestId?: string;
  /**
   * Called with the new X-REQUEST-ID before a resend, so a journal can record it first. If it
   * throws, nothing is resent and the error propagates: better no send than an unjournaled one.
   */
  beforeResend?: (requestId: string) => void | Promise<void>;
  /** Sent as they are, besides the client's own (a store server's staff session on a relayed order). */
  headers?: Record<string, string>;
}

export type RunOutcome =
  | { kind: 'response'; status: number; text: string; requestId: string; requestIds: string[] }
  | { kind: 'timeout' | 'network'; detail: string; requestId: string; requestIds: string[] }
  /** No token could be had, so this request was not (re)sent; `error` says why. */
  | { kind: 'not-sent'; error: PartnerError; requestIds: string[] };

/** A RunOutcome whose answer is still the bytes received (decoded by `decoded`, or hashed first). */
export type RawRunOutcome = Exclude<RunOutcome, { kind: 'response' }> | { kind: 'response'; status: number; body: Buffer; requestId: string; requestIds: string[] };

export interface RunnerDeps {
  transport: Transport;
  tokens: TokenManager;
  retry: RetryPolicy;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

export function createRunner(deps: RunnerDeps): (req: RunRequest) => Promise<RawRunOutcome> {
  const { transport, tokens, retry } = deps;

  return async function run(req: RunRequest): Promise<RawRunOutcome> {
    const retries = req.method === 'GET';
    const requestIds: string[] = [];
    let reloggedIn = false;
    let failures = 0;
    for (;;) {
      const token = await tokens.getToken();
      if (!token.ok) {
        failures += 1;
        if (retries && isTransient(token.error) && failures < retry.attempts) {
          await deps.sleep(backoffMs(failures, retry, deps.random, null));
          continue;
        }
        return { kind: 'not-sent', error: token.error, requestIds };
      }
      const requestId = requestIds.length === 0 && req.requestId ? req.requestId : randomUUID();
      if (requestIds.length > 0 && req.beforeResend) await req.beforeResend(requestId);
      requestIds.push(requestId);
      const send: TransportRequest = {
        method: req.method,
        path: req.path,
        template: req.template,
        body: req.body,
        query: req.query,
        timeoutMs: req.timeoutMs,
        requestId,
        token: token.value,
        attempt: requestIds.length,
        headers: req.headers,
      };
      const out = await transport.send(send);

      if (out.kind === 'response' && out.status === 401 && !reloggedIn) {
        reloggedIn = true;
        tokens.invalidate(token.value);
        continue;
      }
      failures += 1;
      if (retries && isRetryable(out) && failures < retry.attempts) {
        await deps.sleep(backoffMs(failures, retry, deps.random, out.kind === 'response' ? out.retryAfterMs : null));
        continue;
      }
      if (out.kind === 'response') return { kind: 'response', status: out.status, body: out.body, requestId, requestIds };
      return { kind: out.kind, detail: out.detail, requestId, requestIds };
    }
  };
}

/** The answer's body read as UTF-8 text, as every answer is read but a catalog page known by its hash. */
export function decoded(out: RawRunOutcome): RunOutcome {
  if (out.kind !== 'response') return out;
  const { body, ...rest } = out;
  return { ...rest, text: body.toString('utf8') };
}

export function isRetryable(out: TransportOutcome): boolean {
  if (out.kind !== 'response') return true;
  return out.status === 408 || out.status === 429 || out.status >= 500;
}

/** A login that failed for a reason that may pass (not wrong credentials, not a blocked IP). */
function isTransient(error: PartnerError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || (error.httpStatus !== null && error.httpStatus >= 500);
}

/**
 * Delay before resend number `failures` (1 = after the first failure): exponential from
 * baseDelayMs, capped at maxDelayMs, "equal jitter" (half fixed, half random) so a crowd of
 * counters does not retry in lockstep. A Retry-After from the service is honoured up to the cap.
 */
export function backoffMs(failures: number, policy: RetryPolicy, random: () => number, retryAfterMs: number | null): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - 1));
  const jittered = ceiling / 2 + random() * (ceiling / 2);
  return Math.round(retryAfterMs === null ? jittered : Math.max(jittered, Math.min(retryAfterMs, policy.maxDelayMs)));
}
