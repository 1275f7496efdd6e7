import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { systemClock } from '../platform/clock.js';
import type { Logger } from '../platform/logger.js';
import { createPartnerClient, DEFAULT_TIMEOUTS } from '../partner-api/partner-client.js';
import { counterOfToken, openCounterSession, pairCounter } from './counters/counter-credentials.js';
import { startEmbeddedCluster, type EmbeddedCluster } from './database/embedded-postgres.js';
import { migrate } from './database/migrate.js';
import { openPool, type Pool } from './database/pool.js';
import { bearerOf, errorBody, HttpError, readJson, readRaw, sendJson, sendText } from './http/http-kit.js';
import { storeWebhooks } from './webhooks/store-webhooks.js';

/** A webhook is a small JSON event; anything larger is refused unread. */
const WEBHOOK_MAX_BYTES = 64 * 1024;
import { partnerRelayRoutes } from './http/partner-relay-routes.js';
import { storeRoutes } from './http/store-routes.js';
import { openStoreVault, storeVaultKey, vaultInUse } from './vault/store-vault.js';
import { startStoreJobs, type StoreJobs } from './jobs/store-jobs.js';
import { OrderRelay } from './relay/order-relay.js';
import { StoreFloat } from './relay/store-float.js';
import { askedForByEvent, nextEventQuestionIn, nextQuestionIn, type OrderToSettle } from './relay/settle-schedule.js';

export interface StoreServerOptions {
  port: number;
  host?: string;
  dataDir: string;
  partnerBaseUrl: string;
  clientId: string;
  clientSecret: string;
  environment: 'staging' | 'production';
  /** A chain's own PostgreSQL; without it an embedded cluster runs in dataDir. */
  databaseUrl?: string;
  storeId: string;
  storeName?: string;
  tls?: { certFile: string; keyFile: string };
  /** The signing secret of the service's webhooks (spec §5.3); without it /webhooks refuses every delivery. */
  webhookSecret?: string;
  /**
   * The key vouchers are sealed with at the store; without it, STORE_VAULT_KEY (base64) or the
   * key file generated once in dataDir (store-vault/store-vault.ts).
   */
  vaultKey?: Buffer;
  logger: Logger;
  timeouts?: Partial<{ connectMs: number; responseMs: number; orderResponseMs: number }>;
}

export interface StoreServer {
  url: string;
  databaseUrl: string;
  pool: Pool;
  close(): Promise<void>;
}

/** Opens the store's database (embedded unless a URL is given) at this build's schema, with this store's row. */
export async function openStoreDatabase(options: Pick<StoreServerOptions, 'dataDir' | 'databaseUrl' | 'logger'>): Promise<{ url: string; cluster: EmbeddedCluster | null }> {
  const cluster = options.databaseUrl ? null : await startEmbeddedCluster(options.dataDir, options.logger);
  const url = options.databaseUrl ?? cluster!.url;
  try {
    await migrate(url, options.logger);
  } catch (error) {
    await cluster?.stop();
    throw error;
  }
  return { url, cluster };
}

/** The partner account's wallet: every store selling with these credentials spends the same one. */
export const walletIdOf = (environment: 'staging' | 'production', clientId: string) => `${environment}:${clientId}`;

