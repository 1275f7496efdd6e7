import type { CounterDayCheck, StoreDay, TopUpPush } from '../../store-link/store-wire.js';
import type { Pool } from '../database/pool.js';

export type TopUpResult = { ok: true } | { ok: false; message: string };

/** A top-up entered at one counter is the wallet's: one wallet, one list (its reference is unique on the wallet). */
export async function recordStoreTopUp(pool: Pool, storeId: string, counterId: string, staffId: string, topUp: TopUpPush): Promise<TopUpResult> {
  const inserted = await pool.query(
    `INSERT INTO wallet_topups (id, wallet_id, store_id, counter_id, staff_id, at, amount_paise, reference)
     SELECT $1, s.wallet_id, s.id, $3, $4, to_timestamp($5 / 1000.0), $6, $7 FROM stores s WHERE s.id = $2
     ON CONFLICT DO NOTHING`,
    [topUp.id, storeId, counterId, staffId, topUp.at, topUp.amountPaise, topUp.reference],
  );
  if (inserted.rowCount === 1) return { ok: true };
  const same = await pool.query('SELECT 1 FROM wallet_topups WHERE id = $1 AND store_id = $2', [topUp.id, storeId]);
  // The same top-up sent again (an answer lost on the way back) is already recorded.
  return same.rowCount === 1 ? { ok: true } : { ok: false, message: `A top-up with the reference ${topUp.reference} was already entered for this wallet.` };
}

/** Orders relayed for counter `c` in the day ($3, $4) that the service may have taken, of which the counter has reported no sale yet. */
const UNREPORTED = `r.counter_id = c.id AND r.created_at >= to_timestamp($3 / 1000.0) AND r.created_at < to_timestamp($4 / 1000.0)
  AND r.state NOT IN ('REFUSED', 'NOT_PLACED')
  AND NOT EXISTS (SELECT 1 FROM counter_sales s WHERE s.counter_id = r.counter_id AND s.reference_id = r.reference_id)`;

/**
 * Keeps a counter's check of a day; a check made earlier than the one kept (a drawer close's
 * check arriving after the manager's own) does not replace it.
 */
export async function saveDayCheck(pool: Pool, storeId: string, counterId: string, check: CounterDayCheck): Promise<void> {
  await pool.query(
    `INSERT INTO counter_day_checks (counter_id, day, store_id, day_check) VALUES ($1, $2, $3, $4)
     ON CONFLICT (counter_id, day) DO UPDATE SET day_check = EXCLUDED.day_check, checked_at = now()
      WHERE (counter_day_checks.day_check->>'generatedAt')::bigint <= (EXCLUDED.day_check->>'generatedAt')::bigint`,
    [counterId, check.day, storeId, check],
  );
}

/**
 * The store's day: each counter's last check of it, with how many of its sales the store
 * knows of that day and when the last changed (a check older than that is out of date), and
 * the wallet it spends measured whole: from the last reading before the day's first order on
 * it to the last reading of the day, against what the service charged for the orders of every
 * counter of every store on that wallet sent between them (face value − discount of each
 * SUCCESS or PROCESSING order).
 */
