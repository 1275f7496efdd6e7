import { describe, expect, it } from 'vitest';
import { formatStoreSoakReport, storeViolationsOf } from './store-soak-report.js';
import { runStoreSoak } from './store-soak-runner.js';

/**
 * The CI-sized store soak: 3 counters × 200 sales, each counter a real core in its own process
 * selling through one of two store-server processes that share one PostgreSQL, with the
 * service's faults and SIGKILLs of counters, store servers and the PostgreSQL postmaster; then
 * every invariant read from the counters' journals, the store's PostgreSQL and the sandbox's
 * books. `npm run soak:store` runs it larger (README, Store server).
 */
describe('store soak: 3 counters × 200 sales, two store servers, one PostgreSQL, kills of each kind', () => {
  it('loses nothing, duplicates nothing, moves the wallet exactly, never passes the float, runs each job once', async () => {
    const kills = { counter: 6, storeServer: 2, postgres: 2 };
    const report = await runStoreSoak({ counters: 3, sales: 200, seed: 20261126, storeServers: 2, kills, log: (l) => process.stderr.write(`${l}\n`) });
    console.log(formatStoreSoakReport(report));
    const c = report.checks;

    // The faults really happened: every kill planned, every kind of service fault, the wallet run dry.
    expect(report.kills).toEqual(kills);
    for (const kind of ['delay', 'reset-after-commit', 'error-5xx', 'revoke-token']) expect(report.faultsFired[kind] ?? 0, kind).toBeGreaterThan(0);
    expect(report.waits.STORE_UNREACHABLE ?? 0).toBeGreaterThan(0);
    expect(report.recovered).toBeGreaterThan(0);
    expect(c.float.refusedByStore).toBeGreaterThan(0);
    expect(c.float.rejectedE300).toBeGreaterThan(0);
    for (const state of ['SUCCESS', 'FAILED', 'REJECTED']) expect(c.byState[state] ?? 0, state).toBeGreaterThan(0);
    expect(c.journalSales).toBeGreaterThanOrEqual(570);
    expect(c.serviceOrders).toBeGreaterThan(300);
    expect(c.wallet.movedPaise).toBeGreaterThan(0);
    expect(c.jobs.completed).toBeGreaterThan(0);

    // The invariants.
    expect(storeViolationsOf(report)).toEqual({ crashed: [], lost: [], duplicated: [], mismatched: [], unsettled: [], wallet: [], float: [], jobs: [] });
  }, 15 * 60_000);
});
