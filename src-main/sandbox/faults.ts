import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * Faults armed through `POST /__sandbox/faults` for the next `count` matching requests.
 * They reproduce what a payment client must survive: a slow answer, a connection cut
 * after the service committed, a 5xx before anything happened, a token revoked mid-session,
 * and webhook deliveries that fail.
 */
const matchSchema = z.strictObject({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).optional(),
  /** Exact path, or a prefix ending in `*` (e.g. `/v1/partners/orders*`). */
  path: z.string().min(1).max(500).optional(),
});

export const faultSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('delay'),
    ms: z.number().int().min(1).max(120_000),
    /** `after` (default): the request is processed, then the answer is held back — the service committed. */
    stage: z.enum(['before', 'after']).default('after'),
    count: z.number().int().min(1).max(10_000).default(1),
    match: matchSchema.default({}),
  }),
  z.strictObject({
    kind: z.literal('reset-after-commit'),
    count: z.number().int().min(1).max(10_000).default(1),
    match: matchSchema.default({}),
  }),
  z.strictObject({
    kind: z.literal('error-5xx'),
    status: z.number().int().min(500).max(599).default(503),
    count: z.number().int().min(1).max(10_000).default(1),
    match: matchSchema.default({}),
  }),
  z.strictObject({
    kind: z.literal('revoke-token'),
    count: z.number().int().min(1).max(10_000).default(1),
    match: matchSchema.default({}),
  }),
  z.strictObject({
    kind: z.literal('webhook-fail'),
    /** An HTTP status the receiver "answered", or a transport failure. */
    mode: z.union([z.number().int().min(300).max(599), z.enum(['timeout', 'reset'])]).default(500),
    count: z.number().int().min(1).max(10_000).default(1),
  }),
]);

export type FaultInput = z.input<typeof faultSchema>;
export type Fault = z.infer<typeof faultSchema> & { id: string; remaining: number };
export type HttpFaultKind = Exclude<Fault['kind'], 'webhook-fail'>;

export class FaultBoard {
  private armed: Fault[] = [];
  readonly fired: { id: string; kind: Fault['kind']; method: string | null; path: string | null }[] = [];

  arm(input: unknown): Fault {
    const parsed = faultSchema.parse(input);
    const fault: Fault = { ...parsed, id: randomUUID(), remaining: parsed.count };
    this.armed.push(fault);
    return fault;
  }

  list(): Fault[] {
    return this.armed.filter((f) => f.remaining > 0);
  }

  clear(): void {
    this.armed = [];
  }

  /** Consumes one use of the first armed HTTP fault of `kind` matching the request. */
  take<K extends HttpFaultKind>(kind: K, method: string, path: string): Extract<Fault, { kind: K }> | undefined {
    const fault = this.armed.find(
      (f): f is Extract<Fault, { kind: K }> => f.kind === kind && f.remaining > 0 && 'match' in f && matches(f.match, method, path),
    );
    if (fault) this.consume(fault, method, path);
    return fault;
  }

  takeWebhook(): Extract<Fault, { kind: 'webhook-fail' }> | undefined {
    const fault = this.armed.find((f): f is Extract<Fault, { kind: 'webhook-fail' }> => f.kind === 'webhook-fail' && f.remaining > 0);
    if (fault) this.consume(fault, null, null);
    return fault;
  }

  private consume(fault: Fault, method: string | null, path: string | null): void {
    fault.remaining -= 1;
    this.fired.push({ id: fault.id, kind: fault.kind, method, path });
    this.armed = this.armed.filter((f) => f.remaining > 0);
  }
}

function matches(match: { method?: string | undefined; path?: string | undefined }, method: string, path: string): boolean {
  if (match.method && match.method !== method) return false;
  if (!match.path) return true;
  return match.path.endsWith('*') ? path.startsWith(match.path.slice(0, -1)) : path === match.path;
}
