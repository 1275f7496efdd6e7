import type { PartnerClient } from '../../partner-api/partner-client.js';
import type { PartnerError } from '../../partner-api/partner-error.js';
import type { OrderApi, OrderApiError } from './order-api.js';

const toApiError = (e: PartnerError): OrderApiError => ({
  code: e.code,
  message: e.message,
  action: e.action,
  httpStatus: e.httpStatus,
  requestId: e.requestId,
});

/**
 * The order engine's view of the Partner API client. `placeHeaders`: what a new order carries
 * besides (through a store server: who is selling, read at the moment it is sent).
 */
export function orderApiFor(client: () => PartnerClient, placeHeaders?: () => Record<string, string>): OrderApi {
  return {
    async placeOrder(body, requestId, onResend) {
      const result = await client().placeOrder(body, requestId, { beforeResend: onResend, headers: placeHeaders?.() });
      if (result.kind === 'accepted') return { kind: 'accepted', order: result.order, requestId: result.requestId };
      return { kind: result.kind, error: toApiError(result.error) };
    },
    async getOrderByReference(referenceId) {
      const result = await client().getOrderByReference(referenceId);
      return result.ok
        ? { ok: true, order: result.value, requestIds: result.requestIds }
        : { ok: false, error: toApiError(result.error), requestIds: result.requestIds };
    },
    async getOrder(orderId) {
      const result = await client().getOrder(orderId);
      return result.ok
        ? { ok: true, order: result.value, requestIds: result.requestIds }
        : { ok: false, error: toApiError(result.error), requestIds: result.requestIds };
    },
  };
}
