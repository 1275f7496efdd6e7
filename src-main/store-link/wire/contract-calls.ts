import { z } from 'zod';
import type { CoreMethodName, Output } from '../../contract/index.js';
import { storeCounters } from './staff.js';
import { statementAnswer } from './day.js';
import { storeAttentionList, storeCsvAnswer, storeOrderDetail, storeSalePage, storeSalesSummary } from './orders.js';

/**
 * The bridge contract's methods a store server answers for its counters, each with the schema
 * the counter checks the store's answer by before a screen shows it. A counter calls one as
 * `POST /store/v1/contract/<method>` with the method's contract input; the store parses that
 * input with the contract's own schema and asks for the contract's own permission, so the
 * renderer, the counter's bridge and the store server share one declaration of each.
 *
 * Each schema must produce the contract's answer type (checked below): a change to an answer
 * in the contract that the store's schema does not follow is a type error here.
 */
export const STORE_ANSWERS = {
  'orders.list': storeSalePage,
  'orders.attention': storeAttentionList,
  'orders.detail': storeOrderDetail,
  'orders.exportCsv': storeCsvAnswer,
  'orders.summary': storeSalesSummary,
  'wallet.statement': statementAnswer,
  'store.counters': storeCounters,
  'store.revokeCounter': z.strictObject({ revoked: z.literal(true) }),
} satisfies { [M in CoreMethodName]?: z.ZodType<Output<M>> };

export type StoreServedMethod = keyof typeof STORE_ANSWERS;

export function isStoreServed(method: string): method is StoreServedMethod {
  return Object.hasOwn(STORE_ANSWERS, method);
}

/** The wire path of a contract method the store answers. */
export const contractPath = (method: StoreServedMethod) => `/contract/${method}`;
