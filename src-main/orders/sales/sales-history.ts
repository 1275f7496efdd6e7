import type { SaleListFilter, SaleListItem, SalePage, SalesSummary } from '../../contract/index.js';
import type { Db } from '../../db/database.js';
import { statementCache } from '../../db/statement-cache.js';
import { istDateTimes } from '../../platform/india-time.js';
import { WALLET_CHARGED_STATES, WALLET_NOT_CHARGED_STATES } from '../../wallet/wallet-charge.js';
import { ATTENTION_STATES, SALE_STATES, type SaleState } from '../journal/sale-state.js';

const COLUMNS = `id, reference_id AS referenceId, order_id AS orderId, state, product_id AS productId, brand_title AS brandTitle,
  amount_paise AS amountPaise, customer_phone AS customerPhone, created_at AS createdAt, error_code AS errorCode,
  failure_reason AS failureReason, support_reason AS supportReason, print_count AS printCount, cashier_id AS cashierId`;

/**
 * How many of the sales needing attention are listed, oldest first (the answer's `total` says
 * how many there are): enough to work through, and a list a journal's backlog cannot make slow.
 */
export const ATTENTION_SHOWN = 200;

/** A row of the orders list as the journal holds it; the facade names the cashier from the staff list. */
export type SaleListRow = Omit<SaleListItem, 'cashierName'>;

/**
 * The manager's read side of the journal: filtered lists with keyset paging (stable and
 * index-backed at a million rows, unlike OFFSET), the sales that need a person pinned on
 * top, CSV export and the end-of-day summary.
 */
export class SalesHistory {
  /** A filter shape is prepared once, not on every keystroke or page. */
  private readonly statement;

  constructor(private readonly db: Db) {
    this.statement = statementCache(db);
  }

  list(filter: SaleListFilter, page: { limit?: number; after?: { createdAt: number; id: string } | null } = {}): Omit<SalePage, 'items'> & { items: SaleListRow[] } {
    const limit = Math.min(Math.max(page.limit ?? 50, 1), 200);
    const { where, params } = this.where(filter);
    if (page.after) {
      where.push('(created_at < @afterAt OR (created_at = @afterAt AND id < @afterId))');
      params.afterAt = page.after.createdAt;
      params.afterId = page.after.id;
    }
    const rows = this.statement(`SELECT ${COLUMNS} FROM sales ${whereSql(where)} ORDER BY created_at DESC, id DESC LIMIT @limit`)
      .all({ ...params, limit: limit + 1 }) as SaleListRow[];
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
  }

