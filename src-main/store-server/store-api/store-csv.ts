import type { SaleListFilter, SaleListItem } from '../../contract/orders.js';
import { EXPORT_TOO_LARGE, exportTooLarge, ORDERS_CSV_MAX_ROWS } from '../../orders/sales/orders-csv-bound.js';
import { CSV_COLUMNS, csvCell } from '../../orders/sales/sales-history.js';
import { istDateTimes } from '../../platform/india-time.js';
import { WALLET_CHARGED_STATES, WALLET_NOT_CHARGED_STATES } from '../../wallet/wallet-charge.js';
import type { Pool } from '../database/pool.js';
import { HttpError } from '../http/http-kit.js';
import { storeSalesWhere } from './store-sales.js';

/** The store's export: a counter's columns, with the counter that sold each sale after its time. */
export const STORE_CSV_COLUMNS = [CSV_COLUMNS[0], 'counter', ...CSV_COLUMNS.slice(1)];

const inr = (paise: number): string => (paise / 100).toFixed(2);

interface CsvRow {
  created_at: string;
  counter_name: string;
  item: SaleListItem;
  /** The sale's discount, from its detail (null before the counter sent its detail). */
  discount_paise: number | null;
  vouchers: string;
  tenders: { method: string; amountPaise: number }[] | null;
  carried: boolean;
  refund_paise: string | null;
}

/**
 * Orders' CSV over every counter's sales (or one counter's, by the filter), from the store's
 * records, cell for cell as a counter writes its own: India times, cashier names, tenders and
 * refunds; no card data, phones masked to their last 4 digits. Oldest first. More than
 * ORDERS_CSV_MAX_ROWS sales are refused whole (EXPORT_TOO_LARGE), as at a counter.
 */
export async function storeSalesCsv(pool: Pool, storeId: string, filter: SaleListFilter): Promise<string> {
  const { where, args, p } = storeSalesWhere(storeId, filter);
  // Only the discount of a sale's detail: the rest (up to 500 attempts) is not in the file.
  const rows = await pool.query<CsvRow>(
    `SELECT s.created_at, c.name AS counter_name, s.item, (s.detail->'discountPaise')::float8 AS discount_paise,
        (SELECT count(*) FROM counter_vouchers v WHERE v.counter_id = s.counter_id AND v.sale_id = s.sale_id) AS vouchers,
        (SELECT json_agg(json_build_object('method', t.method, 'amountPaise', t.amount_paise) ORDER BY t.seq)
           FROM counter_payment_tenders t WHERE t.counter_id = s.counter_id AND t.payment_id = sp.payment_id) AS tenders,
        EXISTS (SELECT 1 FROM counter_sales r JOIN counter_sale_payments rp ON rp.counter_id = r.counter_id AND rp.sale_id = r.sale_id
                 WHERE r.counter_id = s.counter_id AND r.detail->>'retryOf' = s.sale_id AND rp.payment_id = sp.payment_id) AS carried,
        rf.amount_paise AS refund_paise
       FROM counter_sales s JOIN counters c ON c.id = s.counter_id
       LEFT JOIN counter_sale_payments sp ON sp.counter_id = s.counter_id AND sp.sale_id = s.sale_id
       LEFT JOIN counter_refunds rf ON rf.counter_id = s.counter_id AND rf.payment_id = sp.payment_id AND rf.sale_id = s.sale_id
      WHERE ${where.join(' AND ')} ORDER BY s.created_at, s.sale_id LIMIT ${p(ORDERS_CSV_MAX_ROWS + 1)}`,
    args,
  );
  if (rows.rows.length > ORDERS_CSV_MAX_ROWS) throw new HttpError(422, EXPORT_TOO_LARGE, exportTooLarge('store'));
  const time = istDateTimes();
  const lines = [`\uFEFF${STORE_CSV_COLUMNS.join(',')}\n`];
  for (const r of rows.rows) {
    const { item, discount_paise: discount } = r;
    const pays = discount === null ? null : item.amountPaise - discount;
    const debit = WALLET_CHARGED_STATES.includes(item.state) ? (pays === null ? null : inr(pays)) : WALLET_NOT_CHARGED_STATES.includes(item.state) ? '0.00' : null;
    const tenders = r.carried ? 'carried to retry' : (r.tenders?.map((t) => `${t.method} ${inr(Number(t.amountPaise))}`).join('; ') ?? null);
    const cells: (string | null)[] = [
      time(Number(r.created_at)),
      r.counter_name,
      item.cashierId === null ? null : (item.cashierName ?? item.cashierId),
      item.referenceId,
      item.orderId,
      item.state,
      item.brandTitle,
      inr(item.amountPaise),
      discount === null ? null : inr(discount),
      pays === null ? null : inr(pays),
      debit,
      String(Number(r.vouchers)),
      tenders || null,
      r.refund_paise === null ? null : inr(Number(r.refund_paise)),
      item.customerPhone === null ? null : `******${item.customerPhone.slice(-4)}`,
      item.errorCode,
      item.failureReason,
    ];
    lines.push(`${cells.map((c) => (c === null ? '' : csvCell(c))).join(',')}\n`);
  }
  return lines.join('');
}