export async function storeDayOf(pool: Pool, storeId: string, day: { day: string; from: number; to: number }): Promise<StoreDay> {
  // A check is judged against when the counter last changed a sale of the day or gave money
  // back or moved cash that day (a refund of another day's sale is this day's), both on the
  // counter's own clock (when the store received a copy says nothing: a copy sent again is not a
  // change). An order the store relayed for the counter whose sale the counter has not reported
  // yet is a sale of the day too; whether the counter's check holds it cannot be told across two
  // clocks, so the check counts as out of date until the sale arrives (a counter that is on sends
  // it within seconds; one switched off leaves it missing, and the day says so).
  const counters = await pool.query<{ id: string; name: string; generated_at: string | null; day_check: CounterDayCheck | null; sales: string; unreported: string; last_change: string | null }>(
    `SELECT c.id, c.name, d.day_check->>'generatedAt' AS generated_at, d.day_check,
            (SELECT count(*) FROM counter_sales s WHERE s.counter_id = c.id AND s.created_at >= $3 AND s.created_at < $4) AS sales,
            (SELECT count(*) FROM relayed_orders r WHERE ${UNREPORTED}) AS unreported,
            greatest(
              (SELECT max(greatest(s.created_at, coalesce((s.detail->>'updatedAt')::bigint, s.created_at))) FROM counter_sales s
                WHERE s.counter_id = c.id AND s.created_at >= $3 AND s.created_at < $4),
              (SELECT max(r.at) FROM counter_refunds r WHERE r.counter_id = c.id AND r.at >= $3 AND r.at < $4),
              (SELECT max(m.at) FROM counter_cash_movements m WHERE m.counter_id = c.id AND m.at >= $3 AND m.at < $4)
            ) AS last_change
       FROM counters c LEFT JOIN counter_day_checks d ON d.counter_id = c.id AND d.day = $2
      WHERE c.store_id = $1 ORDER BY c.paired_at`,
    [storeId, day.day, day.from, day.to],
  );
  const walletId = (await pool.query<{ wallet_id: string }>('SELECT wallet_id FROM stores WHERE id = $1', [storeId])).rows[0]!.wallet_id;
  const onWallet = 'store_id IN (SELECT id FROM stores WHERE wallet_id = $1)';
  const first = await pool.query<{ at: Date | null }>(
    `SELECT min(created_at) AS at FROM relayed_orders WHERE ${onWallet} AND created_at >= to_timestamp($2 / 1000.0) AND created_at < to_timestamp($3 / 1000.0)`,
    [walletId, day.from, day.to],
  );
  const firstOrderAt = first.rows[0]?.at ?? new Date(day.from);
  const reading = async (sql: string, args: unknown[]) => {
    const row = (await pool.query<{ at: Date; balance_paise: string }>(sql, args)).rows[0];
    return row ? { at: row.at.getTime(), balancePaise: Number(row.balance_paise) } : null;
  };
  const opening =
    (await reading('SELECT at, balance_paise FROM wallet_readings WHERE wallet_id = $1 AND at < $2 ORDER BY at DESC LIMIT 1', [walletId, firstOrderAt])) ??
    (await reading('SELECT at, balance_paise FROM wallet_readings WHERE wallet_id = $1 AND at >= to_timestamp($2 / 1000.0) AND at < to_timestamp($3 / 1000.0) ORDER BY at LIMIT 1', [walletId, day.from, day.to]));
  const lastOfDay = await reading('SELECT at, balance_paise FROM wallet_readings WHERE wallet_id = $1 AND at >= to_timestamp($2 / 1000.0) AND at < to_timestamp($3 / 1000.0) ORDER BY at DESC LIMIT 1', [
    walletId,
    day.from,
    day.to,
  ]);
  const closing = lastOfDay && opening && lastOfDay.at > opening.at ? lastOfDay : null;
  let topUpsPaise = 0;
  let expectedSpentPaise = 0;
  if (opening && closing) {
    const window = [walletId, new Date(opening.at), new Date(closing.at)];
    const topUps = await pool.query<{ total: string }>('SELECT coalesce(sum(amount_paise), 0) AS total FROM wallet_topups WHERE wallet_id = $1 AND at > $2 AND at <= $3', window);
    topUpsPaise = Number(topUps.rows[0]!.total);
    const charged = await pool.query<{ total: string }>(
      `SELECT coalesce(sum(round(((body->>'amount')::numeric - coalesce((body->>'discountAmount')::numeric, 0)) * 100)), 0) AS total
         FROM relayed_orders WHERE ${onWallet} AND created_at > $2 AND created_at <= $3 AND order_status IN ('SUCCESS', 'PROCESSING')`,
      window,
    );
    expectedSpentPaise = Number(charged.rows[0]!.total);
  }
  return {
    counters: counters.rows.map((r) => {
      const checkedAt = r.generated_at === null ? null : Number(r.generated_at);
      const lastChange = r.last_change === null ? null : Number(r.last_change);
      const unreported = Number(r.unreported);
      return {
        id: r.id,
        name: r.name,
        checkedAt,
        sales: Number(r.sales) + unreported,
        // A sale not reported yet is a change the check cannot be shown to hold.
        lastChangeAt: unreported > 0 && checkedAt !== null ? Math.max(lastChange ?? 0, checkedAt + 1) : lastChange,
        check: r.day_check,
      };
    }),
    wallet: { opening, closing, topUpsPaise, expectedSpentPaise },
  };
}
