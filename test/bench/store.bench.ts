import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createPartnerClient, type PartnerClient } from '../../src-main/partner-api/partner-client.js';
import { systemClock } from '../../src-main/platform/clock.js';
import { silentLogger } from '../../src-main/platform/logger.js';
import { DEFAULT_CREDENTIALS } from '../../src-main/sandbox/auth/credentials.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import { startEmbeddedCluster } from '../../src-main/store-server/database/embedded-postgres.js';
import { openPool } from '../../src-main/store-server/database/pool.js';
import { pairWithStore } from '../../src-main/store-link/pairing.js';
import { run, startStoreServerCli, type Running } from '../store-server/store-processes.js';
import { counterFor, login, withSeller } from '../store-server/store-harness.js';
import { STAFF_SESSION_HEADER } from '../../src-main/store-link/store-wire.js';
import { tempDir } from '../support/temp-dir.js';
import { now, row, single, summarize, type BenchRow } from './stats.js';

/**
 * What a counter is in these rows: the core's own partner client (its transport, token
 * manager, request runner and wire parsing) with its own session, placing orders one after
 * another (the next as soon as the last is answered). Through the store server each one is a
 * paired counter with its own credential; against the sandbox each logs in with the service's
 * credentials. Fifty full counter processes (a core each) do not fit on the 2-core box the
 * table is made on, so the counters are these clients, all in the bench process.
 */
export const STORE_COUNTER_LABEL = 'a counter = the core’s partner client with its own session, placing orders one after another';

const BRAND = 'TEST_FIXED_STANDARD';
const DENOMINATION = 1_000;

interface Phase {
  latencies: number[];
  orders: number;
  ms: number;
}

/** A counter's client, and what its orders carry (through the store: its seller's staff session). */
interface BenchCounter {
  client: PartnerClient;
  headers?: Record<string, string>;
}

/** `counters` clients each place `each` orders one after another, all at once; every one must succeed. */
async function phase(clients: BenchCounter[], each: number): Promise<Phase> {
  const latencies: number[] = [];
  const t0 = now();
  await Promise.all(
    clients.map(async ({ client, headers }) => {
      for (let i = 0; i < each; i++) {
        const referenceId = `BENCH-${randomUUID().replace(/-/g, '').slice(0, 24)}`;
        const s = now();
        const result = await client.placeOrder({ productId: BRAND, referenceId, amount: DENOMINATION, denominationDetails: [{ denomination: DENOMINATION, quantity: 1 }] }, randomUUID(), { headers });
        latencies.push(now() - s);
        if (result.kind !== 'accepted' || result.order.status !== 'SUCCESS') {
          throw new Error(`order ${referenceId} did not succeed: ${result.kind === 'accepted' ? result.order.status : `${result.kind} ${result.error.code} ${result.error.message}`}`);
        }
      }
    }),
  );
  return { latencies, orders: clients.length * each, ms: now() - t0 };
}

/**
 * Sales per second and place-order latency at each number of counters, through a store server
 * (its own process, on an embedded PostgreSQL) and against the sandbox directly (its own
 * process, the service both paths reach). The two paths run in alternating rounds on the same
 * sandbox, so both meet the same machine noise and the same size of the service's order book.
 */
export async function benchStore(counts: number[], rounds: number, ordersPerRound: (counters: number) => number, log: (s: string) => void): Promise<BenchRow[]> {
  const dir = tempDir('gv-bench-store-');
  const procs: Running[] = [];
  let cluster: Awaited<ReturnType<typeof startEmbeddedCluster>> | null = null;
  const clients: PartnerClient[] = [];
  try {
    const sandbox = run('src-main/sandbox/cli.ts', ['--wallet', '1000000000']);
    procs.push(sandbox);
    const sandboxUrl = (await sandbox.waitFor(/listening on (http:\/\/\S+)/))[1]!;
    cluster = await startEmbeddedCluster(join(dir.path, 'postgres'), silentLogger);
    mkdirSync(join(dir.path, 'store'));
    const store = await startStoreServerCli({ dataDir: join(dir.path, 'store'), partnerBaseUrl: sandboxUrl, databaseUrl: cluster.url });
    procs.push(store.proc);

    const most = Math.max(...counts);
    const pool = openPool(cluster.url, silentLogger, 2);
    const links = [];
    try {
      for (let i = 0; i < most; i++) links.push(await pairWithStore({ url: store.url, code: await newPairingCode(pool, 'main'), counterName: `Bench ${i + 1}` }));
    } finally {
      await pool.end();
    }
    const client = (baseUrl: string, credentials: { clientId: string; clientSecret: string }) => {
      const c = createPartnerClient({ baseUrl, clock: systemClock, logger: silentLogger, credentials: async () => credentials });
      clients.push(c);
      return c;
    };
    // Each counter's person signs in at the store (a PIN check there), as a cashier does before selling.
    const viaStore: BenchCounter[] = [];
    for (const l of links) {
      const counter = await withSeller(counterFor(store.url, { id: l.counterId, credential: l.credential, token: (await login(store.url, l.counterId, l.credential)).json.token, storeId: l.storeId }));
      viaStore.push({ client: client(`${store.url}/partner`, { clientId: l.counterId, clientSecret: l.credential }), headers: { [STAFF_SESSION_HEADER]: [...counter.sessions.values()][0]! } });
    }
    const direct: BenchCounter[] = links.map(() => ({ client: client(sandboxUrl, DEFAULT_CREDENTIALS.staging) }));

    const rows: BenchRow[] = [];
    for (const n of counts) {
      const each = ordersPerRound(n);
      // Sign-in, connections, the store's first wallet reading: not part of a sale's time.
      await phase(viaStore.slice(0, n), 2);
      await phase(direct.slice(0, n), 2);
      const measured = { store: { latencies: [] as number[], orders: 0, ms: 0 }, direct: { latencies: [] as number[], orders: 0, ms: 0 } };
      for (let r = 0; r < rounds; r++) {
        const order = r % 2 === 0 ? (['store', 'direct'] as const) : (['direct', 'store'] as const);
        for (const path of order) {
          const p = await phase((path === 'store' ? viaStore : direct).slice(0, n), each);
          measured[path].latencies.push(...p.latencies);
          measured[path].orders += p.orders;
          measured[path].ms += p.ms;
        }
      }
      const rate = (m: Phase) => (m.orders / m.ms) * 1000;
      log(`[bench] store: ${n} counters — store ${rate(measured.store).toFixed(1)} sales/s, direct ${rate(measured.direct).toFixed(1)} sales/s`);
      const label = `${n} counter${n === 1 ? '' : 's'}`;
      rows.push(row('store', `sales per second through the store server, ${label}`, single(rate(measured.store)), single(rate(measured.direct)), 'the same counters against the sandbox directly', STORE_COUNTER_LABEL, 'sales/s'));
      rows.push(row('store', `place order through the store server, ${label}`, summarize(measured.store.latencies), summarize(measured.direct.latencies), 'the same counters against the sandbox directly'));
    }
    return rows;
  } finally {
    for (const c of clients) c.close();
    for (const p of procs) await p.kill('SIGTERM');
    await cluster?.stop();
    dir.cleanup();
  }
}
