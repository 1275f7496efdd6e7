import type { AuditLog } from '../../audit/audit-log.js';
import type { OrderDetail, SaleCursor, SaleListFilter, SaleListItem, SalePage, SalesSummary } from '../../contract/index.js';
import type { DeliveryChannel } from '../../partner-api/types.js';
import type { ResendResult } from '../../vouchers/voucher-service.js';
import type { EnvironmentContext } from '../environment-context.js';

/** The manager's view of the current environment's journal. */
export interface OrdersFacade {
  list(filter: SaleListFilter, page: { after: SaleCursor | null; limit?: number }): SalePage;
  /** In-doubt and stuck sales, oldest first. */
  attention(): SaleListItem[];
  detail(saleId: string): OrderDetail | undefined;
  /** The filtered sales as CSV (no card data, phones masked); every export is audited with who made it. */
  exportCsv(filter: SaleListFilter, actor: string): string;
  summary(from: number, to: number): SalesSummary;
  /** Asks the service to deliver a successful sale's vouchers again; audited by the voucher service. */
  resend(saleId: string, channels: DeliveryChannel[], actor: string): Promise<ResendResult>;
}

export function ordersFacade(env: () => EnvironmentContext, audit: AuditLog): OrdersFacade {
  return {
    list: (filter, page) => env().history.list(filter, page),
    attention: () => env().history.needingAttention(),
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
      audit.append({ actor, action: 'export.csv', details: { filter } });
      return [...env().history.csv(filter)].join('');
    },
    summary: (from, to) => env().history.summary(from, to),
    resend: (saleId, channels, actor) => env().vouchers.resend(saleId, channels, actor),
  };
}
