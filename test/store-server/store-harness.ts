import pg from 'pg';
import { silentLogger } from '../../src-main/platform/logger.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import { startEmbeddedCluster, type EmbeddedCluster } from '../../src-main/store-server/database/embedded-postgres.js';
import { startStoreServer, type StoreServer, type StoreServerOptions } from '../../src-main/store-server/server.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import type { SandboxOptions } from '../../src-main/sandbox/sandbox-state.js';
import { tempDir } from '../support/temp-dir.js';
import { hashPin } from '../../src-main/staff/pin-hash.js';
import { STAFF_SESSION_HEADER, type StoreStaffRow } from '../../src-main/store-link/store-wire.js';
import { firstManagerPush, staffRow } from './staff-rows.js';

/**
 * Store servers started in this process against one embedded PostgreSQL per test file, and
 * counters spoken for by plain HTTP: the counter's own way in.
 */

export interface Cluster {
  url: string;
  /** A new, empty database in the cluster (each test its own, so tests do not see each other's rows). */
  freshDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const dir = tempDir('gv-store-pg-');
  let cluster: EmbeddedCluster;
  try {
    cluster = await startEmbeddedCluster(dir.path, silentLogger);
  } catch (error) {
    dir.cleanup();
    throw error;
  }
  return {
    url: cluster.url,
    async freshDatabase(name) {
      if (!/^[a-z][a-z0-9_]{0,40}$/.test(name)) throw new Error(`bad database name ${name}`);
      await sql(cluster.url, `CREATE DATABASE ${name}`);
      const url = new URL(cluster.url);
      url.pathname = `/${name}`;
      return url.toString();
    },
    async stop() {
      await cluster.stop();
      dir.cleanup();
    },
  };
}

/** One statement on its own connection. */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export const SANDBOX_CREDENTIALS = { clientId: 'sandbox-staging-client', clientSecret: 'sandbox-staging-secret' };

/** The vault key of the tests' store servers (the data folder is not written with a database URL). */
export const TEST_VAULT_KEY = Buffer.alloc(32, 7);

/** The options of startStoreServer a test chooses; the sandbox and its staging credentials are the harness's. */
export type SandboxStoreServerOptions = Omit<StoreServerOptions, 'partnerBaseUrl' | 'clientId' | 'clientSecret' | 'environment' | 'port' | 'storeId' | 'logger'> &
  Partial<Pick<StoreServerOptions, 'port' | 'storeId' | 'logger'>>;

/** startStoreServer on the sandbox with its staging credentials: store 'main' on a free port, silent, unless `options` say otherwise. */
export function startSandboxStoreServer(sandbox: Sandbox, options: SandboxStoreServerOptions): Promise<StoreServer> {
  return startStoreServer({
    ...options,
    port: options.port ?? 0,
    storeId: options.storeId ?? 'main',
    logger: options.logger ?? silentLogger,
    partnerBaseUrl: sandbox.url,
    ...SANDBOX_CREDENTIALS,
    environment: 'staging',
  });
}

export type StartStoreOptions = Partial<Pick<StoreServerOptions, 'port' | 'storeId' | 'timeouts' | 'logger' | 'vaultKey' | 'webhookSecret'>>;

/** A store server on the sandbox: on a shared cluster's `databaseUrl`, or with its own embedded PostgreSQL in `{ dataDir }`. */
export async function startStore(sandbox: Sandbox, database: string | { dataDir: string }, options: StartStoreOptions = {}): Promise<StoreServer> {
  return startSandboxStoreServer(sandbox, {
    port: options.port,
    host: '127.0.0.1',
    // Unused with a databaseUrl: nothing is written there.
    ...(typeof database === 'string' ? { dataDir: '/nonexistent-store-dir', databaseUrl: database } : { dataDir: database.dataDir }),
    storeId: options.storeId,
    timeouts: options.timeouts,
    vaultKey: options.vaultKey ?? TEST_VAULT_KEY,
    logger: options.logger,
    webhookSecret: options.webhookSecret,
  });
}

