/**
 * `npm run soak:store -- --counters N --sales M --seed S [--servers K] [--keep]`: the store soak
 * at any size. Same runner as the CI test; prints the figures and exits 1 if an invariant failed.
 */
import { parseArgs } from 'node:util';
import { formatStoreSoakReport, storeViolationsOf } from './store-soak-report.js';
import { runStoreSoak } from './store-soak-runner.js';

const { values } = parseArgs({
  options: {
    counters: { type: 'string', default: '5' },
    sales: { type: 'string', default: '1000' },
    seed: { type: 'string', default: '20261126' },
    servers: { type: 'string', default: '2' },
    'counter-kills': { type: 'string' },
    'server-kills': { type: 'string' },
    'postgres-kills': { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const counters = Number(values.counters);
const sales = Number(values.sales);
const seed = Number(values.seed);
const servers = Number(values.servers);
const scale = Math.max(1, Math.round((counters * sales) / 300));
const kills = {
  counter: values['counter-kills'] === undefined ? Math.max(counters, scale * 2) : Number(values['counter-kills']),
  storeServer: values['server-kills'] === undefined ? Math.max(2, scale) : Number(values['server-kills']),
  postgres: values['postgres-kills'] === undefined ? Math.max(2, Math.ceil(scale / 2)) : Number(values['postgres-kills']),
};
const whole = (n: number, min: number) => Number.isInteger(n) && n >= min;
if (!whole(counters, 1) || !whole(sales, 20) || !Number.isInteger(seed) || !whole(servers, 1) || !whole(kills.counter, 0) || !whole(kills.storeServer, 0) || !whole(kills.postgres, 0)) {
  console.error('usage: npm run soak:store -- [--counters N≥1] [--sales M≥20] [--seed S] [--servers K≥1] [--counter-kills N] [--server-kills N] [--postgres-kills N] [--keep]');
  process.exit(2);
}
const report = await runStoreSoak({ counters, sales, seed, storeServers: servers, kills, keepData: values.keep, log: (l) => process.stderr.write(`${l}\n`) });
console.log(formatStoreSoakReport(report));
if (report.dataDir) console.log(`data kept in ${report.dataDir}`);
const failed = Object.values(storeViolationsOf(report)).some((l) => l.length > 0);
process.exit(failed ? 1 : 0);
