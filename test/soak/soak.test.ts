import { describe, expect, it } from 'vitest';
import { formatSoakReport } from './soak-report.js';
import { runSoak } from './soak-runner.js';

/**
 * The CI-sized soak: 1,000 sales through the real core in real child processes, with seeded
 * random faults and SIGKILLs, then every invariant checked against the sandbox's own books and
 * the customer's money against the data folder. `npm run soak` runs the same thing larger
 * (README, Reliability).
 */
describe('soak: 1,000 sales under random faults and kills', () => {
  it('loses nothing, duplicates nothing, leaks nothing, and the drawer balances', async () => {
    const report = await runSoak({ sales: 1000, seed: 20261126, kills: 15, log: (l) => process.stderr.write(`${l}\n`) });
    console.log(formatSoakReport(report));
    const c = report.checks;

    // The faults really happened (a soak that injected nothing proves nothing).
    expect(report.kills.midSale + report.kills.midTill + report.kills.startUp).toBeGreaterThanOrEqual(10);
    expect(report.kills.midTill).toBeGreaterThan(0);
    expect(report.recovered).toBeGreaterThan(0);
    for (const kind of ['delay', 'reset-after-commit', 'error-5xx', 'revoke-token', 'webhook-fail']) expect(report.faultsFired[kind] ?? 0, kind).toBeGreaterThan(0);
    expect(report.webhooks.duplicatesSent).toBeGreaterThan(0);
    expect(report.webhooks.failedAttempts).toBeGreaterThan(0);
    for (const state of ['SUCCESS', 'FAILED', 'REJECTED']) expect(c.byState[state] ?? 0, state).toBeGreaterThan(0);
    expect(c.journalSales).toBeGreaterThanOrEqual(950);
    // Every way of paying and of dealing with the money happened, and the app's figures were checked.
    const t = c.till.figures;
    for (const method of ['CASH', 'UPI', 'CARD']) expect(t.byMethod[method] ?? 0, method).toBeGreaterThan(0);
    expect(t.payments).toBeGreaterThanOrEqual(900);
    expect(t.splitPayments).toBeGreaterThan(0);
    expect(t.changeGivenPaise).toBeGreaterThan(0);
    expect(t.discountedSales).toBeGreaterThan(0);
    expect(t.refunds).toBeGreaterThan(20);
    expect(t.carriedRetries).toBeGreaterThan(0);
    expect(t.repaidRetries).toBeGreaterThan(0);
    expect(t.payIns).toBeGreaterThan(0);
    expect(t.payOuts).toBeGreaterThan(0);
    expect(t.closedShifts).toBeGreaterThanOrEqual(2);
    expect(t.closedShifts).toBe(t.shifts);
    expect(t.snapshots.current).toBeGreaterThan(0);
    expect(t.snapshots.x).toBeGreaterThan(10);
    // A kill may land between a close and its answer being saved.
    expect(t.snapshots.z).toBeGreaterThanOrEqual(2);
    for (const refusal of ['sale.refund NOT_REFUNDABLE', 'sale.retry INVALID_SALE', 'shift.cashMovement INVALID_INPUT']) expect(t.refusals[refusal] ?? 0, refusal).toBeGreaterThan(0);

    // The invariants.
    expect(c.lost).toEqual([]);
    expect(c.duplicated).toEqual([]);
    expect(c.mismatched).toEqual([]);
    expect(c.unsettled).toEqual([]);
    expect(c.referenceReusedAfter4xx).toEqual([]);
    expect(c.printedTwiceWithoutDuplicate).toEqual([]);
    expect(c.wallet.problems).toEqual([]);
    expect(c.wallet.movedPaise).toBeGreaterThan(0);
    expect(c.till.drawer).toEqual([]);
    expect(c.till.refunds).toEqual([]);
    expect(c.till.payments).toEqual([]);
    expect(c.till.sharedPayments).toEqual([]);
    expect(c.till.customerNet).toEqual([]);
    expect(c.drawerEventsNotAudited).toEqual([]);
    expect(c.secrets.leaks).toEqual([]);
    expect(c.secrets.pinsKnown).toBeGreaterThan(500);
    expect(c.secrets.tokensKnown).toBeGreaterThan(1);
  }, 20 * 60_000);
});
