/**
 * `npm run soak -- [--sales 20000] [--seed N] [--kills K] [--keep]`: the long soak. Same runner
 * as the CI test; prints the figures and exits 1 if any invariant failed.
 */
import { parseArgs } from 'node:util';
import { formatSoakReport, violationsOf } from './soak-report.js';
import { runSoak } from './soak-runner.js';

const { values } = parseArgs({
  options: { sales: { type: 'string', default: '20000' }, seed: { type: 'string', default: '20261126' }, kills: { type: 'string' }, keep: { type: 'boolean', default: false } },
});
const sales = Number(values.sales);
const seed = Number(values.seed);
const kills = values.kills === undefined ? Math.max(5, Math.round(sales / 200)) : Number(values.kills);
if (!Number.isInteger(sales) || sales < 50 || !Number.isInteger(seed) || !Number.isInteger(kills) || kills < 0) {
  console.error('usage: npm run soak -- [--sales N≥50] [--seed N] [--kills N] [--keep]');
  process.exit(2);
}
const report = await runSoak({ sales, seed, kills, keepData: values.keep, log: (l) => process.stderr.write(`${l}\n`) });
console.log(formatSoakReport(report));
if (report.dataDir) console.log(`data kept in ${report.dataDir}`);
const failed = Object.values(violationsOf(report.checks)).some((l) => l.length > 0);
process.exit(failed ? 1 : 0);
