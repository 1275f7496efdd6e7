import { describeError } from '../../partner-api/error-table.js';
import type { SaleAttempt } from '../journal/sale-record.js';
import type { OrderApiError } from './order-api.js';

/**
 * How the answer to a place attempt is written in the journal, and how a refusal is read back.
 * A refusal that is on record consumes the referenceId for this counter: whatever happens
 * next (a crash, a restart, a look-up), that reference is never sent again.
 */
export const placeOutcome = (kind: 'rejected' | 'unknown', code: string): string => `${kind} ${code}`;

/** The 401 the client answers itself, by logging in again and resending: not a refusal. */
export const RESENT_AFTER_LOGIN = `${placeOutcome('rejected', 'HTTP_401')} (resent after login)`;

/** A 2xx that carried another order than the one sent (never applied): not a refusal, the outcome stays unknown. */
export const FOREIGN_ANSWER = placeOutcome('unknown', 'ANSWER_FOR_ANOTHER_ORDER');

const REFUSAL = /^rejected (\S+)$/;

/**
 * Refusals that say an order already holds the reference (the service's duplicate, a store
 * server's "another counter used it", a bare 409 Conflict): after one of those a look-up's 404
 * is a contradiction, not proof that the order was never placed.
 */
const REFERENCE_TAKEN = new Set(['DUPLICATE_REFERENCE', 'REFERENCE_IN_USE', 'HTTP_409']);

export const saysReferenceTaken = (code: string): boolean => REFERENCE_TAKEN.has(code);

/** True for a place attempt's outcome that says the service refused it. */
export function isRefusalOutcome(outcome: string | null): boolean {
  return outcome !== null && REFUSAL.test(outcome);
}

/**
 * The first refusal on record among a sale's attempts, as the error the live path had in hand:
 * a PartnerError's sentence is the error table's for its code, so nothing is lost by re-reading it.
 */
export function recordedRefusal(attempts: readonly SaleAttempt[]): Pick<OrderApiError, 'code' | 'message'> | null {
  for (const a of attempts) {
    const code = a.kind === 'place' && a.outcome !== null ? REFUSAL.exec(a.outcome)?.[1] : undefined;
    if (code) return { code, message: describeError(code).message };
  }
  return null;
}
