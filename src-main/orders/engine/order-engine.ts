import type { CardVault } from '../../platform/card-vault.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import type { PartnerOrder } from '../../partner-api/types.js';
import type { FinishedAttempt, NewSale, NewVoucher, SaleJournal } from '../journal/sale-journal.js';
import type { SaleOutcomePatch, SaleRecord } from '../journal/sale-record.js';
import { UNFINISHED_STATES, type SaleState } from '../journal/sale-state.js';
import type { OrderApi, OrderApiError } from './order-api.js';
import { CONFIRMED_ON_EVENT, OrderFollowing } from './order-following.js';
import {
  AUTO_RESEND_WINDOW_MS,
  FOREGROUND_RESENDS,
  IN_DOUBT_RECHECK_MS,
  SPEC_PROCESSING_PROTOCOL,
  type ProcessingProtocol,
} from './processing-protocol.js';
import { FOREIGN_ANSWER, placeOutcome, recordedRefusal, RESENT_AFTER_LOGIN, saysReferenceTaken } from './place-outcome.js';
import { OrderNotConfirmedError, RecoveryPendingError, type RecoveryReport } from './engine-outcomes.js';
import { SaleWork } from './sale-work.js';
import { sealVouchers } from './seal-vouchers.js';

export interface OrderEngineDeps {
  journal: SaleJournal;
  api: OrderApi;
  clock: Clock;
  logger: Logger;
  vault: CardVault;
  newRequestId: () => string;
  /** Maps a FAILED order's failureReason to a business code (spec §7.3). */
  failureCode: (reason: string) => string;
  onSaleChanged?: (sale: SaleRecord) => void;
  protocol?: ProcessingProtocol;
}

/**
 * Places sales exactly once. The intent is committed before the request leaves; every
 * unknown outcome is settled by asking the service by reference, never by sending blindly;
 * PROCESSING follows the §3.4 protocol (OrderFollowing). Depends only on the journal interface and the order
 * API, so the same engine can later run in a relay with a different journal.
 */
export class OrderEngine {
  private readonly work: SaleWork;
  private readonly following: OrderFollowing;
  private recovery: Promise<RecoveryReport> | null = null;
  private recovered = false;

  constructor(private readonly deps: OrderEngineDeps) {
    this.work = new SaleWork(deps);
    this.following = new OrderFollowing({
      journal: deps.journal,
      api: deps.api,
      clock: deps.clock,
      work: this.work,
      protocol: deps.protocol ?? SPEC_PROCESSING_PROTOCOL,
      applyOrder: (sale, order) => this.applyOrder(sale, order),
      move: (sale, to, patch) => this.move(sale, to, patch),
      recordLookup: (sale, kind, requestIds, outcome) => this.recordLookup(sale, kind, requestIds, outcome),
    });
  }

  /** Reconciles every unfinished journal row. New sales are refused until it has finished. */
  start(): Promise<RecoveryReport> {
    this.recovery ??= this.recoverAll().finally(() => {
      this.recovered = true;
    });
    return this.recovery;
  }

  get ready(): boolean {
    return this.recovered;
  }

  /** Resolves when no sale has work in progress (tests and shutdown wait on this, never on sleeps). */
  idle(): Promise<void> {
    return this.work.idle();
  }

  stop(): void {
    this.work.stop();
  }

  /**
   * Commits the intent, sends it, and settles what can be settled while the cashier waits.
   * `withIntent` runs inside the intent's commit (the customer's payment is written there); if
   * it throws, nothing is committed and nothing is sent.
   */
  async placeSale(sale: NewSale, withIntent?: () => void): Promise<SaleRecord> {
    if (!this.recovered) throw new RecoveryPendingError();
    // The first send is journaled with the intent: one durable commit before the request leaves.
    const first = { requestId: this.deps.newRequestId(), at: this.deps.clock.now() };
    const record = this.deps.journal.insertIntent(sale, first, withIntent);
    this.deps.logger.log('info', 'sale.intent', { saleId: record.id, referenceId: record.referenceId, productId: record.productId });
    return this.work.withLock(record.id, () => this.send(record, FOREGROUND_RESENDS, { seq: 1, requestId: first.requestId }));
  }

