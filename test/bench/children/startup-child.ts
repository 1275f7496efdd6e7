/**
 * Start-up child (bundled by bundle.ts, spawned by startup.bench.ts): loads the core bundle as
 * the Electron main does (src-main/index.ts: loadCoreBundle, with its code cache in the data
 * folder), builds the core with the real factory on a data folder that already holds the
 * catalog, waits until it is ready and the sell screen's first catalog page has been read, says
 * so on stdout, writes the code cache if the one found was not used, then closes.
 * argv: dataDir trainingBaseUrl expectedBrands
 */
import { fileURLToPath } from 'node:url';
import { CORE_BUNDLE_FILE, loadCoreBundle } from '../../../src-main/core/load-core-bundle.js';
import { startCore } from './core.js';

/**
 * ms since this process started. Not performance.now(): the global `performance` loads
 * node:perf_hooks (≈ 1 ms of CPU), which the app does not load on its way to ready. Node counts
 * uptime from a point ≈ 1 ms after performance's origin.
 */
const sinceStart = () => process.uptime() * 1000;

const [dataDir, trainingBaseUrl, expected] = process.argv.slice(2);
if (!dataDir || !trainingBaseUrl || !expected) throw new Error('usage: startup-child dataDir trainingBaseUrl expectedBrands');

// bundle.ts writes the core bundle beside this file, as the main build writes it beside index.js.
const coreBundle = loadCoreBundle(fileURLToPath(new URL(`./${CORE_BUNDLE_FILE}`, import.meta.url)), dataDir);
// From process start to here is Node's bootstrap plus loading the app's modules (better-sqlite3, the core).
const modulesMs = sinceStart();

const core = await startCore(coreBundle.exports, dataDir, trainingBaseUrl);
await core.ready();
// "Catalog loaded": what the sell screen asks for first, read through the core's own repository.
const counts = core.env().catalog.count();
const firstPage = core.env().catalog.search({ includeInactive: true, limit: 60 });
// From this process's own start, so Node's bootstrap and module loading are in it.
const inChildMs = sinceStart();
// CPU time (user + system) so far: what the start-up costs, apart from waiting for a shared CPU.
const cpu = process.cpuUsage();
const cpuMs = (cpu.user + cpu.system) / 1000;
process.stdout.write(`${JSON.stringify({ ready: true, inChildMs, modulesMs, cpuMs, listed: counts.listed, firstPage: firstPage.length, expected: Number(expected), codeCache: coreBundle.status })}\n`);
// As the Electron main does once its start is over; after the figures, so a start that writes the cache is not timed doing it.
const { error } = coreBundle.persist();
if (error) throw error;
// close() waits for the start-up wallet read and catalog check still in flight (after the figures are out).
await core.close();
