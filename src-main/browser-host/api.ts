import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Bridge } from '../bridge/bridge.js';
import type { Logger } from '../platform/logger.js';

export const MAX_CALL_BYTES = 1024 * 1024;

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store' });
  res.end(text);
}

const badRequest = (res: ServerResponse, status: number, code: string, message: string) =>
  sendJson(res, status, { ok: false, error: { code, message } });

/** Reads at most `limit` bytes; null when the body is larger (the rest is not buffered). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

type CallBody = { method: string; payload: unknown };

function parseCall(raw: Buffer): CallBody | string {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return 'The body is not JSON';
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'The body must be a JSON object';
  const { method, payload, ...rest } = value as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return 'Only "method" and "payload" are allowed';
  if (typeof method !== 'string' || method.length === 0 || method.length > 100) return '"method" must be a method name';
  return { method, payload };
}

/** POST /api/call {method, payload?} → the bridge's own `{ok, data | error}`, always 200 once the body is sound. */
export async function handleCall(req: IncomingMessage, res: ServerResponse, bridge: Bridge): Promise<void> {
  if (req.method !== 'POST') return badRequest(res, 405, 'METHOD_NOT_ALLOWED', 'Use POST');
  // A JSON content type cannot be sent by a plain HTML form: one more wall against cross-site posts.
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return badRequest(res, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Send application/json');
  const raw = await readBody(req, MAX_CALL_BYTES);
  if (raw === null) return badRequest(res, 413, 'PAYLOAD_TOO_LARGE', 'The request is larger than 1 MiB');
  const call = parseCall(raw);
  if (typeof call === 'string') return badRequest(res, 400, 'BAD_REQUEST', call);
  sendJson(res, 200, await bridge.invoke(call.method, call.payload));
}

export interface EventStreams {
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Ends every open stream (host shutdown), so the server can close. */
  closeAll(): void;
  readonly open: number;
}

/**
 * GET /api/events: every core event as `data: {"name", "payload"}`, the shape pos-client.ts
 * parses. Comments keep idle connections (and proxies) from timing out; the bridge listener
 * is removed when the browser goes away, so a closed tab leaks nothing.
 */
export function eventStreams(bridge: Bridge, logger: Logger, heartbeatMs: number): EventStreams {
  const open = new Map<ServerResponse, () => void>();
  return {
    handle(req, res) {
      if (req.method !== 'GET') return badRequest(res, 405, 'METHOD_NOT_ALLOWED', 'Use GET');
      res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
      res.write('retry: 2000\n: connected\n\n');
      const unsubscribe = bridge.subscribe((name, payload) => {
        res.write(`data: ${JSON.stringify({ name, payload })}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
      heartbeat.unref();
      const stop = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      };
      open.set(res, stop);
      req.on('close', stop);
      res.on('error', (error) => {
        logger.log('debug', 'browser_host.events_error', { error });
        stop();
      });
    },
    closeAll() {
      for (const [res, stop] of [...open]) {
        stop();
        res.end();
      }
    },
    get open() {
      return open.size;
    },
  };
}
