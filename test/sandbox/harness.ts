import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_CREDENTIALS } from '../../src-main/sandbox/auth/credentials.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import type { SandboxOptions } from '../../src-main/sandbox/sandbox-state.js';

/**
 * Test harness for the sandbox conformance suite: a real sandbox on a free loopback port
 * and a minimal HTTP client (fetch) that speaks the spec's headers. Deliberately not the
 * app's partner client: the conformance suite tests the emulator, not our client.
 */
export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestApi {
  token: string | null = null;

  constructor(readonly baseUrl: string) {}

  async login(creds = DEFAULT_CREDENTIALS.staging): Promise<string> {
    const res = await this.request('POST', '/v1/partners/auth/login', creds, { auth: false });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
    this.token = res.body.token as string;
    return this.token;
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    opts: { auth?: boolean; headers?: Record<string, string>; rawBody?: string } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'X-REQUEST-ID': randomUUID(), ...opts.headers };
    if (opts.auth !== false && this.token) headers.Authorization = `Bearer ${this.token}`;
    let payload: string | undefined = opts.rawBody;
    if (body !== undefined && payload === undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* non-JSON bodies (SVG assets) stay text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body: unknown) => this.request<T>('POST', path, body);
  control = <T = any>(method: string, path: string, body?: unknown) => this.request<T>(method, `/__sandbox${path}`, body, { auth: false });
}

export async function withSandbox(options: SandboxOptions = {}): Promise<{ sandbox: Sandbox; api: TestApi }> {
  const sandbox = await startSandbox({ tickMs: 60_000, ...options });
  const api = new TestApi(sandbox.url);
  return { sandbox, api };
}

/** A unique referenceId of at most 40 characters. */
export const newRef = (prefix = 'T'): string => `${prefix}-${randomUUID().replace(/-/g, '').slice(0, 30)}`;

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  raw: string;
  at: number;
}

/** A webhook receiver on loopback that records raw bodies and answers with a programmable status. */
export async function startReceiver(answer: (n: number) => number = () => 200): Promise<{
  url: string;
  received: ReceivedWebhook[];
  close(): Promise<void>;
}> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      res.writeHead(answer(received.length)).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A valid B2C customer, realistic enough for staging rules. */
export const CUSTOMER = { name: 'Asha Verma', phoneNumber: '9876543210', email: 'asha.verma@example.in' };