  /**
   * Order Reached Terminal State (webhook): confirm with GET, then move forward only (CONFIRMED_ON_EVENT).
   * Rejects with OrderNotConfirmedError when the GET could not reach the service, so the delivery is not
   * recorded as applied; a NEEDS_SUPPORT or SUCCESS sale is then asked about again (TERMINAL_EVENT_RECONFIRM_MS).
   * `reportedStatus`, the event's own word: a SUCCESS sale is asked about only when the event says
   * otherwise, since the usual event for it (PROCESSING → SUCCESS, often after a poll settled it)
   * tells nothing new and would cost a GET per completed sale.
   */
  async onOrderTerminalEvent(orderId: string, reportedStatus?: string): Promise<SaleRecord | undefined> {
    const sale = this.deps.journal.getByOrderId(orderId);
    if (!sale || !CONFIRMED_ON_EVENT.includes(sale.state)) return sale;
    if (sale.state === 'SUCCESS' && reportedStatus === 'SUCCESS') return sale;
    return this.work.withLock(sale.id, async () => {
      const confirmed = await this.following.confirmTerminal(sale.id, orderId, 0);
      if (confirmed.error) throw new OrderNotConfirmedError(orderId, confirmed.error);
      return confirmed.sale;
    });
  }

  /**
   * A change to an order, told by the store server that relayed it (store-link/order-changes.ts),
   * which names the sale's reference too. A sale known by its order id takes it as a terminal
   * event. One still without its order id (its answer was lost: IN_DOUBT) cannot be found by the
   * event, so it is settled by reference, never sent again: the change is the service's word that
   * the order exists. Resolves to the sale as it stands after; undefined when no sale here has either id.
   */
  async onOrderChange(orderId: string, referenceId: string, status: string): Promise<SaleRecord | undefined> {
    if (this.deps.journal.getByOrderId(orderId)) return this.onOrderTerminalEvent(orderId, status);
    const sale = this.deps.journal.getByReference(referenceId);
    if (!sale) return undefined;
    return this.work.withLock(sale.id, async () => {
      const current = this.deps.journal.get(sale.id)!;
      return current.state === 'IN_DOUBT' ? this.resolveInDoubt(current, 0) : current;
    });
  }

  /** A person asks to check an in-doubt or stuck sale now (resending only if the service never got it). */
  async checkNow(saleId: string): Promise<SaleRecord | undefined> {
    const sale = this.deps.journal.get(saleId);
    if (!sale) return undefined;
    return this.work.withLock(saleId, async () => {
      const current = this.deps.journal.get(saleId)!;
      if (current.state === 'IN_DOUBT' || current.state === 'INTENT') return this.resolveInDoubt(current, 1);
      if ((current.state === 'PROCESSING' || current.state === 'NEEDS_SUPPORT') && current.orderId) {
        const lookup = await this.deps.api.getOrder(current.orderId);
        this.recordLookup(current, 'get', lookup.requestIds, lookup.ok ? (lookup.order?.status ?? 'NOT_FOUND') : lookup.error.code);
        return lookup.ok && lookup.order ? this.applyOrder(current, lookup.order) : current;
      }
      if (current.state === 'NEEDS_SUPPORT') {
        // Stopped without an order id (its answers disagreed): asked by reference, never sent again.
        const lookup = await this.lookupByReference(current);
        return lookup?.order ? this.applyOrder(this.deps.journal.get(saleId)!, lookup.order) : this.deps.journal.get(saleId)!;
      }
      return current;
    });
  }

  private async recoverAll(): Promise<RecoveryReport> {
    const unfinished = this.deps.journal.unfinished();
    for (const sale of unfinished) {
      try {
        await this.work.withLock(sale.id, () => this.recoverOne(sale));
      } catch (error) {
        this.deps.logger.log('error', 'sale.recovery_failed', { saleId: sale.id, error });
      }
    }
    const byState: Partial<Record<SaleState, number>> = {};
    for (const sale of unfinished) {
      const state = this.deps.journal.get(sale.id)!.state;
      byState[state] = (byState[state] ?? 0) + 1;
    }
    this.deps.logger.log('info', 'sale.recovery_done', { checked: unfinished.length, byState });
    return { checked: unfinished.length, byState };
  }

  private async recoverOne(sale: SaleRecord): Promise<SaleRecord> {
    if (sale.state === 'INTENT' || sale.state === 'IN_DOUBT') {
      // A crash or power cut left the outcome unknown: ask by reference, resend only on 404, and
      // only as soon after the first send as a resend is made without a person (the app may have
      // been down for hours: the customer has left, so Check now decides).
      const inDoubt = sale.state === 'INTENT' ? this.move(sale, 'IN_DOUBT', {}) : sale;
      return this.resolveInDoubt(inDoubt, this.mayResendUnasked(inDoubt) ? 1 : 0);
    }
    return this.following.continueProcessing(sale);
  }

