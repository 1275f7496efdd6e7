import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import config from '../../playwright.config.js';
import { startBrowserHost, type BrowserHost } from '../../src-main/browser-host/host.js';
import { startSandbox, type Sandbox } from '../../src-main/sandbox/server.js';
import { prefilledDataDir } from './catalog-fixture.js';

/** The renderer `npm run bench` builds first (the "bench" script runs electron-vite build). */
export const RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url));
/** In-page timing helpers, injected before the app's own scripts. */
export const PROBE_PATH = fileURLToPath(new URL('./paint-probe.js', import.meta.url));

/** Chromium exactly as the e2e tests launch it (playwright.config.ts is the one source of the flags). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...config.use?.launchOptions, headless: true });
}

/** A new context per page load, so every load is a first visit (no cache, no storage, fresh JS heap). */
export async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: config.use?.viewport ?? { width: 1280, height: 800 }, locale: 'en-IN' });
  await context.addInitScript({ path: PROBE_PATH });
  return context.newPage();
}

export interface BenchHost {
  host: BrowserHost;
  sandbox: Sandbox;
  brands: number;
  close(): Promise<void>;
}

/**
 * The browser host on a data folder that already holds `brands` generated brands (so the sell
 * screen searches a catalog of that size), backed by its own sandbox, with a manager set up
 * and signed in through the bridge (the page then opens straight on the sell screen).
 */
export async function hostWithCatalog(brands: number): Promise<BenchHost> {
  const data = await prefilledDataDir(brands);
  // Real-time ticks are not wanted: nothing here waits on the sandbox's PROCESSING orders.
  const sandbox = await startSandbox({ tickMs: 60_000 });
  let host: BrowserHost;
  try {
    host = await startBrowserHost({ rendererDir: RENDERER_DIR, trainingBaseUrl: sandbox.url, dataDir: data.path, version: 'bench' });
  } catch (error) {
    await sandbox.close();
    data.cleanup();
    throw error;
  }
  const close = async () => {
    await host.close();
    await sandbox.close();
    data.cleanup();
  };
  try {
    await host.core.ready();
    const setup = await host.bridge.invoke('staff.setupFirstManager', { name: 'Bench Manager', pin: '2580' });
    if (!setup.ok) throw new Error(`setting up the manager failed: ${JSON.stringify(setup)}`);
    // Selling needs an open drawer; without one the Sell screen shows its gate instead of the search.
    const drawer = await host.bridge.invoke('shift.open', { openingFloatPaise: 0 });
    if (!drawer.ok) throw new Error(`opening the drawer failed: ${JSON.stringify(drawer)}`);
    assertCatalog(host, brands);
  } catch (error) {
    await close();
    throw error;
  }
  return { host, sandbox, brands, close };
}

/** The figures are only about `brands` brands if the host still has them (no start-up sync replaced them). */
export function assertCatalog(host: BrowserHost, brands: number): void {
  const listed = host.core.env().catalog.count().listed;
  if (listed < brands) throw new Error(`the host's catalog holds ${listed} brands, expected ${brands}`);
}

/** An empty page on loopback: the browser's own floor for "navigate until something is painted". */
export async function emptyPageServer(): Promise<{ url: string; close(): Promise<void> }> {
  const html = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>empty</title></head><body></body></html>';
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(html), 'Cache-Control': 'no-cache' });
    res.end(html);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', () => ok()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}
