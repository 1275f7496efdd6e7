import type { StatementLine } from '../contract/wallet.js';
import type { Db } from '../db/database.js';
import { WALLET_NOT_CHARGED_STATES } from './wallet-charge.js';

/** How many statement lines one page has when the caller does not say (a counter's, and the store's). */
export const STATEMENT_PAGE_LINES = 200;

const NOT_CHARGED = WALLET_NOT_CHARGED_STATES.map((s) => `'${s}'`).join(', ');

/** The newest `limit` lines before `before`, newest first. */
export function walletStatement(db: Db): (options: { before: number; limit: number }) => StatementLine[] {
  const lines = db.prepare<{ before: number; limit: number }, Omit<StatementLine, 'serviceBalancePaise'>>(
    `SELECT * FROM (
        SELECT placed_at AS at, 'DEBIT' AS kind, amount_paise - discount_paise AS amountPaise, reference_id AS reference, id AS saleId
          FROM sales WHERE order_id IS NOT NULL AND placed_at IS NOT NULL AND placed_at < @before
        UNION ALL
        SELECT updated_at, 'REVERSAL', amount_paise - discount_paise, reference_id, id
          FROM sales WHERE order_id IS NOT NULL AND state IN (${NOT_CHARGED}) AND state <> 'REJECTED' AND updated_at < @before
        UNION ALL
        SELECT at, 'TOP_UP', amount_paise, reference, NULL FROM wallet_topups WHERE at < @before
        UNION ALL
        SELECT at, 'READING', balance_paise, NULL, NULL FROM wallet_readings WHERE at < @before
      )
      -- Within one millisecond, newest first is: the reading taken after, a reversal after its debit.
      ORDER BY at DESC, CASE kind WHEN 'READING' THEN 0 WHEN 'TOP_UP' THEN 1 WHEN 'REVERSAL' THEN 2 ELSE 3 END LIMIT @limit`,
  );
  const balanceAfter = db.prepare<[number], { balance: number }>('SELECT balance_paise AS balance FROM wallet_readings WHERE at >= ? ORDER BY at, rowid LIMIT 1');
  return ({ before, limit }) =>
    lines.all({ before, limit }).map((line) => ({
      ...line,
      serviceBalancePaise: line.kind === 'READING' ? line.amountPaise : (balanceAfter.get(line.at)?.balance ?? null),
    }));
}
