/**
 * Start-up child (bundled by bundle.ts, spawned by startup.bench.ts): builds the core with the
 * real factory on a data folder that already holds the catalog, waits until it is ready and
 * the sell screen's first catalog page has been read, says so on stdout, then closes.
 * argv: dataDir trainingBaseUrl expectedBrands
 */
import { startCore } from './core.js';

// Imports are evaluated before this line: from process start to here is Node's bootstrap plus
// loading the app's bundled modules (better-sqlite3, zod schemas, the core).
const modulesMs = performance.now();

const [dataDir, trainingBaseUrl, expected] = process.argv.slice(2);
if (!dataDir || !trainingBaseUrl || !expected) throw new Error('usage: startup-child dataDir trainingBaseUrl expectedBrands');

const core = await startCore(dataDir, trainingBaseUrl);
await core.ready();
// "Catalog loaded": what the sell screen asks for first, read through the core's own repository.
const counts = core.env().catalog.count();
const firstPage = core.env().catalog.search({ includeInactive: true, limit: 60 });
// performance.now() counts from this process's own start, so Node's bootstrap and module loading are in it.
const inChildMs = performance.now();
// CPU time (user + system) so far: what the start-up costs, apart from waiting for a shared CPU.
const cpu = process.cpuUsage();
const cpuMs = (cpu.user + cpu.system) / 1000;
process.stdout.write(`${JSON.stringify({ ready: true, inChildMs, modulesMs, cpuMs, listed: counts.listed, firstPage: firstPage.length, expected: Number(expected) })}\n`);
// close() waits for the start-up wallet read and catalog check still in flight (after the figures are out).
await core.close();
