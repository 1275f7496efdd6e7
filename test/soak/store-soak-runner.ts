import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createLogger } from '../../src-main/platform/logger.js';
import { ApiError } from '../../src-main/sandbox/errors.js';
import { startSandbox } from '../../src-main/sandbox/server.js';
import { clusterDirOf, startEmbeddedCluster, type EmbeddedCluster } from '../../src-main/store-server/database/embedded-postgres.js';
import { SETTLE_ORDER_QUEUE } from '../../src-main/store-server/jobs/store-jobs.js';
import { pairingCode, startStoreServerCli, type Running } from '../store-server/store-processes.js';
import { summarize, type Summary } from '../bench/stats.js';
import { tempDir } from '../support/temp-dir.js';
import { startPosProcess } from './pos-process.js';
import { seededRandom } from './soak-plan.js';
import { checkStoreSoak, type StoreSoakChecks } from './store-soak-checks.js';
import { FAULTY_SHARE, planStoreKills, planWallet, type InfraKill, type StoreKillCounts } from './store-soak-plan.js';

const COUNTER_CHILD = fileURLToPath(new URL('./fixtures/store-counter-child.ts', import.meta.url));
const STORE_ID = 'main';
/** Simulated seconds the service's clock moves per wall second: PROCESSING orders (3 min) ripen in ~9 s. */
const SANDBOX_SPEED = 20;

export interface StoreSoakOptions {
  counters: number;
  /** Sales each counter rings up. */
  sales: number;
  seed: number;
  /** Store-server processes sharing the one PostgreSQL; counter i sells through server i mod this. */
  storeServers?: number;
  kills: StoreKillCounts;
  /** How long the settling counters keep checking what is still unsettled. */
  settleMs?: number;
  log?: (line: string) => void;
  keepData?: boolean;
}

export interface StoreSoakReport {
  options: { counters: number; sales: number; seed: number; storeServers: number; kills: StoreKillCounts };
  wallSeconds: number;
  /** From the first counter selling to the last one done. */
  sellingSeconds: number;
  /** Ring-ups that ended (journaled or refused) per wall second of selling, all counters together. */
  salesPerSecond: number;
  /** sale.place through the bridge, as the cashier waits for it (store reachable). */
  placeMs: Summary;
  kills: StoreKillCounts;
  /** Ring-ups refused and tried again, by code: a store server or PostgreSQL down, or the cashier signed in while it was (and signed in again). */
  waits: Record<string, number>;
  outcomes: Record<string, number>;
  recovered: number;
  faultsFired: Record<string, number>;
  settle: { checked: number; storeSettledInMs: number };
  /** Store servers that exited without being killed: each is a defect. */
  crashes: string[];
  checks: StoreSoakChecks;
  dataDir: string | null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface StoreServerProc {
  proc: Running;
  url: string;
  port: number;
  dataDir: string;
}

/**
 * The store soak: N counters (child processes, each a core with a storeLink, paired with its
 * own code) selling through S store servers that share one PostgreSQL, against an in-process
 * sandbox; counters, store servers and the PostgreSQL postmaster are SIGKILLed on a seeded
 * plan and started again. After the selling, every counter settles what it left open, and the
 * invariants are read from the data.
 */
export async function runStoreSoak(options: StoreSoakOptions): Promise<StoreSoakReport> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const serverCount = options.storeServers ?? 2;
  const settleMs = options.settleMs ?? 150_000;
  const plan = planStoreKills(options.seed, options.counters, options.sales, options.kills, serverCount);
  const wallet = planWallet(options.seed, options.counters, options.sales);

  const sandbox = await startSandbox({ walletBalance: wallet.startPaise / 100, random: seededRandom(options.seed ^ 0xbeef) });
  const startBalancePaise = sandbox.state.wallet.balancePaise;
  const placements: { referenceId: string; requestId: string | null; outcome: 'created' | number }[] = [];
  const place = sandbox.state.orders.place.bind(sandbox.state.orders);
  sandbox.state.orders.place = (req, requestId) => {
    try {
      const order = place(req, requestId);
      placements.push({ referenceId: req.referenceId, requestId, outcome: 'created' });
      return order;
    } catch (error) {
      placements.push({ referenceId: req.referenceId, requestId, outcome: error instanceof ApiError ? error.status : 500 });
      throw error;
    }
  };
  const clockTicker = setInterval(() => sandbox.state.clock.advance(SANDBOX_SPEED), 1_000);

