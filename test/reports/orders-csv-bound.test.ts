import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportTooLarge, ORDERS_CSV_MAX_ROWS } from '../../src-main/orders/sales/orders-csv-bound.js';
import { bridgeHarness, setUpCounter, type BridgeHarness } from '../bridge/bridge-harness.js';

const T0 = Date.UTC(2026, 10, 2, 4, 30);
const MANAGER_PIN = '2580';

/**
 * The counter's own orders CSV is built whole in memory and handed over as one answer: like the
 * store server's, an export of more sales than ORDERS_CSV_MAX_ROWS (the real bound, not a test's)
 * is refused whole, counted before any row is read; one of at most that many is exported whole.
 */
describe('the counter’s orders CSV, bounded', () => {
  let h: BridgeHarness;

  beforeAll(async () => {
    h = await bridgeHarness();
    const { managerId } = await setUpCounter(h);
    await h.ok('staff.signIn', { staffId: managerId, pin: MANAGER_PIN });
    // One more sale than an export holds, a second apart, straight into the journal.
    h.core.env().db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < @count)
         INSERT INTO sales (id, reference_id, state, product_id, brand_title, brand_snapshot, payload, amount_paise, order_id, created_at, placed_at, updated_at)
         SELECT printf('bulk-%06d', i), printf('POS-BULK-%06d', i), 'SUCCESS', 'TEST_FIXED_STANDARD', 'Test brand', '{}', '{}', 50000,
                printf('ORD-%06d', i), @t0 + i * 1000, @t0 + i * 1000, @t0 + i * 1000 FROM n`,
      )
      .run({ count: ORDERS_CSV_MAX_ROWS + 1, t0: T0 });
  }, 120_000);
  afterAll(async () => h?.close());

  const audited = () => h.core.audit.list({ limit: 1000 }).filter((e) => e.action === 'export.csv');

  it('refuses an export of more sales than one file holds, saying so, and builds none of it', async () => {
    const csv = vi.spyOn(h.core.env().history, 'csv');
    const refused = await h.call('orders.exportCsv', { filter: {} });
    expect(refused).toEqual({ ok: false, error: { code: 'EXPORT_TOO_LARGE', message: exportTooLarge('counter') } });
    expect(refused.error.message).toMatch(/^More than 50,000 sales match.*nothing was exported.*shorter period/);
    expect(csv).not.toHaveBeenCalled();
    expect(audited()).toEqual([]);
    csv.mockRestore();
  });

  it('exports every sale of a period within the bound, oldest first', async () => {
    const before = audited().length;
    // The period up to (not including) the last sale: exactly as many as an export holds.
    const { csv } = (await h.ok('orders.exportCsv', { filter: { from: T0, to: T0 + (ORDERS_CSV_MAX_ROWS + 1) * 1000 } })) as { csv: string };
    const [header, ...rows] = csv.replace(/^\uFEFF/, '').trimEnd().split('\n');
    expect(header).toMatch(/^created_at_ist,cashier,reference_id,/);
    expect(rows).toHaveLength(ORDERS_CSV_MAX_ROWS);
    expect(rows[0]).toContain(',POS-BULK-000001,ORD-000001,SUCCESS,Test brand,500.00,');
    expect(rows.at(-1)).toContain(`,POS-BULK-0${ORDERS_CSV_MAX_ROWS},`);
    expect(audited()).toHaveLength(before + 1);
  });
});
