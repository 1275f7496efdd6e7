import type { z } from 'zod';
import type { SaleListItem } from '../../contract/orders.js';
import type { CardVault } from '../../platform/card-vault.js';
import type { SaleDetailExtras, storeOrderDetail, storeRevealedVoucher } from '../../store-link/store-wire.js';
import { maskCardNumber } from '../../vouchers/voucher-service.js';
import type { Pool } from '../database/pool.js';

type Detail = z.infer<typeof storeOrderDetail>;
const n = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The sale of another counter of the store (sale ids are UUIDs: one store never holds two alike). */
async function saleOf(pool: Pool, storeId: string, saleId: string) {
  const found = await pool.query<{ counter_id: string; counter_name: string; item: SaleListItem; detail: SaleDetailExtras | null }>(
    `SELECT s.counter_id, c.name AS counter_name, s.item, s.detail FROM counter_sales s JOIN counters c ON c.id = s.counter_id
      WHERE s.store_id = $1 AND s.sale_id = $2 ORDER BY s.received_at DESC LIMIT 1`,
    [storeId, saleId],
  );
  return found.rows[0] ?? null;
}

/**
 * Orders' detail of a sale of any counter, from the store's own records: the list row and the
 * counter's details as it sent them, its payment, refund and vouchers (masked as the counter
 * masks them) as the store keeps them. null when no counter sent the sale with its details.
 */
export async function storeSaleDetail(pool: Pool, storeId: string, saleId: string): Promise<Detail | null> {
  const sale = await saleOf(pool, storeId, saleId);
  if (!sale?.detail) return null;
  const counterId = sale.counter_id;
  const payment = (
    await pool.query<{ id: string; taken_by: string; taken_at: string; amount_paise: string; change_paise: string; by_name: string }>(
      `SELECT p.id, p.taken_by, p.taken_at, p.amount_paise, p.change_paise, coalesce(st.name, p.taken_by) AS by_name
         FROM counter_sale_payments sp JOIN counter_payments p ON p.counter_id = sp.counter_id AND p.id = sp.payment_id
         LEFT JOIN staff st ON st.id = p.taken_by AND st.store_id = $3
        WHERE sp.counter_id = $1 AND sp.sale_id = $2`,
      [counterId, saleId, storeId],
    )
  ).rows[0];
  const tenders = payment
    ? (
        await pool.query<{ method: 'CASH' | 'UPI' | 'CARD' | 'OTHER'; amount_paise: string; received_paise: string | null; reference: string | null }>(
          'SELECT method, amount_paise, received_paise, reference FROM counter_payment_tenders WHERE counter_id = $1 AND payment_id = $2 ORDER BY seq',
          [counterId, payment.id],
        )
      ).rows
    : [];
  const refund = payment
    ? (
        await pool.query<{ at: string; amount_paise: string; by_name: string }>(
          `SELECT r.at, r.amount_paise, coalesce(st.name, r.refunded_by) AS by_name FROM counter_refunds r
             LEFT JOIN staff st ON st.id = r.refunded_by AND st.store_id = $3 WHERE r.counter_id = $1 AND r.payment_id = $2`,
          [counterId, payment.id, storeId],
        )
      ).rows[0]
    : undefined;
  const refundTenders = refund
    ? (
        await pool.query<{ method: 'CASH' | 'UPI' | 'CARD' | 'OTHER'; amount_paise: string }>(
          'SELECT method, amount_paise FROM counter_refund_tenders WHERE counter_id = $1 AND payment_id = $2 ORDER BY seq',
          [counterId, payment!.id],
        )
      ).rows
    : [];
  const vouchers = await pool.query<{ seq: number; voucher_id: string | null; card_type: string; card_number_last4: string | null; has_pin: boolean; valid_till: string | null; amount_paise: string }>(
    `SELECT seq, voucher_id, card_type, card_number_last4, card_pin_sealed IS NOT NULL AS has_pin, valid_till, amount_paise
       FROM counter_vouchers WHERE counter_id = $1 AND sale_id = $2 ORDER BY seq`,
    [counterId, saleId],
  );
  const { counterId: _c, counterName: _n, customerPhone: _p, cashierId: _i, cashierName: _m, ...item } = sale.item;
  return {
    ...item,
    ...sale.detail,
    // A counter that predates managers' decisions sent none: it recorded none.
    reviewDecision: sale.detail.reviewDecision ?? null,
    soldAt: { counterId, counterName: sale.counter_name },
    payment: payment
      ? {
          id: payment.id,
          tenders: tenders.map((t) => ({ method: t.method, amountPaise: Number(t.amount_paise), receivedPaise: n(t.received_paise), reference: t.reference })),
          amountPaise: Number(payment.amount_paise),
          changePaise: Number(payment.change_paise),
          takenAt: Number(payment.taken_at),
          takenByName: payment.by_name,
        }
      : null,
    refund: refund ? { amountPaise: Number(refund.amount_paise), tenders: refundTenders.map((t) => ({ method: t.method, amountPaise: Number(t.amount_paise) })), at: Number(refund.at), byName: refund.by_name } : null,
    vouchers: vouchers.rows.map((v) => ({
      seq: v.seq,
      voucherId: v.voucher_id,
      cardType: v.card_type,
      cardNumberMasked: maskCardNumber(v.card_number_last4),
      hasPin: v.has_pin,
      validTill: v.valid_till,
      amountPaise: Number(v.amount_paise),
    })),
  };
}

/**
 * One voucher's credentials of a sale of any counter of the store, unsealed with the store's
 * key, for a person the counter checked a manager's approval for. Audited at the store, with
 * who asked and who approved; null when the store has no such voucher.
 */
export async function revealStoreVoucher(
  pool: Pool,
  vault: CardVault,
  ask: { storeId: string; askingCounterId: string; staffId: string; approvedBy: string; saleId: string; seq: number },
): Promise<z.infer<typeof storeRevealedVoucher> | null> {
  const sale = await saleOf(pool, ask.storeId, ask.saleId);
  if (!sale) return null;
  const found = await pool.query<{ voucher_id: string | null; card_number_sealed: Buffer | null; card_pin_sealed: Buffer | null }>(
    'SELECT voucher_id, card_number_sealed, card_pin_sealed FROM counter_vouchers WHERE counter_id = $1 AND sale_id = $2 AND seq = $3',
    [sale.counter_id, ask.saleId, ask.seq],
  );
  const v = found.rows[0];
  if (!v) return null;
  await pool.query(`INSERT INTO store_audit (store_id, counter_id, action, details) VALUES ($1, $2, 'voucher.revealed', $3)`, [
    ask.storeId,
    ask.askingCounterId,
    { saleId: ask.saleId, seq: ask.seq, voucherId: v.voucher_id, soldAt: sale.counter_id, staffId: ask.staffId, approvedBy: ask.approvedBy },
  ]);
  return {
    seq: ask.seq,
    cardNumber: v.card_number_sealed && vault.unseal(v.card_number_sealed),
    cardPin: v.card_pin_sealed && vault.unseal(v.card_pin_sealed),
    counterName: sale.counter_name,
  };
}