  /** `journaled`: the attempt was already committed (with the intent, by placeSale). */
  private async send(sale: SaleRecord, resendsLeft: number, journaled?: { seq: number; requestId: string }): Promise<SaleRecord> {
    const { journal, api, clock, newRequestId } = this.deps;
    let requestId: string;
    let lastSeq: number;
    if (journaled) {
      ({ requestId, seq: lastSeq } = journaled);
    } else {
      requestId = newRequestId();
      const startedAt = clock.now();
      lastSeq = journal.beginAttempt(sale.id, 'place', requestId, startedAt);
      if (sale.placedAt === null) journal.touch(sale.id, sale.state, { placedAt: startedAt });
    }
    let outcome: Awaited<ReturnType<OrderApi['placeOrder']>>;
    try {
      outcome = await api.placeOrder(sale.payload, requestId, (resendId) => {
        // The client re-logged in after a 401 and sends again: that request id is journaled first too.
        journal.finishAttempt(sale.id, lastSeq, clock.now(), RESENT_AFTER_LOGIN);
        lastSeq = journal.beginAttempt(sale.id, 'place', resendId, clock.now());
      });
    } catch (error) {
      // The client is built not to throw; if it does, whether the request left is unknown.
      this.deps.logger.log('error', 'sale.client_threw', { saleId: sale.id, error });
      outcome = { kind: 'unknown', error: { code: 'CLIENT_ERROR', message: 'The request could not be completed', action: '', httpStatus: null, requestId } };
    }
    if (outcome.kind === 'accepted') {
      // The answer and the move it causes are one commit: the second and last fsync of a sale.
      const finished = { seq: lastSeq, at: clock.now(), outcome: `HTTP 2xx ${outcome.order.status}` };
      // The intent's own record is current: under the sale's lock, from its commit to here only
      // attempts were written (a resend after login). A resend of an older sale re-reads it.
      return this.applyOrder(journaled ? sale : journal.get(sale.id)!, outcome.order, finished);
    }
    const answered = { seq: lastSeq, at: clock.now(), outcome: placeOutcome(outcome.kind, outcome.error.code) };
    if (outcome.kind === 'rejected') {
      // A refusal of the first send is the service's last word: refusal and move in one commit.
      if (lastSeq === 1) return this.reject(journal.get(sale.id)!, outcome.error, answered);
      // A refusal of a *resend* may only mean "this reference already exists" (the first request
      // did land after all): look before concluding. The refusal is durable before the look-up,
      // so a crash during it is settled by resolveInDoubt without sending again.
      journal.finishAttempt(sale.id, answered.seq, answered.at, answered.outcome);
      const lookup = await this.lookupByReference(journal.get(sale.id)!);
      if (lookup?.order) return this.applyOrder(journal.get(sale.id)!, lookup.order);
      if (lookup) return this.settleRefusal(journal.get(sale.id)!, outcome.error);
      // The service could not be asked, so whether the first request landed is still unknown:
      // the sale stays in doubt. The refusal on record keeps resolveInDoubt from sending again;
      // the next look-up settles it (found: adopted; 404: refused).
      const current = journal.get(sale.id)!;
      return this.scheduleRecheck(current.state === 'IN_DOUBT' ? current : this.move(current, 'IN_DOUBT', {}));
    }
    journal.finishAttempt(sale.id, answered.seq, answered.at, answered.outcome);
    const current = journal.get(sale.id)!;
    this.deps.logger.log('warn', 'sale.in_doubt', { saleId: sale.id, requestId, code: outcome.error.code });
    const inDoubt = current.state === 'IN_DOUBT' ? current : this.move(current, 'IN_DOUBT', {});
    return this.resolveInDoubt(inDoubt, resendsLeft);
  }

  private async resolveInDoubt(sale: SaleRecord, resendsLeft: number): Promise<SaleRecord> {
    const lookup = await this.lookupByReference(sale);
    const current = this.deps.journal.get(sale.id)!;
    if (!lookup) return this.scheduleRecheck(current);
    if (lookup.order) return this.applyOrder(current, lookup.order);
    // 404: the service never created it. A refusal already on record (a crash came between it
    // and the move to REJECTED) settles the sale: that referenceId is consumed for us.
    const refusal = recordedRefusal(this.deps.journal.attempts(sale.id));
    if (refusal) return this.settleRefusal(current, refusal);
    // Otherwise the same referenceId may be sent again (§4.4).
    if (resendsLeft > 0) return this.send(current, resendsLeft - 1);
    return this.scheduleRecheck(current);
  }