/** A sandbox that resolves PROCESSING orders and retries webhooks on its own only once a minute: within a test they wait for the test to move them on. */
export const MINUTE_TICK: SandboxOptions = { tickMs: 60_000 };

export interface SandboxCluster {
  sandbox: Sandbox;
  cluster: Cluster;
  /** Stops the sandbox and the cluster (after the test's store servers on it are closed). */
  close(): Promise<void>;
}

/** A sandbox and an embedded PostgreSQL cluster for a test file's store servers, each on its own fresh database. */
export async function startSandboxCluster(sandboxOptions: SandboxOptions = MINUTE_TICK): Promise<SandboxCluster> {
  const sandbox = await startSandbox(sandboxOptions);
  let cluster: Cluster;
  try {
    cluster = await startCluster();
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  return {
    sandbox,
    cluster,
    async close() {
      await sandbox.close();
      await cluster.stop();
    },
  };
}

export interface ClusterStore extends SandboxCluster {
  server: StoreServer;
  databaseUrl: string;
  /** Closes the store server, then the sandbox and the cluster (another server the test started on them first). */
  close(): Promise<void>;
}

/** startSandboxCluster with one store server (startStore, `options`) on the new database `databaseName`. */
export async function startClusterStore(databaseName: string, options: StartStoreOptions = {}, sandboxOptions: SandboxOptions = MINUTE_TICK): Promise<ClusterStore> {
  const base = await startSandboxCluster(sandboxOptions);
  try {
    const databaseUrl = await base.cluster.freshDatabase(databaseName);
    const server = await startStore(base.sandbox, databaseUrl, options);
    return {
      ...base,
      server,
      databaseUrl,
      async close() {
        await server.close();
        await base.close();
      },
    };
  } catch (error) {
    await base.close();
    throw error;
  }
}

export interface SandboxStore {
  sandbox: Sandbox;
  server: StoreServer;
  /** What the paired counter sends with an order (sellerHeaders): its bearer token and its seller's staff session. */
  seller: Record<string, string>;
  /** Closes the store server and the sandbox, and removes the store's data folder. */
  close(): Promise<void>;
}

export interface SandboxStoreOptions {
  /** The prefix of the store's temp data folder. */
  tempPrefix: string;
  /** The name the one counter is paired under. */
  counterName: string;
  sandbox: SandboxOptions;
  /** Where the server listens: startStoreServer's own default (all interfaces) unless given. */
  host?: string;
  /** The store checks the service's webhooks with it, and the sandbox delivers them to the store's /webhooks. */
  webhookSecret?: string;
}

/**
 * A sandbox and a store server on it with its own embedded PostgreSQL in a temp folder (its
 * vault key file there, as the CLI keeps it), and one counter paired with a pairing code, its
 * seller signed in: the store as plain fetch calls see it.
 */
export async function startSandboxStore(options: SandboxStoreOptions): Promise<SandboxStore> {
  const dir = tempDir(options.tempPrefix);
  let sandbox: Sandbox | undefined;
  let server: StoreServer | undefined;
  const close = async () => {
    await server?.close();
    await sandbox?.close();
    dir.cleanup();
  };
  try {
    sandbox = await startSandbox(options.sandbox);
    server = await startSandboxStoreServer(sandbox, { dataDir: dir.path, host: options.host, webhookSecret: options.webhookSecret });
    if (options.webhookSecret) sandbox.state.webhooks.endpoint = { url: `${server.url}/webhooks`, secret: options.webhookSecret };
    const code = await newPairingCode(server.pool, 'main');
    const paired = await pairWithCode(server.url, code, options.counterName);
    const seller = await sellerHeaders(server.url, paired);
    return { sandbox, server, seller, close };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface Reply {
  status: number;
  json: any;
  text: string;
}

export async function http(url: string, init: { method?: string; token?: string | null; body?: unknown; raw?: string | Buffer; headers?: Record<string, string> } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body: string | Buffer | undefined;
  if (init.raw !== undefined) body = init.raw;
  else if (init.body !== undefined) body = JSON.stringify(init.body);
  if (body !== undefined) headers['Content-Type'] ??= 'application/json';
  const res = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: the test looks at text
  }
  return { status: res.status, json, text };
}

export interface Counter {
  id: string;
  credential: string;
  token: string;
  storeId: string;
  /** Staff sessions the store opened at this counter (right sign-in PINs), by staff id, newest last. */
  sessions: Map<string, string>;
  /**
   * An HTTP call to the store server as this counter. `staffId`: made for that person, with the
   * session the store opened for them here (none sent when they have none). A POST of an order
   * carries the newest session, as the counter's client does.
   */
  call(path: string, init?: { method?: string; body?: unknown; raw?: string; staffId?: string; headers?: Record<string, string> }): Promise<Reply>;
}

export async function login(serverUrl: string, counterId: string, credential: string): Promise<Reply> {
  return http(`${serverUrl}/partner/v1/partners/auth/login`, { body: { clientId: counterId, clientSecret: credential } });
}

/** Pairs a counter at `serverUrl` with `code` (what `pairing-code` printed): its id and credential. */
export async function pairWithCode(serverUrl: string, code: string, counterName: string): Promise<{ counterId: string; credential: string }> {
  const paired = await http(`${serverUrl}/pair`, { body: { code, counterName } });
  if (paired.status !== 200) throw new Error(`pairing failed: ${paired.text}`);
  return paired.json;
}

/** Pairs a counter with a fresh code of `storeId` (what `pairing-code` prints) and signs it in. */
export async function pairedCounter(server: StoreServer, name: string, storeId = 'main'): Promise<Counter> {
  const code = await newPairingCode(server.pool, storeId);
  const paired = await http(`${server.url}/pair`, { body: { code, counterName: name } });
  if (paired.status !== 200) throw new Error(`pairing failed: ${paired.text}`);
  const signedIn = await login(server.url, paired.json.counterId, paired.json.credential);
  if (signedIn.status !== 200) throw new Error(`login failed: ${signedIn.text}`);
  return counterFor(server.url, { id: paired.json.counterId, credential: paired.json.credential, token: signedIn.json.token, storeId: paired.json.storeId });
}

/** `c.sessions`: the staff sessions of the same counter reached at another replica (they are the store's, not a replica's). */
export function counterFor(serverUrl: string, c: { id: string; credential: string; token: string; storeId: string; sessions?: Map<string, string> }): Counter {
  const sessions = c.sessions ?? new Map<string, string>();
  return {
    ...c,
    sessions,
    call: (path, init = {}) => {
      const token = init.staffId ? sessions.get(init.staffId) : path === ORDERS_PATH && init.method !== 'GET' ? [...sessions.values()].at(-1) : undefined;
      const headers = { ...(token ? { [STAFF_SESSION_HEADER]: token } : {}), ...init.headers };
      return http(`${serverUrl}${path}`, { method: init.method, token: c.token, body: init.body, raw: init.raw, headers });
    },
  };
}

const ORDERS_PATH = '/partner/v1/partners/orders';

/** Signs `staffId` in at `counter` with their PIN, as the counter's PIN pad does: the store opens their session there. */
export async function signInAtStore(counter: Counter, staffId: string, pin: string): Promise<void> {
  const answer = await counter.call('/store/v1/staff/pin-check', { body: { staffId, pin, purpose: null } });
  if (answer.status !== 200 || answer.json.kind !== 'right' || !answer.json.session) throw new Error(`sign-in at the store failed: ${answer.text}`);
  counter.sessions.delete(staffId);
  counter.sessions.set(staffId, answer.json.session.token);
}

/** A staff row whose PIN the store can check (a real hash, made once per PIN in this process). */
const hashes = new Map<string, Promise<string>>();
export async function staffWithPin(pin: string, over: Partial<StoreStaffRow> = {}): Promise<StoreStaffRow> {
  if (!hashes.has(pin)) hashes.set(pin, hashPin(pin));
  return staffRow({ ...over, pin_hash: await hashes.get(pin)! });
}

export const SELLER = { name: 'Harness Seller', pin: '2468' };

/**
 * Signs the store's harness manager in at `counter`, so it may sell through the store: set up
 * as the store's first manager when it has none (the store then refuses anyone else's set-up).
 */
export async function withSeller(counter: Counter): Promise<Counter> {
  const staff = await counter.call('/store/v1/staff');
  if (staff.status !== 200) throw new Error(`could not list the store's staff: ${staff.text}`);
  let seller: { id: string } | undefined = (staff.json.staff as StoreStaffRow[]).find((s) => s.name === SELLER.name && s.disabled_at === null);
  if (!seller) {
    const row = await staffWithPin(SELLER.pin, { name: SELLER.name, role: 'manager' });
    const put = await counter.call('/store/v1/staff', { method: 'PUT', body: firstManagerPush(row) });
    if (put.status !== 200) throw new Error(`could not set up the harness seller: ${put.text}`);
    seller = row;
  }
  await signInAtStore(counter, seller.id, SELLER.pin);
  return counter;
}

/**
 * What a counter paired at `serverUrl` sends with an order, signed in afresh (for tests that
 * speak plain fetch): its bearer token and its seller's staff session (withSeller).
 */
export async function sellerHeaders(serverUrl: string, paired: { counterId: string; credential: string }, storeId = 'main'): Promise<Record<string, string>> {
  const signedIn = await login(serverUrl, paired.counterId, paired.credential);
  if (signedIn.status !== 200) throw new Error(`login failed: ${signedIn.text}`);
  const counter = await withSeller(counterFor(serverUrl, { id: paired.counterId, credential: paired.credential, token: signedIn.json.token, storeId }));
  return { Authorization: `Bearer ${counter.token}`, [STAFF_SESSION_HEADER]: [...counter.sessions.values()].at(-1)! };
}

/** A paired counter with the harness manager signed in at the store (withSeller). */
export async function sellingCounter(server: StoreServer, name: string, storeId = 'main'): Promise<Counter> {
  return withSeller(await pairedCounter(server, name, storeId));
}

/** The sandbox's always-SUCCESS brand, one voucher of `rupees` (100, 250, 500, 1000 or 2000). */
export function orderBody(referenceId: string, rupees = 500, productId = 'TEST_FIXED_STANDARD'): Record<string, unknown> {
  return { productId, referenceId, amount: rupees, denominationDetails: [{ denomination: rupees, quantity: 1 }] };
}

let refSeq = 0;
export const newRef = (tag = 'T') => `POS-${tag}-${Date.now().toString(36).toUpperCase()}-${(refSeq++).toString(36).toUpperCase()}`;

export const placeOrder = (counter: Counter, body: Record<string, unknown>) => counter.call('/partner/v1/partners/orders', { body });
export const byReference = (counter: Counter, ref: string) => counter.call(`/partner/v1/partners/orders/by-reference/${encodeURIComponent(ref)}`);

/** The POSTs of orders the sandbox answered (or cut) for this reference. */
export function ordersReceived(sandbox: Sandbox, referenceId: string): number {
  return [...sandbox.state.orders.orders.values()].filter((o) => o.referenceId === referenceId).length;
}

export function orderPosts(sandbox: Sandbox, sinceSeq = 0): number {
  return sandbox.requests.list(sinceSeq).filter((r) => r.method === 'POST' && r.path === '/v1/partners/orders').length;
}

export const lastSeq = (sandbox: Sandbox) => sandbox.requests.list().at(-1)?.seq ?? 0;

/** Waits for `check` to hold, asking again every 100 ms; fails with `what` after `timeoutMs`. */
export async function eventually<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface RelayedRow {
  state: string;
  order_status: string | null;
  counter_id: string;
  sends: number;
  hold_paise: string;
  http_status: number | null;
}

export async function relayedRow(url: string, referenceId: string): Promise<RelayedRow | undefined> {
  return (await sql<RelayedRow>(url, 'SELECT state, order_status, counter_id, sends, hold_paise, http_status FROM relayed_orders WHERE reference_id = $1', [referenceId]))[0];
}
