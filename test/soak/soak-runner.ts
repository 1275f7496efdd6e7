import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { SandboxClock } from '../../src-main/sandbox/clock.js';
import { ApiError } from '../../src-main/sandbox/errors.js';
import { startSandbox } from '../../src-main/sandbox/server.js';
import { tempDir } from '../support/temp-dir.js';
import { checkSoak, type SoakChecks } from './soak-checks.js';
import { modelForRun, seededRandom, stepRandom } from './soak-plan.js';
import { startPosProcess } from './pos-process.js';

export interface SoakOptions {
  sales: number;
  seed: number;
  /** SIGKILLs of the POS process; about one in five lands during start-up / recovery. */
  kills: number;
  /** The client's order/lookup timeout; the delay fault holds answers 400 ms longer. */
  orderTimeoutMs?: number;
  log?: (line: string) => void;
  /** Keep the data folder (for a person to inspect after a long soak). */
  keepData?: boolean;
}

export interface SoakReport {
  options: { sales: number; seed: number; kills: number; orderTimeoutMs: number };
  wallSeconds: number;
  simulatedHours: number;
  lifetimes: number;
  /** midTill: armed on the cashier dealing with a sale's money (refund, retry, pay-in/out) rather than on the sale. */
  kills: { midSale: number; midTill: number; startUp: number };
  recovered: number;
  /** Steps whose outcome line the parent saw, by state or refusal code. */
  outcomes: Record<string, number>;
  faultsFired: Record<string, number>;
  webhooks: { delivered: number; failedAttempts: number; duplicatesSent: number };
  settle: { automatic: Record<string, number>; checkedByManager: number; walletBalancePaise: number; refundedAtClose: number };
  /** Where the last (unkilled) POS lifetime spent its wall time, by phase. */
  lastLifetimeMs: Record<string, number>;
  checks: SoakChecks;
  dataDir: string | null;
}

interface KillAt {
  step: number;
  delayMs: number;
  /** The child's line the kill is timed from: the sale going (BEGIN) or the cashier dealing with its money (TILL). */
  on: 'BEGIN' | 'TILL';
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Kill points: mid-sale kills fire a seeded 0–40 ms after a sale begins (intent commit, POST in
 * flight, outcome commit, printing — wherever that lands), or anywhere inside a held answer; a
 * third of them are timed from the cashier dealing with the sale's money instead (a refund, a
 * retry carrying the payment, a pay-in or pay-out, a shift change); start-up kills fire a seeded
 * moment after spawn, usually inside recovery.
 */
function planKills(options: Required<Pick<SoakOptions, 'sales' | 'seed' | 'kills' | 'orderTimeoutMs'>>): { midSale: KillAt[]; startUp: number[] } {
  const rnd = seededRandom(options.seed ^ 0x5eed);
  const startUpKills = Math.floor(options.kills / 5);
  const steps = new Set<number>();
  const lo = Math.min(10, options.sales - 1);
  while (steps.size < Math.min(options.kills - startUpKills, Math.max(0, options.sales - lo - 1))) steps.add(lo + Math.floor(rnd() * (options.sales - lo - 1)));
  // Its own stream, so the sale kills a seed planned before the till existed stay as they were.
  const tillRnd = seededRandom(options.seed ^ 0x7111);
  const midSale = [...steps]
    .sort((a, b) => a - b)
    .map((step): KillAt => ({ step, delayMs: Math.floor(rnd() < 0.75 ? rnd() * 40 : rnd() * (options.orderTimeoutMs + 400)), on: tillRnd() < 1 / 3 ? 'TILL' : 'BEGIN' }));
  const startUp = Array.from({ length: startUpKills }, () => 300 + Math.floor(rnd() * 1500));
  return { midSale, startUp };
}

