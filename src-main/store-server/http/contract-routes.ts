import type { z } from 'zod';
import { CORE_METHODS, type Output, type ParsedInput } from '../../contract/index.js';
import { isStoreServed, type StoreServedMethod } from '../../store-link/store-wire.js';
import { listCounters, revokeCounter, type CounterIdentity } from '../counters/counter-credentials.js';
import type { Pool } from '../database/pool.js';
import { storeAttention } from '../store-api/store-attention.js';
import { storeSalesCsv } from '../store-api/store-csv.js';
import { storeSaleDetail } from '../store-api/store-sale-detail.js';
import { listStoreSales } from '../store-api/store-sales.js';
import { storeSalesSummary } from '../store-api/store-summary.js';
import { storeWalletStatement } from '../store-api/store-wallet.js';
import { STATEMENT_PAGE_LINES } from '../../wallet/wallet-statement.js';
import { HttpError, parseBody } from './http-kit.js';

/** Who asks: the counter (from its credential) and the person at it (from the staff session the store opened). */
interface Asker {
  counter: CounterIdentity;
  staffId: string;
}

type StoreServed = { [M in StoreServedMethod]: (input: ParsedInput<M>, asker: Asker) => Promise<Output<M>> };

/** The store's answer to each contract method it serves, over every counter's records. */
function servedMethods(pool: Pool): StoreServed {
  return {
    'orders.list': (input, { counter }) => listStoreSales(pool, counter.storeId, input),
    'orders.attention': (_input, { counter }) => storeAttention(pool, counter.storeId),
    'orders.detail': async (input, { counter }) => {
      const detail = await storeSaleDetail(pool, counter.storeId, input.saleId);
      if (!detail) throw new HttpError(404, 'NOT_FOUND', 'No counter of this store has sent that sale with its details');
      return detail;
    },
    'orders.exportCsv': async (input, { counter }) => ({ csv: await storeSalesCsv(pool, counter.storeId, input.filter) }),
    'orders.summary': async (input, { counter }) => {
      if (input.to <= input.from) throw new HttpError(400, 'VALIDATION_FAILED', 'to must be after from');
      return storeSalesSummary(pool, counter.storeId, input);
    },
    'wallet.statement': async (input, { counter }) => ({
      lines: await storeWalletStatement(pool, counter.storeId, { before: input.before ?? Date.now() + 1, limit: input.limit ?? STATEMENT_PAGE_LINES, counterId: input.counterId }),
    }),
    'store.counters': async (_input, { counter }) => ({ counters: await listCounters(pool, counter.storeId), self: counter.id }),
    'store.revokeCounter': async (input, { counter, staffId }) => {
      if (!(await revokeCounter(pool, counter.storeId, input.counterId, { counterId: counter.id, staffId }))) throw new HttpError(404, 'NOT_FOUND', 'No such counter, or it is revoked already');
      return { revoked: true as const };
    },
  };
}

/**
 * `POST /store/v1/contract/<method>`: a contract method the store answers, called by a counter
 * for the person signed in there. The input is parsed by the contract's schema and the person
 * must hold the contract's permission for the method, exactly as at the counter's own bridge.
 */
export function contractRoutes(pool: Pool) {
  const served = servedMethods(pool);
  return async function answer(method: string, body: unknown, counter: CounterIdentity, permitted: (method: StoreServedMethod) => Promise<string>): Promise<unknown> {
    if (!isStoreServed(method)) throw new HttpError(404, 'NOT_SERVED', `The store server does not answer ${method.slice(0, 60)} for its counters`);
    const staffId = await permitted(method);
    const schema: z.ZodType = CORE_METHODS[method].input;
    const input = parseBody(schema, body);
    return (served[method] as (input: unknown, asker: Asker) => Promise<unknown>)(input, { counter, staffId });
  };
}
