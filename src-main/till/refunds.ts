import type { AuditLog } from '../audit/audit-log.js';
import type { SaleJournal } from '../orders/journal/sale-journal.js';
import type { SaleRecord } from '../orders/journal/sale-record.js';
import { paymentStateOf, REFUND_REFUSALS } from './payment-state.js';
import { NO_OPEN_SHIFT } from './shift-service.js';
import type { TillStore } from './till-store.js';

export type RefundResult =
  | { ok: true; sale: SaleRecord }
  | { ok: false; code: 'NOT_FOUND' | 'NOT_REFUNDABLE' | 'NO_OPEN_SHIFT'; message: string };

export interface RefundDeps {
  journal: Pick<SaleJournal, 'get'>;
  till: TillStore;
  audit: AuditLog;
  now: () => number;
}

/**
 * Gives the customer's payment back for a paid sale that did not go through (FAILED or
 * REJECTED): by the tenders it was paid with, from the open shift's drawer, once. Never for a
 * sale whose outcome is not known (the service may still issue the vouchers) nor one that
 * completed. The store re-checks inside its commit, so a refund racing a retry or a second
 * refund cannot both land.
 */
export function refundSale(deps: RefundDeps, saleId: string, actor: string): RefundResult {
  const sale = deps.journal.get(saleId);
  if (!sale) return { ok: false, code: 'NOT_FOUND', message: 'No such sale' };
  const held = deps.till.salePayment(saleId);
  const state = paymentStateOf(sale.state, held);
  if (state !== 'REFUND_DUE' || !held) return { ok: false, code: 'NOT_REFUNDABLE', message: REFUND_REFUSALS[state === 'REFUND_DUE' ? 'NOT_RECORDED' : state] };
  const shift = deps.till.currentShift();
  if (!shift) return { ok: false, code: 'NO_OPEN_SHIFT', message: `${NO_OPEN_SHIFT} The money comes out of it.` };
  const { payment } = held;
  const outcome = deps.till.recordRefund({
    paymentId: payment.id,
    saleId,
    shiftId: shift.id,
    refundedBy: actor,
    at: deps.now(),
    amountPaise: payment.amountPaise,
    tenders: payment.tenders.map((t) => ({ method: t.method, amountPaise: t.amountPaise })),
  });
  if (outcome === 'shift-closed') return { ok: false, code: 'NO_OPEN_SHIFT', message: `${NO_OPEN_SHIFT} The money comes out of it.` };
  if (outcome !== 'recorded') return { ok: false, code: 'NOT_REFUNDABLE', message: REFUND_REFUSALS[outcome === 'carried' ? 'CARRIED_TO_RETRY' : 'REFUNDED'] };
  deps.audit.append({
    actor,
    action: 'sale.refunded',
    saleId,
    details: { referenceId: sale.referenceId, paymentId: payment.id, shiftId: shift.id, amountPaise: payment.amountPaise, tenders: payment.tenders.map((t) => `${t.method} ${t.amountPaise}`) },
  });
  return { ok: true, sale };
}
