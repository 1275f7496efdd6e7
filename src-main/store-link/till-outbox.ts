import type { Db } from '../db/database.js';
import type { Logger } from '../platform/logger.js';
import type { RecordsPush } from './store-wire.js';
import type { OutboxKind } from './outbox-drainer.js';
import { rowOutboxKind, type OutboxRow } from './outbox-rows.js';

/** The most entries of the records outbox sent in one request (fewer when they would pass the store's body limit). */
const BATCH = 100;

/** Sent in the order their references need: a payment's shift before it, a refund's payment before it. */
const KIND_ORDER = ['shift', 'cash_movement', 'payment', 'sale_payment', 'refund'] as const;
type TillKind = (typeof KIND_ORDER)[number];

interface Entry {
  kind: TillKind;
  key: string;
  marked: number;
}

/** An entry with its row as the counter's tables hold it (the store checks it); its id names its kind, as two kinds share keys. */
type TillRow = OutboxRow & { entry: Entry };

/**
 * This counter's money records (environment schema 9's outbox): shifts, cash movements,
 * payments with their tenders, sale↔payment links, refunds with their tenders. A link or a
 * refund whose sale has not reached the store yet waits for it (the sales go first each round).
 */
export function tillOutbox(db: Db, logger: Logger, now: () => number = Date.now): OutboxKind {
  const rank = `CASE kind ${KIND_ORDER.map((k, i) => `WHEN '${k}' THEN ${i}`).join(' ')} END`;
  const next = db.prepare<[string, number], Entry>(
    `SELECT kind, key, marked FROM store_records_outbox o WHERE kind IN (${KIND_ORDER.map((k) => `'${k}'`).join(', ')})
       AND kind || '/' || key NOT IN (SELECT value FROM json_each(?))
       AND NOT EXISTS (SELECT 1 FROM store_outbox s WHERE s.sale_id = CASE o.kind WHEN 'sale_payment' THEN o.key WHEN 'refund' THEN (SELECT sale_id FROM refunds WHERE payment_id = o.key) END)
     ORDER BY ${rank}, key LIMIT ?`,
  );
  const count = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM store_records_outbox WHERE kind <> 'vouchers'`);
  const done = db.prepare('DELETE FROM store_records_outbox WHERE kind = ? AND key = ? AND marked = ?');
  const read = {
    shift: db.prepare<[string], Record<string, unknown>>(`SELECT id, counter, opened_by AS openedBy, opened_at AS openedAt, opening_float_paise AS openingFloatPaise,
        opening_count AS openingCount, closed_by AS closedBy, closed_at AS closedAt, expected_cash_paise AS expectedCashPaise, counted_cash_paise AS countedCashPaise,
        closing_count AS closingCount, note FROM shifts WHERE id = ?`),
    cashMovement: db.prepare<[string], Record<string, unknown>>(
      'SELECT id, shift_id AS shiftId, kind, amount_paise AS amountPaise, reason, staff_id AS staffId, at FROM cash_movements WHERE id = ?',
    ),
    payment: db.prepare<[string], Record<string, unknown>>(
      'SELECT id, shift_id AS shiftId, taken_by AS takenBy, taken_at AS takenAt, amount_paise AS amountPaise, change_paise AS changePaise FROM payments WHERE id = ?',
    ),
    paymentTenders: db.prepare<[string], Record<string, unknown>>(
      'SELECT seq, method, amount_paise AS amountPaise, received_paise AS receivedPaise, reference FROM payment_tenders WHERE payment_id = ? ORDER BY seq',
    ),
    salePayment: db.prepare<[string], Record<string, unknown>>('SELECT sale_id AS saleId, payment_id AS paymentId FROM sale_payments WHERE sale_id = ?'),
    refund: db.prepare<[string], Record<string, unknown>>(
      'SELECT payment_id AS paymentId, sale_id AS saleId, shift_id AS shiftId, refunded_by AS refundedBy, at, amount_paise AS amountPaise FROM refunds WHERE payment_id = ?',
    ),
    refundTenders: db.prepare<[string], Record<string, unknown>>('SELECT seq, method, amount_paise AS amountPaise FROM refund_tenders WHERE payment_id = ? ORDER BY seq'),
  };

  /** An entry's row as the wire carries it: sent as the counter's tables hold it (the store checks it). */
  function wireOf({ kind, key }: Entry): unknown {
    if (kind === 'shift') return read.shift.get(key);
    if (kind === 'cash_movement') return read.cashMovement.get(key);
    if (kind === 'sale_payment') return read.salePayment.get(key);
    if (kind === 'payment') {
      const payment = read.payment.get(key);
      return payment && { ...payment, tenders: read.paymentTenders.all(key) };
    }
    const refund = read.refund.get(key);
    return refund && { ...refund, tenders: read.refundTenders.all(key) };
  }

  /** The batch as the wire carries it, each row in its kind's list. */
  function batchOf(rows: TillRow[]): Required<RecordsPush> {
    const body: Required<RecordsPush> = { shifts: [], cashMovements: [], payments: [], salePayments: [], refunds: [] };
    const list = { shift: body.shifts, cash_movement: body.cashMovements, payment: body.payments, sale_payment: body.salePayments, refund: body.refunds } as const;
    for (const row of rows) (list[row.entry.kind] as unknown[]).push(row.wire);
    return body;
  }

  return rowOutboxKind<TillRow>(
    {
      name: 'till',
      next(skip) {
        return next.all(JSON.stringify(skip), BATCH).map((entry) => ({ id: `${entry.kind}/${entry.key}`, marked: entry.marked, wire: wireOf(entry), entry }));
      },
      async send(client, rows) {
        await client.call('POST', '/records', { body: batchOf(rows) });
      },
      taken(rows) {
        db.transaction(() => {
          for (const { entry } of rows) done.run(entry.kind, entry.key, entry.marked);
        })();
      },
      pending: () => count.get()!.n,
    },
    db,
    logger,
    now,
  );
}
