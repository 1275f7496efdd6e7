import type { Clock } from '../../platform/clock.js';
import type { PartnerOrder } from '../../partner-api/types.js';
import type { SaleJournal } from '../journal/sale-journal.js';
import type { SaleOutcomePatch, SaleRecord } from '../journal/sale-record.js';
import { UNFINISHED_STATES, type SaleState } from '../journal/sale-state.js';
import type { OrderApi, OrderApiError } from './order-api.js';
import { TERMINAL_EVENT_RECONFIRM_MS, type ProcessingProtocol } from './processing-protocol.js';
import type { SaleWork } from './sale-work.js';

/**
 * States in which a terminal event is confirmed and applied: the sales still waiting for their
 * outcome, and completed ones, which the service may cancel or reverse afterwards (§3.1; the
 * journal's SUCCESS → CANCELLED | REVERSED). In any other the sale is settled for good or not yet sent.
 */
export const CONFIRMED_ON_EVENT: readonly SaleState[] = ['PROCESSING', 'NEEDS_SUPPORT', 'IN_DOUBT', 'SUCCESS'];

/** What following takes from the order engine: its journal, API, clock and per-sale work, and how it applies an answer, moves a sale and journals a look-up. */
export interface OrderFollowingDeps {
  journal: SaleJournal;
  api: OrderApi;
  clock: Clock;
  work: SaleWork;
  protocol: ProcessingProtocol;
  applyOrder: (sale: SaleRecord, order: PartnerOrder) => SaleRecord;
  move: (sale: SaleRecord, to: SaleState, patch: SaleOutcomePatch) => SaleRecord;
  recordLookup: (sale: SaleRecord, kind: 'poll' | 'get', requestIds: string[], outcome: string) => void;
}

/**
 * The order engine's following of an order the service has taken: the §3.4 polls of a
 * PROCESSING sale, handing it to support when they run out, and the confirming GET of a
 * terminal event (asked again later for a NEEDS_SUPPORT or SUCCESS sale when the service cannot
 * be reached).
 */
export class OrderFollowing {
  constructor(private readonly deps: OrderFollowingDeps) {}

  /** One confirming GET of a terminal event; `reconfirms`: how many were scheduled before this one. */
  async confirmTerminal(saleId: string, orderId: string, reconfirms: number): Promise<{ sale: SaleRecord; error?: OrderApiError }> {
    const current = this.deps.journal.get(saleId)!;
    if (!CONFIRMED_ON_EVENT.includes(current.state)) return { sale: current };
    const lookup = await this.deps.api.getOrder(orderId);
    this.deps.recordLookup(current, 'get', lookup.requestIds, lookup.ok ? (lookup.order?.status ?? 'NOT_FOUND') : lookup.error.code);
    if (lookup.ok) {
      const order = lookup.order;
      // A completed sale the service still calls SUCCESS is as it was: its vouchers are stored already.
      if (!order || (current.state === 'SUCCESS' && order.status === 'SUCCESS')) return { sale: current };
      return { sale: this.deps.applyOrder(current, order) };
    }
    // PROCESSING and IN_DOUBT sales are still polled or rechecked; NEEDS_SUPPORT and SUCCESS ones
    // nothing else asks about, so a person would never learn what the event said.
    const delay = TERMINAL_EVENT_RECONFIRM_MS[reconfirms];
    if (!UNFINISHED_STATES.includes(current.state) && delay !== undefined) {
      this.deps.work.schedule(saleId, this.deps.clock.now() + delay, () => this.deps.work.withLock(saleId, () => this.confirmTerminal(saleId, orderId, reconfirms + 1)));
    }
    return { sale: current, error: lookup.error };
  }

  /** Schedules the next §3.4 step for a PROCESSING sale: a poll, or giving up at 15 minutes. */
  continueProcessing(sale: SaleRecord): SaleRecord {
    if (sale.state !== 'PROCESSING') return sale;
    const placedAt = sale.placedAt ?? sale.createdAt;
    const nextAt = this.nextProcessingCheck(placedAt, sale.pollCount, this.deps.clock.now());
    if (nextAt === null) return this.giveUp(sale);
    this.deps.work.schedule(sale.id, nextAt, () => this.processingStep(sale.id));
    if (sale.nextCheckAt === nextAt) return sale;
    this.deps.journal.touch(sale.id, 'PROCESSING', { nextCheckAt: nextAt });
    return this.deps.journal.get(sale.id)!;
  }

  /** When a PROCESSING sale is next checked (§3.4), or null when it is time to give up. */
  nextProcessingCheck(placedAt: number, pollCount: number, now: number): number | null {
    const { protocol } = this.deps;
    const pollsLeft = pollCount < protocol.pollOffsetsMs.length;
    const giveUpAt = placedAt + protocol.giveUpAfterMs;
    if (!pollsLeft && now >= giveUpAt) return null;
    return pollsLeft ? Math.max(now, placedAt + protocol.pollOffsetsMs[pollCount]!) : giveUpAt;
  }

  private async processingStep(saleId: string): Promise<void> {
    await this.deps.work.withLock(saleId, async () => {
      const sale = this.deps.journal.get(saleId);
      if (!sale || sale.state !== 'PROCESSING') return;
      if (sale.pollCount >= this.deps.protocol.pollOffsetsMs.length) {
        this.giveUp(sale);
        return;
      }
      const pollCount = sale.pollCount + 1;
      this.deps.journal.touch(saleId, 'PROCESSING', { pollCount });
      const lookup = sale.orderId ? await this.deps.api.getOrder(sale.orderId) : await this.deps.api.getOrderByReference(sale.referenceId);
      this.deps.recordLookup(sale, 'poll', lookup.requestIds, lookup.ok ? (lookup.order?.status ?? 'NOT_FOUND') : lookup.error.code);
      const current = this.deps.journal.get(saleId)!;
      if (lookup.ok && lookup.order) this.deps.applyOrder(current, lookup.order);
      else this.continueProcessing(current);
    });
  }

  private giveUp(sale: SaleRecord): SaleRecord {
    // No advice here: the service may still complete the order, and the screens say what to do.
    // The request ids travel with the sale's attempts, not in this sentence.
    return this.deps.move(sale, 'NEEDS_SUPPORT', {
      nextCheckAt: null,
      supportReason:
        `Still PROCESSING ${Math.round(this.deps.protocol.giveUpAfterMs / 60_000)} minutes after it was placed (${sale.pollCount} checks), so the app stopped asking; ` +
        `order ${sale.orderId ?? '(none)'}, reference ${sale.referenceId}.`,
    });
  }
}
