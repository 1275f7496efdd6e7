import type { BridgeError } from './contract';

/**
 * Failures that are not a refusal: the call may have reached main and done what it asked, and
 * only its answer is missing. APP_UNREACHABLE: the bridge itself failed (IPC rejected, the
 * browser host's request lost on the way back); INTERNAL and DISK_FULL: main failed partway;
 * the rest: the way to the store server or the service failed after the request left.
 */
const UNKNOWN_CODES = new Set(['APP_UNREACHABLE', 'INTERNAL', 'DISK_FULL', 'NETWORK', 'TIMEOUT', 'HTTP_408', 'HTTP_5XX', 'BAD_RESPONSE']);

/**
 * Whether a write that failed with `error` may have been recorded all the same. A refusal main
 * gave with its own code (NO_OPEN_SHIFT, a field problem, FORBIDDEN…) comes before anything is
 * written, and so does the browser host's own 4xx; a lost answer, a host 5xx or main's failure
 * partway does not say.
 */
export function outcomeUnknown(error: BridgeError): boolean {
  return UNKNOWN_CODES.has(error.code) || /^HOST_5\d\d$/.test(error.code);
}
