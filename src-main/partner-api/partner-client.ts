import { randomUUID } from 'node:crypto';
import type { Clock } from '../platform/clock.js';
import { lazy } from '../platform/lazy.js';
import type { Logger } from '../platform/logger.js';
import { err, ok, type Result } from '../platform/result.js';
import { acceptedBytesHash } from './accepted-bytes.js';
import { createTransport } from './http-transport.js';
import { peekNextCursor, type PeekedCursor } from './page-cursor-peek.js';
import { badResponse, errorFromResponse, networkError, orderFailure, timeoutError, type PartnerError } from './partner-error.js';
import { createRunner, decoded, type RetryPolicy, type RunOutcome, type RunRequest } from './request-runner.js';
import { TokenManager, type PartnerCredentials } from './token-manager.js';
import type {
  BrandListPage,
  BrandPageFetch,
  BrandPageSplitFetch,
  DeliveryChannel,
  KnownEntry,
  LoginResult,
  OrderRequestBody,
  PartnerBrand,
  PartnerOrder,
  PartnerVoucher,
  ResendDeliveryResult,
  SplitBrandPage,
} from './types.js';

type WireSchemas = typeof import('./wire-schemas.js');

/**
 * The response schemas are loaded when the first answer arrives, not at start-up (the counter
 * is usable from its local catalog before the service has answered anything).
 */
const loadWireSchemas = lazy(() => import('./wire-schemas.js'));

/** A value or a PartnerError, with the X-REQUEST-ID of every send made for it (support traces them). */
export type PartnerResult<T> = Result<T, PartnerError> & { requestIds: string[] };

/**
 * The outcome of POST /orders, in the terms the order engine needs (product non-negotiable 1):
 * - accepted: a 2xx with a readable Order — SUCCESS, PROCESSING or FAILED (then `failure`
 *   holds the cashier's sentence for its failureReason);
 * - rejected: the service certainly did not create the order (a 4xx, or no token so nothing
 *   was sent). After a 4xx the referenceId is treated as consumed;
 * - unknown: the order may exist (timeout, connection cut, 5xx, unreadable 2xx): IN DOUBT,
 *   to be resolved with getOrderByReference, never by sending again.
 */
export type PlaceOrderResult =
  | { kind: 'accepted'; order: PartnerOrder; failure: PartnerError | null; httpStatus: number; requestId: string; requestIds: string[] }
  | { kind: 'rejected'; error: PartnerError; requestIds: string[] }
  | { kind: 'unknown'; error: PartnerError; requestIds: string[] };

export interface RelayRequest {
  method: 'GET' | 'POST';
  path: string;
  template: string;
  query?: Record<string, string | number>;
  body?: unknown;
  requestId: string;
  /** Placing an order waits as long as the counter's own order timeout; everything else, the usual. */
  long?: boolean;
}

export interface CallOptions {
  /** X-REQUEST-ID of the first send; resends always get a fresh one. */
  requestId?: string;
}

export interface ProductsPageOptions extends CallOptions {
  /**
   * Told, as the page's bytes arrive and before they are hashed or read, the next cursor they
   * plainly name (page-cursor-peek.ts); not called when they do not. A reading: the answer's
   * validated cursor decides.
   */
  nextCursorSeen?: (next: PeekedCursor) => void;
}

export interface PartnerClientOptions {
  baseUrl: string;
  credentials: () => Promise<PartnerCredentials | null>;
  clock: Clock;
  logger: Logger;
  timeouts?: Partial<{ connectMs: number; responseMs: number; orderResponseMs: number }>;
  retry?: Partial<RetryPolicy>;
  /** How retries wait; tests pass one that does not. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /**
   * Splits a changed products page for listBrandsPageSplit (the catalog passes one that works in
   * a worker thread: catalog/brand-page-prep-host.ts); wire-schemas' splitBrandList by default.
   */
  splitBrandPage?: (body: Buffer, known: readonly KnownEntry[] | null) => Promise<SplitBrandPage | null>;
}

