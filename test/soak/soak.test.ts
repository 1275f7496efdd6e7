import { describe, expect, it } from 'vitest';
import { formatSoakReport } from './soak-report.js';
import { runSoak } from './soak-runner.js';

/**
 * The CI-sized soak: 1,000 sales through the real core in real child processes, with seeded
 * random faults and SIGKILLs, then every invariant checked against the sandbox's own books.
 * `npm run soak` runs the same thing larger (README, Reliability).
 */
describe('soak: 1,000 sales under random faults and kills', () => {
  it('loses nothing, duplicates nothing, and leaks nothing', async () => {
    const report = await runSoak({ sales: 1000, seed: 20261126, kills: 15, log: (l) => process.stderr.write(`${l}\n`) });
    console.log(formatSoakReport(report));
    const c = report.checks;

    // The faults really happened (a soak that injected nothing proves nothing).
    expect(report.kills.midSale + report.kills.startUp).toBeGreaterThanOrEqual(10);
    expect(report.recovered).toBeGreaterThan(0);
    for (const kind of ['delay', 'reset-after-commit', 'error-5xx', 'revoke-token', 'webhook-fail']) expect(report.faultsFired[kind] ?? 0, kind).toBeGreaterThan(0);
    expect(report.webhooks.duplicatesSent).toBeGreaterThan(0);
    expect(report.webhooks.failedAttempts).toBeGreaterThan(0);
    for (const state of ['SUCCESS', 'FAILED', 'REJECTED']) expect(c.byState[state] ?? 0, state).toBeGreaterThan(0);
    expect(c.journalSales).toBeGreaterThanOrEqual(950);

    // The invariants.
    expect(c.lost).toEqual([]);
    expect(c.duplicated).toEqual([]);
    expect(c.mismatched).toEqual([]);
    expect(c.unsettled).toEqual([]);
    expect(c.referenceReusedAfter4xx).toEqual([]);
    expect(c.printedTwiceWithoutDuplicate).toEqual([]);
    expect(c.wallet.problems).toEqual([]);
    expect(c.wallet.movedPaise).toBeGreaterThan(0);
    expect(c.secrets.leaks).toEqual([]);
    expect(c.secrets.pinsKnown).toBeGreaterThan(500);
    expect(c.secrets.tokensKnown).toBeGreaterThan(1);
  }, 20 * 60_000);
});
