import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail, SaleListItem } from '../../src-main/contract/orders.js';
import { openDatabase, type Db } from '../../src-main/db/database.js';
import { memoryLogger } from '../../src-main/platform/logger.js';
import { newPairingCode } from '../../src-main/store-server/counters/counter-credentials.js';
import { storeSaleDetail } from '../../src-main/store-server/store-api/store-sale-detail.js';
import { OutboxDrainer } from '../../src-main/store-link/outbox-drainer.js';
import { pairWithStore } from '../../src-main/store-link/pairing.js';
import { detailForStore, salesOutbox } from '../../src-main/store-link/sales-outbox.js';
import { StoreClient } from '../../src-main/store-link/store-client.js';
import { tillOutbox } from '../../src-main/store-link/till-outbox.js';
import { voucherOutbox } from '../../src-main/store-link/voucher-outbox.js';
import { CardVault } from '../../src-main/platform/card-vault.js';
import { MAX_BODY_BYTES } from '../../src-main/store-link/wire/primitives.js';
import { SALE_ATTEMPTS_MAX, storeOrderDetail } from '../../src-main/store-link/store-wire.js';
import { tempDir } from '../support/temp-dir.js';
import { sql, startClusterStore, type ClusterStore } from './store-harness.js';

const T0 = 1_764_000_000_000;
/** Sale ids that sort as they are numbered (the outbox sends by sale id). */
const saleId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A sale as the counter's Orders knows it: `attempts` requests made for it, the newest at `settledAt`, `pad` characters of reason. */
function sale(n: number, { attempts = 1, state = 'SUCCESS' as OrderDetail['state'], pad = 0, brandTitle = 'Test brand', reviewDecision = null as OrderDetail['reviewDecision'] } = {}) {
  const id = saleId(n);
  const tries = Array.from({ length: attempts }, (_, i) => ({
    saleId: id,
    seq: i + 1,
    kind: i === 0 ? ('place' as const) : ('lookup' as const),
    requestId: `req-${n}-${i + 1}`,
    startedAt: T0 + i * 180_000,
    finishedAt: T0 + i * 180_000 + 1_000,
    outcome: i === attempts - 1 ? state : 'unknown yet',
  }));
  const item: SaleListItem = {
    id,
    referenceId: `POS-T-${n}`,
    orderId: state === 'SUCCESS' ? `ORD-${n}` : null,
    state,
    productId: 'TEST_FIXED_STANDARD',
    brandTitle,
    amountPaise: 50_000,
    createdAt: T0,
    errorCode: null,
    failureReason: null,
    supportReason: pad > 0 ? 'x'.repeat(Math.min(pad, 1000)) : null,
    printCount: 0,
    customerPhone: null,
    cashierId: 'staff-1',
    cashierName: 'Meera',
  };
  const detail: OrderDetail = {
    ...item,
    discountPaise: 0,
    customerPaysPaise: 50_000,
    payment: null,
    paymentState: 'KEPT',
    refund: null,
    requestIds: tries.map((a) => a.requestId),
    failure: pad > 0 ? { message: 'y'.repeat(Math.min(pad, 2000)), action: 'z'.repeat(Math.min(pad, 2000)) } : null,
    updatedAt: tries.at(-1)!.finishedAt,
    nextCheckAt: null,
    receiptOwed: false,
    retryOf: null,
    vouchers: [],
    customer: null,
    delivery: null,
    canBalanceBeFetched: false,
    attempts: tries,
    reviewDecision,
  };
  return { ...item, detail: detailForStore(detail) };
}

/**
 * A counter's outboxes against a real store server: whatever one sale's history or a batch's
 * size, and whatever one record the store refuses, the others reach the store.
 */
