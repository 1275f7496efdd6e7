import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Db } from '../../db/database.js';
import { statementCache } from '../../db/statement-cache.js';
import type { AttemptKind, ReceiptWaiver, SaleAttempt, SaleOutcomePatch, SaleRecord, StoredVoucher } from './sale-record.js';
import type { FinishedAttempt, FirstSend, NewSale, NewVoucher, SaleJournal, TransitionResult } from './sale-journal.js';
import { SaleSearchIndex } from './sale-search-index.js';
import { canTransition, UNFINISHED_STATES, type SaleState } from './sale-state.js';

interface SaleRow {
  id: string;
  reference_id: string;
  state: string;
  product_id: string;
  brand_title: string;
  /** The snapshot inline (sales before schema 8) or '' with brand_snapshot_id set. */
  brand_snapshot: string;
  /** brand_snapshots.snapshot of brand_snapshot_id, joined by SALE_SELECT. */
  shared_snapshot: string | null;
  payload: string;
  amount_paise: number;
  discount_paise: number;
  customer_phone: string | null;
  order_id: string | null;
  failure_reason: string | null;
  error_code: string | null;
  support_reason: string | null;
  cashier_id: string | null;
  retry_of: string | null;
  created_at: number;
  placed_at: number | null;
  updated_at: number;
  next_check_at: number | null;
  poll_count: number;
  print_count: number;
  receipt_owed: number;
}

const toRecord = (r: SaleRow): SaleRecord => ({
  id: r.id,
  referenceId: r.reference_id,
  state: r.state as SaleState,
  productId: r.product_id,
  brandTitle: r.brand_title,
  brandSnapshot: JSON.parse(r.shared_snapshot ?? r.brand_snapshot) as SaleRecord['brandSnapshot'],
  payload: JSON.parse(r.payload) as SaleRecord['payload'],
  amountPaise: r.amount_paise,
  discountPaise: r.discount_paise,
  customerPhone: r.customer_phone,
  orderId: r.order_id,
  failureReason: r.failure_reason,
  errorCode: r.error_code,
  supportReason: r.support_reason,
  cashierId: r.cashier_id,
  retryOf: r.retry_of,
  createdAt: r.created_at,
  placedAt: r.placed_at,
  updatedAt: r.updated_at,
  nextCheckAt: r.next_check_at,
  pollCount: r.poll_count,
  printCount: r.print_count,
  receiptOwed: r.receipt_owed === 1,
});

/** A sale row with its brand snapshot, wherever that is kept; queries add `WHERE s.…`. */
const SALE_SELECT = 'SELECT s.*, b.snapshot AS shared_snapshot FROM sales s LEFT JOIN brand_snapshots b ON b.id = s.brand_snapshot_id';
/**
 * The same row as SALE_SELECT, handed back by the INSERT or UPDATE that wrote it: a sale's two
 * commits read it back in the statement that writes it rather than in a second query.
 */
const SALE_RETURNING = 'RETURNING *, (SELECT b.snapshot FROM brand_snapshots b WHERE b.id = brand_snapshot_id) AS shared_snapshot';

/** The order journal on SQLite (synchronous=FULL, set by openDatabase): durable when a call returns. */
export class SqliteSaleJournal implements SaleJournal {
  private readonly stmts;
  /** UPDATE statements by their SET list: transition/touch patches come in a handful of shapes, each prepared once. */
  private readonly updates;
  /** The trigram index of references and order ids, brought up to date after each sale's commit. */
  private readonly search: SaleSearchIndex;
  /** The last snapshot stored per brand (its JSON and row id): a brand unchanged since is not written or hashed again. */
  private readonly snapshots = new Map<string, { json: string; id: number }>();

