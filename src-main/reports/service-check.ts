import type { Discrepancy } from '../contract/report.js';
import type { OrderApi, OrderLookup } from '../orders/engine/order-api.js';
import type { SaleJournal } from '../orders/journal/sale-journal.js';
import { toPaise } from '../orders/rules/index.js';
import type { PartnerOrder } from '../partner-api/types.js';
import { mapBounded } from './bounded.js';
import { UNSETTLED_STATES, type DaySale } from './day-sale.js';
import { serviceDiffers, serviceOtherOrder, serviceUnknown, serviceUnreachable, unsettled } from './discrepancies.js';

/** What the service said about an order: its status and vouchers' total, never the vouchers' card data. */
export interface ServiceOrder {
  referenceId: string;
  status: string;
  voucherPaise: number;
}

/** What the service said about one sale. */
export type ServiceAnswer =
  | { kind: 'found'; order: ServiceOrder }
  /** The service's 404: no order has this reference (or id). */
  | { kind: 'none' }
  | { kind: 'unreachable'; reason: string };

/** Look-ups in flight at once: a day of sales is checked in seconds without crowding the service. */
export const SERVICE_CHECK_CONCURRENCY = 4;

/**
 * Asks the service about each sale: by its order id when the journal has one, else by its
 * reference. Each exchange is recorded with the sale's attempts, with its request id and what
 * it found, as the order engine records its own look-ups, so support can trace every question.
 * Nothing in the journal moves: the end of day reports, the engine settles (Check now).
 */
export async function askService(
  sales: readonly DaySale[],
  deps: { api: OrderApi; journal: Pick<SaleJournal, 'beginAttempt' | 'finishAttempt'>; now: () => number },
): Promise<Map<string, ServiceAnswer>> {
  const answers = await mapBounded(sales, SERVICE_CHECK_CONCURRENCY, async (sale): Promise<ServiceAnswer> => {
    const kind = sale.orderId ? 'get' : 'lookup';
    let lookup: OrderLookup;
    try {
      lookup = sale.orderId ? await deps.api.getOrder(sale.orderId) : await deps.api.getOrderByReference(sale.referenceId);
    } catch {
      return { kind: 'unreachable', reason: 'the request could not be completed.' };
    }
    // By reference a 404 answers "no order" (null); by id it comes back as the service's refusal.
    const notFound = !lookup.ok && lookup.error.httpStatus === 404;
    const outcome = lookup.ok ? (lookup.order?.status ?? 'NOT_FOUND') : notFound ? 'NOT_FOUND' : lookup.error.code;
    const at = deps.now();
    for (const requestId of lookup.requestIds) deps.journal.finishAttempt(sale.id, deps.journal.beginAttempt(sale.id, kind, requestId, at), at, outcome);
    if (notFound) return { kind: 'none' };
    if (!lookup.ok) return { kind: 'unreachable', reason: lookup.error.message };
    return lookup.order ? { kind: 'found', order: summary(lookup.order) } : { kind: 'none' };
  });
  return new Map(sales.map((sale, i) => [sale.id, answers[i]!]));
}

const summary = (order: PartnerOrder): ServiceOrder => ({
  referenceId: order.referenceId,
  status: order.status,
  voucherPaise: order.vouchers.reduce((sum, v) => sum + toPaise(v.amount), 0),
});

export type Verdict = 'agreed' | 'differed' | 'unreachable';

/**
 * One sale's journal state against the service's answer: at most one discrepancy per sale. A
 * sale whose outcome the journal does not know yet is UNSETTLED unless the service already has
 * a final answer for it (then the journal is behind: SERVICE_DIFFERS, Check now brings it up).
 */
export function compareWithService(sale: DaySale, answer: ServiceAnswer): { verdict: Verdict; discrepancy: Discrepancy | null } {
  if (answer.kind === 'unreachable') return { verdict: 'unreachable', discrepancy: serviceUnreachable(sale, answer.reason) };
  const order = answer.kind === 'found' ? answer.order : null;
  if (order && order.referenceId !== sale.referenceId) return { verdict: 'differed', discrepancy: serviceOtherOrder(sale, order.referenceId) };
  if (UNSETTLED_STATES.includes(sale.state)) {
    if (order && order.status !== 'PROCESSING') return { verdict: 'differed', discrepancy: serviceDiffers(sale, order.status) };
    // A sale with an order id that the service does not know is not merely unsettled.
    if (!order && sale.orderId) return { verdict: 'differed', discrepancy: serviceUnknown(sale) };
    // Both say "not known yet", or the service never got it: they agree, and the sale is unsettled.
    return { verdict: 'agreed', discrepancy: unsettled(sale, order?.status ?? null) };
  }
  if (sale.state === 'REJECTED') return order ? { verdict: 'differed', discrepancy: serviceDiffers(sale, order.status) } : { verdict: 'agreed', discrepancy: null };
  if (!order) return { verdict: 'differed', discrepancy: serviceUnknown(sale) };
  // The remaining journal states (SUCCESS, FAILED, CANCELLED, REVERSED) are the service's own status words.
  if (order.status !== sale.state) return { verdict: 'differed', discrepancy: serviceDiffers(sale, order.status) };
  if (sale.state === 'SUCCESS') {
    if (order.voucherPaise !== sale.amountPaise) return { verdict: 'differed', discrepancy: serviceDiffers(sale, order.status, { servicePaise: order.voucherPaise }) };
  }
  return { verdict: 'agreed', discrepancy: null };
}

/** Whether the service holds the wallet charged for a sale, by its answer (the journal's state when it could not be asked). */
export function chargedByService(answer: ServiceAnswer | undefined, journalCharged: boolean): boolean {
  if (!answer || answer.kind === 'unreachable') return journalCharged;
  return answer.kind === 'found' && (answer.order.status === 'SUCCESS' || answer.order.status === 'PROCESSING');
}
