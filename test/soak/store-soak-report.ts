import type { StoreSoakReport } from './store-soak-runner.js';

const rupees = (paise: number) => `${paise < 0 ? '−' : ''}₹${(Math.abs(paise) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
const list = (m: Record<string, number>) =>
  Object.entries(m)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || 'none';

/** Every invariant's offending items by name: all empty when the store soak passes. */
export function storeViolationsOf(r: Pick<StoreSoakReport, 'checks' | 'crashes'>): Record<string, string[]> {
  const c = r.checks;
  return {
    crashed: r.crashes,
    lost: c.lost,
    duplicated: c.duplicated,
    mismatched: c.mismatched,
    unsettled: c.unsettled,
    wallet: c.wallet.problems,
    float: c.float.problems,
    jobs: c.jobs.problems,
  };
}

/** The store soak's figures as a person reads them (printed by the test and by `npm run soak:store`). */
export function formatStoreSoakReport(r: StoreSoakReport): string {
  const c = r.checks;
  const o = r.options;
  const violations = Object.fromEntries(Object.entries(storeViolationsOf(r)).filter(([, items]) => items.length > 0));
  return [
    `Store soak: seed ${o.seed}, ${o.counters} counters × ${o.sales} sales through ${o.storeServers} store servers on one PostgreSQL — ${r.wallSeconds} s wall`,
    `  selling: ${r.sellingSeconds} s, ${r.salesPerSecond} sales/s (all counters); sale.place p50 ${Math.round(r.placeMs.p50)} ms, p95 ${Math.round(r.placeMs.p95)} ms (n ${r.placeMs.n})`,
    `  ring-ups by outcome: ${list(r.outcomes)}; refused and tried again (a store server or PostgreSQL down, or the cashier signed in while it was and signed in again): ${list(r.waits)}`,
    `  SIGKILLs: counters ${r.kills.counter}, store servers ${r.kills.storeServer}, PostgreSQL postmaster ${r.kills.postgres}; sales recovered at counter start-up ${r.recovered}`,
    `  service faults fired: ${list(r.faultsFired)}`,
    `  counters' journals: ${c.journalSales} sales (${list(c.byState)}); service: ${c.serviceOrders} orders (${list(c.serviceByStatus)})`,
    `  store server's journal: ${list(c.relayedByState)}`,
    `  settling: the managers checked ${r.settle.checked} sales; the store had nothing open ${(r.settle.storeSettledInMs / 1000).toFixed(1)} s after the counters were done`,
    `  wallet: start ${rupees(c.wallet.startPaise)} + top-ups ${rupees(c.wallet.toppedUpPaise)} − moved ${rupees(c.wallet.movedPaise)} = ${rupees(c.wallet.endPaise)}; moved = service SUCCESS/PROCESSING ${rupees(c.wallet.serviceChargedPaise)} = counters' SUCCESS ${rupees(c.wallet.journalSuccessPaise)}`,
    `  float guard: ${c.float.refusedByStore} sales refused by the store (E300; ${c.float.rejectedE300} journaled so by the counters); lowest service balance ${rupees(c.float.lowestBalancePaise)}`,
    `  settle jobs (pg-boss): ${c.jobs.settleJobs} jobs, ${c.jobs.completed} completed, ${c.jobs.runs} runs`,
    `  sent again after a refusal whose answer was lost (by-reference said "no such order"): ${c.resentAfterRefusal}`,
    `  lost ${c.lost.length}, duplicated ${c.duplicated.length}, mismatched ${c.mismatched.length}, unsettled ${c.unsettled.length}, NEEDS_SUPPORT ${c.needsSupport}, wallet problems ${c.wallet.problems.length}, float problems ${c.float.problems.length}, job problems ${c.jobs.problems.length}`,
    Object.keys(violations).length === 0 ? '  ALL INVARIANTS HOLD' : `  VIOLATIONS: ${JSON.stringify(violations, null, 2).slice(0, 6000)}`,
  ].join('\n');
}
