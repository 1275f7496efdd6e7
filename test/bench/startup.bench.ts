import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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

/** The files a start opens before ready: the staff and audit database, the journal, the catalog. */
const DATABASE_FILES = ['app.db', 'training.db', 'training-catalog.db'];

/**
 * The physical floor of a core start: Node, better-sqlite3 loaded as the app loads it (required
 * as CommonJS, its addon named: db/database.ts) and the start's database files opened and read —
 * no app code. What is left above it is the app's.
 */
function floorScript(dir: string): string {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const addon = join(dirname(sqlite), '..', 'build', 'Release', 'better_sqlite3.node');
  return [
    `import { createRequire } from 'node:module';`,
    `const Database = createRequire(${JSON.stringify(sqlite)})(${JSON.stringify(sqlite)});`,
    `for (const file of ${JSON.stringify(DATABASE_FILES.map((f) => join(dir, f)))}) { const db = new Database(file, { nativeBinding: ${JSON.stringify(addon)} }); db.pragma('user_version', { simple: true }); db.close(); }`,
    `console.log('{}');`,
  ].join('\n');
}

/** A throw-away copy of a data folder, for one start. */
function copyOf(path: string): { path: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'gv-bench-run-'));
  cpSync(path, dir, { recursive: true });
  return { path: dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

async function coreReady(brands: number, runs: number, log: (s: string) => void): Promise<BenchRow[]> {
  const { 'startup-child': child } = await childBundles();
  const template = await prefilledDataDir(brands);
  // The service the core talks to lives in this process, as a real service lives elsewhere.
  const sandbox = await startSandbox({ tickMs: 60_000 });
  // The catalog alone, as the fixture makes it: no staff, journal or key file yet.
  const neverStarted = copyOf(template.path);
  const ready: number[] = [];
  const inChild: number[] = [];
  const modules: number[] = [];
  const cpu: number[] = [];
  const firstStart: number[] = [];
  const floor: number[] = [];
  const empty: number[] = [];
  const emptyCpu: number[] = [];
  const startIn = async (dir: string) => {
    const r = await runNode([child!, dir, sandbox.url, String(brands)]);
    const said = JSON.parse(r.firstLine ?? '{}') as { ready?: boolean; inChildMs?: number; modulesMs?: number; cpuMs?: number; listed?: number; firstPage?: number; codeCache?: string };
    if (!said.ready || (said.listed ?? 0) < brands || !said.firstPage) throw new Error(`start-up child said ${r.firstLine}`);
    return { ms: r.firstLineMs!, said };
  };
  const start = async (from: string) => {
    const dir = copyOf(from);
    try {
      return await startIn(dir.path);
    } finally {
      dir.cleanup();
    }
  };
  try {
    // A folder whose catalog was synced has been started before (the sync ran in a started
    // core): one untimed start leaves it as every later start finds it, with the staff and
    // audit database, the journal and Training's key file in place. The first start of a
    // new folder, which creates (and fsyncs) those, is timed on its own row.
    await startIn(template.path);
    const once = async (record: boolean) => {
      const { ms, said } = await start(template.path);
      // The untimed start above wrote the core bundle's code cache into the folder, as a start does.
      if (said.codeCache !== 'used') throw new Error(`a start on a started folder found its code cache ${said.codeCache}`);
      if (record) {
        ready.push(ms);
        inChild.push(said.inChildMs!);
        modules.push(said.modulesMs!);
        cpu.push(said.cpuMs!);
      }
    };
    const bare = async (record: boolean) => {
      const r = await runNode(['-e', '0']);
      // The same empty process once more, saying its own CPU time (the baseline of the CPU row).
      const c = await runNode(['-e', 'const c = process.cpuUsage(); console.log((c.user + c.system) / 1000)']);
      const dir = copyOf(template.path);
      const f = await runNode(['--input-type=module', '-e', floorScript(dir.path)]).finally(() => dir.cleanup());
      const first = await start(neverStarted.path);
      if (record) {
        empty.push(r.exitMs);
        emptyCpu.push(Number(c.firstLine));
        floor.push(f.firstLineMs!);
        firstStart.push(first.ms);
      }
    };
    await alternating(runs, once, bare);
  } finally {
    await sandbox.close();
    template.cleanup();
    neverStarted.cleanup();
  }
  log(`  startup: core ready p50 ${summarize(ready).p50.toFixed(0)} ms over ${runs} spawns`);
  return [
    row('startup', `core ready, ${brands} brands (spawn → ready + first catalog page)`, summarize(ready), summarize(empty), 'node -e 0 (spawn → exit)', 'a folder as the previous start left it'),
    row('startup', '  of which: inside the child, process start → ready', summarize(inChild), null, '—'),
    row('startup', '  of which: inside the child, process start → app modules loaded', summarize(modules), null, '—'),
    // On a shared machine wall time includes waiting for a core; CPU time is the work itself.
    row('startup', '  CPU time (user + sys) of the child to ready', summarize(cpu), summarize(emptyCpu), 'CPU time of an empty node -e'),
    row('startup', `  floor: node + better-sqlite3 opening the same ${DATABASE_FILES.length} files, no app code (spawn → opened)`, summarize(floor), summarize(empty), 'node -e 0 (spawn → exit)'),
    row('startup', `first start on that catalog, ${brands} brands (staff, journal and key files created)`, summarize(firstStart), summarize(empty), 'node -e 0 (spawn → exit)'),
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
