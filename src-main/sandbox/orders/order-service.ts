import { randomUUID } from 'node:crypto';
import type { CatalogStore } from '../catalog/catalog-store.js';
import type { BusinessModel } from '../catalog/brand-record.js';
import type { Clock } from '../clock.js';
import { ApiError, notFound } from '../errors.js';
import { toPaise } from '../money.js';
import type { Wallet } from '../wallet.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import type { DeliveryRecord, OrderRecord } from './order-record.js';
import type { OrderRequest } from './order-request.js';
import { checkOrder } from './order-rules.js';
import { RATE_LIMIT_REASON, type RateLimiter } from './rate-limits.js';
import { newVoucher, voucherForWire, type VoucherRecord } from './vouchers.js';

export interface OrderServiceDeps {
  clock: Clock;
  catalog: CatalogStore;
  wallet: Wallet;
  rateLimiter: RateLimiter;
  webhooks: WebhookDispatcher;
  businessModel: () => BusinessModel;
}

/**
 * Order placement and the order lifecycle of spec §3.1–§3.2. A referenceId is consumed the
 * moment an order exists — SUCCESS, FAILED or PROCESSING — and never again accepted; a
 * request refused before an order exists (a non-2xx envelope) consumes nothing, so the
 * by-reference lookup stays a truthful "was it created?" answer (spec §4.4).
 */
export class OrderService {
  readonly orders = new Map<string, OrderRecord>();
  readonly vouchers = new Map<string, VoucherRecord>();
  readonly deliveries: DeliveryRecord[] = [];
  private readonly byReference = new Map<string, string>();

  constructor(private readonly deps: OrderServiceDeps) {}

  place(req: OrderRequest, requestId: string | null): OrderRecord {
    const { clock, catalog, wallet, rateLimiter } = this.deps;
    if (this.byReference.has(req.referenceId)) {
      throw new ApiError(409, 'DUPLICATE_REFERENCE', `referenceId ${req.referenceId} has already been used`, [
        { field: 'referenceId', message: 'referenceId is consumed and cannot be reused; use a new one' },
      ]);
    }
    const brand = catalog.get(req.productId);
    checkOrder(req, brand, this.deps.businessModel());

    const now = clock.now();
    const amountPaise = toPaise(req.amount);
    const discountPaise = toPaise(req.discountAmount ?? 0);
    const order: OrderRecord = {
      id: `ord_${randomUUID().replace(/-/g, '').slice(0, 20)}`,
      referenceId: req.referenceId,
      productId: req.productId,
      status: 'PROCESSING',
      failureReason: null,
      amountPaise,
      discountPaise,
      debitedPaise: 0,
      denominationDetails: req.denominationDetails,
      customerDetails: req.customerDetails ?? null,
      deliveryDetails: req.deliveryDetails ?? null,
      createdAt: now,
      updatedAt: now,
      pending: null,
      voucherIds: [],
      requestId,
    };
    this.orders.set(order.id, order);
    this.byReference.set(order.referenceId, order.id);

    const breach = rateLimiter.breach(now, req.productId, amountPaise);
    if (breach) return this.fail(order, RATE_LIMIT_REASON);
    const behaviour = brand!.behaviour;
    const debited = wallet.atomically(() => {
      if (!wallet.debit(order.id, amountPaise - discountPaise)) return false;
      order.debitedPaise = amountPaise - discountPaise;
      if (behaviour.kind === 'fail-now') this.fail(order, behaviour.reason);
      return true;
    });
    if (!debited) return this.fail(order, 'Insufficient balance');
    rateLimiter.record(now, req.productId, amountPaise);

    switch (behaviour.kind) {
      case 'normal':
        return this.succeed(order);
      case 'fail-now':
        return order;
      case 'processing':
        order.pending = {
          at: now + behaviour.afterSecs * 1000,
          status: behaviour.outcome,
          reason: behaviour.outcome === 'FAILED' ? behaviour.reason : null,
        };
        return order;
    }
  }

  get(orderId: string): OrderRecord {
    const order = this.orders.get(orderId);
    if (!order) throw notFound(`No order with id ${orderId}`);
    return order;
  }

  getByReference(referenceId: string): OrderRecord {
    const id = this.byReference.get(referenceId);
    if (!id) throw notFound(`No order with referenceId ${referenceId}`);
    return this.orders.get(id)!;
  }

  voucher(voucherId: string): VoucherRecord {
    const voucher = this.vouchers.get(voucherId);
    if (!voucher) throw notFound(`No voucher with id ${voucherId}`);
    return voucher;
  }

