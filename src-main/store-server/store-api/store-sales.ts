import type { z } from 'zod';
import type { ParsedInput } from '../../contract/index.js';
import type { SaleListFilter, SaleListItem, SalePage } from '../../contract/orders.js';
import type { salesPush } from '../../store-link/store-wire.js';
import type { Pool } from '../database/pool.js';

export async function recordCounterSales(pool: Pool, storeId: string, counterId: string, items: z.infer<typeof salesPush>['items']): Promise<void> {
  for (const { detail, ...item } of items) {
    await pool.query(
      `INSERT INTO counter_sales (counter_id, sale_id, store_id, reference_id, created_at, state, item, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (counter_id, sale_id) DO UPDATE SET state = EXCLUDED.state, item = EXCLUDED.item, detail = coalesce(EXCLUDED.detail, counter_sales.detail), received_at = now()`,
      [counterId, item.id, storeId, item.referenceId, item.createdAt, item.state, item, detail ?? null],
    );
  }
}

type OrdersQuery = ParsedInput<'orders.list'>;

/**
 * The SQL conditions (on counter_sales as `s`) of Orders' filter over a store's sales, with
 * their arguments; `p` adds another argument and gives its placeholder.
 */
export function storeSalesWhere(storeId: string, filter: SaleListFilter) {
  const args: unknown[] = [];
  const p = (value: unknown) => {
    args.push(value);
    return `$${args.length}`;
  };
  const where = [`s.store_id = ${p(storeId)}`];
  if (filter.from !== undefined) where.push(`s.created_at >= ${p(filter.from)}`);
  if (filter.to !== undefined) where.push(`s.created_at < ${p(filter.to)}`);
  if (filter.states?.length) where.push(`s.state = ANY(${p(filter.states)})`);
  if (filter.productId) where.push(`s.item->>'productId' = ${p(filter.productId)}`);
  if (filter.counterId) where.push(`s.counter_id = ${p(filter.counterId)}`);
  if (filter.reference) {
    const like = p(`%${filter.reference.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(s.reference_id ILIKE ${like} OR coalesce(s.item->>'orderId', '') ILIKE ${like})`);
  }
  if (filter.phone) where.push(`right(coalesce(s.item->>'customerPhone', ''), ${filter.phone.length}) = ${p(filter.phone)}`);
  return { where, args, p };
}

/** Every counter's sales, newest first, with the counter's name on each row. */
export async function listStoreSales(pool: Pool, storeId: string, query: OrdersQuery): Promise<SalePage> {
  const { filter } = query;
  const { where, args, p } = storeSalesWhere(storeId, filter);
  if (query.after) where.push(`(s.created_at, s.sale_id) < (${p(query.after.createdAt)}, ${p(query.after.id)})`);
  const limit = query.limit ?? 50;
  const rows = await pool.query<{ item: SaleListItem; counter_id: string; counter_name: string; created_at: string; sale_id: string }>(
    `SELECT s.item, s.counter_id, c.name AS counter_name, s.created_at, s.sale_id FROM counter_sales s JOIN counters c ON c.id = s.counter_id
      WHERE ${where.join(' AND ')} ORDER BY s.created_at DESC, s.sale_id DESC LIMIT ${p(limit + 1)}`,
    args,
  );
  const page = rows.rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({ ...r.item, counterId: r.counter_id, counterName: r.counter_name })),
    next: rows.rows.length > limit && last ? { createdAt: Number(last.created_at), id: last.sale_id } : null,
  };
}