  constructor(private readonly db: Db, private readonly now: () => number) {
    this.updates = statementCache(db);
    this.stmts = {
      insert: db.prepare<[Record<string, unknown>], SaleRow>(`INSERT INTO sales (id, reference_id, state, product_id, brand_title, brand_snapshot, brand_snapshot_id, payload,
          amount_paise, discount_paise, customer_phone, cashier_id, retry_of, created_at, placed_at, updated_at)
        VALUES (@id, @referenceId, 'INTENT', @productId, @brandTitle, '', @brandSnapshotId, @payload,
          @amountPaise, @discountPaise, @customerPhone, @cashierId, @retryOf, @createdAt, @placedAt, @createdAt) ${SALE_RETURNING}`),
      insertSnapshot: db.prepare<[string, string], { id: number }>(
        'INSERT INTO brand_snapshots (sha256, snapshot) VALUES (?, ?) ON CONFLICT (sha256) DO UPDATE SET sha256 = excluded.sha256 RETURNING id',
      ),
      get: db.prepare<[string], SaleRow>(`${SALE_SELECT} WHERE s.id = ?`),
      byRef: db.prepare<[string], SaleRow>(`${SALE_SELECT} WHERE s.reference_id = ?`),
      byOrder: db.prepare<[string], SaleRow>(`${SALE_SELECT} WHERE s.order_id = ?`),
      unfinished: db.prepare<[], SaleRow>(
        `${SALE_SELECT} WHERE s.state IN (${UNFINISHED_STATES.map((s) => `'${s}'`).join(', ')}) ORDER BY s.created_at`,
      ),
      nextAttempt: db.prepare<[string], { next: number }>('SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM sale_attempts WHERE sale_id = ?'),
      insertAttempt: db.prepare(
        'INSERT INTO sale_attempts (sale_id, seq, kind, request_id, started_at) VALUES (?, ?, ?, ?, ?)',
      ),
      finishAttempt: db.prepare('UPDATE sale_attempts SET finished_at = ?, outcome = ? WHERE sale_id = ? AND seq = ?'),
      attempts: db.prepare<[string], { sale_id: string; seq: number; kind: string; request_id: string; started_at: number; finished_at: number | null; outcome: string | null }>(
        'SELECT * FROM sale_attempts WHERE sale_id = ? ORDER BY seq',
      ),
      insertVoucher: db.prepare(`INSERT INTO vouchers (sale_id, seq, voucher_id, card_type, card_number_enc, card_pin_enc,
          card_number_last4, valid_till, amount_paise) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`),
      vouchers: db.prepare<[string], { sale_id: string; seq: number; voucher_id: string | null; card_type: string; card_number_enc: Buffer | null; card_pin_enc: Buffer | null; card_number_last4: string | null; valid_till: string | null; amount_paise: number }>(
        'SELECT * FROM vouchers WHERE sale_id = ? ORDER BY seq',
      ),
      hasVouchers: db.prepare<[string], { issued: number }>('SELECT EXISTS (SELECT 1 FROM vouchers WHERE sale_id = ?) AS issued'),
      // Printing is not a change of the sale's outcome, so updated_at stays when it settled.
      print: db.prepare<[string], { print_count: number }>('UPDATE sales SET print_count = print_count + 1, receipt_owed = 0 WHERE id = ? RETURNING print_count'),
      // Only the copy counted last is taken back; the first one leaves the receipt owed again, unless a manager recorded it left behind.
      unprint: db.prepare<[string, number]>(
        `UPDATE sales SET print_count = print_count - 1,
                receipt_owed = CASE WHEN print_count = 1 AND state = 'SUCCESS' AND NOT EXISTS (SELECT 1 FROM receipt_waivers w WHERE w.sale_id = sales.id) THEN 1 ELSE receipt_owed END
          WHERE id = ? AND print_count = ?`,
      ),
      // The partial index sales_receipt_owed answers this with a seek, in order.
      unprinted: db.prepare<[], SaleRow>(`${SALE_SELECT} WHERE s.receipt_owed = 1 ORDER BY s.created_at, s.id`),
      settleOwed: db.prepare<[string]>('UPDATE sales SET receipt_owed = 0 WHERE id = ? AND receipt_owed = 1'),
      insertWaiver: db.prepare('INSERT INTO receipt_waivers (sale_id, at, approved_by, reason) VALUES (@saleId, @at, @approvedBy, @reason)'),
      waiver: db.prepare<[string], ReceiptWaiver>('SELECT at, approved_by AS approvedBy, reason FROM receipt_waivers WHERE sale_id = ?'),
      retryOf: db.prepare<[string], SaleRow>(`${SALE_SELECT} WHERE s.retry_of = ?`),
    };
    this.search = new SaleSearchIndex(db);
    // Whatever a crash left queued (between a sale's commit and its index update) is indexed now.
    this.search.catchUp();
  }

