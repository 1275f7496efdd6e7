import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Sandbox } from '../../src-main/sandbox/server.js';
import { SETTLE_ORDER_QUEUE } from '../../src-main/store-server/jobs/store-jobs.js';

/**
 * The store soak's invariants, read at the end from the real data: each counter's SQLite
 * journal, the store's PostgreSQL (its relayed orders, its copy of every counter's sales and
 * pg-boss's job tables) and the sandbox's orders and wallet ledger. Each list names what broke
 * it (empty = holds); the figures say how much was checked.
 */
export interface StoreSoakChecks {
  journalSales: number;
  byState: Record<string, number>;
  serviceOrders: number;
  serviceByStatus: Record<string, number>;
  relayedByState: Record<string, number>;
  /**
   * A sale a counter journaled that the store does not know (or knows in another state), a
   * service order no counter journaled, or one the store server has no record of.
   */
  lost: string[];
  /** A referenceId sent again after the service created its order, journaled by two counters, or two orders for one reference. */
  duplicated: string[];
  /** References sent again after a refusal whose answer was lost (the by-reference answer was "no such order"). */
  resentAfterRefusal: number;
  /** Counter, store and service disagree on an order's id, outcome or vouchers. */
  mismatched: string[];
  /** Left INTENT / IN_DOUBT / PROCESSING after the settling, on a counter or at the store. */
  unsettled: string[];
  needsSupport: number;
  wallet: {
    startPaise: number;
    toppedUpPaise: number;
    endPaise: number;
    /** Debits less reversals in the service's ledger. */
    movedPaise: number;
    serviceChargedPaise: number;
    journalSuccessPaise: number;
    problems: string[];
  };
  float: {
    /** Sales the store server refused itself (E300) because the wallet less what was in flight could not cover them. */
    refusedByStore: number;
    /** Counters' sales REJECTED with E300 (the store's refusals as the counters journaled them). */
    rejectedE300: number;
    lowestBalancePaise: number;
    /** An order the service took (or failed for want of balance) beyond what the wallet held: the guard was passed. */
    problems: string[];
  };
  jobs: {
    settleJobs: number;
    completed: number;
    runs: number;
    /** Two runs for one order at once, a job that failed for good, or one still waiting after the settling. */
    problems: string[];
  };
}

interface JournalSale {
  id: string;
  reference_id: string;
  state: string;
  order_id: string | null;
  amount_paise: number;
  discount_paise: number;
  retry_of: string | null;
  support_reason: string | null;
}

export interface StoreSoakEvidence {
  sandbox: Sandbox;
  counters: { dataDir: string; counterId: string; name: string }[];
  databaseUrl: string;
  storeId: string;
  /** Every placement the service processed (created, or refused with its status). */
  placements: { referenceId: string; requestId: string | null; outcome: 'created' | number }[];
  startBalancePaise: number;
}

const bump = (map: Record<string, number>, key: string) => (map[key] = (map[key] ?? 0) + 1);
const UNSETTLED = new Set(['INTENT', 'IN_DOUBT', 'PROCESSING']);
/** Journal states whose sale the service charged: the wallet's movement must equal these. */
const CHARGED = new Set(['SUCCESS', 'PROCESSING']);

