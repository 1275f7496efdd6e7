import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { MAX_BODY_BYTES } from '../../store-link/wire/primitives.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The body's bytes, refusing (413) one larger than `limit` (by default the wire's body limit) without buffering the rest. */
export async function readRaw(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, 'TOO_LARGE', `The request body is over ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** `value` as `schema` reads it, or a 400 naming each field that is wrong. */
export function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, 'VALIDATION_FAILED', parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  return parsed.data;
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = await readRaw(req);
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'BAD_JSON', 'The request body is not JSON');
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendText(res, status, JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  const buffer = Buffer.from(text, 'utf8');
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': buffer.length, 'Cache-Control': 'no-store' });
  res.end(buffer);
}

export const errorBody = (code: string, message: string) => ({ error: { code, message, details: [] } });

export function bearerOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header) : null;
  return match ? match[1]! : null;
}

/** The caller's X-REQUEST-ID when it is a sane one (it is forwarded to the service), else a fresh one. */
export function requestIdOf(req: IncomingMessage): string {
  const header = req.headers['x-request-id'];
  return typeof header === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(header) ? header : crypto.randomUUID();
}
