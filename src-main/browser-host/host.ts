import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createBridge, type Bridge } from '../bridge/bridge.js';
import { createCore, type Core } from '../core/create-core.js';
import type { Clock } from '../platform/clock.js';
import { buildCsp } from '../platform/csp.js';
import { silentLogger, type Logger } from '../platform/logger.js';
import { NO_KEYCHAIN, type SecretStore } from '../platform/secret-store.js';
import { jsonFileBackend } from '../settings/json-file-backend.js';
import { LOCAL_KEY_FILE_NAME, localKeyFileStore } from '../platform/local-key-file.js';
import type { StoreLink } from '../store-link/store-link-file.js';
import { hasStoreLink } from '../store-link/store-link-location.js';
import { createAccess } from './access.js';
import { eventStreams, handleCall } from './api.js';
import { lookupStatic, withMetaCsp } from './static-files.js';

/**
 * The browser host (architecture.md): the built renderer and the bridge contract over HTTP +
 * server-sent events on loopback, so real Chromium can drive the real renderer against the
 * real core where no Electron binary exists. Development and end-to-end tests only; it runs
 * Training only, because it has no OS keychain to protect real credentials: Training's key is
 * the unprotected key file in the data folder (core/environment-keys.ts), so a restart on the
 * same folder reopens its sales.
 */
export interface BrowserHostOptions {
  /** The built renderer (out/renderer), holding index.html. */
  rendererDir: string;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Training backend (another sandbox, or any URL playing the service); default: the core's in-process sandbox. */
  trainingBaseUrl?: string;
  /** Default: a fresh temporary folder, removed on close; a folder given here is kept and can be reopened. */
  dataDir?: string;
  logger?: Logger;
  clock?: Clock;
  /** Skip the start-up catalog sync and wallet read (tests that drive them themselves). */
  quietStart?: boolean;
  heartbeatMs?: number;
  version?: string;
  /**
   * The OS keychain the host may use. None by default (the browser host has none): Training
   * keeps its key in the data folder, and staging or production secrets are refused. Tests of
   * screens the desktop app shows with a keychain (saving credentials) lend it a stand-in.
   */
  keychain?: SecretStore;
  /**
   * Join (or stay in) a store: the host then sells in the store's environment through its
   * store server. The pairing code is needed only the first time; the counter's credential is
   * kept in the data folder's key file.
   */
  storeServer?: { url: string; pairingCode?: string; counterName?: string };
}

export interface BrowserHost {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** The URL to open: it carries the per-launch token, which the first page load turns into a cookie. */
  readonly launchUrl: string;
  readonly token: string;
  /** The data folder in use (a temporary one unless `dataDir` was given). */
  readonly dataDir: string;
  readonly core: Core;
  readonly bridge: Bridge;
  close(): Promise<void>;
}

function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? `${pkg.version}-web` : 'dev-web';
  } catch {
    return 'dev-web';
  }
}

const refuse = (res: ServerResponse, status: number, text: string) => {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
};

