/**
 * Whether the store server answers, in words and time, apart from the connection itself: the
 * bridge's sale handlers say STORE_AWAY without loading the store wire's schemas (zod) at start.
 */

/** A reachable store server is taken as still reachable for this long before a sale asks again. */
export const REACHABLE_FOR_MS = 1_000;

/** What a store server that does not answer means at the counter, said after its cause. */
export const STORE_AWAY = 'No new sales until it is back; pending sales are kept on this counter and settled when it is.';
