import { describeError, STORE_STAFF_REFUSAL } from '../../partner-api/error-table.js';

// Plain constants, without zod: the counter's store client loads this on its way to ready.

/**
 * The header that carries a staff session's token on every store call made for someone at a
 * counter (shared views, staff changes, a sale relayed to the service). The store takes the
 * person from the token it issued, never from the counter's word.
 */
export const STAFF_SESSION_HEADER = 'X-Staff-Session';

/** The store's refusals of the person at a counter: the error table's sentences (the counter shows them). */
const refusal = (code: string) => ({ code, message: describeError(code).message });
export const STAFF_SIGN_IN_NEEDED = refusal(STORE_STAFF_REFUSAL.signInNeeded);
export const STAFF_NOT_PERMITTED = refusal(STORE_STAFF_REFUSAL.notPermitted);
/** A shared action needing a manager's approval, without one the store judged at this counter (fresh and unused). */
export const APPROVAL_NEEDED = {
  code: 'APPROVAL_NEEDED',
  message: 'The store server has no fresh approval from that manager at this counter: ask them to type their PIN again, while the store server can be reached.',
} as const;