  /** By-reference lookup; null when the service could not be asked (network, 5xx, 401 …). */
  private async lookupByReference(sale: SaleRecord): Promise<{ order: PartnerOrder | null } | null> {
    const lookup = await this.deps.api.getOrderByReference(sale.referenceId).catch((error: unknown) => {
      this.deps.logger.log('error', 'sale.client_threw', { saleId: sale.id, error });
      return null;
    });
    if (!lookup) return null;
    this.recordLookup(sale, 'lookup', lookup.requestIds, lookup.ok ? (lookup.order?.status ?? 'NOT_FOUND') : lookup.error.code);
    if (!lookup.ok) return null;
    if (lookup.order && lookup.order.referenceId !== sale.referenceId) {
      this.deps.logger.log('error', 'sale.lookup_mismatch', { saleId: sale.id, orderId: lookup.order.id });
      return null;
    }
    return { order: lookup.order };
  }

  /** `finished`: the attempt that brought `order`, closed in the same commit as the move. */
  private applyOrder(sale: SaleRecord, order: PartnerOrder, finished?: FinishedAttempt): SaleRecord {
    if (order.referenceId !== sale.referenceId || (sale.orderId !== null && order.id !== sale.orderId)) return this.ignoreForeignAnswer(sale, order, finished);
    const now = this.deps.clock.now();
    switch (order.status) {
      case 'SUCCESS':
        return this.move(sale, 'SUCCESS', { orderId: order.id, nextCheckAt: null, supportReason: null }, sealVouchers(order.vouchers, this.deps.vault), finished);
      case 'FAILED': {
        const reason = order.failureReason ?? 'Voucher generation failed';
        return this.move(sale, 'FAILED', { orderId: order.id, failureReason: reason, errorCode: this.deps.failureCode(reason), nextCheckAt: null }, [], finished);
      }
      case 'CANCELLED':
      case 'REVERSED': {
        // Vouchers the service issued before cancelling (delivered by SMS or e-mail while the sale
        // waited) are kept: the customer may hold them, so a manager decides about the money.
        const issued = sale.state === 'SUCCESS' ? [] : sealVouchers(order.vouchers, this.deps.vault);
        return this.move(sale, order.status as 'CANCELLED' | 'REVERSED', { orderId: order.id, nextCheckAt: null }, issued, finished);
      }
      default: {
        // PROCESSING, or a status this version does not know: not final, keep following it.
        const placedAt = sale.placedAt ?? now;
        if (sale.state === 'PROCESSING') {
          if (finished) this.deps.journal.finishAttempt(sale.id, finished.seq, finished.at, finished.outcome);
          return this.following.continueProcessing(sale);
        }
        if (sale.state === 'NEEDS_SUPPORT') {
          // Still not final: it stays with support, but under its order id from now on, so that its
          // terminal event (and Check now) find the order.
          if (finished) this.deps.journal.finishAttempt(sale.id, finished.seq, finished.at, finished.outcome);
          if (sale.orderId === null) this.deps.journal.touch(sale.id, 'NEEDS_SUPPORT', { orderId: order.id });
          return this.deps.journal.get(sale.id)!;
        }
        // The first check time rides on the move, so continueProcessing has nothing more to commit.
        const nextCheckAt = this.following.nextProcessingCheck(placedAt, sale.pollCount, now);
        return this.following.continueProcessing(this.move(sale, 'PROCESSING', { orderId: order.id, placedAt, nextCheckAt }, [], finished));
      }
    }
  }

  /**
   * An answer about another order (a proxy's, cache's or relay's mix-up) is never applied: it
   * would seal another customer's cards into this sale, or refund a sale that went through.
   * The sale keeps being followed as if no answer had come.
   */
  private ignoreForeignAnswer(sale: SaleRecord, order: PartnerOrder, finished?: FinishedAttempt): SaleRecord {
    this.deps.logger.log('error', 'sale.answer_mismatch', { saleId: sale.id, referenceId: sale.referenceId, orderId: sale.orderId, answeredOrderId: order.id });
    if (finished) this.deps.journal.finishAttempt(sale.id, finished.seq, finished.at, FOREIGN_ANSWER);
    switch (sale.state) {
      case 'PROCESSING':
        return this.following.continueProcessing(sale);
      case 'INTENT':
        return this.scheduleRecheck(this.move(sale, 'IN_DOUBT', {}));
      case 'IN_DOUBT':
        return this.scheduleRecheck(sale);
      default:
        return sale;
    }
  }

