import { randomUUID } from 'node:crypto';
import type { AuditAction, AuditLog } from '../audit/audit-log.js';
import type { SaleJournal } from '../orders/journal/sale-journal.js';
import type { SaleRecord } from '../orders/journal/sale-record.js';
import { formatRupees } from '../orders/rules/index.js';
import { paymentStateOf, REFUND_REFUSALS, REVIEW_REFUSALS } from './payment-state.js';
import type { Payment, Refund, ReviewDecision, ReviewDecisionKind } from './tender.js';
import { NO_OPEN_SHIFT } from './shift-service.js';
import { cashPart, expectedCash, type RefundWrite, type TillStore } from './till-store.js';

export type RefundResult =
  | { ok: true; sale: SaleRecord }
  | { ok: false; code: 'NOT_FOUND' | 'NOT_REFUNDABLE' | 'NO_OPEN_SHIFT' | 'NOT_ENOUGH_CASH' | 'NOT_IN_REVIEW' | 'REVIEW_DECIDED'; message: string };

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
  const unfinished = unfinishedAttempt(deps.audit, saleId, held.payment.id, ['sale.refunded']);
  return giveBack(deps, sale, held.payment, actor, { unfinished, write: (refund) => deps.till.recordRefund(refund) });
}

/**
 * The refund's checks (an open drawer holding its cash), its audit line and its write: shared by
 * sale.refund and a manager's REFUND decision, which writes the decision with the refund in one
 * commit (`write`) and audits the decision just before the refund's line (`audit`).
 */
function giveBack(
  deps: RefundDeps,
  sale: SaleRecord,
  payment: Payment,
  actor: string,
  how: { unfinished: Attempt | null; write: (refund: Refund) => RefundWrite; audit?: (refundId: string, resumes: number | null) => void },
): RefundResult {
  const saleId = sale.id;
  const shift = deps.till.currentShift();
  if (!shift) return { ok: false, code: 'NO_OPEN_SHIFT', message: NO_DRAWER };
  const tenders = payment.tenders.map((t) => ({ method: t.method, amountPaise: t.amountPaise }));
  const cash = cashPart(tenders);
  const inDrawer = expectedCash(shift, deps.till.drawerTotals(shift.id));
  if (cash > inDrawer) return notEnoughCash(cash, inDrawer);

  const refundId = how.unfinished?.id ?? randomUUID();
  const resumes = how.unfinished?.seq ?? null;
  how.audit?.(refundId, resumes);
  const details = {
    refundId,
    ...(resumes !== null ? { resumes } : {}),
    referenceId: sale.referenceId,
    paymentId: payment.id,
    shiftId: shift.id,
    amountPaise: payment.amountPaise,
    tenders: tenders.map((t) => `${t.method} ${t.amountPaise}`),
  };
  const written = auditedWrite(
    deps,
    { actor, action: 'sale.refunded', saleId, details },
    () => how.write({ refundId, paymentId: payment.id, saleId, shiftId: shift.id, refundedBy: actor, at: deps.now(), amountPaise: payment.amountPaise, tenders }),
    (reason) => notRecorded(deps, actor, saleId, { refundId }, reason),
  );
  if (written.recorded) return { ok: true, sale };
  switch (written.reason) {
    case 'shift-closed':
      return { ok: false, code: 'NO_OPEN_SHIFT', message: NO_DRAWER };
    case 'not-enough-cash':
      return notEnoughCash(cash, written.inDrawerPaise);
    case 'carried':
      return { ok: false, code: 'NOT_REFUNDABLE', message: REFUND_REFUSALS.CARRIED_TO_RETRY };
    case 'already-refunded':
      return { ok: false, code: 'NOT_REFUNDABLE', message: REFUND_REFUSALS.REFUNDED };
    case 'already-decided':
      return decidedOtherwise(deps, saleId);
  }
}

