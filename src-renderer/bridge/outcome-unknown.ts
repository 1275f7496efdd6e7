import type { BridgeError, OutcomeUnknownCode, TransportOutcomeUnknownCode } from './contract';

/**
 * Failures that are not a refusal: the call may have reached main and done what it asked, and
 * only its answer is missing. The codes are the contract's OUTCOME_UNKNOWN_CODES
 * (src-main/contract/outcome-codes.ts, which main's error table uses too); the page may import
 * the contract's types only, so these look-ups are keyed by its types: a code the contract adds
 * or drops and this file does not is a compile error here.
 */

/** The way to the service (or the store server) failed after the request left. */
const TRANSPORT: Readonly<Record<TransportOutcomeUnknownCode, true>> = { NETWORK: true, TIMEOUT: true, HTTP_408: true, HTTP_5XX: true, BAD_RESPONSE: true };
/** The bridge itself failed (IPC rejected, the browser host's request lost on the way back), or main failed partway. */
const BRIDGE: Readonly<Record<Exclude<OutcomeUnknownCode, TransportOutcomeUnknownCode>, true>> = { APP_UNREACHABLE: true, INTERNAL: true, DISK_FULL: true };

/** Whether `code` is a failure of the way to the service: on a store's counter, the store server may be what is missing. */
export const transportFailure = (code: string): boolean => Object.hasOwn(TRANSPORT, code);

/**
 * Whether a write that failed with `error` may have been recorded all the same. A refusal main
 * gave with its own code (NO_OPEN_SHIFT, a field problem, FORBIDDEN…) comes before anything is
 * written, and so does the browser host's own 4xx; a lost answer, a host 5xx or main's failure
 * partway does not say.
 */
export function outcomeUnknown(error: BridgeError): boolean {
  return transportFailure(error.code) || Object.hasOwn(BRIDGE, error.code) || /^HOST_5\d\d$/.test(error.code);
}
