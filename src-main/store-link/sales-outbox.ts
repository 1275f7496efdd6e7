import type { OrderDetail, SaleListItem } from '../contract/orders.js';
import type { Db } from '../db/database.js';
import { QUEUE_EVERY_RECORD } from '../db/migrations/environment/009-store-records-outbox.js';
import type { OutboxKind } from './outbox-drainer.js';
import type { SaleDetailExtras } from './store-wire.js';

/** A batch of sales the store server takes in one request. */
const BATCH = 100;

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
 * meanwhile keeps it for the next round).
 */
export function salesOutbox(db: Db, items: (saleIds: string[]) => (SaleListItem & { detail?: SaleDetailExtras })[]): OutboxKind {
  const next = db.prepare<[number], { sale_id: string; marked: number }>('SELECT sale_id, marked FROM store_outbox ORDER BY sale_id LIMIT ?');
  const done = db.prepare('DELETE FROM store_outbox WHERE sale_id = ? AND marked = ?');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM store_outbox');
  return {
    name: 'sales',
    async sendNext(client) {
      const batch = next.all(BATCH);
      if (batch.length === 0) return false;
      const rows = items(batch.map((b) => b.sale_id));
      if (rows.length > 0) await client.call('POST', '/sales', { body: { items: rows } });
      db.transaction(() => {
        for (const b of batch) done.run(b.sale_id, b.marked);
      })();
      return true;
    },
    pending: () => count.get()!.n,
  };
}

/** What the store needs of a sale's detail besides its list row and the records it keeps itself (payment, refund, vouchers). */
export function detailForStore(d: OrderDetail): SaleDetailExtras {
  return {
    discountPaise: d.discountPaise,
    customerPaysPaise: d.customerPaysPaise,
    paymentState: d.paymentState,
    requestIds: d.requestIds,
    failure: d.failure,
    updatedAt: d.updatedAt,
    nextCheckAt: d.nextCheckAt,
    receiptOwed: d.receiptOwed,
    retryOf: d.retryOf,
    customer: d.customer ?? null,
    delivery: d.delivery ?? null,
    canBalanceBeFetched: d.canBalanceBeFetched,
    attempts: d.attempts,
  };
}
