import { z } from 'zod';
import type { SaleAttempt } from '../orders/journal/sale-record.js';
import type { SaleState } from '../orders/journal/sale-state.js';
import { DELIVERY_CHANNELS, type OrderRequestBody } from '../partner-api/types.js';
import { needs } from './define.js';
import { empty, id, saleIdInput, saleState } from './fields.js';
import type { SaleView } from './sale.js';

/**
 * The code `orders.exportCsv` refuses with when more sales match than one file holds
 * (orders/sales/orders-csv-bound.ts): nothing is exported, never a file cut short.
 */
export type ExportTooLarge = 'EXPORT_TOO_LARGE';

export const saleListFilter = z.strictObject({
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  states: z.array(saleState).max(9).optional(),
  productId: id.optional(),
  /** Substring of the referenceId or the service order id. */
  reference: z.string().min(1).max(60).optional(),
  /** The customer's whole 10-digit mobile number, or its last 4 digits. */
  phone: z.string().regex(/^(?:[0-9]{4}|[0-9]{10})$/).optional(),
  /** A counter of the store (store.counters); only a counter that belongs to a store lists others'. */
  counterId: z.string().uuid().optional(),
});
export type SaleListFilter = z.infer<typeof saleListFilter>;

/** A row of the orders list: the sale's view without vouchers and timings, with the customer's phone. */
export interface SaleListItem
  extends Pick<SaleView, 'id' | 'referenceId' | 'orderId' | 'state' | 'productId' | 'brandTitle' | 'amountPaise' | 'createdAt' | 'errorCode' | 'failureReason' | 'supportReason' | 'printCount'> {
  customerPhone: string | null;
  /** Who sold it, and their name (null when no cashier was recorded or the staff member is not known). */
  cashierId: string | null;
  cashierName: string | null;
  /** The counter that sold it, when this counter belongs to a store (Orders lists every counter's). */
  counterId?: string;
  counterName?: string;
}

export interface SaleCursor {
  createdAt: number;
  id: string;
}

export interface SalePage {
  items: SaleListItem[];
  /** Pass back as `after` for the next page; null on the last page. */
  next: SaleCursor | null;
  /** A store's counter: 'store' lists every counter; 'counter' only this one (with `notice` saying why). */
  scope?: 'store' | 'counter';
  notice?: string;
}

/** Orders' sales needing attention: the oldest of them and how many in all; a store's counter says whose, as SalePage does. */
export interface AttentionList extends Pick<SalePage, 'scope' | 'notice'> {
  items: SaleListItem[];
  total: number;
}

export interface SalesSummary {
  byState: { state: SaleState; count: number; amountPaise: number }[];
  byBrand: { productId: string; brandTitle: string; count: number; amountPaise: number }[];
  byHour: { hour: number; count: number; amountPaise: number }[];
}

export interface OrderDetail extends SaleView {
  customer: OrderRequestBody['customerDetails'] | null;
  delivery: OrderRequestBody['deliveryDetails'] | null;
  canBalanceBeFetched: boolean;
  attempts: SaleAttempt[];
  /** Another counter's sale with more attempts than the store keeps: how many between the first and the newest were left out there. */
  attemptsLeftOut?: number;
  /**
   * Another counter's sale, answered from the store's records: the counter that sold it.
   * Reprints, resends and balance checks are that counter's to do.
   */
  soldAt?: { counterId: string; counterName: string };
}

export const ordersMethods = {
  'orders.list': needs('lookUpOrders')(
    z.strictObject({
      filter: saleListFilter.default({}),
      after: z.strictObject({ createdAt: z.number().int(), id }).nullable().optional(),
      limit: z.number().int().min(1).max(200).optional(),
    }),
  ).returns<SalePage>(),
  /**
   * IN_DOUBT and NEEDS_SUPPORT sales, and SUCCESS sales whose receipt is still owed (the only
   * SUCCESS ones listed), pinned on top of Orders until a person resolves them; oldest first.
   */
  /** The oldest of them (SalesHistory's ATTENTION_SHOWN), and how many there are in all. */
  'orders.attention': needs('lookUpOrders')(empty).returns<AttentionList>(),
  'orders.detail': needs('lookUpOrders')(saleIdInput).returns<OrderDetail>(),
  /** Refused whole with EXPORT_TOO_LARGE when more sales match than one file holds (ORDERS_CSV_MAX_ROWS). */
  'orders.exportCsv': needs('seeAllTotals')(z.strictObject({ filter: saleListFilter.default({}) })).returns<{ csv: string }>(),
  'orders.summary': needs('seeAllTotals')(z.strictObject({ from: z.number().int(), to: z.number().int() })).returns<SalesSummary>(),
  'delivery.resend': needs('resendDelivery')(z.strictObject({ saleId: id, channels: z.array(z.enum(DELIVERY_CHANNELS)).min(1).max(3) })).returns<{ message: string }>(),
};
