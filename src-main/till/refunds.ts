import { randomUUID } from 'node:crypto';
import type { AuditLog } from '../audit/audit-log.js';
import type { SaleJournal } from '../orders/journal/sale-journal.js';
import type { SaleRecord } from '../orders/journal/sale-record.js';
import { formatRupees } from '../orders/rules/index.js';
import { paymentStateOf, REFUND_REFUSALS } from './payment-state.js';
import { NO_OPEN_SHIFT } from './shift-service.js';
import { cashPart, expectedCash, type RefundWrite, type TillStore } from './till-store.js';

export type RefundResult =
  | { ok: true; sale: SaleRecord }
  | { ok: false; code: 'NOT_FOUND' | 'NOT_REFUNDABLE' | 'NO_OPEN_SHIFT' | 'NOT_ENOUGH_CASH'; message: string };

export interface RefundDeps {
  journal: Pick<SaleJournal, 'get' | 'hasVouchers'>;
  till: TillStore;
  audit: AuditLog;
  now: () => number;
}

const NO_DRAWER = `${NO_OPEN_SHIFT} The money comes out of it.`;

function notEnoughCash(cashPaise: number, inDrawerPaise: number): RefundResult {
  return {
    ok: false,
    code: 'NOT_ENOUGH_CASH',
    message:
      `The drawer should hold ${formatRupees(Math.max(0, inDrawerPaise))}, less than the ${formatRupees(cashPaise)} to give back in cash. ` +
      'Record a pay-in of the difference on the Drawer screen (or call the manager), then give it back.',
  };
}

/**
 * Gives the customer's payment back for a paid sale that did not go through (FAILED or
 * REJECTED): by the tenders it was paid with, from the open shift's drawer, once. Never for a
 * sale whose outcome is not known (the service may still issue the vouchers) nor one that
 * completed, and never more cash than the drawer holds. Audited before it is written, as a
 * sale is: a refund on record always has its audit line; if the write then does not happen
 * (a race, a crash of the disk), a second line says so. Both lines, and the refund on record,
 * name the refund's id. The audit log (app.db) and the refund (the environment's file) cannot
 * share a commit, so a process killed between the line and the write leaves a line with neither:
 * the next attempt resumes that refund under its id (its line says `resumes`, the earlier
 * line's seq), and the trail counts one refund per id, never two for one payment.
 */
export function refundSale(deps: RefundDeps, saleId: string, actor: string): RefundResult {
  const sale = deps.journal.get(saleId);
  if (!sale) return { ok: false, code: 'NOT_FOUND', message: 'No such sale' };
  const held = deps.till.salePayment(saleId);
  const state = paymentStateOf(sale.state, held, () => deps.journal.hasVouchers(saleId));
  if (state !== 'REFUND_DUE' || !held) return { ok: false, code: 'NOT_REFUNDABLE', message: REFUND_REFUSALS[state === 'REFUND_DUE' ? 'NOT_RECORDED' : state] };
  const shift = deps.till.currentShift();
  if (!shift) return { ok: false, code: 'NO_OPEN_SHIFT', message: NO_DRAWER };
  const { payment } = held;
  const tenders = payment.tenders.map((t) => ({ method: t.method, amountPaise: t.amountPaise }));
  const cash = cashPart(tenders);
  const inDrawer = expectedCash(shift, deps.till.drawerTotals(shift.id));
  if (cash > inDrawer) return notEnoughCash(cash, inDrawer);

  const unfinished = unfinishedRefund(deps.audit, saleId, payment.id);
  const refundId = unfinished?.refundId ?? randomUUID();
  const details = {
    refundId,
    ...(unfinished ? { resumes: unfinished.seq } : {}),
    referenceId: sale.referenceId,
    paymentId: payment.id,
    shiftId: shift.id,
    amountPaise: payment.amountPaise,
    tenders: tenders.map((t) => `${t.method} ${t.amountPaise}`),
  };
  deps.audit.append({ actor, action: 'sale.refunded', saleId, details });
  let written: RefundWrite;
  try {
    written = deps.till.recordRefund({ refundId, paymentId: payment.id, saleId, shiftId: shift.id, refundedBy: actor, at: deps.now(), amountPaise: payment.amountPaise, tenders });
  } catch (error) {
    notRecorded(deps, actor, saleId, refundId, (error as Error).message);
    throw error;
  }
  if (written.recorded) return { ok: true, sale };
  notRecorded(deps, actor, saleId, refundId, written.reason);
  switch (written.reason) {
    case 'shift-closed':
      return { ok: false, code: 'NO_OPEN_SHIFT', message: NO_DRAWER };
    case 'not-enough-cash':
      return notEnoughCash(cash, written.inDrawerPaise);
    case 'carried':
      return { ok: false, code: 'NOT_REFUNDABLE', message: REFUND_REFUSALS.CARRIED_TO_RETRY };
    case 'already-refunded':
      return { ok: false, code: 'NOT_REFUNDABLE', message: REFUND_REFUSALS.REFUNDED };
  }
}

/**
 * The newest `sale.refunded` line of `paymentId` (asked only while no refund of it is on record)
 * that no `sale.refund_not_recorded` line closes: a refund audited whose write never happened,
 * nor was said not to — the process stopped between the two. Lines from before refunds had ids
 * name none and are not resumed.
 */
function unfinishedRefund(audit: Pick<AuditLog, 'list'>, saleId: string, paymentId: string): { refundId: string; seq: number } | null {
  const closed = new Set<unknown>();
  // Newest first: a closing line comes before the line it closes.
  for (const line of audit.list({ saleId, limit: 1000 })) {
    const { refundId } = line.details;
    if (typeof refundId !== 'string') continue;
    if (line.action === 'sale.refund_not_recorded') closed.add(refundId);
    else if (line.action === 'sale.refunded' && line.details.paymentId === paymentId && !closed.has(refundId)) return { refundId, seq: line.seq };
  }
  return null;
}

/** The audit line above stands for a refund that was not written: the trail says so, naming it. */
function notRecorded(deps: RefundDeps, actor: string, saleId: string, refundId: string, reason: string): void {
  try {
    deps.audit.append({ actor, action: 'sale.refund_not_recorded', saleId, details: { refundId, reason } });
  } catch {
    /* the first failure is the one to report */
  }
}
