import type { StatementLine } from '../../contract/wallet.js';
import type { Pool } from '../database/pool.js';

/** The counter's name, and its store's for a counter of another store on the same wallet ($1 is this store). */
const COUNTER_NAME = (row: string) => `CASE WHEN ${row}.store_id = $1 THEN c.name ELSE ${row}.store_id || ' · ' || c.name END`;

export interface StatementQuery {
  before: number;
  limit: number;
  counterId?: string;
}

/**
 * The statement of the wallet the store spends, newest first: the orders the service took
 * from every counter on it (at the time they were sent; another store's named with it) and
 * those of them that then failed or were cancelled, the top-ups entered at any counter, and
 * the service's own readings beside them. With a counter, only its orders and top-ups (the
 * readings stay: they are the one wallet's).
 */
export async function storeWalletStatement(pool: Pool, storeId: string, query: StatementQuery): Promise<StatementLine[]> {
  const counter = query.counterId ?? null;
  const walletId = (await pool.query<{ wallet_id: string }>('SELECT wallet_id FROM stores WHERE id = $1', [storeId])).rows[0]!.wallet_id;
  const lines = await pool.query<{ at: Date; kind: StatementLine['kind']; amount_paise: string; reference: string | null; counter_name: string | null }>(
    `SELECT * FROM (
        SELECT o.created_at AS at, 'DEBIT' AS kind, round(((o.body->>'amount')::numeric - coalesce((o.body->>'discountAmount')::numeric, 0)) * 100) AS amount_paise,
               o.reference_id AS reference, ${COUNTER_NAME('o')} AS counter_name
          FROM relayed_orders o JOIN counters c ON c.id = o.counter_id JOIN stores s ON s.id = o.store_id
         WHERE s.wallet_id = $5 AND o.order_id IS NOT NULL AND o.created_at < $2 AND ($4::uuid IS NULL OR o.counter_id = $4)
        UNION ALL
        SELECT o.updated_at, 'REVERSAL', round(((o.body->>'amount')::numeric - coalesce((o.body->>'discountAmount')::numeric, 0)) * 100), o.reference_id, ${COUNTER_NAME('o')}
          FROM relayed_orders o JOIN counters c ON c.id = o.counter_id JOIN stores s ON s.id = o.store_id
         WHERE s.wallet_id = $5 AND o.order_status IN ('FAILED', 'CANCELLED', 'REVERSED') AND o.updated_at < $2 AND ($4::uuid IS NULL OR o.counter_id = $4)
        UNION ALL
        SELECT t.at, 'TOP_UP', t.amount_paise, t.reference, ${COUNTER_NAME('t')} FROM wallet_topups t JOIN counters c ON c.id = t.counter_id
         WHERE t.wallet_id = $5 AND t.at < $2 AND ($4::uuid IS NULL OR t.counter_id = $4)
        UNION ALL
        SELECT r.at, 'READING', r.balance_paise, NULL, NULL FROM wallet_readings r WHERE r.wallet_id = $5 AND r.at < $2
      ) lines
      ORDER BY at DESC, CASE kind WHEN 'READING' THEN 0 WHEN 'TOP_UP' THEN 1 WHEN 'REVERSAL' THEN 2 ELSE 3 END LIMIT $3`,
    [storeId, new Date(query.before), query.limit, counter, walletId],
  );
  const balanceAfter = async (at: Date): Promise<number | null> => {
    const row = await pool.query<{ balance_paise: string }>('SELECT balance_paise FROM wallet_readings WHERE wallet_id = $1 AND at >= $2 ORDER BY at, id LIMIT 1', [walletId, at]);
    return row.rows[0] ? Number(row.rows[0].balance_paise) : null;
  };
  const out: StatementLine[] = [];
  for (const line of lines.rows) {
    const amountPaise = Number(line.amount_paise);
    out.push({
      at: line.at.getTime(),
      kind: line.kind,
      amountPaise,
      reference: line.reference,
      saleId: null,
      serviceBalancePaise: line.kind === 'READING' ? amountPaise : await balanceAfter(line.at),
      counterName: line.counter_name,
    });
  }
  return out;
}
