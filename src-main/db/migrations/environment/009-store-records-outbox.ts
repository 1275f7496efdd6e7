import type Database from 'better-sqlite3';

/** The till tables a store keeps a copy of, each marked under its kind and the key the store keeps it by. */
const MARKED_BY: { table: string; kind: string; key: string }[] = [
  { table: 'shifts', kind: 'shift', key: 'id' },
  { table: 'cash_movements', kind: 'cash_movement', key: 'id' },
  { table: 'payments', kind: 'payment', key: 'id' },
  { table: 'payment_tenders', kind: 'payment', key: 'payment_id' },
  { table: 'sale_payments', kind: 'sale_payment', key: 'sale_id' },
  { table: 'refunds', kind: 'refund', key: 'payment_id' },
  { table: 'refund_tenders', kind: 'refund', key: 'payment_id' },
  { table: 'vouchers', kind: 'vouchers', key: 'sale_id' },
];

/** Queues every row already written, once: when the counter joins a store, or (below) when it belonged to one before this schema. */
export const QUEUE_EVERY_RECORD = MARKED_BY.map(
  ({ table, kind, key }) => `INSERT INTO store_records_outbox (kind, key, marked) SELECT DISTINCT '${kind}', ${key}, 1 FROM ${table} WHERE true ON CONFLICT (kind, key) DO NOTHING;`,
).join('\n');

/**
 * Environment schema 9: the outbox of the counter's money records (shifts, cash movements,
 * payments and their tenders, sale↔payment links, refunds and their tenders) and of each
 * sale's vouchers, for the store's journal of record. Like the sales outbox (schema 7) every
 * write marks its row in the writer's own commit, so a counter killed mid-way still sends it
 * after a restart; nothing is marked while the counter belongs to no store.
 */
export function environment009(db: Database.Database): void {
  const triggers = MARKED_BY.flatMap(({ table, kind, key }) =>
    ['INSERT', 'UPDATE'].map(
      (event) => `CREATE TRIGGER store_records_on_${table}_${event.toLowerCase()} AFTER ${event} ON ${table} WHEN (SELECT linked FROM store_link_state) = 1
        BEGIN INSERT INTO store_records_outbox (kind, key, marked) VALUES ('${kind}', NEW.${key}, 1) ON CONFLICT (kind, key) DO UPDATE SET marked = marked + 1; END;`,
    ),
  );
  db.exec(`
    CREATE TABLE store_records_outbox (kind TEXT NOT NULL, key TEXT NOT NULL, marked INTEGER NOT NULL, PRIMARY KEY (kind, key)) STRICT;
    ${triggers.join('\n')}
  `);
  if (db.prepare<[], { linked: number }>('SELECT linked FROM store_link_state').get()?.linked === 1) db.exec(QUEUE_EVERY_RECORD);
}
