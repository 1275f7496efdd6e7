import type { OrderChanges } from '../../store-link/store-wire.js';
import type { Pool } from '../database/pool.js';

/** How many changes one answer carries unless the counter asks for fewer. */
const CHANGES_PER_ANSWER = 200;

/**
 * A counter's relayed orders whose status changed after change number `after`, oldest change
 * first (a status is numbered each time it changes: order-relay.ts, record). Only the asking
 * counter's orders: another counter's are its own to settle.
 */
export async function orderChangesFor(pool: Pool, counterId: string, query: { after: number; limit?: number }): Promise<OrderChanges> {
  const found = await pool.query<{ seq: string; order_id: string; reference_id: string; order_status: OrderChanges['changes'][number]['status'] }>(
    `SELECT change_seq AS seq, order_id, reference_id, order_status FROM relayed_orders
      WHERE counter_id = $1 AND change_seq > $2 AND order_id IS NOT NULL AND order_status IS NOT NULL
      ORDER BY change_seq LIMIT $3`,
    [counterId, query.after, query.limit ?? CHANGES_PER_ANSWER],
  );
  return { changes: found.rows.map((r) => ({ seq: Number(r.seq), orderId: r.order_id, referenceId: r.reference_id, status: r.order_status })) };
}
