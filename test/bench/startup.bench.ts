import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startSandbox } from '../../src-main/sandbox/server.js';
import { emptyPageServer, freshPage, hostWithCatalog, launchChromium, RENDERER_DIR } from './browser.js';
import { prefilledDataDir } from './catalog-fixture.js';
import { childBundles } from './children/bundle.js';
import { runNode } from './children/spawn.js';
import { alternating, row, single, summarize, type BenchRow } from './stats.js';

/**
 * Start-up: the core ready in a fresh process (spawned, so Node's bootstrap and the loading of
 * the app's bundled modules count) on a data folder already holding `brands` brands, beside an
 * empty `node -e 0`; the renderer interactive in Chromium beside an empty page; the renderer's size.
 */
export async function benchStartup(brands: number, runs: number, log: (s: string) => void): Promise<BenchRow[]> {
  return [...(await coreReady(brands, runs, log)), ...(await rendererInteractive(brands, runs, log)), ...bundleSize()];
}

async function coreReady(brands: number, runs: number, log: (s: string) => void): Promise<BenchRow[]> {
  const { 'startup-child': child } = await childBundles();
  const template = await prefilledDataDir(brands);
  // The service the core talks to lives in this process, as a real service lives elsewhere.
  const sandbox = await startSandbox({ tickMs: 60_000 });
  const ready: number[] = [];
  const inChild: number[] = [];
  const modules: number[] = [];
  const cpu: number[] = [];
  const empty: number[] = [];
  const emptyCpu: number[] = [];
  try {
    const once = async (record: boolean) => {
      const dir = template.copy();
      try {
        const r = await runNode([child!, dir.path, sandbox.url, String(brands)]);
        const said = JSON.parse(r.firstLine ?? '{}') as { ready?: boolean; inChildMs?: number; modulesMs?: number; cpuMs?: number; listed?: number; firstPage?: number };
        if (!said.ready || (said.listed ?? 0) < brands || !said.firstPage) throw new Error(`start-up child said ${r.firstLine}`);
        if (record) {
          ready.push(r.firstLineMs!);
          inChild.push(said.inChildMs!);
          modules.push(said.modulesMs!);
          cpu.push(said.cpuMs!);
        }
      } finally {
        dir.cleanup();
      }
    };
    const bare = async (record: boolean) => {
      const r = await runNode(['-e', '0']);
      // The same empty process once more, saying its own CPU time (the baseline of the CPU row).
      const c = await runNode(['-e', 'const c = process.cpuUsage(); console.log((c.user + c.system) / 1000)']);
      if (record) {
        empty.push(r.exitMs);
        emptyCpu.push(Number(c.firstLine));
      }
    };
    await alternating(runs, once, bare);
  } finally {
    await sandbox.close();
    template.cleanup();
  }
  log(`  startup: core ready p50 ${summarize(ready).p50.toFixed(0)} ms over ${runs} spawns`);
  return [
    row('startup', `core ready, ${brands} brands (spawn → ready + first catalog page)`, summarize(ready), summarize(empty), 'node -e 0 (spawn → exit)'),
    row('startup', '  of which: inside the child, process start → ready', summarize(inChild), null, '—'),
    row('startup', '  of which: inside the child, process start → app modules loaded', summarize(modules), null, '—'),
    // On a shared machine wall time includes waiting for a core; CPU time is the work itself.
    row('startup', '  CPU time (user + sys) of the child to ready', summarize(cpu), summarize(emptyCpu), 'CPU time of an empty node -e'),
  ];
}

async function rendererInteractive(brands: number, runs: number, log: (s: string) => void): Promise<BenchRow[]> {
  const app = await hostWithCatalog(brands);
  const empty = await emptyPageServer();
  const browser = await launchChromium();
  const painted: number[] = [];
  const usable: number[] = [];
  const dcl: number[] = [];
  const blank: number[] = [];
  try {
    const subject = async (record: boolean) => {
      const page = await freshPage(browser);
      try {
        await page.goto(app.host.launchUrl, { waitUntil: 'commit' });
        const r = (await page.evaluate('window.__benchProbe.interactive()')) as { usableAt: number; paintedAt: number };
        // The module script is deferred: DOMContentLoaded ends once the bundle has been fetched, compiled and run.
        const loadedAt = (await page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")) as number;
        if (record) {
          painted.push(r.paintedAt);
          usable.push(r.usableAt);
          dcl.push(loadedAt);
        }
      } finally {
        await page.context().close();
      }
    };
    const baseline = async (record: boolean) => {
      const page = await freshPage(browser);
      try {
        await page.goto(empty.url, { waitUntil: 'commit' });
        const t = (await page.evaluate('window.__benchProbe.loaded()')) as number;
        if (record) blank.push(t);
      } finally {
        await page.context().close();
      }
    };
    await alternating(runs, subject, baseline);
  } finally {
    await browser.close();
    await empty.close();
    await app.close();
  }
  log(`  startup: renderer interactive p50 ${summarize(painted).p50.toFixed(0)} ms over ${runs} loads`);
  return [
    row('startup', `renderer interactive, ${brands} brands (navigation → search box usable, painted)`, summarize(painted), summarize(blank), 'empty page, same browser (navigation → load, painted)'),
    row('startup', '  of which: bundle fetched, compiled and run (DOMContentLoaded)', summarize(dcl), null, '—'),
    row('startup', '  of which: search box usable (in the DOM, focused), before its paint', summarize(usable), null, '—'),
  ];
}

/** out/renderer's JS and CSS as served (raw) and as gzip would send them (node:zlib, default level). */
function bundleSize(): BenchRow[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(js|mjs|css)$/.test(e.name)) files.push(p);
    }
  };
  walk(RENDERER_DIR);
  if (files.length === 0) throw new Error(`no JS or CSS under ${RENDERER_DIR}; run npm run build`);
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const body = readFileSync(f);
    raw += body.length;
    gzip += gzipSync(body).length;
  }
  const kb = (n: number) => n / 1024;
  const note = `${files.length} files`;
  return [
    row('startup', 'renderer bundle, JS + CSS (raw)', single(kb(raw)), null, '—', note, 'KB'),
    row('startup', 'renderer bundle, JS + CSS (gzip)', single(kb(gzip)), null, '—', note, 'KB'),
  ];
}