export interface PartnerClient {
  /** Loads got ahead of the first request (its import costs ~100 ms). */
  warmUp(): Promise<void>;
  listBrandsPage(pageNo: number, limit: number, options?: CallOptions): Promise<PartnerResult<BrandListPage>>;
  /**
   * The same page, decoded and parsed only when the SHA-1 of its body's bytes differs from
   * `knownHash` (a catalog sync skips the pages it already has). A body that is parsed is
   * validated exactly as by listBrandsPage.
   */
  listBrandsPageIfChanged(pageNo: number, limit: number, knownHash: string | null, options?: ProductsPageOptions): Promise<PartnerResult<BrandPageFetch>>;
  /**
   * listBrandsPageIfChanged, but a changed page whose body the scanner understands comes back
   * split (SplitBrandPage): its envelope validated, its entries hashed by their bytes and parsed
   * only when asked (`knownEntries`: the page's entries as last seen, see KnownEntry). Any other
   * body is parsed whole, as by listBrandsPageIfChanged.
   */
  listBrandsPageSplit(
    pageNo: number,
    limit: number,
    knownHash: string | null,
    knownEntries?: readonly KnownEntry[] | null,
    options?: ProductsPageOptions,
  ): Promise<PartnerResult<BrandPageSplitFetch>>;
  getBrand(id: string, options?: CallOptions): Promise<PartnerResult<PartnerBrand>>;
  placeOrder(
    body: OrderRequestBody,
    requestId: string,
    options?: { beforeResend?: (requestId: string) => void | Promise<void>; headers?: Record<string, string> },
  ): Promise<PlaceOrderResult>;
  getOrder(id: string, options?: CallOptions): Promise<PartnerResult<PartnerOrder>>;
  /** `null` when the service answers 404: no order has this reference (spec §4.4 timeout recovery). */
  getOrderByReference(referenceId: string, options?: CallOptions): Promise<PartnerResult<PartnerOrder | null>>;
  getVoucher(id: string, options?: CallOptions): Promise<PartnerResult<PartnerVoucher>>;
  resendDelivery(orderId: string, channels: DeliveryChannel[], options?: CallOptions): Promise<PartnerResult<ResendDeliveryResult>>;
  getWalletBalance(options?: CallOptions): Promise<PartnerResult<{ balance: number }>>;
  /**
   * One authenticated exchange whose answer is handed back unparsed: the store server relays
   * the service's own bytes to its counters. Same rules as every call (a POST is sent once,
   * resent only after a 401 and a fresh login; GETs retry).
   */
  relay(request: RelayRequest): Promise<RunOutcome>;
  /** Forget the token, e.g. after the credentials were changed in Settings. */
  signOut(): void;
  /** Closes idle keep-alive connections. */
  close(): void;
}

export const DEFAULT_TIMEOUTS = { connectMs: 5_000, responseMs: 15_000, orderResponseMs: 60_000 };
export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 300, maxDelayMs: 3_000 };

const LOGIN_PATH = '/v1/partners/auth/login';
const seg = encodeURIComponent;

