import type { ReprocessResult, UnrecognisedWebhook } from '../contract/index.js';
import type { Db } from '../db/database.js';

export type RecordOutcome = { kind: 'recorded'; id: number } | { kind: 'duplicate'; id: number } | { kind: 'full' };

interface Row {
  id: number;
  body: Buffer;
  event_name: string | null;
  reason: string;
  received_at: number;
  last_received_at: number;
  deliveries: number;
  last_tried_at: number | null;
}

const toView = (r: Row): UnrecognisedWebhook => ({
  id: r.id,
  receivedAt: r.received_at,
  lastReceivedAt: r.last_received_at,
  deliveries: r.deliveries,
  eventName: r.event_name,
  reason: r.reason,
  lastTriedAt: r.last_tried_at,
  bytes: r.body.length,
  rawText: r.body.toString('utf8'),
});

/**
 * The `webhook_unrecognised` table of an environment's database. Plain SQL, no event schemas:
 * the self-check can count without loading the parser. Rows leave when their event is applied
 * (or found already applied) or when a manager dismisses them, so no body stays longer than needed.
 */
export class UnrecognisedWebhooks {
  private readonly statements;

  constructor(private readonly db: Db) {
    this.statements = {
      count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM webhook_unrecognised'),
      list: db.prepare<[number], Row>('SELECT * FROM webhook_unrecognised ORDER BY id DESC LIMIT ?'),
      ids: db.prepare<[], { id: number }>('SELECT id FROM webhook_unrecognised ORDER BY id'),
      get: db.prepare<[number], Row>('SELECT * FROM webhook_unrecognised WHERE id = ?'),
      byBody: db.prepare<[string], { id: number }>('SELECT id FROM webhook_unrecognised WHERE body_sha256 = ?'),
      redelivered: db.prepare('UPDATE webhook_unrecognised SET deliveries = deliveries + 1, last_received_at = ? WHERE id = ?'),
      insert: db.prepare(
        `INSERT INTO webhook_unrecognised (body_sha256, body, event_name, reason, received_at, last_received_at, deliveries)
         VALUES (?, ?, ?, ?, ?, ?, 1)`,
      ),
      tried: db.prepare('UPDATE webhook_unrecognised SET reason = ?, last_tried_at = ? WHERE id = ?'),
      remove: db.prepare('DELETE FROM webhook_unrecognised WHERE id = ?'),
      removeByBody: db.prepare('DELETE FROM webhook_unrecognised WHERE body_sha256 = ?'),
    };
  }

  count(): number {
    return this.statements.count.get()!.n;
  }

  /** Newest first. */
  list(limit = 200): UnrecognisedWebhook[] {
    return this.statements.list.all(Math.max(1, Math.min(1000, Math.floor(limit)))).map(toView);
  }

  /** Oldest first: the order re-processing goes in. */
  ids(): number[] {
    return this.statements.ids.all().map((r) => r.id);
  }

  get(id: number): (UnrecognisedWebhook & { body: Buffer }) | null {
    const row = this.statements.get.get(id);
    return row ? { ...toView(row), body: row.body } : null;
  }

  /**
   * Keeps one delivery's bytes. A repeat of the same bytes only counts a delivery. Past `limit`
   * waiting rows a new one is refused ('full'), so the service keeps it and retries instead
   * of this table growing without bound.
   */
  record(body: Buffer, bodySha256: string, eventName: string | null, reason: string, now: number, limit: number): RecordOutcome {
    return this.db.transaction((): RecordOutcome => {
      const existing = this.statements.byBody.get(bodySha256);
      if (existing) {
        this.statements.redelivered.run(now, existing.id);
        return { kind: 'duplicate', id: existing.id };
      }
      if (this.count() >= limit) return { kind: 'full' };
      const id = Number(this.statements.insert.run(bodySha256, body, eventName?.slice(0, 200) ?? null, reason.slice(0, 500), now, now).lastInsertRowid);
      return { kind: 'recorded', id };
    })();
  }

  /** A re-process that still could not understand it: the newer parser's reason replaces the old. */
  stillUnrecognised(id: number, reason: string, now: number): void {
    this.statements.tried.run(reason.slice(0, 500), now, id);
  }

  remove(id: number): boolean {
    return this.statements.remove.run(id).changes > 0;
  }

  /** Drops the recorded copy of bytes that have now been applied by another route. */
  removeBody(bodySha256: string): void {
    this.statements.removeByBody.run(bodySha256);
  }
}

/**
 * The manager's view of signed deliveries the app could not understand: the self-check counts
 * them, a manager screen lists them, and after an update each can be run through the current
 * parser and applied (exactly once) if it is understood now, or dismissed.
 */
export interface WebhookInbox {
  count(): number;
  /** Newest first, at most `limit` (default 200). */
  unrecognised(limit?: number): UnrecognisedWebhook[];
  reprocess(id: number): Promise<ReprocessResult>;
  /** Every recorded delivery, oldest first, one after another. */
  reprocessAll(): Promise<ReprocessResult[]>;
  /** Deletes a recorded delivery (and its bytes) without applying it; false when there was none. */
  dismiss(id: number): boolean;
}