function decidedOtherwise(deps: Pick<RefundDeps, 'till'>, saleId: string): { ok: false; code: 'REVIEW_DECIDED'; message: string } {
  const decided = deps.till.salePayment(saleId)?.decision?.decision ?? 'KEEP';
  return { ok: false, code: 'REVIEW_DECIDED', message: REVIEW_REFUSALS.decidedOtherwise(decided) };
}

/** What a manager's decision needs besides the sale: who decided, who was signed in, and why. */
export interface ReviewDecisionInput {
  decision: ReviewDecisionKind;
  note: string;
  /** Signed in: hands the money back on a REFUND (the refund's actor). */
  actor: string;
  /** The manager who decided (signed in, or approving with their PIN). */
  approvedBy: string;
}

/**
 * Whether a manager's decision on `saleId` can be recorded, asked before anyone's PIN is checked
 * (a wrong request must not cost the manager a PIN attempt): refused (nothing changes), the same
 * decision already on record (answered with the sale as it is: a repeat changes nothing), or null.
 */
export function reviewRefusal(
  deps: Pick<RefundDeps, 'journal' | 'till'>,
  saleId: string,
  decision: ReviewDecisionKind,
): { kind: 'refused'; result: Exclude<RefundResult, { ok: true }> } | { kind: 'repeat'; sale: SaleRecord } | null {
  const sale = deps.journal.get(saleId);
  if (!sale) return { kind: 'refused', result: { ok: false, code: 'NOT_FOUND', message: 'No such sale' } };
  const held = deps.till.salePayment(saleId);
  if (held?.decision) return held.decision.decision === decision ? { kind: 'repeat', sale } : { kind: 'refused', result: decidedOtherwise(deps, saleId) };
  const state = paymentStateOf(sale.state, held, () => deps.journal.hasVouchers(saleId));
  if (state !== 'MANAGER_REVIEW' || !held) {
    const why = state === 'MANAGER_REVIEW' ? '' : ` ${state === 'REFUND_DUE' ? REVIEW_REFUSALS.dueBack : REFUND_REFUSALS[state]}`;
    return { kind: 'refused', result: { ok: false, code: 'NOT_IN_REVIEW', message: `${REVIEW_REFUSALS.notInReview}${why}` } };
  }
  return null;
}

/**
 * Records a manager's decision about the customer's money for a sale in MANAGER_REVIEW, once
 * per payment: REFUND gives it back exactly as sale.refund does (giveBack: the open drawer, its
 * cash, the refund's audit line) with the decision in the refund's commit; KEEP leaves it the
 * sale's (payment state KEPT). Audited before it is written (`sale.review_decided`: the manager,
 * the decision, the note), like a refund, and resumed under its id after a process stopped
 * between the line and the write. The same decision again answers the sale unchanged; another is
 * refused.
 */