  const work = tempDir('gv-store-soak-');
  const parentLog = join(work.path, 'soak.log');
  const logger = createLogger((line) => appendFileSync(parentLog, `${line}\n`));
  const note = (line: string) => {
    appendFileSync(parentLog, `${line}\n`);
    log(line);
  };
  const pgDir = join(work.path, 'postgres');
  let cluster: EmbeddedCluster;
  try {
    cluster = await startEmbeddedCluster(pgDir, logger);
  } catch (error) {
    clearInterval(clockTicker);
    await sandbox.close();
    work.cleanup();
    throw error;
  }
  const databaseUrl = cluster.url;
  // The replicas share one database, so one vault key (as a chain's do: README, Store server).
  const vaultKey = randomBytes(32).toString('base64');
  const pgPort = Number(new URL(databaseUrl).port);
  const servers: StoreServerProc[] = [];
  const counters = Array.from({ length: options.counters }, (_, i) => ({ dataDir: join(work.path, `counter-${i + 1}`), name: `Counter ${i + 1}` }));
  for (const c of counters) mkdirSync(c.dataDir);
  /** Counter processes running now: a failed run must not leave them behind. */
  const live = new Set<ChildProcess>();

  const killed: StoreKillCounts = { counter: 0, storeServer: 0, postgres: 0 };
  /** Set when the run stops its store servers itself; any other exit than our SIGKILL before that is a crash. */
  let stopping = false;
  const crashes: string[] = [];
  const waits: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const placeMs: number[] = [];
  let recovered = 0;
  let done = 0;
  let infra: Promise<void> = Promise.resolve();
  const pendingInfra = [...plan.infra].sort((a, b) => a.atSales - b.atSales);
  const pendingTopUps = [...wallet.topUps];

  async function startServer(s: StoreServerProc | { dataDir: string; port?: number }): Promise<{ proc: Running; url: string }> {
    for (let attempt = 1; ; attempt++) {
      try {
        const started = await startStoreServerCli({ dataDir: s.dataDir, partnerBaseUrl: sandbox.url, databaseUrl, port: 'port' in s ? s.port : 0, vaultKey });
        // What it printed (its warnings and errors) is kept beside its folder for a person to read.
        started.proc.child.once('exit', (code, signal) => {
          appendFileSync(`${s.dataDir}.out`, `${started.proc.output()}\n[exited: ${code ?? signal}]\n`);
          if (stopping || signal === 'SIGKILL') return;
          crashes.push(`store server ${s.dataDir} exited by itself (${code ?? signal}); its output is in ${s.dataDir}.out`);
          note(`[store-soak] ${crashes.at(-1)}`);
        });
        return started;
      } catch (error) {
        if (attempt >= 5) throw error;
        note(`[store-soak] store server did not start (attempt ${attempt}): ${(error as Error).message.split('\n')[0]}`);
        await sleep(1_000);
      }
    }
  }