export async function checkStoreSoak(e: StoreSoakEvidence): Promise<StoreSoakChecks> {
  const journals = e.counters.map((c) => {
    const db = new Database(join(c.dataDir, 'staging.db'), { readonly: true });
    try {
      const sales = db.prepare('SELECT id, reference_id, state, order_id, amount_paise, discount_paise, retry_of, support_reason FROM sales').all() as JournalSale[];
      const vouchers = new Map((db.prepare('SELECT sale_id AS id, COUNT(*) AS n FROM vouchers GROUP BY sale_id').all() as { id: string; n: number }[]).map((r) => [r.id, r.n]));
      const e300 = (db.prepare("SELECT COUNT(DISTINCT sale_id) AS n FROM sale_attempts WHERE outcome LIKE '%E300%'").get() as { n: number }).n;
      return { counter: c, sales, vouchers, e300 };
    } finally {
      db.close();
    }
  });
  const pool = new pg.Pool({ connectionString: e.databaseUrl, max: 2 });
  try {
    const relayed = (
      await pool.query<{ reference_id: string; counter_id: string; state: string; order_id: string | null; order_status: string | null; sends: number; amount_paise: string }>(
        'SELECT reference_id, counter_id, state, order_id, order_status, sends, amount_paise FROM relayed_orders WHERE store_id = $1',
        [e.storeId],
      )
    ).rows;
    const mirrored = (await pool.query<{ counter_id: string; sale_id: string; reference_id: string; state: string }>('SELECT counter_id, sale_id, reference_id, state FROM counter_sales WHERE store_id = $1', [e.storeId])).rows;
    const jobs = await settleJobs(pool, `${SETTLE_ORDER_QUEUE}-${e.storeId}`);

    const orders = [...e.sandbox.state.orders.orders.values()];
    const orderByRef = new Map(orders.map((o) => [o.referenceId, o]));
    const relayedByRef = new Map(relayed.map((r) => [r.reference_id, r]));
    const mirrorByKey = new Map(mirrored.map((m) => [`${m.counter_id}/${m.sale_id}`, m]));
    const lost: string[] = [];
    const duplicated: string[] = [];
    const mismatched: string[] = [];
    const unsettled: string[] = [];
    const byState: Record<string, number> = {};
    const serviceByStatus: Record<string, number> = {};
    const relayedByState: Record<string, number> = {};
    const journalOfRef = new Map<string, { counter: string; sale: JournalSale }>();
    let journalSuccessPaise = 0;
    let needsSupport = 0;

    for (const { counter, sales, vouchers } of journals) {
      for (const s of sales) {
        bump(byState, s.state);
        const other = journalOfRef.get(s.reference_id);
        if (other) duplicated.push(`${s.reference_id} journaled by ${other.counter} (${other.sale.id}) and ${counter.name} (${s.id})`);
        journalOfRef.set(s.reference_id, { counter: counter.name, sale: s });
        // A sale handed to support counts as charged when the service charged it (a person settles it with the customer).
        const charged = CHARGED.has(s.state) || (s.state === 'NEEDS_SUPPORT' && CHARGED.has(orderByRef.get(s.reference_id)?.status ?? ''));
        if (charged) journalSuccessPaise += s.amount_paise - s.discount_paise;
        if (UNSETTLED.has(s.state)) unsettled.push(`${counter.name} ${s.id} (${s.reference_id}) left ${s.state}`);
        if (s.state === 'NEEDS_SUPPORT') needsSupport++;

        // Known to the store: its copy of the counter's sales has this one, as it ended.
        const copy = mirrorByKey.get(`${counter.counterId}/${s.id}`);
        if (!copy) lost.push(`${counter.name} ${s.id} (${s.reference_id}, ${s.state}) is not in the store's copy of the counter's sales`);
        else if (copy.state !== s.state || copy.reference_id !== s.reference_id) mismatched.push(`${counter.name} ${s.id}: journal ${s.state}, store's copy ${copy.state}`);

        const r = relayedByRef.get(s.reference_id);
        if (r && r.counter_id !== counter.counterId) duplicated.push(`${s.reference_id}: journaled by ${counter.name}, relayed for counter ${r.counter_id}`);
        const o = orderByRef.get(s.reference_id);
        if (!o) {
          if (s.state === 'SUCCESS' || s.state === 'FAILED' || s.state === 'PROCESSING') mismatched.push(`${counter.name} ${s.id} is ${s.state} but the service has no order for ${s.reference_id}`);
          continue;
        }
        if (s.order_id !== o.id) mismatched.push(`${counter.name} ${s.id}: journal order id ${s.order_id}, service ${o.id}`);
        // The counter's final state agrees with the service's (NEEDS_SUPPORT is a person's to settle, with its reason).
        if (s.state === 'NEEDS_SUPPORT' ? !s.support_reason : s.state !== o.status) mismatched.push(`${counter.name} ${s.id} (${s.reference_id}): journal ${s.state}, service ${o.status}`);
        if (s.state === 'SUCCESS' && (vouchers.get(s.id) ?? 0) !== o.voucherIds.length) mismatched.push(`${counter.name} ${s.id}: ${vouchers.get(s.id) ?? 0} vouchers sealed, service issued ${o.voucherIds.length}`);
      }
    }

    for (const o of orders) {
      bump(serviceByStatus, o.status);
      if (!journalOfRef.has(o.referenceId)) lost.push(`service order ${o.id} (${o.referenceId}, ${o.status}) is in no counter's journal`);
      const r = relayedByRef.get(o.referenceId);
      if (!r) lost.push(`service order ${o.id} (${o.referenceId}) has no row at the store server, its only caller`);
      else if (r.order_id !== o.id || r.order_status !== o.status) mismatched.push(`${o.referenceId}: store has ${r.order_id} ${r.order_status ?? r.state}, service ${o.id} ${o.status}`);
    }
    for (const r of relayed) {
      bump(relayedByState, r.order_status ? `${r.state} ${r.order_status}` : r.state);
      if (r.state === 'SENDING' || r.state === 'IN_DOUBT' || r.order_status === 'PROCESSING') unsettled.push(`store ${r.reference_id} left ${r.order_status ?? r.state}`);
      if ((r.state === 'REFUSED' || r.state === 'NOT_PLACED') && orderByRef.has(r.reference_id)) mismatched.push(`store says ${r.reference_id} is ${r.state}; the service holds ${orderByRef.get(r.reference_id)!.id}`);
    }

    // Nothing is sent again once the service created the order (it would answer 409). A send
    // the service refused (4xx) consumed nothing: when that answer was lost on its way (a store
    // server killed before it journaled it), asking by reference finds nothing and sending again is the rule.
    const sendsOf = new Map<string, StoreSoakEvidence['placements']>();
    for (const p of e.placements) sendsOf.set(p.referenceId, [...(sendsOf.get(p.referenceId) ?? []), p]);
    let resentAfterRefusal = 0;
    for (const [ref, sends] of sendsOf) {
      const created = sends.findIndex((p) => p.outcome === 'created');
      if (created >= 0 && created < sends.length - 1) duplicated.push(`${ref} was sent again after the service created it (${sends.map((p) => p.outcome).join(', ')})`);
      if (sends.length > 1 && (created < 0 || created > 0)) resentAfterRefusal++;
    }
    const perRef = new Map<string, number>();
    for (const o of orders) perRef.set(o.referenceId, (perRef.get(o.referenceId) ?? 0) + 1);
    for (const [ref, n] of perRef) if (n > 1) duplicated.push(`${n} service orders for ${ref}`);

    const { ledger } = e.sandbox.state.wallet;
    const sum = (kind: string) => ledger.filter((l) => l.kind === kind).reduce((s, l) => s + l.amountPaise, 0);
    let toppedUpPaise = 0;
    ledger.forEach((l, i) => {
      if (l.kind === 'set') toppedUpPaise += l.balanceAfterPaise - (i === 0 ? e.startBalancePaise : ledger[i - 1]!.balanceAfterPaise);
    });
    const movedPaise = sum('debit') - sum('reversal');
    const endPaise = e.sandbox.state.wallet.balancePaise;
    const serviceChargedPaise = orders.filter((o) => o.status === 'SUCCESS' || o.status === 'PROCESSING').reduce((s, o) => s + o.debitedPaise, 0);
    const walletProblems: string[] = [];
    if (e.startBalancePaise + toppedUpPaise - movedPaise !== endPaise) walletProblems.push(`start ${e.startBalancePaise} + top-ups ${toppedUpPaise} − moved ${movedPaise} ≠ end ${endPaise}`);
    if (movedPaise !== serviceChargedPaise) walletProblems.push(`the wallet moved ${movedPaise} paise but the service's SUCCESS/PROCESSING orders total ${serviceChargedPaise}`);
    if (movedPaise !== journalSuccessPaise) walletProblems.push(`the wallet moved ${movedPaise} paise but the counters' SUCCESS/PROCESSING sales total ${journalSuccessPaise}`);

    const floatProblems: string[] = [];
    const lowestBalancePaise = Math.min(e.startBalancePaise, ...ledger.map((l) => l.balanceAfterPaise));
    if (lowestBalancePaise < 0) floatProblems.push(`the service's balance went to ${lowestBalancePaise} paise`);
    for (const o of orders) if (o.failureReason === 'Insufficient balance') floatProblems.push(`${o.referenceId} reached the service beyond the wallet (failed: Insufficient balance)`);

    return {
      journalSales: journals.reduce((n, j) => n + j.sales.length, 0),
      byState,
      serviceOrders: orders.length,
      serviceByStatus,
      relayedByState,
      lost,
      duplicated,
      resentAfterRefusal,
      mismatched,
      unsettled,
      needsSupport,
      wallet: { startPaise: e.startBalancePaise, toppedUpPaise, endPaise, movedPaise, serviceChargedPaise, journalSuccessPaise, problems: walletProblems },
      float: { refusedByStore: relayed.filter((r) => r.state === 'REFUSED').length, rejectedE300: journals.reduce((n, j) => n + j.e300, 0), lowestBalancePaise, problems: floatProblems },
      jobs,
    };
  } finally {
    await pool.end();
  }
}