export function resolveReview(deps: RefundDeps, saleId: string, input: ReviewDecisionInput): RefundResult {
  const refusal = reviewRefusal(deps, saleId, input.decision);
  if (refusal?.kind === 'refused') return refusal.result;
  if (refusal?.kind === 'repeat') return { ok: true, sale: refusal.sale };
  const sale = deps.journal.get(saleId)!;
  const { payment } = deps.till.salePayment(saleId)!;
  let unfinished = unfinishedAttempt(deps.audit, saleId, payment.id, ['sale.refunded', 'sale.review_decided']);
  if (unfinished && unfinished.decision !== input.decision) {
    // An unfinished attempt at the other decision: the trail says it was not written, and this one is new.
    notRecorded(deps, input.actor, saleId, { decisionId: unfinished.id }, 'another decision was recorded instead');
    unfinished = null;
  }
  const decision = (): ReviewDecision => ({ paymentId: payment.id, saleId, decision: input.decision, decidedBy: input.approvedBy, askedBy: input.actor, at: deps.now(), note: input.note });
  const decisionLine = (decisionId: string, resumes: number | null): AuditLine => ({
    actor: input.approvedBy,
    action: 'sale.review_decided',
    saleId,
    details: {
      decisionId,
      ...(resumes !== null ? { resumes } : {}),
      decision: input.decision,
      note: input.note,
      by: input.actor,
      referenceId: sale.referenceId,
      paymentId: payment.id,
      amountPaise: payment.amountPaise,
    },
  });
  if (input.decision === 'REFUND') {
    // The decision's id is its refund's: one id for the decision, the refund and their lines.
    const audit = (decisionId: string, resumes: number | null) => void deps.audit.append(decisionLine(decisionId, resumes));
    return giveBack(deps, sale, payment, input.actor, { unfinished, audit, write: (refund) => deps.till.recordReviewDecision(decision(), refund) });
  }
  const decisionId = unfinished?.id ?? randomUUID();
  const written = auditedWrite(
    deps,
    decisionLine(decisionId, unfinished?.seq ?? null),
    () => deps.till.recordReviewDecision(decision(), null),
    (reason) => notRecorded(deps, input.actor, saleId, { decisionId }, reason),
  );
  if (written.recorded) return { ok: true, sale };
  if (written.reason === 'already-decided') return decidedOtherwise(deps, saleId);
  return { ok: false, code: 'NOT_IN_REVIEW', message: REVIEW_REFUSALS.notInReview };
}

/** An audited attempt (a refund's or a decision's line) whose write is not on record. */
interface Attempt {
  id: string;
  seq: number;
  /** The decision it was for: REFUND for a refund's own line. */
  decision: unknown;
}

const CLOSING_ACTIONS: readonly string[] = ['sale.refund_not_recorded', 'sale.review_not_recorded'];

/**
 * The newest line of `paymentId` among `starts` (asked only while neither a refund nor a decision
 * of it is on record) that no "not recorded" line closes: an attempt audited whose write never
 * happened, nor was said not to — the process stopped between the two. Lines from before
 * refunds had ids name none and are not resumed.
 */
function unfinishedAttempt(audit: Pick<AuditLog, 'list'>, saleId: string, paymentId: string, starts: readonly AuditAction[]): Attempt | null {
  const closed = new Set<string>();
  // Newest first: a closing line comes before the line it closes.
  for (const line of audit.list({ saleId, limit: 1000 })) {
    const id = line.details.refundId ?? line.details.decisionId;
    if (typeof id !== 'string') continue;
    if (CLOSING_ACTIONS.includes(line.action)) closed.add(id);
    else if (starts.includes(line.action as AuditAction) && line.details.paymentId === paymentId && !closed.has(id)) {
      return { id, seq: line.seq, decision: line.action === 'sale.refunded' ? 'REFUND' : line.details.decision };
    }
  }
  return null;
}

type AuditLine = Parameters<AuditLog['append']>[0];

/**
 * Audited before it is written: appends `line`, then runs `write`. When the write throws or
 * records nothing, `notRecorded` says so in the trail (with the error's message or the reason),
 * so the line never stands for a write that did not happen.
 */
function auditedWrite(deps: Pick<RefundDeps, 'audit'>, line: AuditLine, write: () => RefundWrite, notRecorded: (reason: string) => void): RefundWrite {
  deps.audit.append(line);
  let written: RefundWrite;
  try {
    written = write();
  } catch (error) {
    notRecorded((error as Error).message);
    throw error;
  }
  if (!written.recorded) notRecorded(written.reason);
  return written;
}

/** The audit line of the attempt (a refund's, or a decision's) stands for a write that did not happen: the trail says so, naming it. */
function notRecorded(deps: Pick<RefundDeps, 'audit'>, actor: string, saleId: string, attempt: { refundId: string } | { decisionId: string }, reason: string): void {
  const action = 'refundId' in attempt ? 'sale.refund_not_recorded' : 'sale.review_not_recorded';
  try {
    deps.audit.append({ actor, action, saleId, details: { ...attempt, reason } });
  } catch {
    /* the first failure is the one to report */
  }
}
