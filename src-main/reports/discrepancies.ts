import { customerPaysOf } from '../orders/rules/index.js';
import type { Discrepancy } from '../contract/report.js';
import type { SaleState } from '../orders/journal/sale-state.js';
import { formatRupees } from '../orders/rules/index.js';
import { istDateTimes } from '../platform/india-time.js';
import { UNSETTLED_STATES, type DaySale } from './day-sale.js';

/**
 * Every sentence the end of day shows a manager, with what to do: one place, so the wording
 * stays consistent and free of developer words (the screen-words test reads these too).
 */

const CHECK_NOW = 'Open the sale in Orders and press Check now, then run the end of day again.';
const CALL_SUPPORT = 'Call the service’s support with the sale’s reference and order number before the day is closed.';

const ofSale = (sale: DaySale, amountPaise: number | null): Pick<Discrepancy, 'saleId' | 'referenceId' | 'orderId' | 'amountPaise'> => ({
  saleId: sale.id,
  referenceId: sale.referenceId,
  orderId: sale.orderId,
  amountPaise,
});
const noSale = (amountPaise: number | null): Pick<Discrepancy, 'saleId' | 'referenceId' | 'orderId' | 'amountPaise'> => ({
  saleId: null,
  referenceId: null,
  orderId: null,
  amountPaise,
});
const named = (sale: DaySale): string => `Sale ${sale.referenceId} (${formatRupees(sale.amountPaise)})`;
const istTime = (ms: number): string => istDateTimes()(ms).slice(0, 16);

/** The journal and the service disagree about a sale's outcome or amount. */
export function serviceDiffers(sale: DaySale, serviceSays: string, detail?: { servicePaise: number }): Discrepancy {
  if (detail) {
    return {
      kind: 'SERVICE_DIFFERS',
      message: `${named(sale)}: the service’s vouchers for it add up to ${formatRupees(detail.servicePaise)}.`,
      action: CALL_SUPPORT,
      ...ofSale(sale, detail.servicePaise - sale.amountPaise),
    };
  }
  const action =
    sale.state === 'REJECTED'
      ? 'The service took an order the counter recorded as refused, so the wallet may be charged for it. ' + CALL_SUPPORT
      : UNSETTLED_STATES.includes(sale.state)
        ? CHECK_NOW
        : serviceSays === 'SUCCESS'
          ? 'The service issued vouchers for a sale the counter shows as not sold, and charged the wallet. ' + CHECK_NOW
          : CALL_SUPPORT;
  return {
    kind: 'SERVICE_DIFFERS',
    message: `${named(sale)}: the counter shows ${stateWords(sale.state)}, the service says ${serviceWords(serviceSays)}.`,
    action,
    ...ofSale(sale, customerPaysOf(sale)),
  };
}

/** The service answered for this sale's order with an order of another reference. */
export function serviceOtherOrder(sale: DaySale, otherReference: string): Discrepancy {
  return {
    kind: 'SERVICE_DIFFERS',
    message: `${named(sale)}: the service’s order ${sale.orderId ?? ''} belongs to another sale (${otherReference.slice(0, 40)}).`,
    action: CALL_SUPPORT,
    ...ofSale(sale, customerPaysOf(sale)),
  };
}

export function serviceUnknown(sale: DaySale): Discrepancy {
  return {
    kind: 'SERVICE_UNKNOWN',
    message: `${named(sale)}: the counter shows ${stateWords(sale.state)}, but the service has no such order.`,
    action: CALL_SUPPORT,
    ...ofSale(sale, customerPaysOf(sale)),
  };
}

export function serviceUnreachable(sale: DaySale, reason: string): Discrepancy {
  return {
    kind: 'SERVICE_UNREACHABLE',
    message: `${named(sale)} could not be checked with the service: ${reason}`,
    action: 'Check the connection, then run the end of day again.',
    ...ofSale(sale, null),
  };
}

export function unsettled(sale: DaySale, serviceSays: string | null): Discrepancy {
  const service = serviceSays === null ? 'the service has no order for it yet' : `the service says ${serviceWords(serviceSays)}`;
  return {
    kind: 'UNSETTLED',
    message: `${named(sale)} is still ${stateWords(sale.state)} (${service}): whether it went through is not known.`,
    action: 'Keep the customer’s payment on hold and do not sell it again. ' + CHECK_NOW,
    ...ofSale(sale, customerPaysOf(sale)),
  };
}

export function walletNotRead(missing: 'opening' | 'closing' | 'both'): Discrepancy {
  const when = missing === 'opening' ? 'before the day’s first sale' : missing === 'closing' ? 'at the end of the day' : 'on this day';
  return {
    kind: 'WALLET_NOT_READ',
    message: `The wallet’s balance was not read ${when}, so its movement cannot be checked.`,
    action: 'Refresh the wallet at the start and the end of each day. For today, refresh it now and run the end of day again.',
    ...noSale(null),
  };
}

/** `differencePaise`: what the wallet spent minus what this counter's (or, for a store, every counter's) sales explain. */
export function walletMovement(differencePaise: number, reading: { from: number; to: number }, scope: 'counter' | 'store' = 'counter'): Discrepancy {
  const span = `between ${istTime(reading.from)} and ${istTime(reading.to)}`;
  const whose = scope === 'store' ? 'the wallet’s counters’' : 'this counter’s';
  return differencePaise > 0
    ? {
        kind: 'WALLET_MOVEMENT',
        message: `The wallet spent ${formatRupees(differencePaise)} more ${span} than ${whose} sales explain: an order placed outside ${scope === 'store' ? 'the store server' : 'this counter'}, or a charge ${scope === 'store' ? 'the store server' : 'the counter'} does not know of.`,
        action: 'Compare the wallet statement on the partner’s portal for the day with the orders listed here; orders of another counter or the portal explain it.',
        ...noSale(differencePaise),
      }
    : {
        kind: 'WALLET_MOVEMENT',
        message: `The wallet spent ${formatRupees(-differencePaise)} less ${span} than ${whose} sales explain: a top-up that was not entered, or a refund from the service.`,
        action: 'Enter the top-up in Wallet (amount, reference and time), then run the end of day again.',
        ...noSale(differencePaise),
      };
}