  private scheduleRecheck(sale: SaleRecord): SaleRecord {
    if (sale.state !== 'IN_DOUBT') return sale;
    const checks = this.deps.journal.attempts(sale.id).filter((a) => a.kind === 'lookup').length;
    const delay = IN_DOUBT_RECHECK_MS[Math.min(checks - 1, IN_DOUBT_RECHECK_MS.length - 1)] ?? IN_DOUBT_RECHECK_MS[0];
    const at = this.deps.clock.now() + delay;
    this.deps.journal.touch(sale.id, 'IN_DOUBT', { nextCheckAt: at });
    this.work.schedule(sale.id, at, () =>
      this.work.withLock(sale.id, async () => {
        const current = this.deps.journal.get(sale.id);
        if (current?.state !== 'IN_DOUBT') return;
        await this.resolveInDoubt(current, this.mayResendUnasked(current) ? 1 : 0);
      }),
    );
    return this.deps.journal.get(sale.id)!;
  }

  /** Whether an in-doubt sale may still be resent with nobody asking (AUTO_RESEND_WINDOW_MS after its first send). */
  private mayResendUnasked(sale: SaleRecord): boolean {
    return this.deps.clock.now() - (sale.placedAt ?? sale.createdAt) <= AUTO_RESEND_WINDOW_MS;
  }

  /**
   * A refusal on record and a look-up that finds no order: REJECTED, unless the refusal said the
   * reference is taken. Then the answers disagree and the order may exist (a look-up lagging
   * behind, or a store server that knows the reference under this counter's previous pairing):
   * neither refunded nor sent again, it waits for a person.
   */
  private settleRefusal(sale: SaleRecord, refusal: Pick<OrderApiError, 'code' | 'message'>): SaleRecord {
    if (!saysReferenceTaken(refusal.code)) return this.reject(sale, refusal);
    this.deps.logger.log('error', 'sale.reference_taken_not_found', { saleId: sale.id, referenceId: sale.referenceId, code: refusal.code });
    // A resend after a fresh login is refused while the sale is still INTENT: in doubt first (the journal's only way on).
    const inDoubt = sale.state === 'INTENT' ? this.move(sale, 'IN_DOUBT', {}) : sale;
    return this.move(inDoubt, 'NEEDS_SUPPORT', {
      nextCheckAt: null,
      supportReason:
        `Sending reference ${sale.referenceId} again was refused because the reference is in use (${refusal.code}), ` +
        'yet no order is found under it, so it may have gone through; the app stopped here.',
    });
  }

  /** `answered`: the refused attempt, closed in the same commit as the move. */
  private reject(sale: SaleRecord, error: Pick<OrderApiError, 'code' | 'message'>, answered?: FinishedAttempt): SaleRecord {
    return this.move(sale, 'REJECTED', { errorCode: error.code, failureReason: error.message, nextCheckAt: null }, [], answered);
  }

  private move(sale: SaleRecord, to: SaleState, patch: SaleOutcomePatch, vouchers?: NewVoucher[], finished?: FinishedAttempt): SaleRecord {
    const result = this.deps.journal.transition(sale.id, sale.state, to, patch, vouchers, finished);
    if (result.applied) {
      this.deps.logger.log('info', 'sale.state', { saleId: sale.id, from: sale.state, to, orderId: result.record.orderId });
      if (!UNFINISHED_STATES.includes(to)) this.work.cancel(sale.id);
      this.deps.onSaleChanged?.(result.record);
    } else if (result.record.state !== to) {
      this.deps.logger.log('warn', 'sale.transition_refused', { saleId: sale.id, from: result.record.state, to });
    }
    return result.record;
  }

  private recordLookup(sale: SaleRecord, kind: 'lookup' | 'poll' | 'get', requestIds: string[], outcome: string): void {
    const now = this.deps.clock.now();
    for (const requestId of requestIds) {
      const seq = this.deps.journal.beginAttempt(sale.id, kind, requestId, now);
      this.deps.journal.finishAttempt(sale.id, seq, now, outcome);
    }
  }
}
