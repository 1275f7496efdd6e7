import type { AuditLog } from '../../audit/audit-log.js';
import type { ExportTooLarge, OrderDetail, SaleCursor, SaleListFilter, SaleListItem, SalePage, SalesSummary } from '../../contract/index.js';
import { EXPORT_TOO_LARGE, exportTooLarge, ORDERS_CSV_MAX_ROWS } from '../../orders/sales/orders-csv-bound.js';
import type { SaleListRow } from '../../orders/sales/sales-history.js';
import type { DeliveryChannel } from '../../partner-api/types.js';
import type { StaffService } from '../../staff/staff-service.js';
import type { ResendResult } from '../../vouchers/voucher-service.js';
import type { EnvironmentContext } from '../environment-context.js';

/** An orders CSV, or why none was made (nothing was built). */
export type CsvExport = { ok: true; csv: string } | { ok: false; code: ExportTooLarge; message: string };

/** The manager's view of the current environment's journal. */
export interface OrdersFacade {
  list(filter: SaleListFilter, page: { after: SaleCursor | null; limit?: number }): SalePage;
  /** These sales' list rows, cashiers named. */
  rows(saleIds: string[]): SaleListItem[];
  /** In-doubt and stuck sales, oldest first. */
  /** The oldest ATTENTION_SHOWN of them. */
  attention(): SaleListItem[];
  attentionTotal(): number;
  detail(saleId: string): OrderDetail | undefined;
  /**
   * The filtered sales as CSV for a spreadsheet (byte-order mark, India times, cashier names,
   * tenders; no card data, phones masked); every export is audited with who made it. More than
   * the bound's sales (ORDERS_CSV_MAX_ROWS) are refused, counted before any row is read, and
   * nothing is audited.
   */
  exportCsv(filter: SaleListFilter, actor: string): CsvExport;
  summary(from: number, to: number): SalesSummary;
  /** Asks the service to deliver a successful sale's vouchers again; audited by the voucher service. */
  resend(saleId: string, channels: DeliveryChannel[], actor: string): Promise<ResendResult>;
}

export function ordersFacade(env: () => EnvironmentContext, audit: AuditLog, staff: StaffService): OrdersFacade {
  /** Staff names by id, each read once per answer (a page names a handful of people). */
  const staffNames = (): ((id: string) => string) => {
    const names = new Map<string, string>();
    return (id) => names.get(id) ?? names.set(id, staff.nameOf(id)).get(id)!;
  };
  const named = (rows: SaleListRow[]): SaleListItem[] => {
    const name = staffNames();
    return rows.map((row) => ({ ...row, cashierName: row.cashierId === null ? null : name(row.cashierId) }));
  };
  return {
    list(filter, page) {
      const found = env().history.list(filter, page);
      return { items: named(found.items), next: found.next };
    },
    rows: (saleIds) => named(env().history.rowsByIds(saleIds)),
    attention: () => named(env().history.needingAttention()),
    attentionTotal: () => env().history.countNeedingAttention(),
    detail(saleId) {
      const { journal, viewSale } = env();
      const sale = journal.get(saleId);
      if (!sale) return undefined;
      return {
        ...viewSale(sale),
        customer: sale.payload.customerDetails ?? null,
        delivery: sale.payload.deliveryDetails ?? null,
        canBalanceBeFetched: sale.brandSnapshot.canBalanceBeFetched,
        attempts: journal.attempts(sale.id),
      };
    },
    exportCsv(filter, actor) {
      const { history } = env();
      // The count and the rows are read in one synchronous stretch: no sale is written in between.
      if (history.matchesMoreThan(filter, ORDERS_CSV_MAX_ROWS)) return { ok: false, code: EXPORT_TOO_LARGE, message: exportTooLarge('counter') };
      audit.append({ actor, action: 'export.csv', details: { filter } });
      return { ok: true, csv: [...history.csv(filter, staffNames())].join('') };
    },
    summary: (from, to) => env().history.summary(from, to),
    resend: (saleId, channels, actor) => env().vouchers.resend(saleId, channels, actor),
  };
}
