import type { IncomingHttpHeaders } from 'node:http';

export interface RequestContext {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The caller's X-REQUEST-ID (spec §5.2), echoed back and kept in the request log. */
  requestId: string | null;
  ip: string;
  /** `http://127.0.0.1:<port>`: where the sandbox serves its own brand images. */
  origin: string;
  /** The body parsed as a JSON object (415 / 400 / 413 otherwise). */
  json(): Promise<Record<string, unknown>>;
}

export type Reply =
  | { status: number; body: unknown }
  | { status: number; contentType: string; text: string };

export type Handler = (ctx: RequestContext, params: Record<string, string>) => Promise<Reply> | Reply;