  /** A crashed postmaster leaves backends that exit on their own; until they have, a new one refuses the folder. */
  async function restartPostgres(): Promise<EmbeddedCluster> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        return await startEmbeddedCluster(pgDir, logger, { port: pgPort });
      } catch (error) {
        if (Date.now() > deadline) throw new Error(`PostgreSQL did not come back on port ${pgPort}`, { cause: error });
        await sleep(500);
      }
    }
  }

  async function infraKill(k: InfraKill): Promise<void> {
    if (k.kind === 'storeServer') {
      const s = servers[k.server]!;
      note(`[store-soak] SIGKILL store server ${k.server + 1} at ${done} sales; down ${k.downMs} ms`);
      await s.proc.kill('SIGKILL');
      killed.storeServer++;
      await sleep(k.downMs);
      s.proc = (await startServer(s)).proc;
      note(`[store-soak] store server ${k.server + 1} back`);
      return;
    }
    const pid = Number(readFileSync(join(clusterDirOf(pgDir), 'postmaster.pid'), 'utf8').split('\n')[0]);
    note(`[store-soak] SIGKILL PostgreSQL postmaster ${pid} at ${done} sales; down ${k.downMs} ms`);
    process.kill(pid, 'SIGKILL');
    // The SIGKILL is already on its way; stop() only lets embedded-postgres forget its dead child (its SIGINT finds nothing to stop).
    await cluster.stop();
    killed.postgres++;
    await sleep(k.downMs);
    const t0 = Date.now();
    cluster = await restartPostgres();
    note(`[store-soak] PostgreSQL back after ${Date.now() - t0} ms of start-up (crash recovery)`);
  }

  /** Called after every finished ring-up: top-ups and infrastructure kills fire at their planned count. */
  function progressed(): void {
    done++;
    while (pendingTopUps[0] && pendingTopUps[0].atSales <= done) {
      const t = pendingTopUps.shift()!;
      sandbox.state.wallet.set(sandbox.state.wallet.balancePaise + t.addPaise);
    }
    while (pendingInfra[0] && pendingInfra[0].atSales <= done) {
      const k = pendingInfra.shift()!;
      infra = infra.then(() => infraKill(k));
    }
  }

  const vaultKeys = counters.map(() => randomBytes(32).toString('hex'));
  const base = {
    SANDBOX_URL: sandbox.url,
    SEED: String(options.seed),
    FAULTY_UNTIL: String(Math.floor(options.sales * FAULTY_SHARE)),
    SETTLE_MS: String(settleMs),
  };
  const counterEnv = (i: number) => ({
    ...base,
    COUNTER: String(i),
    DATA_DIR: counters[i]!.dataDir,
    LOG_FILE: join(work.path, `counter-${i + 1}.log`),
    VAULT_KEY: vaultKeys[i]!,
    STORE_URL: servers[i % serverCount]!.url,
  });

  let sellingFrom = 0;
  let firstSelling: () => void = () => {};
  const counterZeroSelling = new Promise<void>((resolve) => (firstSelling = resolve));

  async function sellOn(i: number, code: string): Promise<void> {
    const kills = plan.counters.filter((k) => k.counter === i);
    let next = 0;
    for (let lifetime = 0; next < options.sales; lifetime++) {
      let lastBegun = -1;
      let armed = false;
      let finished = false;
      const proc = startPosProcess(
        { ...counterEnv(i), MODE: 'sell', FROM: String(next), TO: String(options.sales), PAIRING_CODE: code },
        (line, child) => {
          const [word, arg, rest, ms] = line.split(' ');
          if (word === 'READY') recovered += (JSON.parse(line.slice(6)) as { recovered: number }).recovered;
          else if (word === 'SELLING') {
            sellingFrom ||= Date.now();
            if (i === 0) firstSelling();
          } else if (word === 'BEGIN') {
            lastBegun = Number(arg);
            const kill = kills[0];
            if (kill && kill.step <= lastBegun && !armed) {
              kills.shift();
              armed = true;
              setTimeout(() => child.kill('SIGKILL'), kill.delayMs);
            }
          } else if (word === 'WAIT') waits[rest!] = (waits[rest!] ?? 0) + 1;
          else if (word === 'DONE') {
            outcomes[rest!] = (outcomes[rest!] ?? 0) + 1;
            placeMs.push(Number(ms));
            progressed();
          } else if (word === 'FINISHED') finished = true;
        },
        COUNTER_CHILD,
      );
      live.add(proc.child);
      const exit = await proc.exited;
      live.delete(proc.child);
      if (exit.signal === 'SIGKILL') {
        killed.counter++;
        note(`[store-soak] ${counters[i]!.name} SIGKILLed at step ${lastBegun} (lifetime ${lifetime + 1})`);
        next = Math.max(next, lastBegun + 1);
        continue;
      }
      if (exit.code !== 0 || !finished) throw new Error(`${counters[i]!.name} lifetime ${lifetime + 1} crashed (code ${exit.code}, signal ${exit.signal}):\n${exit.stderr}`);
      next = options.sales;
    }
    note(`[store-soak] ${counters[i]!.name} sold its ${options.sales}`);
  }

  async function settleOn(i: number): Promise<{ checked: number }> {
    let settled: { checked: number; unsettled: number; outbox: number } | null = null;
    const proc = startPosProcess({ ...counterEnv(i), MODE: 'settle' }, (line) => {
      if (line.startsWith('READY ')) recovered += (JSON.parse(line.slice(6)) as { recovered: number }).recovered;
      if (line.startsWith('SETTLED ')) settled = JSON.parse(line.slice(8)) as typeof settled;
    }, COUNTER_CHILD);
    live.add(proc.child);
    const exit = await proc.exited;
    live.delete(proc.child);
    if (exit.code !== 0 || !settled) throw new Error(`${counters[i]!.name} could not settle (code ${exit.code}):\n${exit.stderr}`);
    return settled;
  }

  try {
    for (let s = 0; s < serverCount; s++) {
      const dataDir = join(work.path, `store-server-${s + 1}`);
      mkdirSync(dataDir);
      const started = await startServer({ dataDir });
      servers.push({ ...started, port: Number(new URL(started.url).port), dataDir });
    }
    note(`[store-soak] PostgreSQL on ${pgPort}; store servers ${servers.map((s) => s.url).join(', ')}; wallet ₹${wallet.startPaise / 100}`);
    const codes = await Promise.all(counters.map(() => pairingCode({ databaseUrl })));

    // The first counter sets the store's staff up; the others join once it sells.
    const selling = [sellOn(0, codes[0]!)];
    await Promise.race([counterZeroSelling, selling[0]]);
    for (let i = 1; i < options.counters; i++) selling.push(sellOn(i, codes[i]!));
    await Promise.all(selling);
    const sellingTo = Date.now();
    await infra;
    for (const k of pendingInfra) note(`[store-soak] ${k.kind} kill planned at ${k.atSales} sales not reached (${done} done)`);
    note(`[store-soak] selling done: ${done} ring-ups in ${((sellingTo - sellingFrom) / 1000).toFixed(1)} s; settling`);

    // Everything the service still has PROCESSING ripens; the counters settle what they left open.
    sandbox.state.faults.clear();
    sandbox.state.clock.advance(2_000);
    const settles = await Promise.all(counters.map((_, i) => settleOn(i)));
    const t0 = Date.now();
    await storeSettled(databaseUrl, Date.now() + settleMs);
    const storeSettledInMs = Date.now() - t0;
    stopping = true;
    for (const s of servers) await s.proc.kill('SIGTERM');

    const links = counters.map((c) => JSON.parse(readFileSync(join(c.dataDir, 'store-link.json'), 'utf8')) as { counterId: string });
    const checks = await checkStoreSoak({
      sandbox,
      counters: counters.map((c, i) => ({ ...c, counterId: links[i]!.counterId })),
      databaseUrl,
      storeId: STORE_ID,
      placements,
      startBalancePaise,
    });
    const faultsFired: Record<string, number> = {};
    for (const f of sandbox.state.faults.fired) faultsFired[f.kind] = (faultsFired[f.kind] ?? 0) + 1;
    const sellingSeconds = (sellingTo - sellingFrom) / 1000;
    return {
      options: { counters: options.counters, sales: options.sales, seed: options.seed, storeServers: serverCount, kills: options.kills },
      wallSeconds: Math.round((Date.now() - started) / 100) / 10,
      sellingSeconds: Math.round(sellingSeconds * 10) / 10,
      salesPerSecond: Math.round((done / sellingSeconds) * 10) / 10,
      placeMs: summarize(placeMs),
      kills: killed,
      waits,
      outcomes,
      recovered,
      faultsFired,
      settle: { checked: settles.reduce((n, s) => n + s.checked, 0), storeSettledInMs },
      crashes,
      checks,
      dataDir: options.keepData ? work.path : null,
    };
  } finally {
    clearInterval(clockTicker);
    for (const child of live) child.kill('SIGKILL');
    for (const s of servers) await s.proc.kill('SIGKILL');
    await cluster.stop();
    await sandbox.close();
    if (!options.keepData) work.cleanup();
  }
}

/**
 * Waits until the store has nothing left in doubt or PROCESSING and no settle question is due
 * or running (a question queued for later, such as the "if its sender died" one queued with
 * every order, is not work left: it finds its order settled and asks nothing).
 */
async function storeSettled(databaseUrl: string, deadline: number): Promise<void> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    for (;;) {
      const open = await pool.query<{ n: string }>(
        `SELECT (SELECT count(*) FROM relayed_orders WHERE state IN ('SENDING', 'IN_DOUBT') OR order_status = 'PROCESSING')
              + (SELECT count(*) FROM pgboss.job WHERE name = $1 AND (state IN ('retry', 'active') OR (state = 'created' AND start_after <= now()))) AS n`,
        [`${SETTLE_ORDER_QUEUE}-${STORE_ID}`],
      );
      if (Number(open.rows[0]!.n) === 0 || Date.now() > deadline) return;
      await sleep(1_000);
    }
  } finally {
    await pool.end();
  }
}
