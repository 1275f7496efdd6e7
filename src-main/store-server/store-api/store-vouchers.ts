import type { CardVault } from '../../platform/card-vault.js';
import type { VouchersPush } from '../../store-link/store-wire.js';
import { inTransaction, type Pool, type PoolClient } from '../database/pool.js';
import { refusedBatch } from './store-records.js';

type Voucher = VouchersPush['sales'][number]['vouchers'][number];

/** The voucher the store keeps under this key, opened, to tell a re-send from a change. */
async function keptVoucher(tx: PoolClient, vault: CardVault, counterId: string, saleId: string, seq: number): Promise<Voucher | null> {
  const found = await tx.query<{ voucher_id: string | null; card_type: string; card_number_sealed: Buffer | null; card_pin_sealed: Buffer | null; valid_till: string | null; amount_paise: string }>(
    'SELECT voucher_id, card_type, card_number_sealed, card_pin_sealed, valid_till, amount_paise FROM counter_vouchers WHERE counter_id = $1 AND sale_id = $2 AND seq = $3',
    [counterId, saleId, seq],
  );
  const v = found.rows[0];
  if (!v) return null;
  return {
    seq,
    voucherId: v.voucher_id,
    cardType: v.card_type,
    cardNumber: v.card_number_sealed && vault.unseal(v.card_number_sealed),
    cardPin: v.card_pin_sealed && vault.unseal(v.card_pin_sealed),
    validTill: v.valid_till,
    amountPaise: Number(v.amount_paise),
  };
}

const sameVoucher = (a: Voucher, b: Voucher) => (Object.keys(a) as (keyof Voucher)[]).every((k) => a[k] === b[k]);

/**
 * Keeps each sale's vouchers with card number and PIN sealed by the store's own key (the clear
 * text lives only in this request), each by its seq: a re-sent voucher changes nothing, a
 * changed one replaces it, and a bulk sale may come in parts.
 */
export async function recordCounterVouchers(pool: Pool, vault: CardVault, counterId: string, push: VouchersPush): Promise<number> {
  try {
    return await inTransaction(pool, async (tx) => {
      let count = 0;
      for (const sale of push.sales) {
        for (const v of sale.vouchers) {
          const kept = await keptVoucher(tx, vault, counterId, sale.saleId, v.seq);
          if (kept && sameVoucher(kept, v)) continue;
          await tx.query(
            `INSERT INTO counter_vouchers (counter_id, sale_id, seq, voucher_id, card_type, card_number_sealed, card_pin_sealed, card_number_last4, valid_till, amount_paise)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
             ON CONFLICT (counter_id, sale_id, seq) DO UPDATE SET voucher_id = EXCLUDED.voucher_id, card_type = EXCLUDED.card_type, card_number_sealed = EXCLUDED.card_number_sealed,
               card_pin_sealed = EXCLUDED.card_pin_sealed, card_number_last4 = EXCLUDED.card_number_last4, valid_till = EXCLUDED.valid_till, amount_paise = EXCLUDED.amount_paise`,
            [
              counterId,
              sale.saleId,
              v.seq,
              v.voucherId,
              v.cardType,
              v.cardNumber === null ? null : vault.seal(v.cardNumber),
              v.cardPin === null ? null : vault.seal(v.cardPin),
              v.cardNumber === null ? null : v.cardNumber.slice(-4),
              v.validTill,
              v.amountPaise,
            ],
          );
          count += 1;
        }
      }
      return count;
    });
  } catch (error) {
    refusedBatch(error);
  }
}
