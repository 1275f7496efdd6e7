import type { OrderRecord } from '../orders/order-record.js';
import type { SandboxState } from '../sandbox-state.js';

/** What the control surface shows of the emulated service (rupees, ISO times). */
export function describeState(state: SandboxState): Record<string, unknown> & { wallet: Record<string, number> } {
  const orders = [...state.orders.orders.values()];
  return {
    now: new Date(state.clock.now()).toISOString(),
    clockOffsetSeconds: state.clock.offsetSeconds,
    env: state.env,
    businessModel: state.businessModel,
    allowedIps: state.allowedIps,
    wallet: { balance: state.wallet.balancePaise / 100, lowBalanceThreshold: state.wallet.thresholdPaise / 100 },
    logins: state.tokens.logins,
    brands: state.catalog.size,
    orders: {
      total: orders.length,
      SUCCESS: orders.filter((o) => o.status === 'SUCCESS').length,
      FAILED: orders.filter((o) => o.status === 'FAILED').length,
      PROCESSING: orders.filter((o) => o.status === 'PROCESSING').length,
    },
    webhook: { url: state.webhooks.endpoint.url },
  };
}

export function describeOrder(order: OrderRecord): Record<string, unknown> {
  return {
    id: order.id,
    referenceId: order.referenceId,
    productId: order.productId,
    status: order.status,
    failureReason: order.failureReason,
    amount: order.amountPaise / 100,
    discountAmount: order.discountPaise / 100,
    debited: order.debitedPaise / 100,
    voucherIds: order.voucherIds,
    createdAt: new Date(order.createdAt).toISOString(),
    updatedAt: new Date(order.updatedAt).toISOString(),
    resolvesAt: order.pending ? new Date(order.pending.at).toISOString() : null,
    requestId: order.requestId,
  };
}