describe('a counter’s outboxes within the store’s limits', () => {
  let store: ClusterStore;
  let client: StoreClient;
  let dir: ReturnType<typeof tempDir>;
  let db: Db;
  let sales: Map<string, ReturnType<typeof sale>>;
  let logger: ReturnType<typeof memoryLogger>;
  let drainer: OutboxDrainer;
  let counterId = '';
  const vault = CardVault.withKey(Buffer.alloc(32, 3));

  const queue = (...list: ReturnType<typeof sale>[]) => {
    for (const s of list) {
      sales.set(s.id, s);
      db.prepare('INSERT INTO store_outbox (sale_id, marked) VALUES (?, 1) ON CONFLICT (sale_id) DO UPDATE SET marked = marked + 1').run(s.id);
    }
  };
  const atStore = async () => (await sql<{ sale_id: string }>(store.databaseUrl, 'SELECT sale_id FROM counter_sales WHERE counter_id = $1 ORDER BY sale_id', [counterId])).map((r) => r.sale_id);

  beforeAll(async () => {
    store = await startClusterStore('sales_outbox');
    const link = await pairWithStore({ url: store.server.url, code: await newPairingCode(store.server.pool, 'main'), counterName: 'Till 1' });
    counterId = link.counterId;
    client = new StoreClient(link);
  }, 120_000);
  afterAll(() => store?.close(), 60_000);

  beforeEach(async () => {
    for (const table of ['counter_vouchers', 'counter_payment_tenders', 'counter_payments', 'counter_cash_movements', 'counter_shifts', 'counter_sales']) await sql(store.databaseUrl, `DELETE FROM ${table}`);
    dir = tempDir('gv-sales-outbox-');
    db = openDatabase(join(dir.path, 'staging.db'), 'environment');
    sales = new Map();
    logger = memoryLogger();
    const items = (ids: string[]) => ids.flatMap((id) => sales.get(id) ?? []);
    drainer = new OutboxDrainer({ kinds: [salesOutbox(db, items, logger), tillOutbox(db, logger), voucherOutbox(db, vault, logger)], client, logger });
  });
  afterEach(async () => {
    await drainer.stop();
    vi.restoreAllMocks();
    db.close();
    dir.cleanup();
  });

  it('sends a sale with more attempts than the wire carries: its first and newest attempts, how many were left out, and its newest state', async () => {
    const inDoubt = sale(1, { attempts: 1_200 });
    expect(inDoubt.detail.attempts).toHaveLength(SALE_ATTEMPTS_MAX);
    queue(inDoubt, sale(2));
    await drainer.kick();
    expect(drainer.pending()).toBe(0);
    expect(await atStore()).toEqual([saleId(1), saleId(2)]);

    // Orders' detail of it at another counter, checked as that counter checks the store's answer.
    const answer = storeOrderDetail.parse(await storeSaleDetail(store.server.pool, 'main', saleId(1)));
    expect(answer.state).toBe('SUCCESS');
    expect(answer.attempts[0]).toMatchObject({ seq: 1, kind: 'place' });
    expect(answer.attempts.at(-1)).toMatchObject({ seq: 1_200, outcome: 'SUCCESS' });
    expect(answer.attemptsLeftOut).toBe(1_200 - SALE_ATTEMPTS_MAX);
    expect(answer.requestIds).toEqual(answer.attempts.map((a) => a.requestId));
    expect(answer.updatedAt).toBe(inDoubt.detail.updatedAt);
  });

  it('carries a manager’s decision on a sale to the other counters, and none where none was recorded', async () => {
    const decision = { decision: 'KEEP' as const, note: 'Vouchers were used by the customer', at: T0 + 5_000, byName: 'Asha' };
    queue(sale(1, { state: 'CANCELLED', reviewDecision: decision }), sale(2));
    await drainer.kick();
    expect(drainer.pending()).toBe(0);
    const decided = storeOrderDetail.parse(await storeSaleDetail(store.server.pool, 'main', saleId(1)));
    expect(decided.reviewDecision).toEqual(decision);
    const plain = storeOrderDetail.parse(await storeSaleDetail(store.server.pool, 'main', saleId(2)));
    expect(plain.reviewDecision).toBeNull();
  });

  it('splits a batch whose sales together pass the store’s body limit, and every sale arrives', async () => {
    const large = Array.from({ length: 100 }, (_, i) => sale(i + 1, { attempts: 40, pad: 2_000 }));
    const bytes = Buffer.byteLength(JSON.stringify({ items: large }));
    expect(bytes).toBeGreaterThan(MAX_BODY_BYTES);
    queue(...large);
    const calls = vi.spyOn(client, 'call');
    await drainer.kick();
    expect(drainer.pending()).toBe(0);
    expect(await atStore()).toHaveLength(100);
    expect(calls.mock.calls.length).toBeGreaterThanOrEqual(Math.ceil(bytes / MAX_BODY_BYTES));
    for (const [, , options] of calls.mock.calls) expect(Buffer.byteLength(JSON.stringify(options!.body))).toBeLessThanOrEqual(MAX_BODY_BYTES);
    expect(logger.lines.filter((l) => JSON.parse(l).level === 'error')).toEqual([]);
  });

  it('holds back only a sale the store refuses: the sales after it arrive, and it is reported, not resent in a loop', async () => {
    const refusedSale = sale(3, { brandTitle: 'B'.repeat(300) });
    queue(...[1, 2, 4, 5, 6, 7, 8, 9, 10].map((n) => sale(n)), refusedSale);
    await drainer.kick();
    expect(await atStore()).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10].map(saleId));
    expect(drainer.pending()).toBe(1);
    expect(drainer.refused()).toEqual([{ kind: 'sales', id: saleId(3), code: 'VALIDATION_FAILED', message: expect.stringContaining('brandTitle'), since: expect.any(Number) }]);
    const errors = logger.lines.map((l) => JSON.parse(l)).filter((l) => l.level === 'error');
    expect(errors).toEqual([expect.objectContaining({ event: 'store.outbox_row_refused', kind: 'sales', id: saleId(3), code: 'VALIDATION_FAILED' })]);

    // A sale made later still goes; the refused one is not offered again on every round.
    const calls = vi.spyOn(client, 'call');
    queue(sale(11));
    await drainer.kick();
    await drainer.kick();
    expect(await atStore()).toContain(saleId(11));
    expect(calls.mock.calls.map(([, , options]) => (options!.body as { items: { id: string }[] }).items.map((i) => i.id))).toEqual([[saleId(11)]]);
    expect(drainer.pending()).toBe(1);
  });

  it('holds back only a till record the store refuses, and the records that name it: the others arrive', async () => {
    // The first shift closed, the second open with a note longer than the store takes.
    const shift = db.prepare('INSERT INTO shifts (id, counter, opened_by, opened_at, opening_float_paise, closed_by, closed_at, expected_cash_paise, counted_cash_paise, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    shift.run('shift-1', 'Till 1', 'staff-1', T0, 10_000, 'staff-1', T0 + 1, 10_000, 10_000, null);
    shift.run('shift-2', 'Till 1', 'staff-1', T0 + 2, 10_000, null, null, null, null, 'n'.repeat(2_000));
    const move = db.prepare(`INSERT INTO cash_movements (id, shift_id, kind, amount_paise, reason, staff_id, at) VALUES (?, ?, 'PAY_IN', 500, 'Change', 'staff-1', ?)`);
    move.run('move-1', 'shift-1', T0);
    move.run('move-2', 'shift-2', T0);
    db.prepare(`INSERT INTO payments (id, shift_id, taken_by, taken_at, amount_paise, change_paise) VALUES ('pay-1', 'shift-1', 'staff-1', ?, 50000, 0)`).run(T0);
    db.prepare(`INSERT INTO payment_tenders (payment_id, seq, method, amount_paise, received_paise, reference) VALUES ('pay-1', 1, 'CASH', 50000, 50000, NULL)`).run();
    const queueRecord = db.prepare('INSERT INTO store_records_outbox (kind, key, marked) VALUES (?, ?, 1)');
    for (const [kind, key] of [['shift', 'shift-1'], ['shift', 'shift-2'], ['cash_movement', 'move-1'], ['cash_movement', 'move-2'], ['payment', 'pay-1']]) queueRecord.run(kind, key);

    await drainer.kick();
    const ids = async (table: string) => (await sql<{ id: string }>(store.databaseUrl, `SELECT id FROM ${table} WHERE counter_id = $1 ORDER BY id`, [counterId])).map((r) => r.id);
    expect([await ids('counter_shifts'), await ids('counter_cash_movements'), await ids('counter_payments')]).toEqual([['shift-1'], ['move-1'], ['pay-1']]);
    expect(drainer.refused().map((r) => [r.kind, r.id, r.code])).toEqual([
      ['till', 'shift/shift-2', 'VALIDATION_FAILED'],
      ['till', 'cash_movement/move-2', 'UNKNOWN_REFERENCE'],
    ]);
    expect(drainer.pending()).toBe(2);
  });

  it('holds back only the vouchers of a sale the store refuses: the next sale’s vouchers arrive', async () => {
    queue(sale(1), sale(2));
    const journal = db.prepare(
      `INSERT INTO sales (id, reference_id, state, product_id, brand_title, brand_snapshot, payload, amount_paise, created_at, updated_at) VALUES (?, ?, 'SUCCESS', 'TEST_FIXED_STANDARD', 'Test brand', '{}', '{}', 50000, ?, ?)`,
    );
    const voucher = db.prepare(
      `INSERT INTO vouchers (sale_id, seq, voucher_id, card_type, card_number_enc, card_pin_enc, card_number_last4, valid_till, amount_paise) VALUES (?, 1, ?, ?, ?, ?, ?, NULL, 50000)`,
    );
    for (const [n, cardType] of [[1, 'C'.repeat(60)], [2, 'CARD_AND_PIN_NO_SECURED']] as const) {
      journal.run(saleId(n), `POS-T-${n}`, T0, T0);
      voucher.run(saleId(n), `v-${n}`, cardType, vault.seal(`912345678901234${n}`), vault.seal('654321'), `234${n}`);
      db.prepare(`INSERT INTO store_records_outbox (kind, key, marked) VALUES ('vouchers', ?, 1)`).run(saleId(n));
    }

    await drainer.kick();
    expect(await sql(store.databaseUrl, 'SELECT sale_id, card_number_last4 FROM counter_vouchers WHERE counter_id = $1', [counterId])).toEqual([{ sale_id: saleId(2), card_number_last4: '2342' }]);
    expect(drainer.refused().map((r) => [r.kind, r.id, r.code])).toEqual([['vouchers', saleId(1), 'VALIDATION_FAILED']]);
    expect(drainer.pending()).toBe(1);
  });
});