/** The store this data folder's counter belongs to, joining it first when a pairing code is given. */
async function storeLinkFor(dataDir: string, secrets: SecretStore, wanted: BrowserHostOptions['storeServer']): Promise<StoreLink | null> {
  // A counter on its own starts without the store link's modules (their schemas load zod).
  if (!wanted && !hasStoreLink(dataDir)) return null;
  const { loadStoreLink, saveStoreLink } = await import('../store-link/store-link-file.js');
  const saved = loadStoreLink(dataDir, secrets);
  if (saved) {
    if (wanted && wanted.url.replace(/\/+$/, '') !== saved.url) {
      throw new Error(`${dataDir} belongs to the store server at ${saved.url}, not ${wanted.url}: use another data folder for another store`);
    }
    return saved;
  }
  if (!wanted) return null;
  if (!wanted.pairingCode) throw new Error(`This data folder has not joined ${wanted.url} yet: pass --pairing-code (print one with \`npm run store-server -- pairing-code\`)`);
  // The folder must take the link before the code is spent: a pairing that cannot be saved would leave a counter the store lists but nobody holds.
  mkdirSync(dataDir, { recursive: true });
  accessSync(dataDir, constants.W_OK);
  const { pairWithStore } = await import('../store-link/pairing.js');
  const link = await pairWithStore({ url: wanted.url, code: wanted.pairingCode, counterName: wanted.counterName ?? `Counter on ${hostname()}` });
  saveStoreLink(dataDir, link, secrets);
  return link;
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const logger = options.logger ?? silentLogger;
  // It serves a signed-in counter to whoever holds the cookie: never to the network.
  if (options.host !== undefined && !['127.0.0.1', '::1', 'localhost'].includes(options.host)) {
    throw new Error(`The browser host listens on loopback only, not on ${options.host}`);
  }
  // The real path, because static lookups compare real paths (a symlinked /tmp on macOS).
  const rendererDir = realpathSync(resolve(options.rendererDir));
  const indexHtml = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'gv-pos-web-'));

  let core: Core;
  try {
    const linkSecrets = localKeyFileStore(join(dataDir, LOCAL_KEY_FILE_NAME));
    const storeLink = await storeLinkFor(dataDir, linkSecrets, options.storeServer);
    core = await createCore({
      dataDir,
      secretStore: options.keychain ?? NO_KEYCHAIN,
      settingsBackend: jsonFileBackend(join(dataDir, 'settings.json')),
      // On its own it is Training only (no keychain for real secrets); a store's counter holds none: the store server does.
      allowedEnvironments: storeLink ? undefined : ['training'],
      storeLink: storeLink ?? undefined,
      storeLinkSecrets: linkSecrets,
      trainingBaseUrl: options.trainingBaseUrl,
      clock: options.clock,
      logger,
      quietStart: options.quietStart,
    });
  } catch (error) {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const bridge = createBridge(core, { version: options.version ?? packageVersion(), logger });
  // The same strict policy as the desktop app: brand logos reach the page as data: URLs from
  // main (catalog.image), never straight from the sandbox's or the service's host.
  const csp = buildCsp({});
  const page = Buffer.from(withMetaCsp(indexHtml, csp));
  const streams = eventStreams(bridge, logger, options.heartbeatMs ?? 15_000);

  // Both are set once the port is known, before the first request can arrive.
  let origin = 'http://127.0.0.1';
  let access = createAccess(origin);
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.log('error', 'browser_host.request_failed', { path: req.url?.split('?')[0], error });
      if (!res.headersSent) refuse(res, 500, 'Internal error');
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Only the path and query are read; Host itself is checked against our own origin below.
    const url = new URL(req.url ?? '/', origin);
    const refused = (status: number, why: string) => {
      logger.log('warn', 'browser_host.refused', { method: req.method, path: url.pathname, why });
      refuse(res, status, status === 403 ? 'Forbidden: open the launch URL that `npm run web` printed' : why);
    };
    const foreign = access.foreignReason(req);
    if (foreign) return refused(403, `foreign ${foreign}`);
    res.setHeader('Content-Security-Policy', csp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');

    // The launch: a valid token in the query hands the browser its cookie with the page.
    const launchToken = url.searchParams.get('token');
    if (launchToken !== null && (url.pathname === '/' || url.pathname === '/index.html')) {
      if (!access.tokenMatches(launchToken)) return refused(403, 'wrong token');
      res.setHeader('Set-Cookie', access.cookie());
    } else if (!access.hasCookie(req)) {
      return refused(403, 'no cookie');
    }

    if (url.pathname === '/api/call') return handleCall(req, res, bridge);
    if (url.pathname === '/api/events') return streams.handle(req, res);
    if (url.pathname.startsWith('/api/')) return refused(404, 'Not found');
    if (req.method !== 'GET' && req.method !== 'HEAD') return refused(405, 'Method not allowed');

    const found = await lookupStatic(rendererDir, url.pathname);
    if (found.kind === 'forbidden') return refused(403, 'outside the renderer');
    if (found.kind === 'not-found') return refused(404, 'Not found');
    const body = found.path === join(rendererDir, 'index.html') ? page : found.body;
    res.writeHead(200, { 'Content-Type': found.contentType, 'Content-Length': body.length, 'Cache-Control': 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  try {
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => ok());
    });
  } catch (error) {
    await core.close();
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const address = server.address() as AddressInfo;
  const hostName = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${hostName}:${address.port}`;
  access = createAccess(origin);
  logger.log('info', 'browser_host.listening', { url: origin, dataDir, trainingBaseUrl: core.env().baseUrl });

  let closed: Promise<void> | null = null;
  return {
    url: origin,
    launchUrl: `${origin}/?token=${access.token}`,
    token: access.token,
    dataDir,
    core,
    bridge,
    close() {
      closed ??= (async () => {
        streams.closeAll();
        server.closeAllConnections();
        await new Promise<void>((ok) => server.close(() => ok()));
        await core.close();
        if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
      })();
      return closed;
    },
  };
}
