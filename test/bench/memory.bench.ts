import { MAIN_PROCESS_V8_FLAGS } from '../../src-main/platform/main-process-v8-flags.js';
import { startSandbox } from '../../src-main/sandbox/server.js';
import { prefilledDataDir } from './catalog-fixture.js';
import { childBundles } from './children/bundle.js';
import { runNode } from './children/spawn.js';
import { row, single, slope, type BenchRow } from './stats.js';

const MB = 1024 * 1024;

interface Reading {
  /** Once it stopped falling after the GC (memory-child.ts, reading). */
  rss: number;
  /** Read at once after the GC, pages V8 was still handing back included. */
  rssAtOnce: number;
  heapUsed: number;
  heapTotal: number;
}

/**
 * Main-process memory: the core alone in a child run with --expose-gc (so nothing the bench
 * runner holds is counted), after loading `brands` brands and after 1,000 sales placed through
 * the core against a sandbox living in this process; and heapUsed after a forced GC every
 * `every` sales up to `sales`, with the fitted slope as the leak trend.
 */
export async function benchMemory(brands: number, sales: number, every: number, log: (s: string) => void): Promise<BenchRow[]> {
  const { 'memory-child': child } = await childBundles();
  const emptyRun = await runNode(['--expose-gc', '-e', 'gc(); gc(); const m = process.memoryUsage(); console.log(JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed }))']);
  const empty = JSON.parse(emptyRun.firstLine ?? '{}') as Reading;

  const template = await prefilledDataDir(brands);
  const dir = template.copy();
  // A wallet that 5,000 sales cannot empty; the sandbox's own order store grows here, not in the child.
  const sandbox = await startSandbox({ tickMs: 60_000, walletBalance: 100_000_000 });
  let out: { listed: number; atReady: Reading; loaded: Reading; after1000: Reading | null; samples: ({ sales: number } & Reading)[] };
  try {
    // With the V8 flags the app starts its main process with (npm start, the Linux package).
    const r = await runNode(['--expose-gc', ...MAIN_PROCESS_V8_FLAGS, child!, dir.path, sandbox.url, String(brands), String(sales), String(every)], 900_000);
    out = JSON.parse(r.firstLine ?? '{}') as typeof out;
    log(`  memory: ${sales} sales in ${(r.exitMs / 1000).toFixed(1)} s`);
  } finally {
    await sandbox.close();
    dir.cleanup();
    template.cleanup();
  }
  const mb = (n: number) => single(n / MB);
  const rows = [
    row(
      'memory',
      `main-process RSS after loading ${brands} brands`,
      mb(out.loaded.rss),
      mb(empty.rss),
      'empty node process (after gc)',
      // Read once start-up's deferred work is done (HTTP client, response schemas, first catalog check, wallet read).
      `at ready ${(out.atReady.rss / MB).toFixed(1)} MB; start-up's work after ready +${((out.loaded.rss - out.atReady.rss) / MB).toFixed(1)} MB`,
      'MB',
    ),
    row('memory', `main-process heapUsed after loading ${brands} brands`, mb(out.loaded.heapUsed), mb(empty.heapUsed), 'empty node process (after gc)', undefined, 'MB'),
  ];
  if (out.after1000) {
    rows.push(
      row(
        'memory',
        'RSS after 1,000 sales',
        mb(out.after1000.rss),
        mb(out.loaded.rss),
        'after loading, before any sale',
        // heapTotal is the space V8 reserved; its young generation grows with the allocation rate, not with retained data.
        `growth ${((out.after1000.rss - out.loaded.rss) / MB).toFixed(1)} MB, of it V8 heapTotal +${((out.after1000.heapTotal - out.loaded.heapTotal) / MB).toFixed(1)} MB; read at once after the GC ${(out.loaded.rssAtOnce / MB).toFixed(1)} → ${(out.after1000.rssAtOnce / MB).toFixed(1)} MB`,
        'MB',
      ),
      row('memory', 'heapUsed after 1,000 sales', mb(out.after1000.heapUsed), mb(out.loaded.heapUsed), 'after loading, before any sale', `growth ${((out.after1000.heapUsed - out.loaded.heapUsed) / MB).toFixed(1)} MB`, 'MB'),
    );
  }
  // The trend is fitted from the 1,000th sale on: the first sales build one-time state (prepared
  // statements, the HTTP agent, JIT code, V8's young generation) that the 1,000-sale rows show;
  // a leak is what keeps growing after that.
  const from = out.samples.some((s) => s.sales > 1000) ? 1000 : every;
  const points = out.samples.filter((s) => s.sales >= from).map((s) => ({ x: s.sales / 1000, y: s.heapUsed / MB }));
  const first = points[0];
  const last = points[points.length - 1];
  rows.push(
    row(
      'memory',
      `heapUsed trend, sales ${from}–${sales} (after gc, every ${every})`,
      single(slope(points)),
      null,
      '—',
      `${points.length} samples, ${first?.y.toFixed(1)} → ${last?.y.toFixed(1)} MB`,
      'MB/1k sales',
    ),
  );
  return rows;
}
