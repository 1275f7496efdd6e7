import type { z } from 'zod';
import type { recordsPush } from '../../store-link/store-wire.js';
import { inTransaction, type Pool, type PoolClient } from '../database/pool.js';
import { HttpError } from '../http/http-kit.js';

type Batch = z.infer<typeof recordsPush>;

/** What a broken reference means, by the constraint PostgreSQL names. */
const UNKNOWN_REFERENCE: Record<string, string> = {
  counter_cash_movements_shift: 'a cash movement names a shift this counter has not sent',
  counter_payments_shift: 'a payment names a shift this counter has not sent',
  counter_sale_payments_sale: 'a sale↔payment link names a sale this counter has not sent',
  counter_sale_payments_payment: 'a sale↔payment link names a payment this counter has not sent',
  counter_refunds_payment: 'a refund names a payment this counter has not sent',
  counter_refunds_sale: 'a refund names a sale this counter has not sent',
  counter_refunds_shift: 'a refund names a shift this counter has not sent',
  counter_vouchers_sale: 'a voucher names a sale this counter has not sent',
};

/**
 * A database refusal of a counter's batch, said as the counter's fault (400) rather than the
 * store's (500): rows naming another counter's ids, or amounts the tables' checks refuse.
 */
export function refusedBatch(error: unknown): never {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError.code === '23503') {
    throw new HttpError(400, 'UNKNOWN_REFERENCE', `Refused the whole batch: ${UNKNOWN_REFERENCE[pgError.constraint ?? ''] ?? 'a row names a record this counter has not sent'} (another counter's id, or one not sent yet)`);
  }
  if (pgError.code === '23514') throw new HttpError(400, 'VALIDATION_FAILED', `Refused the whole batch: a row breaks the store's check ${pgError.constraint ?? ''}`.trim());
  throw error;
}

/**
 * Keeps a counter's batch of money records in one transaction: all of it or, refused, none.
 * Each row is written as sent (a re-sent row changes nothing, a changed one replaces it), in
 * the order their references need: shifts, cash movements, payments, links, refunds.
 */
export async function recordCounterRecords(pool: Pool, storeId: string, counterId: string, batch: Batch): Promise<number> {
  try {
    return await inTransaction(pool, async (tx) => {
      for (const s of batch.shifts) {
        await tx.query(
          `INSERT INTO counter_shifts (counter_id, id, store_id, counter, opened_by, opened_at, opening_float_paise, opening_count, closed_by, closed_at, expected_cash_paise, counted_cash_paise, closing_count, note)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
           ON CONFLICT (counter_id, id) DO UPDATE SET counter = EXCLUDED.counter, opened_by = EXCLUDED.opened_by, opened_at = EXCLUDED.opened_at,
             opening_float_paise = EXCLUDED.opening_float_paise, opening_count = EXCLUDED.opening_count, closed_by = EXCLUDED.closed_by, closed_at = EXCLUDED.closed_at,
             expected_cash_paise = EXCLUDED.expected_cash_paise, counted_cash_paise = EXCLUDED.counted_cash_paise, closing_count = EXCLUDED.closing_count, note = EXCLUDED.note, received_at = now()`,
          [counterId, s.id, storeId, s.counter, s.openedBy, s.openedAt, s.openingFloatPaise, s.openingCount, s.closedBy, s.closedAt, s.expectedCashPaise, s.countedCashPaise, s.closingCount, s.note],
        );
      }
      for (const m of batch.cashMovements) {
        await tx.query(
          `INSERT INTO counter_cash_movements (counter_id, id, shift_id, kind, amount_paise, reason, staff_id, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (counter_id, id) DO UPDATE SET shift_id = EXCLUDED.shift_id, kind = EXCLUDED.kind, amount_paise = EXCLUDED.amount_paise, reason = EXCLUDED.reason, staff_id = EXCLUDED.staff_id, at = EXCLUDED.at`,
          [counterId, m.id, m.shiftId, m.kind, m.amountPaise, m.reason, m.staffId, m.at],
        );
      }
      for (const p of batch.payments) {
        await tx.query(
          `INSERT INTO counter_payments (counter_id, id, shift_id, taken_by, taken_at, amount_paise, change_paise) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (counter_id, id) DO UPDATE SET shift_id = EXCLUDED.shift_id, taken_by = EXCLUDED.taken_by, taken_at = EXCLUDED.taken_at, amount_paise = EXCLUDED.amount_paise, change_paise = EXCLUDED.change_paise`,
          [counterId, p.id, p.shiftId, p.takenBy, p.takenAt, p.amountPaise, p.changePaise],
        );
        await replaceTenders(tx, 'counter_payment_tenders', counterId, p.id, p.tenders.map((t) => [t.seq, t.method, t.amountPaise, t.receivedPaise, t.reference]), ['received_paise', 'reference']);
      }
      for (const l of batch.salePayments) {
        await tx.query(
          `INSERT INTO counter_sale_payments (counter_id, sale_id, payment_id) VALUES ($1, $2, $3) ON CONFLICT (counter_id, sale_id) DO UPDATE SET payment_id = EXCLUDED.payment_id`,
          [counterId, l.saleId, l.paymentId],
        );
      }
      for (const r of batch.refunds) {
        await tx.query(
          `INSERT INTO counter_refunds (counter_id, payment_id, sale_id, shift_id, refunded_by, at, amount_paise) VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (counter_id, payment_id) DO UPDATE SET sale_id = EXCLUDED.sale_id, shift_id = EXCLUDED.shift_id, refunded_by = EXCLUDED.refunded_by, at = EXCLUDED.at, amount_paise = EXCLUDED.amount_paise`,
          [counterId, r.paymentId, r.saleId, r.shiftId, r.refundedBy, r.at, r.amountPaise],
        );
        await replaceTenders(tx, 'counter_refund_tenders', counterId, r.paymentId, r.tenders.map((t) => [t.seq, t.method, t.amountPaise]), []);
      }
      return batch.shifts.length + batch.cashMovements.length + batch.payments.length + batch.salePayments.length + batch.refunds.length;
    });
  } catch (error) {
    refusedBatch(error);
  }
}

/** A payment's (or refund's) tenders become exactly those sent. */
async function replaceTenders(tx: PoolClient, table: 'counter_payment_tenders' | 'counter_refund_tenders', counterId: string, paymentId: string, rows: unknown[][], extra: string[]): Promise<void> {
  await tx.query(`DELETE FROM ${table} WHERE counter_id = $1 AND payment_id = $2`, [counterId, paymentId]);
  const columns = ['counter_id', 'payment_id', 'seq', 'method', 'amount_paise', ...extra];
  for (const row of rows) {
    const values = [counterId, paymentId, ...row];
    await tx.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${values.map((_, i) => `$${i + 1}`).join(', ')})`, values);
  }
}
