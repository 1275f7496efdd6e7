import type { SaleListFilter, SaleListItem, SalePage, SalesSummary } from '../../contract/index.js';
import type { Db } from '../../db/database.js';
import { statementCache } from '../../db/statement-cache.js';
import { ATTENTION_STATES, SALE_STATES, type SaleState } from '../journal/sale-state.js';

const COLUMNS = `id, reference_id AS referenceId, order_id AS orderId, state, product_id AS productId, brand_title AS brandTitle,
  amount_paise AS amountPaise, customer_phone AS customerPhone, created_at AS createdAt, error_code AS errorCode,
  failure_reason AS failureReason, support_reason AS supportReason, print_count AS printCount`;

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

  list(filter: SaleListFilter, page: { limit?: number; after?: { createdAt: number; id: string } | null } = {}): SalePage {
    const limit = Math.min(Math.max(page.limit ?? 50, 1), 200);
    const { where, params } = this.where(filter);
    if (page.after) {
      where.push('(created_at < @afterAt OR (created_at = @afterAt AND id < @afterId))');
      params.afterAt = page.after.createdAt;
      params.afterId = page.after.id;
    }
    const rows = this.statement(`SELECT ${COLUMNS} FROM sales ${whereSql(where)} ORDER BY created_at DESC, id DESC LIMIT @limit`)
      .all({ ...params, limit: limit + 1 }) as SaleListItem[];
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
  }

  /**
   * IN_DOUBT and NEEDS_SUPPORT sales, and completed ones whose receipt is still owed, oldest
   * first: they go on top of the manager's list. Two index seeks (by state, and the partial
   * index of owed receipts), never a read of the settled history.
   */
  needingAttention(): SaleListItem[] {
    return this.statement(
      `SELECT ${COLUMNS} FROM sales WHERE state IN (${ATTENTION_STATES.map((s) => `'${s}'`).join(', ')}) OR receipt_owed = 1 ORDER BY created_at, id`,
    ).all() as SaleListItem[];
  }

  /**
   * CSV of the filtered sales; no card data, phone numbers masked to the last 4 digits.
   * A month is ~30k rows, and handing values to JavaScript one by one costs more than the
   * query itself, so SQLite joins each row into one comma-separated string. When that string
   * still splits into exactly its cells and none needs quoting or defusing (what csvCell
   * would leave unchanged) it is used as it is; any other row (a comma in a brand title, a
   * quote in a reason) is read again cell by cell.
   */
  *csv(filter: SaleListFilter): Generator<string> {
    yield 'created_at,reference_id,order_id,state,brand,amount_inr,customer_phone,error_code,failure_reason\n';
    const { where, params } = this.where(filter);
    // Prepared per export, not cached: two exports may be read side by side.
    const stmt = this.db.prepare(`SELECT ${CSV_COLUMNS.join(" || ',' || ")} FROM sales ${whereSql(where)} ORDER BY created_at, id`).pluck(true);
    const time = isoTimes();
    for (const joined of stmt.iterate(params) as Iterable<string>) {
      // joined: rowid,created_at,amount_paise,phone,reference,order id,state,brand,error code,reason
      const a = joined.indexOf(',');
      const b = joined.indexOf(',', a + 1);
      const c = joined.indexOf(',', b + 1);
      const d = joined.indexOf(',', c + 1);
      if (!SAFE_TEXT_CELLS.test(joined.slice(d + 1))) {
        yield this.csvLineCellByCell(Number.parseInt(joined, 10), time);
        continue;
      }
      let e = d; // the comma after the brand, where amount and phone go in
      for (let k = 0; k < 4; k++) e = joined.indexOf(',', e + 1);
      yield `${time(Number(joined.slice(a + 1, b)))},${joined.slice(d + 1, e)},${csvLineTail(Number(joined.slice(b + 1, c)), joined.slice(c + 1, d))}${joined.slice(e)}\n`;
    }
  }

  /** The slow path of csv(): a row whose text needs quoting or defusing, read again and each cell made safe. */
  private csvLineCellByCell(rowid: number, time: (ms: number) => string): string {
    const [createdAt, amountPaise, phone, ...text] = this.statement(`SELECT ${CSV_COLUMNS.slice(1).join(', ')} FROM sales WHERE rowid = ?`).raw(true).get(rowid) as [number, number, string, ...string[]];
    const cells = text.map(csvCell);
    return `${time(createdAt)},${cells.slice(0, 4).join(',')},${csvLineTail(amountPaise, phone)},${cells.slice(4).join(',')}\n`;
  }

  /**
   * Counts and values by state and by brand, and sales by hour, for [from, to). Each query
   * reads one covering index (schema 2) and names the index's leading column, so the plan
   * is a seek with or without ANALYZE statistics: a month of 30k sales takes milliseconds.
   */
  summary(from: number, to: number): SalesSummary {
    const params = { from, to };
    const byState = this.statement(`SELECT state, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales
        WHERE state IN (${SALE_STATES.map((s) => `'${s}'`).join(', ')}) AND created_at >= @from AND created_at < @to GROUP BY state`)
      .all(params) as { state: SaleState; count: number; amountPaise: number }[];
    const top = this.statement(`SELECT product_id AS productId, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales
        WHERE state = 'SUCCESS' AND created_at >= @from AND created_at < @to GROUP BY product_id ORDER BY amountPaise DESC LIMIT 10`)
      .all(params) as { productId: string; count: number; amountPaise: number }[];
    // Titles for the ten winners only: the one column the covering index does not hold.
    const title = this.statement(`SELECT MAX(brand_title) FROM sales
        WHERE product_id = @productId AND created_at >= @from AND created_at < @to AND state = 'SUCCESS'`).pluck(true);
    const byBrand = top.map((b) => ({ productId: b.productId, brandTitle: title.get({ ...params, productId: b.productId }) as string, count: b.count, amountPaise: b.amountPaise }));
    // Hours of the day in India (UTC+05:30), where the counters are.
    const byHour = this.statement(`SELECT ((created_at + 19800000) / 3600000) % 24 AS hour, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales
        WHERE state = 'SUCCESS' AND created_at >= @from AND created_at < @to GROUP BY hour ORDER BY hour`)
      .all(params) as { hour: number; count: number; amountPaise: number }[];
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
      // of every reference), and the LIKE below keeps the result exactly what it says.
      if ([...filter.reference].length >= 3) {
        add('id IN (SELECT sale_id FROM sales_ref_search WHERE sales_ref_search MATCH @refPhrase)', 'refPhrase', `"${filter.reference.replace(/"/g, '""')}"`);
      }
      where.push("(reference_id LIKE @ref ESCAPE '\\' OR order_id LIKE @ref ESCAPE '\\')");
      params.ref = `%${filter.reference.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    }
    return { where, params };
  }
}

const whereSql = (where: string[]): string => (where.length ? `WHERE ${where.join(' AND ')}` : '');

/** What the CSV reads of a sale, in this order; rowid (an integer) first, for reading a row again. */
const CSV_COLUMNS = ['rowid', 'created_at', 'amount_paise', "COALESCE(customer_phone, '')", 'reference_id', "COALESCE(order_id, '')", 'state', 'brand_title', "COALESCE(error_code, '')", "COALESCE(failure_reason, '')"];
/**
 * The six text cells (reference to reason) of a joined row, when csvCell would leave each one
 * unchanged: exactly six cells (none held a comma), no quote or line break, none starting
 * like a formula (=, +, -, @, tab).
 */
const SAFE_TEXT_CELLS = (() => {
  const cell = '(?:[^",\\n\\r=+\\-@\\t][^",\\n\\r]*)?';
  return new RegExp(`^${cell}(?:,${cell}){5}$`);
})();

/** amount_inr and the masked customer_phone cells. */
function csvLineTail(amountPaise: number, phone: string): string {
  const amount = (amountPaise / 100).toFixed(2);
  return `${amountPaise < 0 ? csvCell(amount) : amount},${phone ? csvCell(`******${phone.slice(-4)}`) : ''}`;
}

/**
 * ISO-8601 times like Date.toISOString, for rows in time order: the date part is formatted
 * once per day and the time of day by arithmetic (toISOString costs ~1 µs, a month is 30k rows).
 */
function isoTimes(): (ms: number) => string {
  let dayStart = NaN;
  let datePart = '';
  const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
  return (ms) => {
    const start = Math.floor(ms / 86_400_000) * 86_400_000;
    if (start !== dayStart) {
      dayStart = start;
      datePart = new Date(start).toISOString().slice(0, -13);
    }
    const t = ms - start;
    const milli = t % 1000;
    return `${datePart}${two(Math.floor(t / 3_600_000))}:${two(Math.floor(t / 60_000) % 60)}:${two(Math.floor(t / 1000) % 60)}.${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}Z`;
  };
}

/** Quotes a CSV cell and defuses spreadsheet formulas (=, +, -, @ at the start). */
function csvCell(value: string): string {
  if (!NEEDS_CARE.test(value)) return value;
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
const NEEDS_CARE = /^[=+\-@\t\r]|[",\n\r]/;