/** A completed sale whose payment does not cover what the customer pays (`paidPaise` null: none recorded). */
export function tenderMissing(sale: DaySale, paidPaise: number | null): Discrepancy {
  const owed = customerPaysOf(sale);
  const recorded = paidPaise === null ? 'no payment was recorded' : `the payment recorded is ${formatRupees(paidPaise)}`;
  return {
    kind: 'TENDER_MISSING',
    message: `${named(sale)} completed: the customer pays ${formatRupees(owed)}, but ${recorded}.`,
    action: 'Find how the customer paid (the drawer, UPI or card slips) and settle it with the cashier; the drawer is out by this amount.',
    ...ofSale(sale, owed - (paidPaise ?? 0)),
  };
}

/** The day's payments less refunds differ from what its sales account for by more than the sales listed explain. */
export function tendersUnexplained(missingPaise: number, totals: { netPaise: number; expectedNetPaise: number }): Discrepancy {
  return {
    kind: 'TENDER_MISSING',
    message: `The day’s payments less refunds come to ${formatRupees(totals.netPaise)} and its sales account for ${formatRupees(totals.expectedNetPaise)}: ${formatRupees(Math.abs(missingPaise))} ${missingPaise > 0 ? 'missing' : 'more'} that no sale listed here explains.`,
    action: 'Compare the shifts’ reports and the payment slips with the day’s sales: a payment or refund was recorded that no sale of the day accounts for.',
    ...noSale(missingPaise),
  };
}

export function refundDue(sale: DaySale, paidPaise: number): Discrepancy {
  return {
    kind: 'REFUND_DUE',
    message: `${named(sale)} did not go through (${stateWords(sale.state)}) and the customer’s ${formatRupees(paidPaise)} was not given back.`,
    action: 'Give the money back from the sale (Refund) if the customer is here; otherwise call them and keep it aside.',
    ...ofSale(sale, paidPaise),
  };
}

/** A completed sale the service cancelled or reversed afterwards: its vouchers are void, the customer paid. */
export function managerReview(sale: DaySale, paidPaise: number): Discrepancy {
  return {
    kind: 'REFUND_DUE',
    message: `${named(sale)} was ${stateWords(sale.state)} by the service after it completed; the customer paid ${formatRupees(paidPaise)} and the vouchers are void.`,
    action: 'The manager decides with the customer whether to give the money back or keep it: open the sale and record the decision.',
    ...ofSale(sale, paidPaise),
  };
}

export function drawerOpen(shift: { counter: string; openedAt: number }, dayOver: boolean): Discrepancy {
  return {
    kind: 'DRAWER',
    message: `The drawer of ${shift.counter} (opened ${istTime(shift.openedAt)}) ${dayOver ? 'was still open at the end of the day' : 'is still open'}.`,
    action: 'Count the drawer and close the shift, then run the end of day again.',
    ...noSale(null),
  };
}

export function drawerOverShort(shift: { counter: string; openedAt: number; expectedCashPaise: number; countedCashPaise: number }): Discrepancy {
  const overShort = shift.countedCashPaise - shift.expectedCashPaise;
  return {
    kind: 'DRAWER',
    message:
      `The drawer of ${shift.counter} (opened ${istTime(shift.openedAt)}) closed ${formatRupees(Math.abs(overShort))} ${overShort > 0 ? 'over' : 'short'}: ` +
      `${formatRupees(shift.expectedCashPaise)} expected, ${formatRupees(shift.countedCashPaise)} counted.`,
    action: 'Check the shift’s pay-ins, pay-outs and refunds and recount if you can; note the reason with the manager.',
    ...noSale(overShort),
  };
}

/** An order status as the service reported it, in the journal's words; an unknown one as it came, cut short. */
function serviceWords(status: string): string {
  const known: Record<string, string> = { SUCCESS: 'completed', FAILED: 'failed', PROCESSING: 'processing', CANCELLED: 'cancelled', REVERSED: 'reversed' };
  return known[status] ?? `“${status.slice(0, 30)}”`;
}

function stateWords(state: SaleState): string {
  switch (state) {
    case 'INTENT':
      return 'being sent';
    case 'IN_DOUBT':
      return 'not confirmed';
    case 'PROCESSING':
      return 'processing';
    case 'NEEDS_SUPPORT':
      return 'waiting for support';
    case 'SUCCESS':
      return 'completed';
    case 'FAILED':
      return 'failed';
    case 'REJECTED':
      return 'refused';
    case 'CANCELLED':
      return 'cancelled';
    case 'REVERSED':
      return 'reversed';
  }
}

/** A counter of the store whose figures are missing from the store's day, or out of date. */
export function counterNotChecked(counter: { name: string; sales: number }, stale: boolean): Discrepancy {
  const sales = `${counter.sales} ${counter.sales === 1 ? 'sale' : 'sales'}`;
  return {
    kind: 'COUNTER_NOT_CHECKED',
    message: stale
      ? `${counter.name} changed sales, refunds or cash of this day after it last checked the day, so its figures here are out of date (${sales} that day).`
      : `${counter.name} has ${sales} this day but has not checked the day, so its sales, tenders and drawers are not in these figures.`,
    action: `Run End of day on ${counter.name} (closing its drawer does it too), then run it here again.`,
    ...noSale(null),
  };
}
