import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { GOALS, goalList, judge } from './goals.js';
import { benchJournal, type PlanCheck } from './journal.bench.js';
import { describeMachine, machineState } from './machine-check.js';
import { benchMemory } from './memory.bench.js';
import { benchOrder } from './order.bench.js';
import { benchPaint } from './paint.bench.js';
import { benchProtocol } from './protocol.bench.js';
import { benchSearch } from './search.bench.js';
import { benchStartup } from './startup.bench.js';
import { benchStore } from './store.bench.js';
import { benchSync } from './sync.bench.js';
import { benchWebhookSchedule } from './webhook-schedule.bench.js';
import { now, type BenchRow } from './stats.js';

/** `npm run bench`: runs each group, prints one table, writes test-results/bench.json. */
const log = (s: string) => process.stderr.write(`${s}\n`);
const rows: BenchRow[] = [];
const skipped: string[] = [];
const started = now();
const before = machineState();

/** BENCH_QUICK=1: small sizes and few repetitions, to check the suite itself runs. */
const quick = Boolean(process.env.BENCH_QUICK);
const plans: PlanCheck[] = [];
const groups: { name: string; run: () => Promise<BenchRow[]> }[] = [
  { name: 'search', run: () => benchSearch(quick ? [450] : [450, 10_000, 100_000], log) },
  { name: 'order', run: () => benchOrder(quick ? 30 : 200, quick ? 2 : 5) },
  {
    name: 'journal',
    run: async () => {
      const r = await benchJournal(quick ? 100_000 : 1_000_000, quick ? 40 : 200, log);
      plans.push(...r.plans);
      return r.rows;
    },
  },
  { name: 'sync', run: () => benchSync(quick ? [1_000] : [10_000, 100_000], quick ? 3 : 9) },
  {
    name: 'protocol',
    run: async () => [...(await benchProtocol(quick ? 2 : 5)), ...(await benchWebhookSchedule(quick ? 2 : 5))],
  },
  // The goals of these three are stated at 10k brands, so quick mode keeps the size and cuts the repetitions.
  { name: 'startup', run: () => benchStartup(10_000, quick ? 2 : 10, log) },
  { name: 'memory', run: () => (quick ? benchMemory(10_000, 1_500, 250, log) : benchMemory(10_000, 5_000, 500, log)) },
  { name: 'paint', run: () => benchPaint(10_000, quick ? 20 : 60, log) },
  // Counters selling through a store server (and PostgreSQL) beside the same counters against the service directly.
  { name: 'store', run: () => benchStore(quick ? [1, 10] : [1, 10, 50], quick ? 2 : 4, (n) => (quick ? 5 : Math.max(8, Math.round(240 / n))), log) },
];
/** BENCH_ONLY=startup,paint: run only those groups (while working on one). */
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
if (only) groups.splice(0, groups.length, ...groups.filter((g) => only.includes(g.name)));

for (const g of groups) {
  const t0 = now();
  log(`[bench] ${g.name}…`);
  try {
    rows.push(...(await g.run()));
  } catch (error) {
    skipped.push(`${g.name}: ${(error as Error).stack ?? String(error)}`);
    log(`[bench] ${g.name} FAILED: ${(error as Error).message}`);
  }
  log(`[bench] ${g.name} done in ${((now() - t0) / 1000).toFixed(1)} s`);
}

const after = machineState(before.mark);
const machine = {
  cores: availableParallelism(),
  cpu: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
  date: new Date().toISOString(),
  totalSeconds: Number(((now() - started) / 1000).toFixed(1)),
  before: { cpuCheckMs: before.cpuCheckMs, load1: before.load1 },
  after: { cpuCheckMs: after.cpuCheckMs, load1: after.load1, cpuPressure: after.cpuPressure },
};

const f = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '—' : Math.abs(n) < 10 ? n.toFixed(3) : Math.abs(n) < 1000 ? n.toFixed(1) : n.toFixed(0);
const judged = rows.map((r) => ({ ...r, ...judge(r) }));
const header = ['group', 'case', 'n', 'p50', 'p95', 'unit', 'base p50', 'base p95', 'ratio', 'baseline', 'goal', 'met'];
const numeric = new Set([2, 3, 4, 6, 7, 8]);
const table = judged.map((r) => [
  r.group,
  r.name + (r.note ? ` (${r.note})` : ''),
  String(r.subject.n),
  f(r.subject.p50),
  f(r.subject.p95),
  r.unit ?? 'ms',
  f(r.baseline?.p50),
  f(r.baseline?.p95),
  r.ratio === null ? '—' : r.ratio < 0.01 ? `1/${Math.round(1 / r.ratio)}` : `${r.ratio.toFixed(2)}×`,
  r.baselineLabel,
  r.goal ?? '—',
  r.met === null ? '—' : r.met ? '✓' : '✗',
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((t) => t[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
console.log(`Machine: ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ${machine.platform}; total ${machine.totalSeconds} s${quick ? ' (BENCH_QUICK)' : ''}`);
console.log(`         ${describeMachine(before, after)}`);
console.log(line(header));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const t of table) console.log(line(t));
const withGoal = judged.filter((r) => r.met !== null);
const missed = withGoal.filter((r) => !r.met);
console.log(`\nGoals: ${withGoal.length - missed.length} met, ${missed.length} missed, ${judged.length - withGoal.length} rows without a goal (test/bench/goals.ts).`);
// A goal no row answered: its group failed or was skipped, or a row was renamed past its pattern.
const ran = new Set(groups.map((g) => g.name));
for (const g of GOALS) {
  if (ran.has(g.group) && !judged.some((r) => r.goal === g.text && r.group === g.group)) console.log(`  no row for goal: ${g.group} /${g.match.source}/ ${g.text}`);
}
console.log('\nJournal query plans (EXPLAIN QUERY PLAN; every one must use an index):');
for (const p of plans) console.log(`  ${p.seeks ? 'SEEK    ' : p.usesIndex ? 'IDX SCAN' : 'NO INDEX'}  ${p.query}…\n             ${p.plan.join(' / ')}`);
const unindexed = plans.filter((p) => !p.usesIndex).length;
const seeking = plans.filter((p) => p.seeks).length;
console.log(`  ${plans.length - unindexed}/${plans.length} plans use an index; ${seeking}/${plans.length} only seek (IDX SCAN = walks a whole index)`);
for (const s of skipped) console.log(`FAILED ${s.split('\n')[0]}`);

mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/bench.json', `${JSON.stringify({ machine, quick, goals: goalList(), rows: judged, plans, failed: skipped }, null, 2)}\n`);
console.log('Wrote test-results/bench.json');
if (skipped.length > 0 || unindexed > 0) process.exitCode = 1;
