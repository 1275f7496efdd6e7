import type { RefusedRecord } from '../contract/store.js';
import type { Db } from '../db/database.js';

/**
 * The rows of one outbox the store refused on their own, each held back until a time, in the
 * counter's database (environment schema 12) so that the hold and the store's reason outlive a
 * restart.
 */
export class OutboxHolds {
  private readonly heldStatement;
  private readonly holdStatement;
  private readonly releaseStatement;
  private readonly listStatement;

  constructor(
    private readonly db: Db,
    private readonly outbox: string,
  ) {
    this.heldStatement = db.prepare<[string, number], string>('SELECT row_id FROM store_outbox_held WHERE outbox = ? AND held_until > ?').pluck();
    // A row refused again keeps the time it was first refused.
    this.holdStatement = db.prepare<[string, string, number, number, string, string], number>(
      `INSERT INTO store_outbox_held (outbox, row_id, held_until, since, code, message) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (outbox, row_id) DO UPDATE SET held_until = excluded.held_until, code = excluded.code, message = excluded.message RETURNING since`,
    ).pluck();
    this.releaseStatement = db.prepare('DELETE FROM store_outbox_held WHERE outbox = ? AND row_id = ?');
    this.listStatement = db.prepare<[string], Omit<RefusedRecord, 'kind'>>(
      'SELECT row_id AS id, code, message, since FROM store_outbox_held WHERE outbox = ? ORDER BY since, rowid',
    );
  }

  /** The ids of the rows still held at `now`. */
  heldAt(now: number): string[] {
    return this.heldStatement.all(this.outbox, now);
  }

  /** Holds a row until `until` for the store's reason; answers when the store first refused it. */
  hold(id: string, refusal: { code: string; message: string }, now: number, until: number): number {
    return this.holdStatement.get(this.outbox, id, until, now, refusal.code, refusal.message)!;
  }

  /** These rows are no longer held (the store took them, or they are gone). */
  release(ids: readonly string[]): void {
    if (ids.length === 0) return;
    this.db.transaction(() => {
      for (const id of ids) this.releaseStatement.run(this.outbox, id);
    })();
  }

  /** Every row of this outbox the store refused, held or due again, first refused first. */
  list(): RefusedRecord[] {
    return this.listStatement.all(this.outbox).map((row) => ({ kind: this.outbox, ...row }));
  }
}
