import type { SoakChecks } from './soak-checks.js';
import type { SoakReport } from './soak-runner.js';

const rupees = (paise: number) => `${paise < 0 ? '−' : ''}₹${(Math.abs(paise) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
const list = (m: Record<string, number>) =>
  Object.entries(m)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || 'none';

/** Every invariant's offending items by name: all empty when the soak passes. */
export function violationsOf(c: SoakChecks): Record<string, string[]> {
  return {
    lost: c.lost,
    duplicated: c.duplicated,
    mismatched: c.mismatched,
    unsettled: c.unsettled,
    reused: c.referenceReusedAfter4xx,
    prints: c.printedTwiceWithoutDuplicate,
    wallet: c.wallet.problems,
    drawer: c.till.drawer,
    refunds: c.till.refunds,
    payments: c.till.payments,
    sharedPayments: c.till.sharedPayments,
    customerNet: c.till.customerNet,
    leaks: c.secrets.leaks,
  };
}

/** The soak's figures as a person reads them (printed by the test and by `npm run soak`). */
export function formatSoakReport(r: SoakReport): string {
  const c = r.checks;
  const t = c.till.figures;
  const steps = Object.values(r.outcomes).reduce((a, b) => a + b, 0);
  const violations = Object.fromEntries(Object.entries(violationsOf(c)).filter(([, items]) => items.length > 0));
  return [
    `Soak: seed ${r.options.seed}, ${r.options.sales} sales planned, client timeout ${r.options.orderTimeoutMs} ms — ${r.wallSeconds} s wall, ${r.simulatedHours} h simulated`,
    `  sales rung up (outcome seen by the cashier): ${steps} — ${list(r.outcomes)}`,
    `  journal: ${c.journalSales} sales (${list(c.byState)}); service: ${c.serviceOrders} orders`,
    `  process lifetimes ${r.lifetimes}; SIGKILLs ${r.kills.midSale + r.kills.midTill + r.kills.startUp} (mid-sale ${r.kills.midSale}, while dealing with a sale's money ${r.kills.midTill}, during start-up ${r.kills.startUp}); sales recovered at start-up ${r.recovered}`,
    `  faults fired: ${list(r.faultsFired)}`,
    `  webhooks: ${r.webhooks.delivered} delivered, ${r.webhooks.failedAttempts} failed attempts, ${r.webhooks.duplicatesSent} duplicates re-sent (out of order)`,
    `  after every deadline: ${list(r.settle.automatic)}; the manager's "Check now" settled ${r.settle.checkedByManager}; NEEDS_SUPPORT ${c.needsSupport.count} (service: ${list(c.needsSupport.serviceStatus)})`,
    `  last lifetime's wall time by phase (ms): ${list(r.lastLifetimeMs)}`,
    `  wallet: moved ${rupees(c.wallet.movedPaise)} = service SUCCESS ${rupees(c.wallet.serviceSuccessPaise)} = journal SUCCESS ${rupees(c.wallet.journalSuccessPaise)} + awaiting support ${rupees(c.wallet.needsSupportCompletedPaise)}; app reads ${rupees(c.wallet.appReadingPaise)}`,
    `  till: ${t.shifts} shifts (${t.closedShifts} closed, over/short ${rupees(t.overShortPaise)}); ${t.payments} payments (${list(t.byMethod)}; split ${t.splitPayments}; change given ${rupees(t.changeGivenPaise)}); ${t.discountedSales} discounted sales`,
    `  refunds ${t.refunds} (${rupees(t.refundedPaise)}, ${r.settle.refundedAtClose} at the close); retries carrying the payment ${t.carriedRetries}, paid anew after a refund ${t.repaidRetries}; pay-ins ${t.payIns}, pay-outs ${t.payOuts}; drawer figures checked: shift.current ${t.snapshots.current}, X ${t.snapshots.x}, Z ${t.snapshots.z}`,
    `  refused as they must be: ${list(t.refusals)}; drawer events missing from the audit log ${c.drawerEventsNotAudited.length}${c.drawerEventsNotAudited.length > 0 ? ` (${c.drawerEventsNotAudited.slice(0, 5).join('; ')})` : ''}, closes not audited (a kill between commit and line) ${c.closesNotAudited.length}`,
    `  bridge answers cut short by a kill (not read): ${c.answersCutByKills}`,
    `  secrets sweep: ${c.secrets.filesScanned} files + ${c.secrets.answersScanned} bridge answers, ${(c.secrets.bytesScanned / 1e6).toFixed(1)} MB, against ${c.secrets.tokensKnown} tokens, ${c.secrets.cardNumbersKnown} card numbers, ${c.secrets.pinsKnown} PINs — leaks ${c.secrets.leaks.length}`,
    `  lost ${c.lost.length}, duplicated ${c.duplicated.length}, mismatched ${c.mismatched.length}, unsettled ${c.unsettled.length}, referenceId reused after 4xx ${c.referenceReusedAfter4xx.length}, printed twice without DUPLICATE ${c.printedTwiceWithoutDuplicate.length}, wallet problems ${c.wallet.problems.length}`,
    `  drawer ${c.till.drawer.length}, refunds ${c.till.refunds.length}, payments ${c.till.payments.length}, shared payments ${c.till.sharedPayments.length}, customer out of pocket ${c.till.customerNet.length}`,
    Object.keys(violations).length === 0 ? '  ALL INVARIANTS HOLD' : `  VIOLATIONS: ${JSON.stringify(violations, null, 2).slice(0, 6000)}`,
  ].join('\n');
}
