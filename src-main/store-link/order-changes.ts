import type { KeyShelf } from '../db/kv-shelf.js';
import { OrderNotConfirmedError } from '../orders/engine/engine-outcomes.js';
import type { OrderEngine } from '../orders/engine/order-engine.js';
import type { Logger } from '../platform/logger.js';
import type { StoreClient } from './store-client.js';
import { orderChangesAnswer, type OrderChanges } from './store-wire.js';

/** How often a linked counter asks its store whether the service changed any of its orders. */
export const ORDER_CHANGES_EVERY_MS = 30_000;
/** Changes asked for at a time (the store answers at most 500). */
const CHANGES_PER_ASK = 200;
/** The longest a change waiting on the service is left before it is tried again (doubling from ORDER_CHANGES_EVERY_MS). */
const WAITING_CHANGE_MAX_BACKOFF_MS = 15 * 60_000;
/** Tries of a change the engine fails on for a reason other than the service (a busy database…) before it is passed over. */
const FAILING_CHANGE_TRIES = 5;
/**
 * How long a change may wait on the service before it is passed over (logged): the service away
 * for a day, or an answer about this one order that never settles it, must not hold up every
 * later change of this counter for good (End of day's check still finds the sale).
 */
const WAITING_CHANGE_GIVE_UP_MS = 24 * 60 * 60_000;

/**
 * The service's word on an order after its sale had an answer (a sale recorded as complete that
 * the service reversed or cancelled; a PROCESSING order that ended) is a webhook, and webhooks go
 * to the store server, not to a counter. So a linked counter asks the store for its own orders
 * whose status changed since the last change it applied, and hands each to its order engine
 * (onOrderChange), which confirms it with the service (through the store) before it moves the
 * sale. The last change applied is kept in the environment's database, per store counter id, so
 * a restart goes on from it and a counter paired again starts over. A change is taken only once
 * its sale is settled by it: one the service could not be asked about waits, with the ones after
 * it, for the next ask (the timer's asks back off while it waits).
 */
export class OrderChangesFollower {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  /** Whether the last ask failed: its cause is logged once, not every half minute while it lasts. */
  private failing = false;
  /** The change the last ask stopped at, how often it was tried, and when the timer next tries it. */
  private waiting: { seq: number; since: number; tries: number; failures: number; retryAt: number } | null = null;

  constructor(
    private readonly deps: {
      client: Pick<StoreClient, 'parsed'>;
      shelf: KeyShelf;
      counterId: string;
      engine: () => Pick<OrderEngine, 'onOrderChange'>;
      logger: Logger;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private get cursorKey(): string {
    return `store_order_changes_applied:${this.deps.counterId}`;
  }

  start(): void {
    void this.poll().catch(() => undefined);
    this.timer = setInterval(() => {
      // A change waiting on the service is not asked about every half minute (each ask is a GET and a journaled look-up).
      if (this.waiting && this.now() < this.waiting.retryAt) return;
      void this.poll().catch(() => undefined);
    }, ORDER_CHANGES_EVERY_MS);
    this.timer.unref();
  }

  /**
   * Asks the store and applies what changed (joining an ask under way); resolves to how many
   * changes were taken. Rejects when the store could not be asked: nothing was skipped, the next
   * ask starts where this one stopped.
   */
  poll(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    this.running ??= this.applyChanges()
      .then(
        (taken) => {
          this.failing = false;
          return taken;
        },
        (error: unknown) => {
          if (!this.failing) this.deps.logger.log('warn', 'store.order_changes_failed', { error });
          this.failing = true;
          throw error;
        },
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async applyChanges(): Promise<number> {
    let taken = 0;
    for (;;) {
      const after = Number(this.deps.shelf.read(this.cursorKey) ?? '0');
      const { changes } = await this.deps.client.parsed(orderChangesAnswer, 'POST', '/order-changes', { body: { after, limit: CHANGES_PER_ASK } });
      let last = after;
      for (const change of changes) {
        if (this.stopped) return taken;
        // A store answering changes out of order, or ones already applied: those are not taken.
        if (change.seq <= last) continue;
        // Not settled yet: the engine follows a PROCESSING sale on its own schedule.
        if (change.status !== 'PROCESSING' && !(await this.settledBy(change))) return taken;
        this.deps.shelf.write(this.cursorKey, String(change.seq));
        this.waiting = null;
        last = change.seq;
        taken += 1;
      }
      if (changes.length < CHANGES_PER_ASK || last === after) return taken;
    }
  }

  /**
   * Whether the change is done with: its sale moved as the service says, or there is no such sale
   * here. false while the service cannot be asked (the sale is still in doubt, or the event could
   * not be confirmed), logged when it starts waiting. A change the engine fails on for another
   * reason is tried FAILING_CHANGE_TRIES times, and one that waits WAITING_CHANGE_GIVE_UP_MS, then
   * logged and passed over, so one order cannot hold up the rest for good (End of day's check
   * still finds a sale the service disagrees with).
   */
  private async settledBy(change: OrderChanges['changes'][number]): Promise<boolean> {
    const waiting = this.waiting?.seq === change.seq ? this.waiting : { seq: change.seq, since: this.now(), tries: 0, failures: 0, retryAt: 0 };
    waiting.tries += 1;
    let failure: unknown = null;
    try {
      const sale = await this.deps.engine().onOrderChange(change.orderId, change.referenceId, change.status);
      if (sale?.state !== 'IN_DOUBT') return true;
    } catch (error) {
      failure = error;
      if (!(error instanceof OrderNotConfirmedError)) waiting.failures += 1;
    }
    const about = { orderId: change.orderId, status: change.status, tries: waiting.tries };
    if (waiting.failures >= FAILING_CHANGE_TRIES || this.now() - waiting.since >= WAITING_CHANGE_GIVE_UP_MS) {
      this.deps.logger.log('error', 'store.order_change_not_applied', { ...about, error: failure });
      return true;
    }
    if (waiting.tries === 1) this.deps.logger.log('warn', 'store.order_change_waiting', { ...about, error: failure });
    waiting.retryAt = this.now() + Math.min(WAITING_CHANGE_MAX_BACKOFF_MS, ORDER_CHANGES_EVERY_MS * 2 ** (waiting.tries - 1));
    this.waiting = waiting;
    return false;
  }
}
