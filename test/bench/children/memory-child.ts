/**
 * Memory child (bundled by bundle.ts, run with --expose-gc by memory.bench.ts): the main
 * process's core alone in its own process, so nothing else the bench runner holds is counted.
 * The sandbox runs in the parent: its order store grows by design and is not the app's memory.
 * argv: dataDir trainingBaseUrl expectedBrands sales sampleEvery
 * Prints one JSON line with the readings (bytes).
 */
import * as coreBundle from '../../../src-main/core/core-bundle.js';
import { startCore } from './core.js';
import { ensureShift, exactCash } from '../../support/till.js';

const [dataDir, trainingBaseUrl, expected, salesArg, everyArg] = process.argv.slice(2);
const sales = Number(salesArg);
const every = Number(everyArg);
const gc = (globalThis as { gc?: () => void }).gc;
if (!dataDir || !trainingBaseUrl || !gc || !(sales > 0) || !(every > 0)) {
  throw new Error('usage: node --expose-gc memory-child dataDir trainingBaseUrl expectedBrands sales sampleEvery');
}

/**
 * After a full collection, so what is left is what is retained. Twice: weak refs and finalizers
 * free more on the second pass. V8 hands the pages a collection freed back to the system from a
 * background thread, shortly after the collection returns: RSS read at once still counts them
 * (measured here after 1,000 sales: 84.9–100.1 MB at once, 82.4–83.8 MB 300 ms later with nothing
 * running, the same again after another GC and 1.5 s), and how many are still counted depends on
 * that thread's timing, not on the app. So RSS is read once it stops falling (50 ms apart, at
 * most 2 s); the figure read at once is kept beside it (`rssAtOnce`).
 */
async function reading(): Promise<{ rss: number; rssAtOnce: number; heapUsed: number; heapTotal: number; external: number; arrayBuffers: number }> {
  gc!();
  gc!();
  const m = process.memoryUsage();
  let rss = m.rss;
  for (const deadline = Date.now() + 2000; Date.now() < deadline; ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const next = process.memoryUsage.rss();
    const settled = rss - next < 64 * 1024;
    rss = Math.min(rss, next);
    if (settled) break;
  }
  return { rss, rssAtOnce: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers };
}

const core = await startCore(coreBundle, dataDir, trainingBaseUrl);
// The start-up's deferred work (the HTTP client and response schemas loaded after ready, the
// first catalog check, the wallet read) belongs to starting, not to selling: "after loading" is
// read once it is done, as a counter stands before its first sale.
const startedUp = new Promise<void>((resolve) => {
  const waiting = new Set(['catalog.synced', 'wallet.updated']);
  const stop = core.events.subscribe((name) => {
    waiting.delete(name);
    if (waiting.size === 0) {
      stop();
      resolve();
    }
  });
});
await core.ready();
const atReady = await reading();
await startedUp;
const env = core.env();
// What the counter reads at start: counts, categories and the first page of brands.
const counts = env.catalog.count();
env.catalog.categories();
env.catalog.search({ includeInactive: true, limit: 60 });
if (counts.listed < Number(expected)) throw new Error(`catalog holds ${counts.listed} brands, expected ${expected}`);
const loaded = await reading();

type Reading = Awaited<ReturnType<typeof reading>>;
const samples: ({ sales: number } & Reading)[] = [{ sales: 0, ...loaded }];
let after1000: Reading | null = null;
for (let i = 1; i <= sales; i++) {
  ensureShift(env.shifts);
  const placed = await env.sales.place({ productId: 'TEST_FIXED_STANDARD', amountPaise: 10_000 }, 'test-cashier', exactCash(10_000));
  if (!placed.ok || placed.sale.state !== 'SUCCESS') throw new Error(`sale ${i} did not succeed: ${JSON.stringify(placed).slice(0, 300)}`);
  if (i === 1000) after1000 = await reading();
  if (i % every === 0) samples.push({ sales: i, ...(i === 1000 && after1000 ? after1000 : await reading()) });
}
process.stdout.write(`${JSON.stringify({ listed: counts.listed, atReady, loaded, after1000, samples })}\n`);
// close() waits for the wallet re-read each sale starts in the background.
await core.close();
