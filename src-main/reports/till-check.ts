import { customerPaysOf } from '../orders/rules/index.js';
import type { Discrepancy, EndOfDayReport } from '../contract/report.js';
import type { TenderTotal } from '../contract/shift.js';
import { paymentStateOf } from '../till/payment-state.js';
import type { SaleJournal } from '../orders/journal/sale-journal.js';
import type { ShiftRecord, TillStore } from '../till/till-store.js';
import type { DaySale } from './day-sale.js';
import { drawerOpen, drawerOverShort, managerReview, refundDue, tenderMissing, tendersUnexplained } from './discrepancies.js';

/**
 * The customer's money for a day's sales: each sale's payment by what became of the sale, and
 * the day's tenders (payments taken less refunds given) against what the sales account for.
 *
 * What a sale accounts for: a completed sale what its customer pays; a payment on hold, due
 * back or awaiting a manager, the payment itself (it is still in the drawer); a refunded or
 * carried-over payment, nothing. A completed sale with no payment covering it is
 * TENDER_MISSING, a failed one not given back REFUND_DUE. What the sales listed do not explain
 * (a payment recorded without its sale) is one more TENDER_MISSING.
 *
 * Money counts on the day it moved, as the drawers count it: a payment given back, or taken
 * along by a retry, after the day's end was still in the drawer when the day closed, so it is
 * counted as held; a payment a retry carried in from an earlier day was taken (and counted)
 * that day; a refund given today for an earlier day's sale (`refundedForEarlierSalesPaise`) is
 * today's. A customer who comes back after midnight leaves both days matched.
 *
 * `paymentsSince`: when the counter first opened a drawer. A completed sale before it was made
 * before payments were recorded at all and is not reported for lacking one.
 */
export function checkDayTenders(input: {
  sales: readonly DaySale[];
  till: Pick<TillStore, 'salePayment'>;
  journal: Pick<SaleJournal, 'hasVouchers'>;
  byTender: TenderTotal[];
  paymentsSince: number | null;
  day: { from: number; to: number };
  refundedForEarlierSalesPaise: number;
}): { tenders: EndOfDayReport['tenders']; discrepancies: Discrepancy[] } {
  const { from, to } = input.day;
  const discrepancies: Discrepancy[] = [];
  let expectedNetPaise = 0;
  let explainedMissingPaise = 0;
  for (const sale of input.sales) {
    const held = input.till.salePayment(sale.id);
    const paid = held?.payment.amountPaise ?? 0;
    const state = paymentStateOf(sale.state, held, () => input.journal.hasVouchers(sale.id));
    // A payment carried in by a retry from an earlier day's sale: that day took it. Every retry
    // of a chain holds it, so it is taken off once, at the day's last one (not carried on today).
    const carriedOnToday = state === 'CARRIED_TO_RETRY' && held!.carriedTo!.createdAt < to;
    if (held && held.payment.takenAt < from && !carriedOnToday) expectedNetPaise -= paid;
    if ((state === 'REFUNDED' && held!.refund!.at >= to) || (state === 'CARRIED_TO_RETRY' && held!.carriedTo!.createdAt >= to)) {
      // Settled after the day's end (given back, or taken along by a retry): in the drawer when it closed.
      expectedNetPaise += paid;
      continue;
    }
    switch (state) {
      case 'KEPT':
        expectedNetPaise += customerPaysOf(sale);
        if (paid !== customerPaysOf(sale)) {
          discrepancies.push(tenderMissing(sale, paid));
          explainedMissingPaise += customerPaysOf(sale) - paid;
        }
        break;
      case 'NOT_RECORDED':
        if (sale.state === 'SUCCESS' && input.paymentsSince !== null && sale.createdAt >= input.paymentsSince) {
          expectedNetPaise += customerPaysOf(sale);
          discrepancies.push(tenderMissing(sale, null));
          explainedMissingPaise += customerPaysOf(sale);
        }
        break;
      case 'ON_HOLD':
        expectedNetPaise += paid;
        break;
      case 'REFUND_DUE':
        expectedNetPaise += paid;
        discrepancies.push(refundDue(sale, paid));
        break;
      case 'MANAGER_REVIEW':
        expectedNetPaise += paid;
        discrepancies.push(managerReview(sale, paid));
        break;
      case 'REFUNDED':
      case 'CARRIED_TO_RETRY':
        break;
    }
  }
  const takenPaise = input.byTender.reduce((sum, t) => sum + t.takenPaise, 0);
  const refundedPaise = input.byTender.reduce((sum, t) => sum + t.refundedPaise, 0);
  const netPaise = takenPaise - refundedPaise;
  expectedNetPaise -= input.refundedForEarlierSalesPaise;
  const unexplained = expectedNetPaise - netPaise - explainedMissingPaise;
  if (unexplained !== 0) discrepancies.push(tendersUnexplained(unexplained, { netPaise, expectedNetPaise }));
  return { tenders: { byTender: input.byTender, takenPaise, refundedPaise, netPaise, expectedNetPaise }, discrepancies };
}

/** The day's drawers: one still open at the end of the day (or now, for today), or closed over or short. */
export function checkDrawers(
  shifts: readonly (ShiftRecord & { expectedCashPaise: number })[],
  day: { to: number },
  now: number,
): { shifts: EndOfDayReport['shifts']; discrepancies: Discrepancy[] } {
  const discrepancies: Discrepancy[] = [];
  const rows = shifts.map((shift) => {
    const openAtEnd = shift.closedAt === null || shift.closedAt >= day.to;
    if (openAtEnd) discrepancies.push(drawerOpen(shift, now >= day.to));
    const overShortPaise = shift.countedCashPaise === null ? null : shift.countedCashPaise - shift.expectedCashPaise;
    if (!openAtEnd && overShortPaise) discrepancies.push(drawerOverShort({ ...shift, countedCashPaise: shift.countedCashPaise! }));
    return {
      id: shift.id,
      counter: shift.counter,
      openedAt: shift.openedAt,
      closedAt: shift.closedAt,
      expectedCashPaise: shift.expectedCashPaise,
      countedCashPaise: shift.countedCashPaise,
      overShortPaise,
    };
  });
  return { shifts: rows, discrepancies };
}
