import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_CSV_MAX_ROWS } from '../../src-main/orders/sales/orders-csv-bound.js';
import { sellingCounter, sql, startClusterStore, type ClusterStore, type Counter } from './store-harness.js';

const T0 = 1_764_000_000_000;

/**
 * The store's orders CSV is built whole in memory and sent as one answer: an export of more
 * sales than ORDERS_CSV_MAX_ROWS is refused with a reason the manager can act on, and nothing of
 * it is built; one of at most that many is exported whole.
 */
describe('the store’s orders CSV, bounded', () => {
  let store: ClusterStore;
  let till: Counter;
  let managerId = '';
  const exportCsv = (filter: Record<string, unknown>) => till.call('/store/v1/contract/orders.exportCsv', { body: { filter }, staffId: managerId });

  beforeAll(async () => {
    store = await startClusterStore('store_csv_bound');
    till = await sellingCounter(store.server, 'Till 1');
    managerId = [...till.sessions.keys()].at(-1)!;
    // One more sale than an export holds, a second apart, each with a detail the file does not need.
    const item = { referenceId: 'POS-B', orderId: 'ORD-B', state: 'SUCCESS', productId: 'TEST_FIXED_STANDARD', brandTitle: 'Test brand', amountPaise: 50_000, createdAt: T0,
      errorCode: null, failureReason: null, supportReason: null, printCount: 1, customerPhone: null, cashierId: null, cashierName: null };
    const attempts = Array.from({ length: 50 }, (_, i) => ({ seq: i + 1, kind: 'lookup', requestId: `req-${i}`, startedAt: T0, finishedAt: T0, outcome: 'unknown yet' }));
    await sql(
      store.databaseUrl,
      `INSERT INTO counter_sales (counter_id, sale_id, store_id, reference_id, created_at, state, item, detail)
       SELECT $1, 'sale-' || lpad(g::text, 6, '0'), 'main', 'POS-B-' || g, $2::bigint + g * 1000, 'SUCCESS',
              $3::jsonb || jsonb_build_object('id', 'sale-' || lpad(g::text, 6, '0'), 'referenceId', 'POS-B-' || g, 'createdAt', $2::bigint + g * 1000),
              jsonb_build_object('discountPaise', 2500, 'attempts', $4::jsonb)
         FROM generate_series(1, $5::int) g`,
      [till.id, T0, item, JSON.stringify(attempts), ORDERS_CSV_MAX_ROWS + 1],
    );
  }, 120_000);
  afterAll(() => store?.close(), 60_000);

  it('refuses an export of more sales than it holds, saying to choose a shorter period', async () => {
    const refused = await exportCsv({});
    expect(refused.status).toBe(422);
    expect(refused.json.error.code).toBe('EXPORT_TOO_LARGE');
    expect(refused.json.error.message).toMatch(/More than 50,000 sales match.*nothing was exported.*shorter period/);
  });

  it('exports every sale of a period within the bound, oldest first, with its discount', async () => {
    // The period up to (not including) the last sale: exactly as many as an export holds.
    const answer = await exportCsv({ from: T0, to: T0 + (ORDERS_CSV_MAX_ROWS + 1) * 1000 });
    expect(answer.status).toBe(200);
    const [header, ...rows] = (answer.json.csv as string).replace(/^\uFEFF/, '').trimEnd().split('\n');
    expect(header).toMatch(/^created_at_ist,counter,/);
    expect(rows).toHaveLength(ORDERS_CSV_MAX_ROWS);
    expect(rows[0]).toContain('POS-B-1,ORD-B,SUCCESS,Test brand,500.00,25.00,475.00,475.00,');
    expect(rows.at(-1)).toContain(`POS-B-${ORDERS_CSV_MAX_ROWS},`);
  });
});