  /** These sales' list rows (the store server's copy of this counter's Orders). */
  rowsByIds(ids: readonly string[]): SaleListRow[] {
    if (ids.length === 0) return [];
    return this.db.prepare(`SELECT ${COLUMNS} FROM sales WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as SaleListRow[];
  }

  /**
   * IN_DOUBT and NEEDS_SUPPORT sales, and completed ones whose receipt is still owed, oldest
   * first: they go on top of the manager's list. Two partial indexes that hold just those rows
   * in time order (the stuck sales', schema 10; the owed receipts', schema 4), merged as they
   * are read: never a read of the settled history, nor a sort.
   */
  needingAttention(limit = ATTENTION_SHOWN): SaleListRow[] {
    return this.statement(
      `SELECT ${COLUMNS} FROM sales INDEXED BY sales_stuck WHERE ${STUCK}
        UNION ALL SELECT ${COLUMNS} FROM sales INDEXED BY sales_receipt_owed WHERE receipt_owed = 1 AND NOT (${STUCK}) ORDER BY createdAt, id LIMIT ?`,
    ).all(limit) as SaleListRow[];
  }

  /** How many sales needingAttention() lists, counted in its two partial indexes without reading a sale. */
  countNeedingAttention(): number {
    return this.statement(
      `SELECT (SELECT count(*) FROM sales INDEXED BY sales_stuck WHERE ${STUCK})
        + (SELECT count(*) FROM sales INDEXED BY sales_receipt_owed WHERE receipt_owed = 1 AND NOT (${STUCK}))`,
    ).pluck(true).get() as number;
  }

  /**
   * CSV of the filtered sales for a spreadsheet: a UTF-8 byte-order mark (so Excel reads ₹ and
   * names right), India times, the cashier's name, the customer's payment and any refund; no
   * card data, phone numbers masked to the last 4 digits. `staffName` names a staff id (null
   * for one it does not know).
   *
   * A month is ~30k rows, and handing values to JavaScript one by one costs more than the query
   * itself, so SQLite joins each row's cells after the cashier into one string. When that string
   * still splits into exactly its cells and none needs quoting or defusing (what csvCell would
   * leave unchanged) it is used as it is; any other row (a comma in a brand title, a quote in a
   * reason, a negative amount) is read again cell by cell.
   */
  *csv(filter: SaleListFilter, staffName: (staffId: string) => string | null): Generator<string> {
    yield `\uFEFF${CSV_HEADER}\n`;
    const { where, params } = this.where(filter);
    // The filter applies to sales alone (its column names are the sales table's). Prepared per
    // export, not cached: two exports may be read side by side.
    const from = `FROM (SELECT rowid AS rid, * FROM sales ${whereSql(where)}) s ${CSV_JOINS}`;
    const rows = this.db.prepare(`SELECT s.rid, s.created_at, s.cashier_id, ${CSV_CELLS.map((c) => `COALESCE(${c}, '')`).join(" || ',' || ")} ${from} ORDER BY s.created_at, s.id`).raw(true);
    const time = istDateTimes();
    const names = new Map<string | null, string>();
    const nameCell = (id: string | null): string => {
      let cell = names.get(id);
      if (cell === undefined) {
        cell = id === null ? '' : csvCell(staffName(id) ?? id);
        names.set(id, cell);
      }
      return cell;
    };
    for (const [rowid, createdAt, cashierId, joined] of rows.iterate(params) as Iterable<[number, number, string | null, string]>) {
      const tail = SAFE_CELLS.test(joined) ? joined : this.csvCellsOneByOne(rowid);
      yield `${time(createdAt)},${nameCell(cashierId)},${tail}\n`;
    }
  }

  /**
   * Whether more than `maxRows` sales match `filter` (csv()'s rows): counted up to one past it,
   * so a journal of years costs no more than the bound.
   */
  matchesMoreThan(filter: SaleListFilter, maxRows: number): boolean {
    const { where, params } = this.where(filter);
    const counted = this.statement(`SELECT count(*) FROM (SELECT 1 FROM sales ${whereSql(where)} LIMIT @cap)`).pluck(true).get({ ...params, cap: maxRows + 1 }) as number;
    return counted > maxRows;
  }

  /** The slow path of csv(): a row whose cells need quoting or defusing, read again and each made safe. */
  private csvCellsOneByOne(rowid: number): string {
    const cells = this.statement(`SELECT ${CSV_CELLS.join(', ')} FROM (SELECT rowid AS rid, * FROM sales WHERE rowid = @rowid) s ${CSV_JOINS}`)
      .raw(true)
      .get({ rowid }) as (string | number | null)[];
    return cells.map((c) => (c === null ? '' : csvCell(String(c)))).join(',');
  }

  /**
   * Counts and values by state and by brand, and sales by hour, for [from, to). The whole IST
   * days inside the range are read from the per-day rollups (schema 8: a month is a few
   * thousand small rows, not ~30k sales), the part-days at either end from the covering
   * indexes of the sales themselves (schema 2), and the parts added up here. Every read is a
   * seek on the first column of its key.
   */
  summary(from: number, to: number): SalesSummary {
    const { firstDay, endDay, parts } = summaryRange(from, to);
    const totals = <K>(days: string, part: string, params: Record<string, unknown> = {}): Map<K, Figures> => {
      const sum = new Map<K, Figures>();
      const add = (rows: { key: K; count: number; amountPaise: number }[]) => {
        for (const r of rows) {
          const seen = sum.get(r.key) ?? { count: 0, amountPaise: 0 };
          sum.set(r.key, { count: seen.count + r.count, amountPaise: seen.amountPaise + r.amountPaise });
        }
      };
      if (endDay > firstDay) add(this.statement(days).all({ ...params, firstDay, endDay }) as never);
      for (const [lo, hi] of parts) add(this.statement(part).all({ ...params, lo, hi }) as never);
      for (const [key, figures] of sum) if (figures.count === 0) sum.delete(key);
      return sum;
    };
    const inDays = 'day >= @firstDay AND day < @endDay';
    const inPart = 'created_at >= @lo AND created_at < @hi';

    const states = totals<SaleState>(
      `SELECT state AS key, SUM(count) AS count, SUM(amount_paise) AS amountPaise FROM sales_day_state WHERE ${inDays} GROUP BY state`,
      `SELECT state AS key, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales
        WHERE state IN (${SALE_STATES.map((s) => `'${s}'`).join(', ')}) AND ${inPart} GROUP BY state`,
    );
    const byState = [...states].map(([state, f]) => ({ state, ...f })).sort((a, b) => (a.state < b.state ? -1 : a.state > b.state ? 1 : 0));

    const brands = totals<string>(
      `SELECT product_id AS key, SUM(count) AS count, SUM(amount_paise) AS amountPaise FROM sales_day_brand WHERE ${inDays} GROUP BY product_id`,
      `SELECT product_id AS key, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales WHERE state = 'SUCCESS' AND ${inPart} GROUP BY product_id`,
    );
    const top = [...brands]
      .map(([productId, f]) => ({ productId, ...f }))
      .sort((a, b) => b.amountPaise - a.amountPaise || (a.productId < b.productId ? -1 : 1))
      .slice(0, 10);
    // Titles for the ten winners only: the one column the rollups and covering indexes do not hold.
    // A brand's title as its latest completed sale in the range had it (a renamed brand shows its
    // new name): one row read from the newest end of the brand's index, where every sale of the
    // range would be read to pick one by its letters.
    const title = this.statement(`SELECT brand_title FROM sales
        WHERE product_id = @productId AND created_at >= @from AND created_at < @to AND state = 'SUCCESS' ORDER BY created_at DESC LIMIT 1`).pluck(true);
    const byBrand = top.map((b) => ({ productId: b.productId, brandTitle: title.get({ from, to, productId: b.productId }) as string, count: b.count, amountPaise: b.amountPaise }));

    // Hours of the day in India (UTC+05:30), where the counters are: the rollup's hour is the same expression.
    const hours = totals<number>(
      `SELECT hour AS key, SUM(count) AS count, SUM(amount_paise) AS amountPaise FROM sales_day_state WHERE ${inDays} AND state = 'SUCCESS' GROUP BY hour`,
      `SELECT ((created_at + ${IST_OFFSET_MS}) / 3600000) % 24 AS key, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales
        WHERE state = 'SUCCESS' AND ${inPart} GROUP BY key`,
    );
    const byHour = [...hours].map(([hour, f]) => ({ hour, ...f })).sort((a, b) => a.hour - b.hour);
    return { byState, byBrand, byHour };
  }

  private where(filter: SaleListFilter): { where: string[]; params: Record<string, unknown> } {
    const where: string[] = [];
    const params: Record<string, unknown> = {};
    const add = (clause: string, name: string, value: unknown): void => {
      where.push(clause);
      params[name] = value;
    };
    if (filter.from !== undefined) add('created_at >= @from', 'from', filter.from);
    if (filter.to !== undefined) add('created_at < @to', 'to', filter.to);
    if (filter.states?.length) {
      const states = filter.states.filter((s) => (SALE_STATES as readonly string[]).includes(s));
      where.push(`state IN (${states.map((_, i) => `@s${i}`).join(', ') || "''"})`);
      states.forEach((s, i) => (params[`s${i}`] = s));
    }
    if (filter.productId) add('product_id = @productId', 'productId', filter.productId);
    if (filter.phone?.length === 4) {
      // The expression of the sales_by_phone_last4 index, written the same way so the planner seeks it.
      add("substr(customer_phone, -4) = @phone AND customer_phone IS NOT NULL", 'phone', filter.phone);
    } else if (filter.phone) add('customer_phone = @phone', 'phone', filter.phone);
    if (filter.reference) {
      // Three characters or more: the trigram index finds the candidates (a seek, not a read
      // of every reference), with the entries still queued for it (the last sales, until the
      // journal's catch-up moves them in: schema 8), and the LIKE below keeps the result exactly what it says.
      if ([...filter.reference].length >= 3) {
        add(
          'id IN (SELECT sale_id FROM sales_ref_search WHERE sales_ref_search MATCH @refPhrase UNION ALL SELECT sale_id FROM sales_ref_search_pending)',
          'refPhrase',
          `"${filter.reference.replace(/"/g, '""')}"`,
        );
      }
      where.push("(reference_id LIKE @ref ESCAPE '\\' OR order_id LIKE @ref ESCAPE '\\')");
      params.ref = `%${filter.reference.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    }
    return { where, params };
  }
}

/**
 * The stuck sales, as the partial index sales_stuck (schema 10) is declared, so a query with this
 * WHERE may (and, INDEXED BY, must) read that index. An owed receipt's sale is SUCCESS, so the
 * attention list's two sources never share a row.
 */
const STUCK = `state IN (${ATTENTION_STATES.map((s) => `'${s}'`).join(', ')})`;

const whereSql = (where: string[]): string => (where.length ? `WHERE ${where.join(' AND ')}` : '');

/** India (UTC+05:30): the rollups' days and hours are IST ones (schema 8 computes them the same way). */
const IST_OFFSET_MS = 19_800_000;
const DAY_MS = 86_400_000;

interface Figures {
  count: number;
  amountPaise: number;
}

/**
 * [from, to) as whole IST days [firstDay, endDay), read from the rollups, and the part-days at
 * either end ([lo, hi) ranges of created_at), read from the sales. Less than a whole day: all of
 * it from the sales.
 */
function summaryRange(from: number, to: number): { firstDay: number; endDay: number; parts: [number, number][] } {
  const firstDay = Math.ceil((from + IST_OFFSET_MS) / DAY_MS);
  const endDay = Math.floor((to + IST_OFFSET_MS) / DAY_MS);
  if (endDay <= firstDay) return { firstDay: 0, endDay: 0, parts: from < to ? [[from, to]] : [] };
  const wholeFrom = firstDay * DAY_MS - IST_OFFSET_MS;
  const wholeTo = endDay * DAY_MS - IST_OFFSET_MS;
  return { firstDay, endDay, parts: ([[from, wholeFrom], [wholeTo, to]] as [number, number][]).filter(([lo, hi]) => lo < hi) };
}

/** The columns of the orders CSV: the time and the cashier written in JavaScript, then CSV_CELLS (the store's export has the same, with its counter). */
export const CSV_COLUMNS = [
  'created_at_ist', 'cashier', 'reference_id', 'order_id', 'state', 'brand', 'amount_inr', 'discount_inr', 'customer_pays_inr',
  'wallet_debit_inr', 'voucher_count', 'tenders', 'refund_inr', 'customer_phone', 'error_code', 'failure_reason',
] as const;
const CSV_HEADER = CSV_COLUMNS.join(',');

/** A sale's payment (one holds it, a retry may share it) and its refund, by key. */
const CSV_JOINS = 'LEFT JOIN sale_payments sp ON sp.sale_id = s.id LEFT JOIN refunds rf ON rf.payment_id = sp.payment_id AND rf.sale_id = s.id';

const sqlList = (states: readonly string[]): string => states.map((st) => `'${st}'`).join(', ');
/** Rupees with two decimals ("1234.50") of a paise expression, in SQL. */
const inr = (paise: string): string => `printf('%.2f', (${paise}) / 100.0)`;

/**
 * The cells after the cashier, in SQL, NULL for an empty cell. The wallet debit is what the sale
 * costs the wallet as its state stands: 0 once it failed or was reversed, empty while the
 * outcome is not known. Tenders are the payment's parts ("CASH 500.00; UPI 200.00"); a failed
 * sale whose retry took its payment along says so instead.
 */
const CSV_CELLS = [
  's.reference_id',
  's.order_id',
  's.state',
  's.brand_title',
  inr('s.amount_paise'),
  inr('s.discount_paise'),
  inr('s.amount_paise - s.discount_paise'),
  `CASE WHEN s.state IN (${sqlList(WALLET_CHARGED_STATES)}) THEN ${inr('s.amount_paise - s.discount_paise')} WHEN s.state IN (${sqlList(WALLET_NOT_CHARGED_STATES)}) THEN '0.00' END`,
  '(SELECT count(*) FROM vouchers v WHERE v.sale_id = s.id)',
  `CASE WHEN EXISTS (SELECT 1 FROM sales r JOIN sale_payments rp ON rp.sale_id = r.id WHERE r.retry_of = s.id AND rp.payment_id = sp.payment_id)
     THEN 'carried to retry'
     ELSE (SELECT group_concat(method || ' ' || ${inr('amount_paise')}, '; ' ORDER BY seq) FROM payment_tenders WHERE payment_id = sp.payment_id) END`,
  `CASE WHEN rf.payment_id IS NOT NULL THEN ${inr('rf.amount_paise')} END`,
  "'******' || substr(s.customer_phone, -4)",
  's.error_code',
  's.failure_reason',
];

/**
 * A joined row of CSV_CELLS when csvCell would leave each cell unchanged: exactly as many
 * cells (none held a comma), no quote or line break, none starting like a formula (=, +, -,
 * @, tab).
 */
const SAFE_CELLS = (() => {
  const cell = '(?:[^",\\n\\r=+\\-@\\t][^",\\n\\r]*)?';
  return new RegExp(`^${cell}(?:,${cell}){${CSV_CELLS.length - 1}}$`);
})();

/** Quotes a CSV cell and defuses spreadsheet formulas (=, +, -, @, tab, CR at the start). */
export function csvCell(value: string): string {
  if (!NEEDS_CARE.test(value)) return value;
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
const NEEDS_CARE = /^[=+\-@\t\r]|[",\n\r]/;
