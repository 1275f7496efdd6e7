import type { Db } from '../../db/database.js';
import { ATTENTION_STATES, SALE_STATES, type SaleState } from '../journal/sale-state.js';

export interface SaleListFilter {
  from?: number;
  to?: number;
  states?: SaleState[];
  productId?: string;
  /** Substring of the referenceId or the service order id. */
  reference?: string;
  phone?: string;
}

export interface SaleListItem {
  id: string;
  referenceId: string;
  orderId: string | null;
  state: SaleState;
  productId: string;
  brandTitle: string;
  amountPaise: number;
  customerPhone: string | null;
  createdAt: number;
  errorCode: string | null;
  failureReason: string | null;
  supportReason: string | null;
  printCount: number;
}

export interface SalePage {
  items: SaleListItem[];
  /** Pass back as `after` for the next page; null on the last page. */
  next: { createdAt: number; id: string } | null;
}

const COLUMNS = `id, reference_id AS referenceId, order_id AS orderId, state, product_id AS productId, brand_title AS brandTitle,
  amount_paise AS amountPaise, customer_phone AS customerPhone, created_at AS createdAt, error_code AS errorCode,
  failure_reason AS failureReason, support_reason AS supportReason, print_count AS printCount`;

/**
 * The manager's read side of the journal: filtered lists with keyset paging (stable and
 * index-backed at a million rows, unlike OFFSET), the sales that need a person pinned on
 * top, CSV export and the end-of-day summary.
 */
export class SalesHistory {
  constructor(private readonly db: Db) {}

  list(filter: SaleListFilter, page: { limit?: number; after?: { createdAt: number; id: string } | null } = {}): SalePage {
    const limit = Math.min(Math.max(page.limit ?? 50, 1), 200);
    const { where, params } = this.where(filter);
    if (page.after) {
      where.push('(created_at < @afterAt OR (created_at = @afterAt AND id < @afterId))');
      params.afterAt = page.after.createdAt;
      params.afterId = page.after.id;
    }
    const rows = this.db
      .prepare(`SELECT ${COLUMNS} FROM sales ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT @limit`)
      .all({ ...params, limit: limit + 1 }) as SaleListItem[];
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
  }

  /** IN_DOUBT and NEEDS_SUPPORT sales, oldest first: they go on top of the manager's list. */
  needingAttention(): SaleListItem[] {
    return this.db
      .prepare(`SELECT ${COLUMNS} FROM sales WHERE state IN (${ATTENTION_STATES.map((s) => `'${s}'`).join(', ')}) ORDER BY created_at, id`)
      .all() as SaleListItem[];
  }

  /** CSV of the filtered sales; no card data, phone numbers masked to the last 4 digits. */
  *csv(filter: SaleListFilter): Generator<string> {
    yield 'created_at,reference_id,order_id,state,brand,amount_inr,customer_phone,error_code,failure_reason\n';
    const { where, params } = this.where(filter);
    const stmt = this.db.prepare(`SELECT ${COLUMNS} FROM sales ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at, id`);
    for (const row of stmt.iterate(params) as Iterable<SaleListItem>) {
      yield [
        new Date(row.createdAt).toISOString(),
        row.referenceId,
        row.orderId ?? '',
        row.state,
        row.brandTitle,
        (row.amountPaise / 100).toFixed(2),
        row.customerPhone ? `******${row.customerPhone.slice(-4)}` : '',
        row.errorCode ?? '',
        row.failureReason ?? '',
      ]
        .map(csvCell)
        .join(',') + '\n';
    }
  }

  /** Counts and values by state and by brand, and sales by hour, for [from, to). */
  summary(from: number, to: number): {
    byState: { state: SaleState; count: number; amountPaise: number }[];
    byBrand: { productId: string; brandTitle: string; count: number; amountPaise: number }[];
    byHour: { hour: number; count: number; amountPaise: number }[];
  } {
    const params = { from, to };
    const byState = this.db
      .prepare('SELECT state, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales WHERE created_at >= @from AND created_at < @to GROUP BY state')
      .all(params) as { state: SaleState; count: number; amountPaise: number }[];
    const byBrand = this.db
      .prepare(`SELECT product_id AS productId, MAX(brand_title) AS brandTitle, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales
        WHERE created_at >= @from AND created_at < @to AND state = 'SUCCESS' GROUP BY product_id ORDER BY amountPaise DESC LIMIT 10`)
      .all(params) as { productId: string; brandTitle: string; count: number; amountPaise: number }[];
    // Hours of the day in India (UTC+05:30), where the counters are.
    const byHour = this.db
      .prepare(`SELECT ((created_at + 19800000) / 3600000) % 24 AS hour, count(*) AS count, SUM(amount_paise) AS amountPaise FROM sales
        WHERE created_at >= @from AND created_at < @to AND state = 'SUCCESS' GROUP BY hour ORDER BY hour`)
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
    if (filter.phone) add('customer_phone = @phone', 'phone', filter.phone);
    if (filter.reference) {
      where.push("(reference_id LIKE @ref ESCAPE '\\' OR order_id LIKE @ref ESCAPE '\\')");
      params.ref = `%${filter.reference.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    }
    return { where, params };
  }
}

/** Quotes a CSV cell and defuses spreadsheet formulas (=, +, -, @ at the start). */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}