export async function runSoak(input: SoakOptions): Promise<SoakReport> {
  const options = { orderTimeoutMs: 800, ...input };
  const log = options.log ?? (() => {});
  const started = Date.now();
  // The service's clock moves only when the POS advances it: the whole soak is simulated time.
  const t0 = Date.UTC(2026, 10, 25, 4, 30);
  const sandbox = await startSandbox({ clock: new SandboxClock(() => t0), tickMs: 3_600_000, walletBalance: 100_000_000, random: seededRandom(options.seed ^ 0xbeef) });
  const startBalancePaise = sandbox.state.wallet.balancePaise;

  // What the service saw, recorded in-process: every token issued, every placement and its answer.
  const tokens: string[] = [];
  const login = sandbox.state.tokens.login.bind(sandbox.state.tokens);
  sandbox.state.tokens.login = (body) => {
    const r = login(body);
    tokens.push(r.token);
    return r;
  };
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

  const work = tempDir('gv-soak-');
  const dataDir = join(work.path, 'data');
  mkdirSync(dataDir);
  const files = { answers: join(work.path, 'bridge-answers.jsonl'), log: join(work.path, 'core.log') };
  const base = {
    SANDBOX_URL: sandbox.url,
    DATA_DIR: dataDir,
    VAULT_KEY: randomBytes(32).toString('hex'),
    WEBHOOK_PORT: String(await freePort()),
    WEBHOOK_SECRET: randomBytes(24).toString('hex'),
    SEED: String(options.seed),
    ORDER_TIMEOUT_MS: String(options.orderTimeoutMs),
    ANSWERS_FILE: files.answers,
    LOG_FILE: files.log,
  };

  const kills = planKills(options);
  const outcomes: Record<string, number> = {};
  const killed = { midSale: 0, midTill: 0, startUp: 0 };
  let recovered = 0;
  let duplicatesSent = 0;
  let next = 0;
  let lifetime = 0;
  let lastLifetimeMs: Record<string, number> = {};
  const duplicateRnd = seededRandom(options.seed ^ 0xd0b1e);

  /** Sends an already-delivered event again, often an old one: duplicates that arrive out of order. */
  const sendDuplicates = () => {
    const delivered = sandbox.state.webhooks.deliveries.filter((d) => d.state === 'delivered');
    for (let i = 0; i < 2 && delivered.length > 0; i++) {
      const d = delivered[Math.floor(duplicateRnd() * delivered.length)]!;
      duplicatesSent++;
      void sandbox.state.webhooks.redeliver(d.eventId);
    }
  };

  try {
    while (next < options.sales) {
      const model = modelForRun(options.seed, lifetime);
      let lastBegun = -1;
      let armed: KillAt['on'] | null = null;
      let finished = false;
      const startUpKill = lifetime > 0 && kills.startUp.length > 0 && stepRandom(options.seed, lifetime, 3)() < 0.35 ? kills.startUp.shift()! : null;
      const proc = startPosProcess(
        { ...base, MODE: 'sell', MODEL: model, FROM: String(next), TO: String(options.sales), SANDBOX_NOW: String(sandbox.state.clock.now()) },
        (line, child) => {
          const [word, arg, rest] = line.split(' ');
          if (word === 'READY') recovered += (JSON.parse(line.slice(6)) as { recovered: number }).recovered;
          else if (word === 'BEGIN' || word === 'TILL') {
            if (word === 'BEGIN') lastBegun = Number(arg);
            const kill = kills.midSale[0];
            if (kill && kill.on === word && kill.step <= Number(arg) && armed === null) {
              kills.midSale.shift();
              armed = kill.on;
              setTimeout(() => child.kill('SIGKILL'), kill.delayMs);
            }
          } else if (word === 'DONE') {
            outcomes[rest!] = (outcomes[rest!] ?? 0) + 1;
            if (Number(arg) % 15 === 0) sendDuplicates();
          } else if (word === 'FINISHED') {
            finished = true;
            lastLifetimeMs = JSON.parse(line.slice(9)) as Record<string, number>;
          }
        },
      );
      const startUpTimer = startUpKill === null ? null : setTimeout(() => proc.child.kill('SIGKILL'), startUpKill);
      const exit = await proc.exited;
      if (startUpTimer) clearTimeout(startUpTimer);
      lifetime++;
      if (exit.signal === 'SIGKILL') {
        if (lastBegun < 0 || lastBegun < next) killed.startUp++;
        else if (armed === 'TILL') killed.midTill++;
        else killed.midSale++;
        log(`[soak] lifetime ${lifetime} (${model}) killed at step ${lastBegun < next ? 'start-up' : lastBegun}`);
        // The sale on the counter when the power went is recovered or was never sent; the cashier moves on.
        next = Math.max(next, lastBegun + 1);
        continue;
      }
      if (exit.code !== 0 || !finished) throw new Error(`POS process ${lifetime} crashed (code ${exit.code}, signal ${exit.signal}):\n${exit.stderr}`);
      next = options.sales;
      log(`[soak] lifetime ${lifetime} (${model}) finished; ${Object.values(outcomes).reduce((a, b) => a + b, 0)} sales so far`);
    }

    let settled: SoakReport['settle'] | null = null;
    const settleRun = startPosProcess({ ...base, MODE: 'settle', MODEL: modelForRun(options.seed, lifetime), FROM: String(options.sales), SANDBOX_NOW: String(sandbox.state.clock.now()) }, (line) => {
      if (line.startsWith('READY ')) recovered += (JSON.parse(line.slice(6)) as { recovered: number }).recovered;
      if (line.startsWith('SETTLED ')) settled = JSON.parse(line.slice(8)) as SoakReport['settle'];
    });
    const exit = await settleRun.exited;
    if (exit.code !== 0 || !settled) throw new Error(`the settling POS process failed (code ${exit.code}):\n${exit.stderr}`);

    const checks = checkSoak({ sandbox, dataDir, files, tokens, placements, startBalancePaise, appWalletPaise: (settled as SoakReport['settle']).walletBalancePaise });
    const faultsFired: Record<string, number> = {};
    for (const f of sandbox.state.faults.fired) faultsFired[f.kind] = (faultsFired[f.kind] ?? 0) + 1;
    const attempts = sandbox.state.webhooks.deliveries.flatMap((d) => d.attempts);
    return {
      options: { sales: options.sales, seed: options.seed, kills: options.kills, orderTimeoutMs: options.orderTimeoutMs },
      wallSeconds: Math.round((Date.now() - started) / 100) / 10,
      simulatedHours: Math.round(((sandbox.state.clock.now() - t0) / 3_600_000) * 10) / 10,
      lifetimes: lifetime + 1,
      kills: killed,
      recovered,
      outcomes,
      faultsFired,
      webhooks: {
        delivered: sandbox.state.webhooks.deliveries.filter((d) => d.state === 'delivered').length,
        failedAttempts: attempts.filter((a) => a.result !== 'delivered').length,
        duplicatesSent,
      },
      settle: settled,
      lastLifetimeMs,
      checks,
      dataDir: options.keepData ? work.path : null,
    };
  } finally {
    await sandbox.close();
    if (!options.keepData) work.cleanup();
  }
}
