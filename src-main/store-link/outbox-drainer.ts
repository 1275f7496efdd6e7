import type { RefusedRecord } from '../contract/store.js';
import type { Logger } from '../platform/logger.js';
import { StoreUnreachableError, type StoreClient } from './store-client.js';

/** When the store server cannot be reached (or refused a batch), the outbox is tried again after this long. */
export const OUTBOX_RETRY_MS = 2_000;
/** How often the outbox is looked at even when nothing said a record changed. */
export const OUTBOX_SWEEP_MS = 3_000;

/**
 * One kind of record a counter sends its store: it takes its next batch from its own outbox,
 * sends it, and lets the batch leave the outbox only once the store took it.
 */
export interface OutboxKind {
  readonly name: string;
  /** Sends the next batch waiting; false when none is. Throws when the store did not take it (the batch stays). */
  sendNext(client: StoreClient): Promise<boolean>;
  pending(): number;
  /** Rows the store refused on their own, held back so the rows after them still go (outbox-rows.ts). */
  refused?(): RefusedRecord[];
}

/**
 * Drains a counter's outboxes to its store server, kind after kind in the order given (a
 * payment's sale reaches the store before the payment does). A failure stops the round and
 * tries again later; every batch left behind is still in its outbox, which survives a crash.
 */
export class OutboxDrainer {
  private timer: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private again = false;

  constructor(private readonly deps: { kinds: OutboxKind[]; client: StoreClient; logger: Logger }) {}

  start(): void {
    void this.kick();
    // Changes made outside the order engine (a reprint, a refund, a shift) are picked up by this sweep.
    this.sweep = setInterval(() => void this.kick(), OUTBOX_SWEEP_MS);
    this.sweep.unref();
  }

  /** Sends what is waiting now (a sale just changed, or Orders is about to be read). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      // A change during a round may land in a kind that round has passed: one more round follows.
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        if (!(await this.drain())) return;
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** What waits in one kind's outbox, or in all of them. */
  pending(kind?: string): number {
    return this.deps.kinds.filter((k) => kind === undefined || k.name === kind).reduce((sum, k) => sum + k.pending(), 0);
  }

  /** Rows of every kind the store refused on their own, each still waiting in its outbox. */
  refused(): RefusedRecord[] {
    return this.deps.kinds.flatMap((k) => k.refused?.() ?? []);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.sweep) clearInterval(this.sweep);
    await this.running;
  }

  /**
   * One round over every kind; false when one failed (a retry is set). A store out of reach ends
   * the round; a kind the store refused does not hold up the kinds after it (an audit line the
   * store will not take must not keep a day's payments from it).
   */
  private async drain(): Promise<boolean> {
    let ok = true;
    for (const kind of this.deps.kinds) {
      try {
        while (!this.stopped && (await kind.sendNext(this.deps.client)));
      } catch (error) {
        this.deps.logger.log('warn', 'store.outbox_failed', { kind: kind.name, error, waiting: kind.pending() });
        ok = false;
        if (error instanceof StoreUnreachableError) break;
      }
    }
    if (!ok && !this.stopped) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.kick(), OUTBOX_RETRY_MS);
      this.timer.unref();
    }
    return ok;
  }
}
