import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normaliseIp } from './auth/credentials.js';
import { brandLogoSvg } from './catalog/logo-svg.js';
import { controlRoutes } from './control/control-routes.js';
import { ApiError, badRequest, errorBody, notFound } from './errors.js';
import { parseJsonObject, readRawBody } from './http/body.js';
import type { Reply, RequestContext } from './http/context.js';
import { sendJson, sendText } from './http/respond.js';
import { partnerRoutes } from './partner-routes.js';
import { RequestLog } from './request-log.js';
import { SANDBOX_DEFAULTS, SandboxState, type SandboxOptions } from './sandbox-state.js';

export interface Sandbox {
  /** `http://127.0.0.1:<port>` — the {base_url} of the emulated service. */
  readonly url: string;
  readonly port: number;
  readonly state: SandboxState;
  readonly requests: RequestLog;
  close(): Promise<void>;
}

const LOGIN_PATH = '/v1/partners/auth/login';
const ASSET = /^\/assets\/brands\/([^/]+)\/(logo|thumbnail)\.svg$/;

/** Starts the Partner API emulator on loopback. Used by Training mode, by tests and by `npm run sandbox`. */
export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const state = new SandboxState(options);
  const requests = new RequestLog();
  const partner = partnerRoutes(state);
  const control = controlRoutes(state);
  let origin = '';

  const server: Server = createServer((req, res) => {
    void handle(req, res);
  });
  server.keepAliveTimeout = 30_000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    const rawId = req.headers['x-request-id'];
    const requestId = typeof rawId === 'string' && rawId.length > 0 && rawId.length <= 200 ? rawId : null;
    const ip = normaliseIp(req.socket.remoteAddress);
    let authorized = false;
    let after: 'reset' | { delayMs: number } | null = null;
    let reply: Reply;

    const ctx: RequestContext = {
      method,
      path,
      query: url.searchParams,
      headers: req.headers,
      requestId,
      ip,
      origin,
      json: async () => parseJsonObject(req, await readRawBody(req, state.maxBodyBytes)),
    };

    try {
      if (path.startsWith('/v1/')) {
        state.orders.resolveDue();
        if (!state.allowedIps.includes(ip)) {
          throw new ApiError(403, 'FORBIDDEN', `Requests from ${ip} are not allowed: the IP is not whitelisted for this environment`);
        }
        if (state.faults.take('revoke-token', method, path)) state.tokens.revokeAll();
        const fault5xx = state.faults.take('error-5xx', method, path);
        if (fault5xx) throw new ApiError(fault5xx.status, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable (injected fault)');
        const delay = state.faults.take('delay', method, path);
        if (delay?.stage === 'before') await sleep(delay.ms);
        else if (delay) after = { delayMs: delay.ms };
        if (state.faults.take('reset-after-commit', method, path)) after = 'reset';

        if (path !== LOGIN_PATH) state.tokens.authenticate(req.headers.authorization);
        authorized = path !== LOGIN_PATH;
        const { handler, params } = partner.resolve(method, path);
        reply = await handler(ctx, params);
      } else if (path.startsWith('/__sandbox/')) {
        const { handler, params } = control.resolve(method, path);
        reply = await handler(ctx, params);
      } else {
        reply = asset(method, path);
      }
    } catch (error) {
      reply = errorReply(error, requestId);
      if (reply.status >= 500 && !(error instanceof ApiError)) console.error('[sandbox] unexpected error', error);
    }

    if (after === 'reset') {
      // The service did the work and the connection dies before the answer: the case a
      // payment client must recover by asking for the order by reference.
      req.socket.destroy();
      log('reset');
      return;
    }
    if (after) await sleep(after.delayMs);
    const headers: Record<string, string> = requestId ? { 'X-REQUEST-ID': requestId } : {};
    if ('text' in reply) sendText(res, reply.status, reply.contentType, reply.text);
    else sendJson(res, reply.status, reply.body, headers);
    log(reply.status);
    // Events this request caused (a low balance, an order resolved on read) go out now, not at the next tick.
    if (path.startsWith('/v1/')) void state.webhooks.pump().catch((e: unknown) => console.error('[sandbox] webhooks', e));

    function log(status: number | 'reset'): void {
      requests.add({
        at: state.clock.now(),
        method,
        path,
        status,
        requestId,
        authorized,
        contentType: typeof req.headers['content-type'] === 'string' ? req.headers['content-type'] : null,
        ip,
      });
    }
  }

  function asset(method: string, path: string): Reply {
    const match = ASSET.exec(path);
    if (method !== 'GET' || !match) throw notFound(`No endpoint ${method} ${path}`);
    let id: string;
    try {
      id = decodeURIComponent(match[1]!);
    } catch {
      throw badRequest('Brand id in the asset path is not valid URL encoding');
    }
    const record = state.catalog.get(id);
    if (!record) throw notFound(`No brand ${match[1]}`);
    return { status: 200, contentType: 'image/svg+xml', text: brandLogoSvg(record.wire, match[2] as 'logo' | 'thumbnail') };
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  // Real time also moves the emulated service: PROCESSING orders resolve and webhooks retry
  // while a trainer simply waits. The timer never keeps a process alive on its own.
  const ticker = setInterval(() => void state.settle().catch((e: unknown) => console.error('[sandbox] tick', e)), options.tickMs ?? SANDBOX_DEFAULTS.tickMs);
  ticker.unref();

  return {
    url: origin,
    port,
    state,
    requests,
    close: async () => {
      clearInterval(ticker);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function errorReply(error: unknown, requestId: string | null): Reply {
  if (error instanceof ApiError) return { status: error.status, body: errorBody(error, requestId) };
  const internal = new ApiError(500, 'INTERNAL', 'The sandbox failed unexpectedly; see its console');
  return { status: 500, body: errorBody(internal, requestId) };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
