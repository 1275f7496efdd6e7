import type { BridgeError } from '../bridge/api';
import { transportFailure } from '../bridge/outcome-unknown';
import { useStoreStatus } from './store-status-store';

/** The code main refuses a sale with, at once, when the store server does not answer. */
export const STORE_UNREACHABLE = 'STORE_UNREACHABLE';

/** What the cashier does about a sale the store server's absence stopped: nothing was sold. */
const STORE_ACTION = 'Nothing was sold and no payment was recorded: hand back any money taken for it. Sell again once the store server answers (the notice at the top goes away).';

/** A price that could not be checked: short, because the banner on top carries the whole reason. */
const CANNOT_CHECK = 'The store server is not answering, so the amount cannot be checked: no new sales until it is back.';

/**
 * A refusal of a sale as the cashier should read it. STORE_UNREACHABLE gets what to do with the
 * customer's money (a quote's, only that the amount cannot be checked), and the banner shows at once. `nothingSent` (a quote: no sale exists
 * whatever happened) lets a failure on the way to the service be told as the store server's
 * absence, when main, asked again now, says the store server does not answer; a sale's own
 * failure keeps main's words, because that sale may exist and is being checked.
 */
export async function saleRefusal(error: BridgeError, { nothingSent }: { nothingSent: boolean }): Promise<BridgeError> {
  const store = useStoreStatus.getState();
  if (error.code === STORE_UNREACHABLE) {
    store.unreachableNow(error.message);
    // A quote refused: nothing to sell yet, and the banner on top carries main's whole reason.
    return nothingSent ? { code: STORE_UNREACHABLE, message: CANNOT_CHECK } : { code: STORE_UNREACHABLE, message: error.message, action: STORE_ACTION };
  }
  if (!transportFailure(error.code) || !store.status?.linked) return error;
  const now = await store.load();
  if (nothingSent && now?.reachable === false) return { code: STORE_UNREACHABLE, message: CANNOT_CHECK };
  return error;
}

/** The heading for a refusal: the store server's absence says so, anything else keeps the screen's own. */
export const refusalTitle = (error: BridgeError, otherwise: string): string => (error.code === STORE_UNREACHABLE ? 'Not sold: the store server is not answering' : otherwise);