  /** Moves every PROCESSING order whose outcome is due to its terminal state and announces it (§3.2). */
  resolveDue(): number {
    const now = this.deps.clock.now();
    let resolved = 0;
    for (const order of this.orders.values()) {
      if (order.status !== 'PROCESSING' || !order.pending || order.pending.at > now) continue;
      const outcome = order.pending;
      order.pending = null;
      if (outcome.status === 'SUCCESS') this.succeed(order, outcome.at);
      else this.fail(order, outcome.reason ?? 'Voucher generation failed', outcome.at);
      this.deps.webhooks.emit('ORDER_REACHED_TERMINAL_STATE', { id: order.id, status: order.status }, outcome.at);
      resolved += 1;
    }
    return resolved;
  }

  /**
   * The operator ends an order after the fact (spec §3.1: CANCELLED by a system-driven flow,
   * REVERSED by support; the transitions themselves are "not shown"): the wallet debit comes
   * back and the order is announced as a terminal one, as §3.2 does for PROCESSING outcomes.
   * Issued vouchers stay on the order: whether the service voids them is not shown either.
   */
  endByOperator(orderId: string, status: 'CANCELLED' | 'REVERSED'): OrderRecord {
    const order = this.get(orderId);
    if (order.status !== 'SUCCESS' && order.status !== 'PROCESSING') {
      throw new ApiError(409, 'ORDER_ALREADY_ENDED', `Order ${orderId} is ${order.status}; only a SUCCESS or PROCESSING order can be cancelled or reversed`);
    }
    order.pending = null;
    order.status = status;
    order.updatedAt = this.deps.clock.now();
    if (order.debitedPaise > 0) this.deps.wallet.reverse(order.id, order.debitedPaise);
    this.deps.webhooks.emit('ORDER_REACHED_TERMINAL_STATE', { id: order.id, status });
    return order;
  }

  orderForWire(order: OrderRecord): Record<string, unknown> {
    const asString = this.deps.catalog.get(order.productId)?.voucherAmountAsString ?? false;
    return {
      id: order.id,
      referenceId: order.referenceId,
      status: order.status,
      vouchers: order.voucherIds.map((id) => voucherForWire(this.vouchers.get(id)!, asString, false)),
      failureReason: order.failureReason,
    };
  }

  voucherForWire(voucher: VoucherRecord): Record<string, unknown> {
    const asString = this.deps.catalog.get(voucher.productId)?.voucherAmountAsString ?? false;
    return voucherForWire(voucher, asString, true);
  }

  recordDeliveries(order: OrderRecord, kind: DeliveryRecord['kind'], targets: { channel: DeliveryRecord['channel']; to: string }[]): void {
    const at = this.deps.clock.now();
    for (const voucherId of order.voucherIds) {
      for (const target of targets) this.deliveries.push({ at, orderId: order.id, voucherId, kind, ...target });
    }
  }

  private succeed(order: OrderRecord, at = this.deps.clock.now()): OrderRecord {
    const brand = this.deps.catalog.get(order.productId)!.wire;
    for (const { denomination, quantity } of order.denominationDetails) {
      for (let i = 0; i < quantity; i++) {
        const voucher = newVoucher({
          orderId: order.id,
          productId: order.productId,
          cardType: brand.cardType,
          amountPaise: toPaise(denomination),
          issuedAtMs: at,
          expiryMonths: brand.voucherExpiryInMonths,
          balanceFetchable: brand.canBalanceBeFetched,
        });
        this.vouchers.set(voucher.id, voucher);
        order.voucherIds.push(voucher.id);
      }
    }
    order.status = 'SUCCESS';
    order.updatedAt = at;
    // The managed delivery add-on (§4.4): one message per voucher to the recipient.
    const d = order.deliveryDetails;
    if (d) {
      const targets: { channel: DeliveryRecord['channel']; to: string }[] = [{ channel: 'SMS', to: d.recipientPhoneNumber }];
      if (d.recipientEmail) targets.push({ channel: 'EMAIL', to: d.recipientEmail });
      this.recordDeliveries(order, 'initial', targets);
    }
    return order;
  }

  private fail(order: OrderRecord, reason: string, at = this.deps.clock.now()): OrderRecord {
    order.status = 'FAILED';
    order.failureReason = reason;
    order.updatedAt = at;
    if (order.debitedPaise > 0) this.deps.wallet.reverse(order.id, order.debitedPaise);
    return order;
  }
}
