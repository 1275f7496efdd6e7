import type { Db } from '../db/database.js';
import { UNFINISHED_STATES, type SaleState } from '../orders/journal/sale-state.js';

/** A journal row as the end of day reads it. */
export interface DaySale {
  id: string;
  referenceId: string;
  orderId: string | null;
  state: SaleState;
  amountPaise: number;
  discountPaise: number;
  createdAt: number;
  cashierId: string | null;
}

/** Journal states whose outcome is not known at the service's word yet (waiting for support included). */
export const UNSETTLED_STATES: readonly SaleState[] = [...UNFINISHED_STATES, 'NEEDS_SUPPORT'];


/** The journal's sales created in [from, upTo], oldest first (an index seek on created_at). */
export function daySales(db: Db): (from: number, upTo: number) => DaySale[] {
  const stmt = db.prepare<[number, number], DaySale>(`SELECT id, reference_id AS referenceId, order_id AS orderId, state,
      amount_paise AS amountPaise, discount_paise AS discountPaise, created_at AS createdAt, cashier_id AS cashierId
    FROM sales WHERE created_at >= ? AND created_at <= ? ORDER BY created_at, id`);
  return (from, upTo) => stmt.all(from, upTo);
}