  insertIntent(sale: NewSale, firstSend?: FirstSend, withIntent?: () => void): SaleRecord {
    const snapshot = this.snapshotFor(sale.brandSnapshot, sale.productId);
    const record = this.db.transaction(() => {
      const brandSnapshotId = snapshot.id ?? this.stmts.insertSnapshot.get(snapshot.sha256!, snapshot.json)!.id;
      const row = this.stmts.insert.get({
        ...sale,
        brandSnapshotId,
        payload: JSON.stringify(sale.payload),
        placedAt: firstSend?.at ?? null,
      })!;
      if (firstSend) this.stmts.insertAttempt.run(sale.id, 1, 'place', firstSend.requestId, firstSend.at);
      // The payment and the like: other tables, so the row the INSERT returned is still the sale's.
      withIntent?.();
      return { brandSnapshotId, record: toRecord(row) };
    }).immediate();
    // Remembered only once committed (not inside a caller's transaction, which may still roll
    // back): a rolled-back intent takes its new snapshot row with it.
    if (!this.db.inTransaction) this.snapshots.set(sale.productId, { json: snapshot.json, id: record.brandSnapshotId });
    this.search.schedule();
    return record.record;
  }

  /** The stored snapshot's id when this brand's snapshot is unchanged, else its JSON and hash to store (or find) it by. */
  private snapshotFor(brand: NewSale['brandSnapshot'], productId: string): { json: string; id: number | null; sha256: string | null } {
    const json = JSON.stringify(brand);
    const known = this.snapshots.get(productId);
    if (known?.json === json) return { json, id: known.id, sha256: null };
    return { json, id: null, sha256: createHash('sha256').update(json).digest('hex') };
  }

  get(id: string): SaleRecord | undefined {
    const row = this.stmts.get.get(id);
    return row && toRecord(row);
  }

  getByReference(referenceId: string): SaleRecord | undefined {
    const row = this.stmts.byRef.get(referenceId);
    return row && toRecord(row);
  }

  getByOrderId(orderId: string): SaleRecord | undefined {
    const row = this.stmts.byOrder.get(orderId);
    return row && toRecord(row);
  }

  transition(id: string, from: SaleState, to: SaleState, patch: SaleOutcomePatch, vouchers: NewVoucher[] = [], finished?: FinishedAttempt): TransitionResult {
    const result = this.db.transaction((): TransitionResult => {
      if (finished) this.stmts.finishAttempt.run(finished.at, finished.outcome, id, finished.seq);
      const refused = (): TransitionResult => {
        const current = this.get(id);
        if (!current) throw new Error(`No sale ${id}`);
        return { applied: false, record: current };
      };
      if (!canTransition(from, to)) return refused();
      const sets = ['state = @to', 'updated_at = @now'];
      // The receipt is owed from the commit that makes the sale SUCCESS; a reversed or cancelled one's vouchers are void.
      if (to === 'SUCCESS') sets.push('receipt_owed = 1');
      else if (from === 'SUCCESS') sets.push('receipt_owed = 0');
      const params: Record<string, unknown> = { id, from, to, now: this.now() };
      const columns: Record<keyof SaleOutcomePatch, string> = {
        orderId: 'order_id',
        failureReason: 'failure_reason',
        errorCode: 'error_code',
        supportReason: 'support_reason',
        placedAt: 'placed_at',
        nextCheckAt: 'next_check_at',
        pollCount: 'poll_count',
      };
      for (const [key, column] of Object.entries(columns) as [keyof SaleOutcomePatch, string][]) {
        if (patch[key] !== undefined) {
          sets.push(`${column} = @${key}`);
          params[key] = patch[key];
        }
      }
      // Only a sale still in `from` is moved; none returned means it is elsewhere (or not there).
      const moved = this.update(`${sets.join(', ')} WHERE id = @id AND state = @from ${SALE_RETURNING}`).get(params) as SaleRow | undefined;
      if (!moved) return refused();
      vouchers.forEach((v, i) =>
        this.stmts.insertVoucher.run(id, i + 1, v.voucherId, v.cardType, v.cardNumberSealed, v.cardPinSealed, v.cardNumberLast4, v.validTill, v.amountPaise),
      );
      return { applied: true, record: toRecord(moved) };
    }).immediate();
    if (result.applied && patch.orderId) this.search.schedule();
    return result;
  }

