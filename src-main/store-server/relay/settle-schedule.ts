import type { RelayedState } from './store-float.js';
import { IN_DOUBT_RECHECK_MS, SPEC_PROCESSING_PROTOCOL, TERMINAL_EVENT_RECONFIRM_MS, type ProcessingProtocol } from '../../orders/engine/processing-protocol.js';

export interface OrderToSettle {
  state: RelayedState;
  orderStatus: string | null;
  createdAt: number;
  /** What the order's latest event said (relayed_orders.event_status), if one came. */
  eventStatus?: string | null;
}

/** The first question about an order just found unknown, or just found PROCESSING, in seconds. */
export const FIRST_QUESTION_SECONDS = { unknown: IN_DOUBT_RECHECK_MS[0] / 1000, processing: SPEC_PROCESSING_PROTOCOL.pollOffsetsMs[0]! / 1000 };

/** The service has not yet told the store how the order ended: its outcome is unknown, or it is PROCESSING. */
export const isOpen = (order: Pick<OrderToSettle, 'state' | 'orderStatus'>): boolean =>
  order.state === 'SENDING' || order.state === 'IN_DOUBT' || (order.state === 'ACCEPTED' && order.orderStatus === 'PROCESSING');

/**
 * Whether the order's latest event says otherwise than the answer the store holds: the service
 * reversed or cancelled an order it had answered SUCCESS, say. Such an order is settled as far as
 * its schedule goes, but its event calls for a question (the GET decides).
 */
export const contradicted = (order: Pick<OrderToSettle, 'state' | 'orderStatus' | 'eventStatus'>): boolean =>
  order.state === 'ACCEPTED' && order.orderStatus !== null && order.eventStatus != null && order.orderStatus !== order.eventStatus;

/** Whether a terminal event's question has something to ask: the order is still open, or not as its latest event says. */
export const askedForByEvent = (order: Pick<OrderToSettle, 'state' | 'orderStatus' | 'eventStatus'>): boolean => isOpen(order) || contradicted(order);

/**
 * When the store server next asks the service about an order, in seconds from `now`, after
 * `asked` questions (at least one); null when it needs no more. The same rules as a
 * counter's: an order whose outcome is unknown is asked about on a backoff; a PROCESSING one
 * on the spec's protocol (§3.4: polls at 1, 3, 5, 9 and 14 minutes after placement, none
 * after fifteen), so the service is never polled harder through the store than by a counter.
 */
export function nextQuestionIn(order: OrderToSettle, asked: number, now: number, protocol: ProcessingProtocol = SPEC_PROCESSING_PROTOCOL): number | null {
  if (order.state === 'SENDING' || order.state === 'IN_DOUBT') return IN_DOUBT_RECHECK_MS[Math.min(Math.max(asked, 1), IN_DOUBT_RECHECK_MS.length) - 1]! / 1000;
  if (!isOpen(order)) return null;
  const polls = protocol.pollOffsetsMs;
  if (asked < polls.length) return Math.max(0, order.createdAt + polls[asked]! - now) / 1000;
  return null;
}

/**
 * When the store server asks again about an order whose terminal event it was told of, in
 * seconds, after `asked` questions for that event (at least one); null once the order is
 * settled as its latest event says or the event's questions are over. A
 * question that found it still open, or still not as the event says (the service away), is
 * asked again on the counter's backoff for a confirming GET that failed, beside the order's own
 * schedule, which may be over by then (a late event of an order past its polls).
 */
export function nextEventQuestionIn(order: OrderToSettle, asked: number): number | null {
  if (!askedForByEvent(order)) return null;
  const ms = TERMINAL_EVENT_RECONFIRM_MS[Math.max(asked, 1) - 1];
  return ms === undefined ? null : ms / 1000;
}
