import type { CardVault } from '../../platform/card-vault.js';
import type { VouchersPush } from '../../store-link/store-wire.js';
import { inTransaction, type Pool } from '../database/pool.js';
import { refusedBatch } from './store-records.js';

/**
 * Keeps each sale's vouchers with card number and PIN sealed by the store's own key (the clear
 * text lives only in this request); a sale's vouchers become exactly those sent.
 */
export async function recordCounterVouchers(pool: Pool, vault: CardVault, counterId: string, push: VouchersPush): Promise<number> {
  try {
    return await inTransaction(pool, async (tx) => {
      let count = 0;
      for (const sale of push.sales) {
        await tx.query('DELETE FROM counter_vouchers WHERE counter_id = $1 AND sale_id = $2', [counterId, sale.saleId]);
        for (const v of sale.vouchers) {
          await tx.query(
            `INSERT INTO counter_vouchers (counter_id, sale_id, seq, voucher_id, card_type, card_number_sealed, card_pin_sealed, card_number_last4, valid_till, amount_paise)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
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