  touch(id: string, state: SaleState, patch: Pick<SaleOutcomePatch, 'nextCheckAt' | 'pollCount' | 'placedAt' | 'orderId'>): boolean {
    const sets: string[] = ['updated_at = @now'];
    const params: Record<string, unknown> = { id, state, now: this.now() };
    const columns = { nextCheckAt: 'next_check_at', pollCount: 'poll_count', placedAt: 'placed_at', orderId: 'order_id' } as const;
    for (const [key, column] of Object.entries(columns) as [keyof typeof columns, string][]) {
      if (patch[key] === undefined) continue;
      sets.push(`${column} = @${key}`);
      params[key] = patch[key];
    }
    const touched = this.update(`${sets.join(', ')} WHERE id = @id AND state = @state`).run(params).changes === 1;
    if (touched && patch.orderId) this.search.schedule();
    return touched;
  }

  private update(tail: string): Database.Statement {
    return this.updates(`UPDATE sales SET ${tail}`);
  }

  beginAttempt(saleId: string, kind: AttemptKind, requestId: string, at: number): number {
    return this.db.transaction(() => {
      const seq = this.stmts.nextAttempt.get(saleId)!.next;
      this.stmts.insertAttempt.run(saleId, seq, kind, requestId, at);
      return seq;
    }).immediate();
  }

  finishAttempt(saleId: string, seq: number, at: number, outcome: string): void {
    this.stmts.finishAttempt.run(at, outcome, saleId, seq);
  }

  attempts(saleId: string): SaleAttempt[] {
    return this.stmts.attempts.all(saleId).map((a) => ({
      saleId: a.sale_id,
      seq: a.seq,
      kind: a.kind as AttemptKind,
      requestId: a.request_id,
      startedAt: a.started_at,
      finishedAt: a.finished_at,
      outcome: a.outcome,
    }));
  }

  hasVouchers(saleId: string): boolean {
    return this.stmts.hasVouchers.get(saleId)!.issued === 1;
  }

  vouchers(saleId: string): StoredVoucher[] {
    return this.stmts.vouchers.all(saleId).map((v) => ({
      saleId: v.sale_id,
      seq: v.seq,
      voucherId: v.voucher_id,
      cardType: v.card_type,
      cardNumberSealed: v.card_number_enc,
      cardPinSealed: v.card_pin_enc,
      cardNumberLast4: v.card_number_last4,
      validTill: v.valid_till,
      amountPaise: v.amount_paise,
    }));
  }

  getRetryOf(saleId: string): SaleRecord | undefined {
    const row = this.stmts.retryOf.get(saleId);
    return row && toRecord(row);
  }

  unfinished(): SaleRecord[] {
    return this.stmts.unfinished.all().map(toRecord);
  }

  unprinted(): SaleRecord[] {
    return this.stmts.unprinted.all().map(toRecord);
  }

  recordReceiptWaiver(saleId: string, waiver: ReceiptWaiver): TransitionResult {
    return this.db.transaction((): TransitionResult => {
      const applied = this.stmts.settleOwed.run(saleId).changes === 1;
      if (applied) this.stmts.insertWaiver.run({ saleId, ...waiver });
      const record = this.get(saleId);
      if (!record) throw new Error(`No sale ${saleId}`);
      return { applied, record };
    }).immediate();
  }

  receiptWaiver(saleId: string): ReceiptWaiver | undefined {
    return this.stmts.waiver.get(saleId);
  }

  uncountPrint(saleId: string, copy: number): boolean {
    return this.stmts.unprint.run(saleId, copy).changes === 1;
  }

  incrementPrintCount(saleId: string): number {
    const row = this.stmts.print.get(saleId);
    if (!row) throw new Error(`No sale ${saleId}`);
    return row.print_count;
  }
}
