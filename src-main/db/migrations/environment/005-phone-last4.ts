import type Database from 'better-sqlite3';

/**
 * Environment schema 5: orders found by the last 4 digits of the customer's phone, the part a
 * customer remembers or a receipt shows.
 *
 * An index on the expression, not a new column: adding a column to the STRICT `sales` table
 * makes SQLite re-check every row on upgrade, while this only reads the phones once and sorts
 * them. Partial like sales_by_phone: sales without a phone (most of them) are not in it.
 */
export function environment005(db: Database.Database): void {
  db.exec(`
    CREATE INDEX sales_by_phone_last4 ON sales (substr(customer_phone, -4), created_at DESC) WHERE customer_phone IS NOT NULL;
  `);
}