export async function ensureStore(pool: Pool, store: { id: string; name: string; environment: 'staging' | 'production'; walletId: string }): Promise<void> {
  await pool.query('INSERT INTO wallets (id) VALUES ($1) ON CONFLICT DO NOTHING', [store.walletId]);
  await pool.query('INSERT INTO stores (id, name, environment, wallet_id) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [store.id, store.name, store.environment, store.walletId]);
  const found = await pool.query<{ environment: string; wallet_id: string }>('SELECT environment, wallet_id FROM stores WHERE id = $1', [store.id]);
  const row = found.rows[0]!;
  if (row.environment !== store.environment) {
    throw new Error(`Store ${store.id} is a ${row.environment} store; this server was started for ${store.environment}. One database holds one environment's orders per store.`);
  }
  if (row.wallet_id !== store.walletId) {
    throw new Error(`Store ${store.id} sells on the partner account ${row.wallet_id}, not ${store.walletId}: start it with that account's credentials.`);
  }
}

/**
 * The store server: the only caller of the Partner API for the store's counters. It keeps the
 * journal of record in PostgreSQL, relays the counters' orders (idempotent on referenceId),
 * holds the float across counters, and settles unknown outcomes by jobs that ask by reference.
 */
export async function startStoreServer(options: StoreServerOptions): Promise<StoreServer> {
  const { logger } = options;
  const { url: databaseUrl, cluster } = await openStoreDatabase(options);
  const pool = openPool(databaseUrl, logger, 20);
  let jobs: StoreJobs | null = null;
  const client = createPartnerClient({
    baseUrl: options.partnerBaseUrl,
    clock: systemClock,
    logger: logger.child({ to: 'partner' }),
    timeouts: options.timeouts,
    credentials: async () => ({ clientId: options.clientId, clientSecret: options.clientSecret }),
  });
  const storeId = options.storeId;
  try {
    const walletId = walletIdOf(options.environment, options.clientId);
    await ensureStore(pool, { id: storeId, name: options.storeName ?? storeId, environment: options.environment, walletId });
    const vaultKey = options.vaultKey ?? storeVaultKey(process.env.STORE_VAULT_KEY, options.dataDir, { mayGenerate: !(await vaultInUse(pool)) });
    const vault = await openStoreVault(pool, vaultKey);
    const float = new StoreFloat(pool, walletId, client);
    const orderTimeoutMs = { ...DEFAULT_TIMEOUTS, ...options.timeouts }.orderResponseMs;
    const relay: OrderRelay = new OrderRelay({
      pool,
      client,
      float,
      logger,
      watch: (tx, ref, afterSeconds) => jobs!.watch(ref, afterSeconds, tx),
      watchIfOrphaned: (tx, ref, afterMs) => jobs!.watchIfOrphaned(tx, ref, afterMs),
      orderTimeoutMs,
    });
    jobs = await startStoreJobs({
      url: databaseUrl,
      pool,
      logger,
      storeId,
      settle: async (ref, asked, cause) => {
        const order = async () => {
          const row = await pool.query<{ state: OrderToSettle['state']; order_status: string | null; created_at: Date; event_status: string | null }>(
            'SELECT state, order_status, created_at, event_status FROM relayed_orders WHERE reference_id = $1',
            [ref],
          );
          const r = row.rows[0];
          return r ? { state: r.state, orderStatus: r.order_status, createdAt: r.created_at.getTime(), eventStatus: r.event_status } : null;
        };
        // An "if orphaned" question asks only about an order its sender left SENDING (it died
        // mid-send, or could not record the send's unknown outcome and the question that goes
        // with it): one that moved on was settled by its own send, or put on its own schedule.
        // A terminal event's asks only about an order still open, or answered otherwise than the
        // event says (a SUCCESS the service reversed): another question may have settled it.
        const before = await order();
        if (!before || (cause === 'if-orphaned' && before.state !== 'SENDING') || (cause === 'terminal-event' && !askedForByEvent(before))) return null;
        await relay.askService(ref, crypto.randomUUID());
        const after = await order();
        if (!after) return null;
        if (cause === 'terminal-event') return nextEventQuestionIn(after, asked + 1);
        const next = nextQuestionIn(after, asked + 1, Date.now());
        if (next === null && after.orderStatus === 'PROCESSING') logger.log('warn', 'store.order_still_processing', { referenceId: ref, asked });
        return next;
      },
      readWallet: () => float.read(),
    });
    void float.read().catch((error: unknown) => logger.log('warn', 'store.float_read_failed', { error }));

    const partner = partnerRelayRoutes({ pool, client, relay, float });
    const webhooks = storeWebhooks({
      pool,
      storeId,
      secret: options.webhookSecret ?? null,
      logger,
      // The event says the order is final: asked about at once, beside its scheduled questions, by its own store.
      askOnTerminalEvent: (tx, owner, ref) => jobs!.askOnTerminalEvent(tx, owner, ref),
      readWallet: () => float.read(),
    });
    const shared = storeRoutes(pool, vault);
    const handler = (req: IncomingMessage, res: ServerResponse): void => {
      handle(req, res).catch((error: unknown) => {
        if (error instanceof HttpError) return sendJson(res, error.status, errorBody(error.code, error.message));
        logger.log('error', 'store.request_failed', { path: req.url?.split('?')[0], error });
        if (!res.headersSent) sendJson(res, 500, errorBody('STORE_ERROR', 'The store server could not do that; nothing was changed by this request'));
        else res.end();
      });
    };

    async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const url = new URL(req.url ?? '/', 'http://store');
      const path = url.pathname;
      if (req.method === 'GET' && path === '/health') return health(res);
      if (req.method === 'POST' && path === '/pair') return pair(req, res);
      if (req.method === 'POST' && path === '/webhooks') {
        const signature = req.headers['x-verify'];
        const answer = await webhooks(await readRaw(req, WEBHOOK_MAX_BYTES), typeof signature === 'string' ? signature : undefined);
        return sendJson(res, answer.status, answer.body);
      }
      if (req.method === 'POST' && path === '/partner/v1/partners/auth/login') return login(req, res);
      const isPartner = path.startsWith('/partner/');
      const isStore = path.startsWith('/store/v1/');
      if (!isPartner && !isStore) return sendJson(res, 404, errorBody('NOT_FOUND', `No route ${req.method} ${path}`));
      const token = bearerOf(req);
      const counter = token ? await counterOfToken(pool, storeId, token) : null;
      if (!counter) return sendJson(res, 401, errorBody('UNAUTHORIZED', 'Sign in with this counter’s credential (it may have been revoked)'));
      if (isPartner) {
        const answer = await partner(req, path.slice('/partner'.length), url.searchParams, counter);
        return answer ? sendText(res, answer.status, answer.body) : sendJson(res, 404, errorBody('NOT_FOUND', `No route ${req.method} ${path}`));
      }
      const answer = await shared(req, path.slice('/store/v1'.length), counter);
      return answer ? sendJson(res, answer.status, answer.body) : sendJson(res, 404, errorBody('NOT_FOUND', `No route ${req.method} ${path}`));
    }

    async function health(res: ServerResponse): Promise<void> {
      try {
        await pool.query('SELECT 1');
        sendJson(res, 200, { database: 'ok', store: storeId, environment: options.environment });
      } catch (error) {
        sendJson(res, 503, { database: 'unavailable', reason: (error as Error).message });
      }
    }

    async function pair(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const body = (await readJson(req)) as { code?: unknown; counterName?: unknown } | undefined;
      const code = typeof body?.code === 'string' ? body.code : '';
      const name = typeof body?.counterName === 'string' ? body.counterName.trim() : '';
      if (!code || code.length > 40 || !name || name.length > 60) return sendJson(res, 400, errorBody('VALIDATION_FAILED', 'Send {code, counterName} (a name of 1–60 characters)'));
      const paired = await pairCounter(pool, storeId, code, name);
      if ('message' in paired) return sendJson(res, 403, errorBody(paired.code, paired.message));
      logger.log('info', 'store.counter_paired', { counterId: paired.id, name });
      sendJson(res, 200, { counterId: paired.id, counterCode: paired.code, credential: paired.credential, storeId: paired.storeId, environment: paired.environment });
    }

    async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {
      const body = (await readJson(req)) as { clientId?: unknown; clientSecret?: unknown } | undefined;
      if (typeof body?.clientId !== 'string' || typeof body.clientSecret !== 'string') return sendJson(res, 400, errorBody('BAD_REQUEST', 'clientId and clientSecret are required'));
      const session = await openCounterSession(pool, storeId, body.clientId, body.clientSecret);
      if (!session) return sendJson(res, 401, errorBody('UNAUTHORIZED', 'This counter is not paired with the store, or was revoked: join the store again'));
      sendJson(res, 200, session);
    }

    const server: Server = options.tls
      ? createHttpsServer({ cert: readFileSync(options.tls.certFile), key: readFileSync(options.tls.keyFile) }, handler)
      : createHttpServer(handler);
    // A counter's order may wait on the service for its whole order timeout.
    server.requestTimeout = 120_000;
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(options.port, options.host ?? '0.0.0.0', () => ok());
    });
    const { port } = server.address() as AddressInfo;
    const publicHost = options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1';
    // A signal and a caller's own shutdown may both ask; the second waits for the first.
    let closing: Promise<void> | null = null;
    return {
      url: `${options.tls ? 'https' : 'http'}://${publicHost}:${port}`,
      databaseUrl,
      pool,
      close() {
        closing ??= (async () => {
          server.closeAllConnections();
          await new Promise<void>((ok) => server.close(() => ok()));
          await jobs?.stop();
          client.close();
          await pool.end();
          await cluster?.stop();
        })();
        return closing;
      },
    };
  } catch (error) {
    await jobs?.stop().catch(() => undefined);
    client.close();
    await pool.end().catch(() => undefined);
    await cluster?.stop();
    throw error;
  }
}
