import type { Db } from '../../db/database.js';

/** How long queued entries wait, so a busy counter's sales go into the trigram index a batch at a time. */
const CATCH_UP_DELAY_MS = 50;

/**
 * Brings the trigram index of references and order ids (sales_ref_search) up to date after a
 * sale's commit, off the sale's critical path (schema 8). The sale's triggers queue the text
 * in sales_ref_search_pending; catchUp() moves the whole queue into the index and empties it in
 * one transaction, so running it twice, or after a crash at any point, indexes each entry
 * exactly once. A search reads the queue too (SalesHistory), so nothing queued is missed.
 *
 * The move commits with synchronous=NORMAL: the index can be rebuilt from the queue, which
 * stays until the move is durable, so it needs no fsync of its own (the next FULL commit of a
 * sale writes it to disk anyway).
 */
export class SaleSearchIndex {
  private readonly move;
  private readonly anyPending;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly db: Db) {
    const index = db.prepare('INSERT INTO sales_ref_search (sale_id, ref) SELECT sale_id, ref FROM sales_ref_search_pending');
    const clear = db.prepare('DELETE FROM sales_ref_search_pending');
    this.anyPending = db.prepare<[], number>('SELECT 1 FROM sales_ref_search_pending LIMIT 1').pluck(true);
    this.move = db.transaction(() => {
      const moved = index.run().changes;
      clear.run();
      return moved;
    });
  }

  /** Indexes everything queued; returns how many entries it moved. */
  catchUp(): number {
    if (!this.db.open || this.db.inTransaction || this.anyPending.get() !== 1) return 0;
    const durable = this.db.pragma('synchronous', { simple: true }) as number;
    this.db.pragma('synchronous = NORMAL');
    try {
      return this.move.immediate();
    } finally {
      this.db.pragma(`synchronous = ${durable}`);
    }
  }

  /** Catches up shortly, once, however many sales ask before it runs; never keeps the process alive. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      try {
        this.catchUp();
      } catch {
        // Busy or closing: the queue stays, is still searched, and the next sale or start-up moves it.
      }
    }, CATCH_UP_DELAY_MS);
    this.timer.unref();
  }
}
