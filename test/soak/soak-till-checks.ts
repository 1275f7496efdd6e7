/**
 * The customer's money after a soak, read straight from the environment's SQLite file with the
 * check's own SQL (never the app's till code), then held against what the app told the counter
 * (shift.current, X and Z reports, saved in the bridge answers file with the counter's time).
 */
import type Database from 'better-sqlite3';

export interface TillChecks {
  figures: {
    shifts: number;
    closedShifts: number;
    payments: number;
    /** Payments with a part in each method. */
    byMethod: Record<string, number>;
    splitPayments: number;
    discountedSales: number;
    changeGivenPaise: number;
    refunds: number;
    refundedPaise: number;
    /** Retries that took their failed sale's payment along. */
    carriedRetries: number;
    /** Retries paid anew because the failed sale's money had been given back. */
    repaidRetries: number;
    payIns: number;
    payOuts: number;
    /** The app's drawer figures checked against the data folder as of the moment they were given. */
    snapshots: { current: number; x: number; z: number };
    /** What the cashier tried that must be refused, and was (the child stops the soak otherwise), by method and code. */
    refusals: Record<string, number>;
    overShortPaise: number;
  };
  /** (a) The drawer: expected cash = float + cash tenders − cash refunded + pay-ins − pay-outs, stored at the close and told by the app. */
  drawer: string[];
  /** (b) A refund only for the sale holding the payment, FAILED or REJECTED, once, by the tenders paid. */
  refunds: string[];
  /** (c) Every sale since the drawer opened holds one payment whose tenders sum to amount − discount. */
  payments: string[];
  /** (d) A payment is held by one sale and its retries only. */
  sharedPayments: string[];
  /** Per ring-up (a sale and its retries): the customer is out of pocket what they pay when it succeeded, that or nothing otherwise. */
  customerNet: string[];
}

interface DrawerFigures {
  floatPaise: number;
  /** Σ cash tenders. */
  takenPaise: number;
  /** The same cash seen as notes handed over minus change handed back. */
  handedOverPaise: number;
  changePaise: number;
  refundedPaise: number;
  payInsPaise: number;
  payOutsPaise: number;
  expectedPaise: number;
  /** Per method: tenders taken and refund tenders given. */
  byMethod: Map<string, { takenPaise: number; refundedPaise: number }>;
}

interface ShiftRow {
  id: string;
  opened_at: number;
  closed_at: number | null;
  opening_float_paise: number;
  expected_cash_paise: number | null;
  counted_cash_paise: number | null;
}

/** A drawer answer as the child saved it (see `call` in fixtures/pos-child.ts). */
interface Snapshot {
  method: string;
  payload: { countedCashPaise?: number };
  result: { ok: boolean; data?: unknown };
  drawerAt: number;
}

interface ReportAnswer {
  shift: { id: string };
  expectedCashPaise: number;
  countedCashPaise: number | null;
  overShortPaise: number | null;
  cash: { openingFloatPaise: number; takenPaise: number; refundedPaise: number; payInsPaise: number; payOutsPaise: number };
  byTender: { method: string; takenPaise: number; refundedPaise: number }[];
  sales: { completed: number; completedPaise: number; onHold: number; refundDue: number; refundDuePaise: number; refunded: number };
}

