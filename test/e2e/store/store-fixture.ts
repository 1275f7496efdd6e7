import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { startBrowserHost, type BrowserHost } from '../../../src-main/browser-host/host.js';
import { memoryLogger } from '../../../src-main/platform/logger.js';
import { startSandbox, type Sandbox } from '../../../src-main/sandbox/server.js';
import { clusterDirOf } from '../../../src-main/store-server/database/embedded-postgres.js';
import { pairingCode, startStoreServerCli, waitForHealth, type Running } from '../../store-server/store-processes.js';

/** The renderer `npm run build` produced; the hosts serve it as it is. */
const RENDERER_DIR = fileURLToPath(new URL('../../../out/renderer', import.meta.url));

export const STORE_MANAGER = { name: 'Meera Shah', pin: '2580' };
export const COUNTER_NAMES = ['Counter A', 'Counter B'] as const;

/** A browser host paired with the store server, as `npm run web -- --store-server … --pairing-code …` runs one. */
export interface StoreCounter {
  readonly name: string;
  readonly host: BrowserHost;
  readonly logger: ReturnType<typeof memoryLogger>;
  /** A bridge call on the counter's own session (the pages opened on it share it). */
  call<T = any>(method: string, payload?: unknown): Promise<{ ok: true; data: T } | { ok: false; error: { code: string; message: string } }>;
}

/**
 * One store for the whole spec file: this file's sandbox, `npm run store-server` on it (its own
 * embedded PostgreSQL in a temporary folder), and two counters paired with pairing codes, the
 * store's manager set up once and signed in on both, each with its drawer open.
 */
export interface StoreWorld {
  sandbox: Sandbox;
  /** http://127.0.0.1:<port> of the store server; the same after a restart. */
  url: string;
  counters: readonly [StoreCounter, StoreCounter];
  managerId: string;
  /** Kills the store server (the counters stay up). */
  stopServer(signal: NodeJS.Signals): Promise<void>;
  /** Starts it again on the same folder and port, and waits for its /health. */
  startServer(): Promise<void>;
  newPairingCode(): Promise<string>;
  /** A browser host of its own (Training on this sandbox), kept in `dataDir` so it can start again. */
  startLoneHost(dataDir: string): Promise<BrowserHost>;
  /** A fresh temporary folder, removed when the spec file ends. */
  tempDir(prefix: string): string;
}

export interface StoreFixtures {
  /** A page on counter `index` (0: Counter A, 1: Counter B), in a browser context of its own. */
  openCounter(index: 0 | 1): Promise<Page>;
}

async function waitUntil(check: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function counterOf(name: string, host: BrowserHost, logger: ReturnType<typeof memoryLogger>): StoreCounter {
  return { name, host, logger, call: (method, payload) => host.bridge.invoke(method as never, payload) as never };
}

/**
 * A postmaster left behind by a SIGKILLed store server whose restart never came (a failed
 * test): stopped by its pid, so no PostgreSQL outlives the spec.
 */
function stopLeftoverPostgres(storeDir: string): void {
  const pidFile = join(clusterDirOf(storeDir), 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    // already gone
  }
}

export const test = base.extend<StoreFixtures, { store: StoreWorld }>({
  store: [
    // Playwright reads a fixture's dependencies from its destructuring pattern, so "none" must be `{}`.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dirs: string[] = [];
      const tempDir = (prefix: string) => {
        const dir = mkdtempSync(join(tmpdir(), prefix));
        dirs.push(dir);
        return dir;
      };
      const storeDir = tempDir('gv-e2e-store-');
      const hosts: BrowserHost[] = [];
      let server: Running | null = null;
      const sandbox = await startSandbox({ tickMs: 60_000 });
      try {
        const started = await startStoreServerCli({ dataDir: storeDir, partnerBaseUrl: sandbox.url });
        server = started.proc;
        const url = started.url;
        const port = Number(new URL(url).port);
        await waitForHealth(url);

        const counters: StoreCounter[] = [];
        for (const name of COUNTER_NAMES) {
          const logger = memoryLogger();
          const host = await startBrowserHost({
            rendererDir: RENDERER_DIR,
            dataDir: tempDir('gv-e2e-counter-'),
            storeServer: { url, pairingCode: await pairingCode({ dataDir: storeDir }), counterName: name },
            logger,
            version: 'e2e',
          });
          hosts.push(host);
          await host.core.ready();
          // Search needs brands: the first sync goes through the store server too.
          await waitUntil(() => host.core.env().catalog.lastFullSyncAt() !== null, `${name}'s first catalog sync`);
          counters.push(counterOf(name, host, logger));
        }
        const [a, b] = counters as [StoreCounter, StoreCounter];
        // Staff are store-wide: one manager set up on A signs in on B too.
        const setUp = await a.call<{ id: string }>('staff.setupFirstManager', STORE_MANAGER);
        if (!setUp.ok) throw new Error(`manager set-up: ${setUp.error.message}`);
        const signedIn = await b.call('staff.signIn', { staffId: setUp.data.id, pin: STORE_MANAGER.pin });
        if (!signedIn.ok) throw new Error(`sign-in on ${b.name}: ${signedIn.error.message}`);
        for (const c of counters) {
          const opened = await c.call('shift.open', { openingFloatPaise: 0 });
          if (!opened.ok) throw new Error(`drawer on ${c.name}: ${opened.error.message}`);
        }

        await use({
          sandbox,
          url,
          counters: [a, b],
          managerId: setUp.data.id,
          async stopServer(signal) {
            await server?.kill(signal);
          },
          async startServer() {
            server = (await startStoreServerCli({ dataDir: storeDir, partnerBaseUrl: sandbox.url, port })).proc;
            await waitForHealth(url);
          },
          newPairingCode: () => pairingCode({ dataDir: storeDir }),
          async startLoneHost(dataDir) {
            const host = await startBrowserHost({ rendererDir: RENDERER_DIR, dataDir, trainingBaseUrl: sandbox.url, logger: memoryLogger(), version: 'e2e', quietStart: true });
            hosts.push(host);
            await host.core.ready();
            return host;
          },
          tempDir,
        });
      } finally {
        for (const host of hosts) await host.close().catch(() => undefined);
        await server?.kill('SIGTERM');
        stopLeftoverPostgres(storeDir);
        await sandbox.close();
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    },
    // The store server's embedded PostgreSQL is created on first start (initdb): slow on a busy machine.
    { scope: 'worker', timeout: 240_000 },
  ],

  openCounter: async ({ browser, store }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (index) => {
      const context = await newCounterContext(browser);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(store.counters[index].host.launchUrl);
      return page;
    });
    for (const context of contexts) await context.close();
  },
});

/** The project's page settings (viewport, locale, India time) for a context the test opens itself. */
function newCounterContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
}

export { expect };
