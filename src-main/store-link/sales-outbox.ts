import type { OrderDetail, SaleListItem } from '../contract/orders.js';
import type { Db } from '../db/database.js';
import { QUEUE_EVERY_RECORD } from '../db/migrations/environment/009-store-records-outbox.js';
import type { Logger } from '../platform/logger.js';
import type { OutboxKind } from './outbox-drainer.js';
import { rowOutboxKind, type OutboxRow } from './outbox-rows.js';
import { SALE_ATTEMPTS_MAX, type SaleDetailExtras } from './store-wire.js';

/** The most sales sent in one request (fewer when their details would pass the store's body limit). */
const BATCH = 100;

/** Of a sale's attempts over SALE_ATTEMPTS_MAX, the first ones sent: the order's sending and its first checks say how it began. */
const FIRST_ATTEMPTS_SENT = 10;

type SaleWire = SaleListItem & { detail?: SaleDetailExtras };

/**
 * Turns the outboxes on (environment schemas 7 and 8): the first time, every sale and money
 * record already in the journal is queued once, in the same commit that starts the triggers.
 */
export function linkOutboxes(db: Db): void {
  db.transaction(() => {
    const state = db.prepare<[], { linked: number }>('SELECT linked FROM store_link_state').get();
    if (state?.linked === 1) return;
    db.prepare('UPDATE store_link_state SET linked = 1').run();
    db.prepare('INSERT INTO store_outbox (sale_id, marked) SELECT id, 1 FROM sales WHERE true ON CONFLICT (sale_id) DO NOTHING').run();
    db.exec(QUEUE_EVERY_RECORD);
  })();
}

/**
 * This counter's sales as Orders lists them, so Orders at the store and every other counter
 * lists them. A sale leaves the outbox only when the store took it as it was when sent (a change
 * meanwhile keeps it for the next round); one the store refuses waits without holding up the
 * sales after it (rowOutboxKind), and so do the payment links, refunds and vouchers that name it.
 */
export function salesOutbox(db: Db, items: (saleIds: string[]) => SaleWire[], logger: Logger, now: () => number = Date.now): OutboxKind {
  const next = db.prepare<[string, number], { sale_id: string; marked: number }>(
    'SELECT sale_id, marked FROM store_outbox WHERE sale_id NOT IN (SELECT value FROM json_each(?)) ORDER BY sale_id LIMIT ?',
  );
  const done = db.prepare('DELETE FROM store_outbox WHERE sale_id = ? AND marked = ?');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM store_outbox');
  return rowOutboxKind<OutboxRow<SaleWire>>(
    {
      name: 'sales',
      next(skip) {
        const batch = next.all(JSON.stringify(skip), BATCH);
        const wires = new Map(items(batch.map((b) => b.sale_id)).map((item) => [item.id, item]));
        return batch.map((b) => ({ id: b.sale_id, marked: b.marked, wire: wires.get(b.sale_id) }));
      },
      async send(client, rows) {
        await client.call('POST', '/sales', { body: { items: rows.map((row) => row.wire) } });
      },
      taken(rows) {
        db.transaction(() => {
          for (const row of rows) done.run(row.id, row.marked);
        })();
      },
      pending: () => count.get()!.n,
    },
    db,
    logger,
    now,
  );
}

/** The first and the newest of `list` up to `max` in all, and how many between them were left out. */
function firstAndNewest<T>(list: T[], max: number): { kept: T[]; leftOut: number } {
  if (list.length <= max) return { kept: list, leftOut: 0 };
  return { kept: [...list.slice(0, FIRST_ATTEMPTS_SENT), ...list.slice(list.length - (max - FIRST_ATTEMPTS_SENT))], leftOut: list.length - max };
}

/**
 * What the store needs of a sale's detail besides its list row and the records it keeps itself
 * (payment, refund, vouchers), within the wire's limits: the store keeps the sale's newest state
 * whatever its history's length.
 */
export function detailForStore(d: OrderDetail): SaleDetailExtras {
  const attempts = firstAndNewest(d.attempts, SALE_ATTEMPTS_MAX);
  return {
    discountPaise: d.discountPaise,
    customerPaysPaise: d.customerPaysPaise,
    paymentState: d.paymentState,
    requestIds: firstAndNewest(d.requestIds, SALE_ATTEMPTS_MAX).kept,
    failure: d.failure,
    updatedAt: d.updatedAt,
    nextCheckAt: d.nextCheckAt,
    receiptOwed: d.receiptOwed,
    retryOf: d.retryOf,
    customer: d.customer ?? null,
    delivery: d.delivery ?? null,
    canBalanceBeFetched: d.canBalanceBeFetched,
    attempts: attempts.kept,
    ...(attempts.leftOut > 0 ? { attemptsLeftOut: attempts.leftOut } : {}),
    reviewDecision: d.reviewDecision,
  };
}
