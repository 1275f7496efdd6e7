import type { SalesSummary } from '../../contract/orders.js';
import type { SaleState } from '../../orders/journal/sale-state.js';
import { IST_OFFSET_MS } from '../../platform/india-time.js';
import { inSnapshot, type Pool } from '../database/pool.js';

/**
 * Orders' summary over every counter's sales (or one counter's) for [from, to), as a counter
 * sums its own journal: by state, the ten best brands and completed sales by hour in India.
 */
export async function storeSalesSummary(pool: Pool, storeId: string, query: { from: number; to: number; counterId?: string }): Promise<SalesSummary> {
  const args = [storeId, query.from, query.to, query.counterId ?? null];
  const where = 'store_id = $1 AND created_at >= $2 AND created_at < $3 AND ($4::uuid IS NULL OR counter_id = $4::uuid)';
  const amount = "(item->>'amountPaise')::bigint";
  // One snapshot: the three parts count the same sales even while counters push.
  const { byState, byBrand, byHour } = await inSnapshot(pool, async (db) => ({
    byState: await db.query<{ state: SaleState; count: string; amount: string }>(
      `SELECT state, count(*) AS count, sum(${amount}) AS amount FROM counter_sales WHERE ${where} GROUP BY state ORDER BY state`,
      args,
    ),
    byBrand: await db.query<{ product_id: string; brand_title: string; count: string; amount: string }>(
      `SELECT item->>'productId' AS product_id, max(item->>'brandTitle') AS brand_title, count(*) AS count, sum(${amount}) AS amount
         FROM counter_sales WHERE ${where} AND state = 'SUCCESS' GROUP BY 1 ORDER BY amount DESC, product_id LIMIT 10`,
      args,
    ),
    byHour: await db.query<{ hour: number; count: string; amount: string }>(
      `SELECT ((created_at + ${IST_OFFSET_MS}) / 3600000 % 24)::int AS hour, count(*) AS count, sum(${amount}) AS amount
         FROM counter_sales WHERE ${where} AND state = 'SUCCESS' GROUP BY 1 ORDER BY 1`,
      args,
    ),
  }));
  return {
    byState: byState.rows.map((r) => ({ state: r.state, count: Number(r.count), amountPaise: Number(r.amount) })),
    byBrand: byBrand.rows.map((r) => ({ productId: r.product_id, brandTitle: r.brand_title, count: Number(r.count), amountPaise: Number(r.amount) })),
    byHour: byHour.rows.map((r) => ({ hour: r.hour, count: Number(r.count), amountPaise: Number(r.amount) })),
  };
}
