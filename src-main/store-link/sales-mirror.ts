import type { SaleListItem } from '../contract/orders.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../platform/logger.js';
import type { StoreClient } from './store-client.js';

/** A batch the store server takes in one request. */
const BATCH = 100;
/** When the store server cannot be reached, the outbox is tried again after this long. */
export const OUTBOX_RETRY_MS = 2_000;
/** How often the outbox is looked at even when nothing said a sale changed. */
export const OUTBOX_SWEEP_MS = 3_000;

/**
 * Sends this counter's sales to the store server, so Orders there and at every other counter
 * list them. The outbox is filled by triggers in each sale's own commit (environment schema
 * 7), so nothing is missed across a crash; a row leaves it only when the store took the sale
 * as it was when sent (a change meanwhile keeps it for the next round).
 */
export class SalesMirror {
  private timer: NodeJS.Timeout | null = null;
  private sweep: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly deps: {
      db: Db;
      client: StoreClient;
      /** The list rows of these sales, as Orders shows them. */
      items: (saleIds: string[]) => SaleListItem[];
      logger: Logger;
    },
  ) {}

  /** Turns the outbox on; the first time, every sale already in the journal is queued once. */
  start(): void {
    const { db } = this.deps;
    db.transaction(() => {
      const state = db.prepare<[], { linked: number }>('SELECT linked FROM store_link_state').get();
      if (state?.linked === 1) return;
      db.prepare('UPDATE store_link_state SET linked = 1').run();
      db.prepare('INSERT INTO store_outbox (sale_id, marked) SELECT id, 1 FROM sales WHERE true ON CONFLICT (sale_id) DO NOTHING').run();
    })();
    void this.kick();
    // Changes made outside the order engine (a reprint, a refund) are picked up by this sweep.
    this.sweep = setInterval(() => void this.kick(), OUTBOX_SWEEP_MS);
    this.sweep.unref();
  }

  /** Sends what is waiting now (a sale just changed, or Orders is about to be read). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  pending(): number {
    return this.deps.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM store_outbox').get()!.n;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.sweep) clearInterval(this.sweep);
    await this.running;
  }

  private async drain(): Promise<void> {
    const { db } = this.deps;
    for (;;) {
      const batch = db.prepare<[number], { sale_id: string; marked: number }>('SELECT sale_id, marked FROM store_outbox ORDER BY sale_id LIMIT ?').all(BATCH);
      if (batch.length === 0 || this.stopped) return;
      const items = this.deps.items(batch.map((b) => b.sale_id));
      try {
        if (items.length > 0) await this.deps.client.call('POST', '/sales', { body: { items } });
      } catch (error) {
        this.deps.logger.log('warn', 'store.outbox_failed', { error, waiting: this.pending() });
        if (!this.stopped) {
          if (this.timer) clearTimeout(this.timer);
          this.timer = setTimeout(() => void this.kick(), OUTBOX_RETRY_MS);
          this.timer.unref();
        }
        return;
      }
      const done = db.prepare('DELETE FROM store_outbox WHERE sale_id = ? AND marked = ?');
      db.transaction(() => {
        for (const b of batch) done.run(b.sale_id, b.marked);
      })();
    }
  }
}
