import { request as httpRequest, type Agent as HttpAgent, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest, type Agent as HttpsAgent } from 'node:https';

/**
 * One HTTP request and its whole text answer over node:http, with the three limits the
 * transport needs. got did this before; per request it cost ~0.5 ms of CPU on a quiet
 * machine (option normalising, hooks, streams), as much as a synchronous=FULL commit, on a
 * path (place order) that makes one request and two commits. Nothing here retries,
 * redirects or decompresses: none is wanted (see http-transport.ts).
 */
export interface ExchangeLimits {
  /** A new connection must be open within this (a reused keep-alive socket has none to make). */
  connectMs: number;
  /** The answer's headers must arrive within this after the request was written. */
  responseMs: number;
  /** The whole exchange, body included, must end within this. */
  requestMs: number;
}

export interface ExchangeAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A limit ran out; `name` matches what the transport has always classified as a timeout. */
export class ExchangeTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
  constructor(stage: 'connect' | 'response' | 'request', ms: number) {
    super(`Timeout awaiting '${stage}' for ${ms}ms`);
    this.name = 'TimeoutError';
  }
}

export function exchange(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string; agent: { http: HttpAgent; https: HttpsAgent }; limits: ExchangeLimits },
): Promise<ExchangeAnswer> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const headers = init.body === undefined ? init.headers : { ...init.headers, 'Content-Length': String(Buffer.byteLength(init.body)) };
    const req = (secure ? httpsRequest : httpRequest)(url, { method: init.method, headers, agent: secure ? init.agent.https : init.agent.http });
    let timer: NodeJS.Timeout | undefined;
    let settled = false;
    const finish = (error: Error | null, answer?: ExchangeAnswer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(total);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(answer!);
    };
    const limit = (stage: 'connect' | 'response', ms: number): void => {
      clearTimeout(timer);
      timer = setTimeout(() => finish(new ExchangeTimeoutError(stage, ms)), ms);
    };
    const total = setTimeout(() => finish(new ExchangeTimeoutError('request', init.limits.requestMs)), init.limits.requestMs);
    req.on('socket', (socket) => {
      // A socket that is still connecting gets the connect limit; a reused one is already open.
      if (socket.connecting) {
        limit('connect', init.limits.connectMs);
        socket.once('connect', () => clearTimeout(timer));
      }
    });
    req.on('finish', () => limit('response', init.limits.responseMs));
    req.on('error', (error) => finish(error));
    req.on('response', (res) => {
      clearTimeout(timer);
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => finish(null, { status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => finish(error));
      // The server closed the connection before the body ended.
      res.on('aborted', () => finish(Object.assign(new Error('The answer was cut off'), { code: 'ECONNRESET' })));
    });
    req.end(init.body);
  });
}