const FOREVER = Number.MAX_SAFE_INTEGER;
const REFUSABLE = /^\{"method":"(sale\.refund|sale\.retry|shift\.cashMovement)"/;

/** `answers`: the bridge answers file's lines, as the soak's child writes them. */
export function checkTill(journal: Database.Database, answers: Iterable<string>): TillChecks {
  const snapshots: string[] = [];
  const refusals: Record<string, number> = {};
  for (const line of answers) {
    if (line.includes('"drawerAt":')) snapshots.push(line);
    else if (REFUSABLE.test(line)) {
      const { method, result } = JSON.parse(line) as { method: string; result: { ok: boolean; error?: { code: string } } };
      if (!result.ok) refusals[`${method} ${result.error!.code}`] = (refusals[`${method} ${result.error!.code}`] ?? 0) + 1;
    }
  }
  const shifts = journal.prepare('SELECT id, opened_at, closed_at, opening_float_paise, expected_cash_paise, counted_cash_paise FROM shifts ORDER BY opened_at').all() as ShiftRow[];
  const drawerAsOf = drawerReader(journal);
  const drawer = checkDrawers(journal, shifts, drawerAsOf);
  const told = checkToldFigures(journal, shifts, drawerAsOf, snapshots);
  drawer.push(...told.problems);
  const figures = tillFigures(journal, shifts);
  return {
    figures: { ...figures, snapshots: told.counted, refusals },
    drawer,
    refunds: checkRefunds(journal),
    payments: checkPayments(journal),
    sharedPayments: checkSharedPayments(journal),
    customerNet: checkCustomerNet(journal),
  };
}

/** A shift's drawer as of a moment: what the data folder says went in and out of it until then. */
function drawerReader(db: Database.Database): (shift: ShiftRow, asOf: number) => DrawerFigures {
  const cashIn = db.prepare(`SELECT COALESCE(SUM(t.amount_paise), 0) AS taken, COALESCE(SUM(COALESCE(t.received_paise, t.amount_paise)), 0) AS handedOver
    FROM payment_tenders t JOIN payments p ON p.id = t.payment_id WHERE p.shift_id = ? AND p.taken_at <= ? AND t.method = 'CASH'`);
  const change = db.prepare('SELECT COALESCE(SUM(change_paise), 0) AS change FROM payments WHERE shift_id = ? AND taken_at <= ?');
  const cashOut = db.prepare(`SELECT COALESCE(SUM(t.amount_paise), 0) AS refunded
    FROM refund_tenders t JOIN refunds r ON r.payment_id = t.payment_id WHERE r.shift_id = ? AND r.at <= ? AND t.method = 'CASH'`);
  const moved = db.prepare(`SELECT COALESCE(SUM(CASE kind WHEN 'PAY_IN' THEN amount_paise END), 0) AS payIns, COALESCE(SUM(CASE kind WHEN 'PAY_OUT' THEN amount_paise END), 0) AS payOuts
    FROM cash_movements WHERE shift_id = ? AND at <= ?`);
  const takenByMethod = db.prepare(`SELECT t.method, SUM(t.amount_paise) AS paise FROM payment_tenders t JOIN payments p ON p.id = t.payment_id
    WHERE p.shift_id = ? AND p.taken_at <= ? GROUP BY t.method`);
  const refundedByMethod = db.prepare(`SELECT t.method, SUM(t.amount_paise) AS paise FROM refund_tenders t JOIN refunds r ON r.payment_id = t.payment_id
    WHERE r.shift_id = ? AND r.at <= ? GROUP BY t.method`);
  return (shift, asOf) => {
    const { taken, handedOver } = cashIn.get(shift.id, asOf) as { taken: number; handedOver: number };
    const changePaise = (change.get(shift.id, asOf) as { change: number }).change;
    const refundedPaise = (cashOut.get(shift.id, asOf) as { refunded: number }).refunded;
    const { payIns, payOuts } = moved.get(shift.id, asOf) as { payIns: number; payOuts: number };
    const byMethod = new Map<string, { takenPaise: number; refundedPaise: number }>();
    const entry = (method: string) => byMethod.get(method) ?? byMethod.set(method, { takenPaise: 0, refundedPaise: 0 }).get(method)!;
    for (const r of takenByMethod.all(shift.id, asOf) as { method: string; paise: number }[]) entry(r.method).takenPaise = r.paise;
    for (const r of refundedByMethod.all(shift.id, asOf) as { method: string; paise: number }[]) entry(r.method).refundedPaise = r.paise;
    return {
      floatPaise: shift.opening_float_paise,
      takenPaise: taken,
      handedOverPaise: handedOver,
      changePaise,
      refundedPaise,
      payInsPaise: payIns,
      payOutsPaise: payOuts,
      expectedPaise: shift.opening_float_paise + taken - refundedPaise + payIns - payOuts,
      byMethod,
    };
  };
}

function checkDrawers(db: Database.Database, shifts: ShiftRow[], drawerAsOf: ReturnType<typeof drawerReader>): string[] {
  const problems: string[] = [];
  const open = shifts.filter((s) => s.closed_at === null);
  if (open.length > 1) problems.push(`${open.length} shifts open at once: ${open.map((s) => s.id).join(', ')}`);
  for (const shift of shifts) {
    const d = drawerAsOf(shift, FOREVER);
    if (d.takenPaise !== d.handedOverPaise - d.changePaise) {
      problems.push(`shift ${shift.id}: cash tenders total ${d.takenPaise} but the cash handed over (${d.handedOverPaise}) minus the change given (${d.changePaise}) is ${d.handedOverPaise - d.changePaise}`);
    }
    if (shift.closed_at !== null && shift.expected_cash_paise !== d.expectedPaise) {
      problems.push(`closed shift ${shift.id} stores expected cash ${shift.expected_cash_paise}, its float and movements give ${d.expectedPaise}`);
    }
  }
  // Every drawer event lies inside its shift's open period: a closed drawer took and gave nothing more.
  const outside = db.prepare(`SELECT e.what, e.id, e.at, e.shift_id FROM (
      SELECT 'payment' AS what, id, taken_at AS at, shift_id FROM payments
      UNION ALL SELECT 'refund', payment_id, at, shift_id FROM refunds
      UNION ALL SELECT 'cash movement', id, at, shift_id FROM cash_movements) e
    JOIN shifts s ON s.id = e.shift_id WHERE e.at < s.opened_at OR (s.closed_at IS NOT NULL AND e.at > s.closed_at)`);
  for (const e of outside.all() as { what: string; id: string; at: number; shift_id: string }[]) problems.push(`${e.what} ${e.id} at ${e.at} lies outside shift ${e.shift_id}`);
  const orphans = db.prepare(`SELECT 'payment' AS what, id FROM payments WHERE shift_id NOT IN (SELECT id FROM shifts)
    UNION ALL SELECT 'refund', payment_id FROM refunds WHERE shift_id NOT IN (SELECT id FROM shifts)
    UNION ALL SELECT 'cash movement', id FROM cash_movements WHERE shift_id NOT IN (SELECT id FROM shifts)`);
  for (const o of orphans.all() as { what: string; id: string }[]) problems.push(`${o.what} ${o.id} belongs to no shift`);
  return problems;
}

/**
 * What the app told the counter (shift.current, X, Z) equals the data folder as of that moment.
 * The last Z report's sales (completed, on hold, refund due, refunded) are checked too: a sale's
 * state has no history in the file, and only after the last close did none change.
 */
function checkToldFigures(db: Database.Database, shifts: ShiftRow[], drawerAsOf: ReturnType<typeof drawerReader>, lines: Iterable<string>) {
  const problems: string[] = [];
  const counted = { current: 0, x: 0, z: 0 };
  const byId = new Map(shifts.map((s) => [s.id, s]));
  let lastZ: { report: ReportAnswer; at: number } | null = null;
  for (const line of lines) {
    const snap = JSON.parse(line) as Snapshot;
    if (!snap.result.ok || snap.result.data === null) continue;
    const where = `${snap.method} at ${snap.drawerAt}`;
    if (snap.method === 'shift.current') {
      const view = snap.result.data as { id: string; expectedCashPaise: number; openingFloatPaise: number };
      const shift = byId.get(view.id);
      if (!shift) {
        problems.push(`${where}: shift ${view.id} is not in the data folder`);
        continue;
      }
      const d = drawerAsOf(shift, snap.drawerAt);
      if (view.expectedCashPaise !== d.expectedPaise) problems.push(`${where}: the app said ${view.expectedCashPaise} expected in shift ${view.id}, the data folder gives ${d.expectedPaise}`);
      if (view.openingFloatPaise !== d.floatPaise) problems.push(`${where}: the app said float ${view.openingFloatPaise}, the data folder holds ${d.floatPaise}`);
      counted.current++;
      continue;
    }
    const report = snap.result.data as ReportAnswer;
    const shift = byId.get(report.shift.id);
    if (!shift) {
      problems.push(`${where}: shift ${report.shift.id} is not in the data folder`);
      continue;
    }
    const d = drawerAsOf(shift, snap.drawerAt);
    const said = { expected: report.expectedCashPaise, float: report.cash.openingFloatPaise, taken: report.cash.takenPaise, refunded: report.cash.refundedPaise, payIns: report.cash.payInsPaise, payOuts: report.cash.payOutsPaise };
    const held = { expected: d.expectedPaise, float: d.floatPaise, taken: d.takenPaise, refunded: d.refundedPaise, payIns: d.payInsPaise, payOuts: d.payOutsPaise };
    if (JSON.stringify(said) !== JSON.stringify(held)) problems.push(`${where} (shift ${shift.id}): the app said ${JSON.stringify(said)}, the data folder gives ${JSON.stringify(held)}`);
    for (const t of report.byTender) {
      const m = d.byMethod.get(t.method) ?? { takenPaise: 0, refundedPaise: 0 };
      if (t.takenPaise !== m.takenPaise || t.refundedPaise !== m.refundedPaise) {
        problems.push(`${where} (shift ${shift.id}): ${t.method} taken ${t.takenPaise} / refunded ${t.refundedPaise} per the app, ${m.takenPaise} / ${m.refundedPaise} per the data folder`);
      }
    }
    for (const method of d.byMethod.keys()) if (!report.byTender.some((t) => t.method === method)) problems.push(`${where}: the report leaves out ${method}`);
    if (snap.method === 'shift.close') {
      const countedCash = snap.payload.countedCashPaise;
      if (report.countedCashPaise !== countedCash || report.overShortPaise !== countedCash! - d.expectedPaise) {
        problems.push(`${where}: counted ${countedCash}, the Z report says counted ${report.countedCashPaise} and over/short ${report.overShortPaise} against ${d.expectedPaise} expected`);
      }
      if (shift.counted_cash_paise !== countedCash || shift.expected_cash_paise !== report.expectedCashPaise) {
        problems.push(`${where}: shift ${shift.id} stores counted ${shift.counted_cash_paise} / expected ${shift.expected_cash_paise}, the Z report said ${report.countedCashPaise} / ${report.expectedCashPaise}`);
      }
      lastZ = { report, at: snap.drawerAt };
      counted.z++;
    } else counted.x++;
  }
  if (lastZ) {
    const { report, at } = lastZ;
    const held = paymentOutcomes(db, report.shift.id, at);
    if ((Object.keys(held) as (keyof typeof held)[]).some((k) => held[k] !== report.sales[k])) {
      problems.push(`the last Z report (shift ${report.shift.id}) counts sales ${JSON.stringify(report.sales)}, the data folder ${JSON.stringify(held)}`);
    }
  }
  return { problems, counted };
}

/** The payments a shift took, by what became of the sale holding each now (the last of its retries) and whether it was given back by `asOf`. */
function paymentOutcomes(db: Database.Database, shiftId: string, asOf: number): ReportAnswer['sales'] {
  const rows = db
    .prepare(
      `SELECT p.id, p.amount_paise AS amount, s.id AS saleId, s.retry_of AS retryOf, s.state, (SELECT COUNT(*) FROM refunds r WHERE r.payment_id = p.id AND r.at <= ?) AS refunds
      FROM payments p JOIN sale_payments sp ON sp.payment_id = p.id JOIN sales s ON s.id = sp.sale_id WHERE p.shift_id = ?`,
    )
    .all(asOf, shiftId) as { id: string; amount: number; saleId: string; retryOf: string | null; state: string; refunds: number }[];
  const out = { completed: 0, completedPaise: 0, onHold: 0, refundDue: 0, refundDuePaise: 0, refunded: 0 };
  const retried = new Set(rows.map((r) => `${r.id} ${r.retryOf}`));
  for (const r of rows) {
    if (retried.has(`${r.id} ${r.saleId}`)) continue; // a retry holds this payment now
    if (r.refunds > 0) out.refunded++;
    else if (r.state === 'SUCCESS') {
      out.completed++;
      out.completedPaise += r.amount;
    } else if (r.state === 'FAILED' || r.state === 'REJECTED') {
      out.refundDue++;
      out.refundDuePaise += r.amount;
    } else if (r.state !== 'CANCELLED' && r.state !== 'REVERSED') out.onHold++;
  }
  return out;
}

function checkRefunds(db: Database.Database): string[] {
  const problems: string[] = [];
  const rows = db
    .prepare(
      `SELECT r.payment_id AS paymentId, r.sale_id AS saleId, r.amount_paise AS amount, s.state, p.amount_paise AS paid,
        (SELECT payment_id FROM sale_payments WHERE sale_id = r.sale_id) AS heldPayment,
        (SELECT COUNT(*) FROM sales s2 JOIN sale_payments sp2 ON sp2.sale_id = s2.id WHERE s2.retry_of = r.sale_id AND sp2.payment_id = r.payment_id) AS carriedOn,
        (SELECT COUNT(*) FROM refunds r2 WHERE r2.payment_id = r.payment_id) AS refundsOfPayment,
        (SELECT COUNT(*) FROM refunds r3 WHERE r3.sale_id = r.sale_id) AS refundsOfSale
      FROM refunds r JOIN sales s ON s.id = r.sale_id JOIN payments p ON p.id = r.payment_id`,
    )
    .all() as { paymentId: string; saleId: string; amount: number; state: string; paid: number; heldPayment: string | null; carriedOn: number; refundsOfPayment: number; refundsOfSale: number }[];
  const byMethod = (table: 'payment_tenders' | 'refund_tenders') => db.prepare(`SELECT method, SUM(amount_paise) AS paise FROM ${table} WHERE payment_id = ? GROUP BY method ORDER BY method`);
  const paidBy = byMethod('payment_tenders');
  const givenBy = byMethod('refund_tenders');
  for (const r of rows) {
    const what = `refund of payment ${r.paymentId} (sale ${r.saleId})`;
    if (r.state !== 'FAILED' && r.state !== 'REJECTED') problems.push(`${what}: the sale is ${r.state}`);
    if (r.heldPayment !== r.paymentId) problems.push(`${what}: the sale holds payment ${r.heldPayment}`);
    if (r.carriedOn > 0) problems.push(`${what}: the payment also went with a retry of the sale`);
    if (r.refundsOfPayment > 1 || r.refundsOfSale > 1) problems.push(`${what}: given back ${Math.max(r.refundsOfPayment, r.refundsOfSale)} times`);
    if (r.amount !== r.paid) problems.push(`${what}: ${r.amount} given back of ${r.paid} paid`);
    const paid = JSON.stringify(paidBy.all(r.paymentId));
    const given = JSON.stringify(givenBy.all(r.paymentId));
    if (paid !== given) problems.push(`${what}: paid by ${paid}, given back by ${given}`);
  }
  return problems;
}

function checkPayments(db: Database.Database): string[] {
  const problems: string[] = [];
  const rows = db
    .prepare(
      `SELECT s.id, s.amount_paise - s.discount_paise AS pays,
        (SELECT COUNT(*) FROM sale_payments sp WHERE sp.sale_id = s.id) AS held,
        p.id AS paymentId, p.amount_paise AS paid, p.change_paise AS change,
        (SELECT COALESCE(SUM(amount_paise), 0) FROM payment_tenders t WHERE t.payment_id = p.id) AS tendered,
        (SELECT COALESCE(SUM(received_paise - amount_paise), 0) FROM payment_tenders t WHERE t.payment_id = p.id AND received_paise IS NOT NULL) AS changeDue,
        (SELECT COUNT(*) FROM payment_tenders t WHERE t.payment_id = p.id AND received_paise IS NOT NULL AND method <> 'CASH') AS receivedNotCash
      FROM sales s LEFT JOIN sale_payments sp ON sp.sale_id = s.id LEFT JOIN payments p ON p.id = sp.payment_id
      WHERE s.created_at >= (SELECT MIN(opened_at) FROM shifts)`,
    )
    .all() as { id: string; pays: number; held: number; paymentId: string | null; paid: number; change: number; tendered: number; changeDue: number; receivedNotCash: number }[];
  for (const r of rows) {
    if (r.held !== 1 || r.paymentId === null) {
      problems.push(`sale ${r.id} holds ${r.held} payments`);
      continue;
    }
    if (r.tendered !== r.pays) problems.push(`sale ${r.id}: the customer pays ${r.pays}, payment ${r.paymentId}'s tenders sum to ${r.tendered}`);
    if (r.paid !== r.tendered) problems.push(`payment ${r.paymentId}: amount ${r.paid}, tenders ${r.tendered}`);
    if (r.change !== r.changeDue) problems.push(`payment ${r.paymentId}: change ${r.change} recorded, ${r.changeDue} due on the cash handed over`);
    if (r.receivedNotCash > 0) problems.push(`payment ${r.paymentId}: an amount handed over on a part that is not cash`);
  }
  for (const { id } of db.prepare('SELECT id FROM payments WHERE id NOT IN (SELECT payment_id FROM sale_payments)').all() as { id: string }[]) {
    problems.push(`payment ${id} is held by no sale`);
  }
  return problems;
}

function checkSharedPayments(db: Database.Database): string[] {
  const rows = db
    .prepare(
      `SELECT sp.payment_id AS paymentId, s.id, s.retry_of AS retryOf, s.created_at AS createdAt, p.taken_at AS takenAt
      FROM sale_payments sp JOIN sales s ON s.id = sp.sale_id JOIN payments p ON p.id = sp.payment_id ORDER BY s.created_at`,
    )
    .all() as { paymentId: string; id: string; retryOf: string | null; createdAt: number; takenAt: number }[];
  const holders = new Map<string, typeof rows>();
  for (const r of rows) holders.set(r.paymentId, [...(holders.get(r.paymentId) ?? []), r]);
  const problems: string[] = [];
  for (const [paymentId, group] of holders) {
    const ids = new Set(group.map((g) => g.id));
    // The payer: the one holder that is not a retry of another holder. Every other holder retries a holder.
    const payers = group.filter((g) => g.retryOf === null || !ids.has(g.retryOf));
    if (payers.length !== 1) {
      problems.push(`payment ${paymentId} is held by ${payers.length} unrelated sales: ${group.map((g) => `${g.id} (retry of ${g.retryOf})`).join(', ')}`);
      continue;
    }
    if (payers[0]!.takenAt !== payers[0]!.createdAt) problems.push(`payment ${paymentId} was taken at ${payers[0]!.takenAt}, its sale ${payers[0]!.id} rung up at ${payers[0]!.createdAt}`);
  }
  return problems;
}

function checkCustomerNet(db: Database.Database): string[] {
  const sales = db
    .prepare(
      `SELECT s.id, s.state, s.retry_of AS retryOf, s.amount_paise - s.discount_paise AS pays, sp.payment_id AS paymentId, p.amount_paise AS paid, r.amount_paise AS refunded
      FROM sales s LEFT JOIN sale_payments sp ON sp.sale_id = s.id LEFT JOIN payments p ON p.id = sp.payment_id LEFT JOIN refunds r ON r.payment_id = p.id
      WHERE s.created_at >= (SELECT MIN(opened_at) FROM shifts)`,
    )
    .all() as { id: string; state: string; retryOf: string | null; pays: number; paymentId: string | null; paid: number | null; refunded: number | null }[];
  const retryOf = new Map(sales.filter((s) => s.retryOf !== null).map((s) => [s.retryOf!, s]));
  const problems: string[] = [];
  for (const root of sales.filter((s) => s.retryOf === null)) {
    const chain = [root];
    for (let next = retryOf.get(root.id); next; next = retryOf.get(next.id)) chain.push(next);
    const payments = new Map(chain.filter((s) => s.paymentId !== null).map((s) => [s.paymentId!, (s.paid ?? 0) - (s.refunded ?? 0)]));
    const net = [...payments.values()].reduce((a, b) => a + b, 0);
    const last = chain[chain.length - 1]!;
    const allowed = last.state === 'SUCCESS' ? [root.pays] : [0, root.pays];
    if (!allowed.includes(net)) problems.push(`ring-up ${root.id} (${chain.map((s) => s.state).join(' → ')}): the customer is out ${net} paise, pays ${root.pays}`);
  }
  return problems;
}

function tillFigures(db: Database.Database, shifts: ShiftRow[]): Omit<TillChecks['figures'], 'snapshots' | 'refusals'> {
  const one = <T>(sql: string) => db.prepare(sql).get() as T;
  const byMethod = Object.fromEntries(
    (db.prepare('SELECT method, COUNT(DISTINCT payment_id) AS n FROM payment_tenders GROUP BY method').all() as { method: string; n: number }[]).map((r) => [r.method, r.n]),
  );
  const closed = shifts.filter((s) => s.closed_at !== null);
  return {
    shifts: shifts.length,
    closedShifts: closed.length,
    payments: one<{ n: number }>('SELECT COUNT(*) AS n FROM payments').n,
    byMethod,
    splitPayments: one<{ n: number }>('SELECT COUNT(*) AS n FROM (SELECT payment_id FROM payment_tenders GROUP BY payment_id HAVING COUNT(*) > 1)').n,
    discountedSales: one<{ n: number }>('SELECT COUNT(*) AS n FROM sales WHERE discount_paise > 0').n,
    changeGivenPaise: one<{ n: number }>('SELECT COALESCE(SUM(change_paise), 0) AS n FROM payments').n,
    refunds: one<{ n: number }>('SELECT COUNT(*) AS n FROM refunds').n,
    refundedPaise: one<{ n: number }>('SELECT COALESCE(SUM(amount_paise), 0) AS n FROM refunds').n,
    carriedRetries: one<{ n: number }>('SELECT COUNT(*) AS n FROM sales s JOIN sale_payments sp ON sp.sale_id = s.id JOIN sale_payments o ON o.sale_id = s.retry_of WHERE o.payment_id = sp.payment_id').n,
    repaidRetries: one<{ n: number }>('SELECT COUNT(*) AS n FROM sales s JOIN sale_payments sp ON sp.sale_id = s.id JOIN sale_payments o ON o.sale_id = s.retry_of WHERE o.payment_id <> sp.payment_id').n,
    payIns: one<{ n: number }>("SELECT COUNT(*) AS n FROM cash_movements WHERE kind = 'PAY_IN'").n,
    payOuts: one<{ n: number }>("SELECT COUNT(*) AS n FROM cash_movements WHERE kind = 'PAY_OUT'").n,
    overShortPaise: closed.reduce((sum, s) => sum + (s.counted_cash_paise ?? 0) - (s.expected_cash_paise ?? 0), 0),
  };
}
