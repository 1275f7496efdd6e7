import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPartnerClient, type PartnerClient, type PartnerClientOptions } from '../../src-main/partner-api/partner-client.js';
import type { PartnerCredentials } from '../../src-main/partner-api/token-manager.js';
import type { OrderRequestBody } from '../../src-main/partner-api/types.js';
import { DEFAULT_CREDENTIALS } from '../../src-main/sandbox/auth/credentials.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import type { SandboxOptions } from '../../src-main/sandbox/sandbox-state.js';
import { systemClock } from '../../src-main/platform/clock.js';
import { silentLogger } from '../../src-main/platform/logger.js';

export const STAGING: PartnerCredentials = DEFAULT_CREDENTIALS.staging;
export const ORDERS = '/v1/partners/orders';
export const LOGIN = '/v1/partners/auth/login';
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export const start = (options: SandboxOptions = {}): Promise<Sandbox> => startSandbox({ tickMs: 60_000, ...options });

/** Retries in tests must not wait; the delays asked for are kept for assertions. */
export function noWaitSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

export function clientFor(sandbox: { url: string }, overrides: Partial<PartnerClientOptions> = {}): PartnerClient {
  return createPartnerClient({
    baseUrl: sandbox.url,
    credentials: async () => STAGING,
    clock: systemClock,
    logger: silentLogger,
    sleep: noWaitSleep().sleep,
    ...overrides,
  });
}

/** The sandbox control surface (`/__sandbox/*`), outside the client under test. */
export async function control(sandbox: Sandbox, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${sandbox.url}/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`control ${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export const advance = (sandbox: Sandbox, seconds: number): Promise<any> => control(sandbox, 'POST', '/advance', { seconds });
export const arm = (sandbox: Sandbox, fault: Record<string, unknown>): Promise<any> => control(sandbox, 'POST', '/faults', fault);

/** Request-log entries after `since` (a seq), optionally for one method + path. */
export function requestsSince(sandbox: Sandbox, since: number, method?: string, path?: string) {
  return sandbox.requests.list(since).filter((e) => (!method || e.method === method) && (!path || e.path === path));
}

export const lastSeq = (sandbox: Sandbox): number => sandbox.requests.list().at(-1)?.seq ?? 0;

/** A unique referenceId of at most 40 characters. */
export const newRef = (prefix = 'PA'): string => `${prefix}-${randomUUID().replace(/-/g, '').slice(0, 30)}`;

export function order(productId: string, amount = 100, extra: Partial<OrderRequestBody> = {}): OrderRequestBody {
  return { productId, referenceId: newRef(), amount, denominationDetails: [{ denomination: amount, quantity: 1 }], ...extra };
}

/**
 * A tiny stand-in service for answers the sandbox never gives (unknown codes, odd envelopes,
 * unreadable 2xx). Login always succeeds; `answer` handles everything else.
 */
export async function startFakeService(
  answer: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{ url: string; hits: { method: string; path: string; requestId: string | null }[]; close(): Promise<void> }> {
  const hits: { method: string; path: string; requestId: string | null }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      hits.push({ method: req.method ?? '', path, requestId: (req.headers['x-request-id'] as string | undefined) ?? null });
      if (path === LOGIN) {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ token: 'fake-token', expiresInSecs: 3600 }));
        return;
      }
      answer(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
