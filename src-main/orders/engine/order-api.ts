import type { OrderRequestBody, PartnerOrder } from '../../partner-api/types.js';

/** The slice of the Partner API client the order engine needs; the client implements it. */
export interface OrderApiError {
  code: string;
  message: string;
  action: string;
  httpStatus: number | null;
  requestId: string | null;
}

export type PlaceOutcome =
  | { kind: 'accepted'; order: PartnerOrder; requestId: string }
  /** A 4xx: the service refused it; the referenceId is treated as consumed. */
  | { kind: 'rejected'; error: OrderApiError }
  /** Timeout, reset, 5xx, unreadable 2xx: the order may or may not exist. */
  | { kind: 'unknown'; error: OrderApiError };

export type OrderLookup =
  | { ok: true; order: PartnerOrder | null; requestIds: string[] }
  | { ok: false; error: OrderApiError; requestIds: string[] };

export interface OrderApi {
  /** `onResend` runs before the client itself resends (after a 401 and a fresh login) with the new X-REQUEST-ID. */
  placeOrder(body: OrderRequestBody, requestId: string, onResend: (requestId: string) => void): Promise<PlaceOutcome>;
  /** `order: null` is the service's 404: no order has this reference. */
  getOrderByReference(referenceId: string): Promise<OrderLookup>;
  getOrder(orderId: string): Promise<OrderLookup>;
}
