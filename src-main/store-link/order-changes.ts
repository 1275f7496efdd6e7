import type { KeyShelf } from '../db/kv-shelf.js';
import { OrderNotConfirmedError, type OrderEngine } from '../orders/engine/order-engine.js';
import type { Logger } from '../platform/logger.js';
import type { StoreClient } from './store-client.js';
import { orderChangesAnswer } from './store-wire.js';

/** How often a linked counter asks its store whether the service changed any of its orders. */
export const ORDER_CHANGES_EVERY_MS = 30_000;
/** Changes asked for at a time (the store answers at most 500). */
const CHANGES_PER_ASK = 200;

/**
 * The service's word on an order after its sale had an answer (a sale recorded as complete that
 * the service reversed or cancelled; a PROCESSING order that ended) is a webhook, and webhooks go
 * to the store server, not to a counter. So a linked counter asks the store for its own orders
 * whose status changed since the last change it applied, and hands each to its order engine as a
 * terminal event, which confirms it with a GET (through the store) before it moves the sale. The
 * last change applied is kept in the environment's database, per store counter id, so a restart
 * goes on from it and a counter paired again starts over.
 */
export class OrderChangesFollower {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  /** Whether the last ask failed: its cause is logged once, not every half minute while it lasts. */
  private failing = false;

  constructor(
    private readonly deps: {
      client: Pick<StoreClient, 'parsed'>;
      shelf: KeyShelf;
      counterId: string;
      engine: () => Pick<OrderEngine, 'onOrderTerminalEvent'>;
      logger: Logger;
    },
  ) {}

  private get cursorKey(): string {
    return `store_order_changes_applied:${this.deps.counterId}`;
  }

  start(): void {
    void this.poll().catch(() => undefined);
    this.timer = setInterval(() => void this.poll().catch(() => undefined), ORDER_CHANGES_EVERY_MS);
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
        if (change.status !== 'PROCESSING' && !(await this.applied(change.orderId, change.status))) return taken;
        this.deps.shelf.write(this.cursorKey, String(change.seq));
        last = change.seq;
        taken += 1;
      }
      if (changes.length < CHANGES_PER_ASK || last === after) return taken;
    }
  }

  /**
   * false when the service could not be asked to confirm it: this change and the ones after it
   * wait for the next ask. Any other failure is logged and the change is passed over, so one
   * order cannot hold up the rest (End of day's check still finds a sale the service disagrees with).
   */
  private async applied(orderId: string, status: string): Promise<boolean> {
    try {
      await this.deps.engine().onOrderTerminalEvent(orderId, status);
      return true;
    } catch (error) {
      if (error instanceof OrderNotConfirmedError) return false;
      this.deps.logger.log('error', 'store.order_change_not_applied', { orderId, status, error });
      return true;
    }
  }
}