export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const transport = createTransport({ baseUrl: options.baseUrl, logger: options.logger, connectMs: timeouts.connectMs });
  const tokens = new TokenManager({ credentials: options.credentials, clock: options.clock, login });
  const runRaw = createRunner({
    transport,
    tokens,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
  });
  const run = async (req: RunRequest): Promise<RunOutcome> => decoded(await runRaw(req));

  async function login(credentials: PartnerCredentials): Promise<Result<LoginResult, PartnerError>> {
    const requestId = randomUUID();
    const out = await transport.send({
      method: 'POST',
      path: LOGIN_PATH,
      template: LOGIN_PATH,
      requestId,
      token: null,
      body: { clientId: credentials.clientId, clientSecret: credentials.clientSecret },
      timeoutMs: timeouts.responseMs,
    });
    if (out.kind !== 'response') return err(out.kind === 'timeout' ? timeoutError(requestId, out.detail) : networkError(requestId, out.detail));
    const text = out.body.toString('utf8');
    if (out.status < 200 || out.status > 299) return err(errorFromResponse(out.status, text, requestId, 'login'));
    const { parseJson, parseLogin } = await loadWireSchemas();
    const json = parseJson(text);
    const parsed = json.ok ? parseLogin(json.value) : json;
    return parsed.ok ? parsed : err(badResponse(requestId, out.status, `login: ${parsed.error}`));
  }

  /**
   * GET/POST whose 2xx body is parsed by `parse`; every other outcome becomes a PartnerError.
   * `beforeParse` may answer from the 2xx body's bytes instead (non-null), before they are
   * even decoded, skipping the parse.
   */
  async function call<T>(
    req: RunRequest,
    parser: (wire: WireSchemas) => (json: unknown) => Result<T, string>,
    on404?: () => T,
    beforeParse?: (body: Buffer) => T | null | Promise<T | null>,
  ): Promise<PartnerResult<T>> {
    const out = await runRaw(req);
    const { requestIds } = out;
    if (out.kind === 'not-sent') return { ...err(out.error), requestIds };
    if (out.kind !== 'response') return { ...err(transportFailure(out)), requestIds };
    if (out.status === 404 && on404) return { ...ok(on404()), requestIds };
    if (out.status < 200 || out.status > 299) return { ...err(errorFromResponse(out.status, out.body.toString('utf8'), out.requestId, 'api')), requestIds };
    const early = beforeParse ? await beforeParse(out.body) : null;
    if (early !== null) return { ...ok(early), requestIds };
    const wire = await loadWireSchemas();
    const json = wire.parseJson(out.body.toString('utf8'));
    const parsed = json.ok ? parser(wire)(json.value) : json;
    if (!parsed.ok) return { ...err(badResponse(out.requestId, out.status, `${req.template}: ${parsed.error}`)), requestIds };
    return { ...ok(parsed.value), requestIds };
  }

  const get = (path: string, template: string, opts: CallOptions = {}, query?: Record<string, string | number>): RunRequest => ({
    method: 'GET',
    path,
    template,
    query,
    timeoutMs: timeouts.responseMs,
    requestId: opts.requestId,
  });

  async function placeOrder(
    body: OrderRequestBody,
    requestId: string,
    opts: { beforeResend?: (requestId: string) => void | Promise<void>; headers?: Record<string, string> } = {},
  ): Promise<PlaceOrderResult> {
    const template = '/v1/partners/orders';
    const out = await run({ method: 'POST', path: template, template, body, timeoutMs: timeouts.orderResponseMs, requestId, beforeResend: opts.beforeResend, headers: opts.headers });
    const { requestIds } = out;
    if (out.kind === 'not-sent') return { kind: 'rejected', error: out.error, requestIds };
    if (out.kind !== 'response') return { kind: 'unknown', error: transportFailure(out), requestIds };
    if (out.status >= 400 && out.status <= 499) {
      return { kind: 'rejected', error: errorFromResponse(out.status, out.text, out.requestId, 'api'), requestIds };
    }
    if (out.status < 200 || out.status > 299) {
      const error = out.status >= 500 ? errorFromResponse(out.status, out.text, out.requestId, 'api') : badResponse(out.requestId, out.status, `unexpected HTTP ${out.status}`);
      return { kind: 'unknown', error, requestIds };
    }
    const { parseJson, parseOrder } = await loadWireSchemas();
    const json = parseJson(out.text);
    const parsed = json.ok ? parseOrder(json.value) : json;
    if (!parsed.ok) return { kind: 'unknown', error: badResponse(out.requestId, out.status, `order: ${parsed.error}`), requestIds };
    // An order for another reference is not this sale's answer: treat it as no answer at all.
    if (parsed.value.referenceId !== body.referenceId) {
      return { kind: 'unknown', error: badResponse(out.requestId, out.status, 'order answer carries a different referenceId'), requestIds };
    }
    const order = parsed.value;
    return { kind: 'accepted', order, failure: orderFailure(order, out.requestId, out.status), httpStatus: out.status, requestId: out.requestId, requestIds };
  }

  /**
   * A products page hashed as its bytes arrive (acceptedBytesHash): one that hashes as
   * `knownHash` is answered unchanged, never decoded; `fromBytes` may answer the others from
   * their bytes too, and null has the body parsed whole. The next cursor the bytes plainly name
   * is told first (`nextCursorSeen`).
   */
  function productsPage<FromBytes>(
    pageNo: number,
    limit: number,
    knownHash: string | null,
    opts: ProductsPageOptions | undefined,
    fromBytes: (body: Buffer, hash: string) => FromBytes | null | Promise<FromBytes | null>,
  ): Promise<PartnerResult<BrandPageFetch | FromBytes>> {
    let hash = '';
    return call<BrandPageFetch | FromBytes>(
      get('/v1/partners/products', '/v1/partners/products', opts, { pageNo, limit }),
      (w) => (json) => {
        const page = w.parseBrandList(json);
        return page.ok ? ok({ unchanged: false as const, hash, page: page.value }) : page;
      },
      undefined,
      (body) => {
        const seen = opts?.nextCursorSeen;
        const next = seen ? peekNextCursor(body) : null;
        try {
          if (seen && next) seen(next);
        } catch (error) {
          // A reading only speeds the caller up: its listener failing does not fail the page.
          options.logger.log('warn', 'partner.products.cursor-listener-failed', { pageNo, error });
        }
        hash = acceptedBytesHash(body);
        return hash === knownHash ? { unchanged: true as const, hash } : fromBytes(body, hash);
      },
    );
  }

  return {
    warmUp: () => transport.warmUp(),
    listBrandsPage: (pageNo, limit, opts) =>
      call(get('/v1/partners/products', '/v1/partners/products', opts, { pageNo, limit }), (w) => w.parseBrandList),
    listBrandsPageIfChanged: (pageNo, limit, knownHash, opts) => productsPage<never>(pageNo, limit, knownHash, opts, () => null),
    listBrandsPageSplit: (pageNo, limit, knownHash, knownEntries, opts) =>
      productsPage(pageNo, limit, knownHash, opts, async (body, hash) => {
        const split = options.splitBrandPage ? await options.splitBrandPage(body, knownEntries ?? null) : (await loadWireSchemas()).splitBrandList(body, knownEntries ?? null);
        return split ? { unchanged: false as const, hash, split } : null;
      }),
    getBrand: (id, opts) => call(get(`/v1/partners/products/${seg(id)}`, '/v1/partners/products/:productId', opts), (w) => w.parseBrand),
    placeOrder,
    getOrder: (id, opts) => call(get(`/v1/partners/orders/${seg(id)}`, '/v1/partners/orders/:orderId', opts), (w) => w.parseOrder),
    getOrderByReference: (ref, opts) =>
      call<PartnerOrder | null>(get(`/v1/partners/orders/by-reference/${seg(ref)}`, '/v1/partners/orders/by-reference/:referenceId', opts), (w) => w.parseOrder, () => null),
    getVoucher: (id, opts) => call(get(`/v1/partners/orders/vouchers/${seg(id)}`, '/v1/partners/orders/vouchers/:id', opts), (w) => w.parseVoucher),
    resendDelivery: (orderId, channels, opts = {}) =>
      call(
        {
          method: 'POST',
          path: `/v1/partners/orders/${seg(orderId)}/resend-delivery`,
          template: '/v1/partners/orders/:orderId/resend-delivery',
          body: { channels },
          timeoutMs: timeouts.responseMs,
          requestId: opts.requestId,
        },
        (w) => w.parseResendResult,
      ),
    getWalletBalance: (opts) => call(get('/v1/partners/wallet/balance', '/v1/partners/wallet/balance', opts), (w) => w.parseWalletBalance),
    relay: (req) =>
      run({ method: req.method, path: req.path, template: req.template, query: req.query, body: req.body, requestId: req.requestId, timeoutMs: req.long ? timeouts.orderResponseMs : timeouts.responseMs }),
    signOut: () => tokens.clear(),
    close: () => transport.close(),
  };
}

function transportFailure(out: Extract<RunOutcome, { kind: 'timeout' | 'network' }>): PartnerError {
  return out.kind === 'timeout' ? timeoutError(out.requestId, out.detail) : networkError(out.requestId, out.detail);
}