interface JobRow {
  id: string;
  singleton_key: string | null;
  state: string;
  retry_count: number;
  started_on: Date | null;
  completed_on: Date | null;
  /** For a job still queued: whether it was due (its start_after passed) more than a minute ago, so no replica ran it. */
  overdue: boolean;
}

/**
 * pg-boss's own record of the settle jobs (live and archived). Each job is one question about
 * one order, asked until it is settled; "run once" means no two runs for one order at the same
 * time (their started–completed spans never overlap), none given up, none overdue or still
 * running (a question queued for later is fine).
 */
async function settleJobs(pool: pg.Pool, queue: string): Promise<StoreSoakChecks['jobs']> {
  const columns = "id, singleton_key, state::text AS state, retry_count, started_on, completed_on, start_after < now() - interval '1 minute' AS overdue";
  const live = (await pool.query<JobRow>(`SELECT ${columns} FROM pgboss.job WHERE name = $1`, [queue])).rows;
  const archived = (await pool.query<JobRow>(`SELECT ${columns} FROM pgboss.archive WHERE name = $1`, [queue])).rows;
  const all = [...live, ...archived];
  const problems: string[] = [];
  const byKey = new Map<string, JobRow[]>();
  for (const j of all) {
    if (!j.singleton_key) problems.push(`settle job ${j.id} has no singletonKey`);
    else byKey.set(j.singleton_key, [...(byKey.get(j.singleton_key) ?? []), j]);
    if (j.state === 'failed') problems.push(`settle job ${j.id} (${j.singleton_key}) failed for good after ${j.retry_count} retries`);
    // A question queued for later is not stuck; one due a minute ago and not run, or still running, is.
    if (j.state === 'retry' || j.state === 'active' || (j.state === 'created' && j.overdue)) problems.push(`settle job ${j.id} (${j.singleton_key}) still ${j.state}`);
  }
  for (const [key, jobs] of byKey) {
    const spans = jobs.filter((j) => j.state === 'completed' && j.started_on && j.completed_on).sort((a, b) => a.started_on!.getTime() - b.started_on!.getTime());
    for (let i = 1; i < spans.length; i++) {
      if (spans[i]!.started_on!.getTime() < spans[i - 1]!.completed_on!.getTime()) problems.push(`${key}: jobs ${spans[i - 1]!.id} and ${spans[i]!.id} completed runs that overlapped`);
    }
  }
  return {
    settleJobs: all.length,
    completed: all.filter((j) => j.state === 'completed').length,
    runs: all.reduce((n, j) => n + (j.state === 'created' ? 0 : j.retry_count + 1), 0),
    problems,
  };
}
