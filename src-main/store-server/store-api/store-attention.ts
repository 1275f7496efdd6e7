import type { SaleListItem } from '../../contract/orders.js';
import { ATTENTION_STATES } from '../../orders/journal/sale-state.js';
import { ATTENTION_SHOWN } from '../../orders/sales/sales-history.js';
import { inSnapshot, type Pool } from '../database/pool.js';

/**
 * The sales a person must resolve, as a counter's journal finds them (stuck in IN_DOUBT or
 * NEEDS_SUPPORT, or completed with the receipt still owed: the screen takes a SUCCESS one on
 * this list for an owed receipt), over the rows counters push. Written as the partial index
 * counter_sales_attention is declared (migration 1764200000000), so the planner may read that
 * index: literals, not arguments, or it cannot prove the rows are in it.
 */
const NEEDS_ATTENTION = `(state IN (${ATTENTION_STATES.map((s) => `'${s}'`).join(', ')}) OR (state = 'SUCCESS' AND (detail->>'receiptOwed') = 'true'))`;

/** The oldest of them ($2 at most) with the counter that sold each, and how many in all, of store $1. */
export const ATTENTION_SQL = {
  oldest: `SELECT s.item, s.counter_id, c.name AS counter_name FROM counter_sales s JOIN counters c ON c.id = s.counter_id
    WHERE s.store_id = $1 AND ${NEEDS_ATTENTION} ORDER BY s.created_at, s.sale_id LIMIT $2`,
  count: `SELECT count(*) AS n FROM counter_sales WHERE store_id = $1 AND ${NEEDS_ATTENTION}`,
};

/** Every counter's sales needing attention: the oldest ATTENTION_SHOWN, each with the counter that sold it, and how many there are in all. */
export async function storeAttention(pool: Pool, storeId: string): Promise<{ items: SaleListItem[]; total: number }> {
  // One snapshot: a push landing between the two reads would make the total disagree with the list.
  const { rows, total } = await inSnapshot(pool, async (db) => ({
    rows: await db.query<{ item: SaleListItem; counter_id: string; counter_name: string }>(ATTENTION_SQL.oldest, [storeId, ATTENTION_SHOWN]),
    total: await db.query<{ n: string }>(ATTENTION_SQL.count, [storeId]),
  }));
  return {
    items: rows.rows.map((r) => ({ ...r.item, counterId: r.counter_id, counterName: r.counter_name })),
    total: Number(total.rows[0]!.n),
  };
}
