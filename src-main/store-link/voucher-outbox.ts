import type { Db } from '../db/database.js';
import type { CardVault } from '../platform/card-vault.js';
import type { OutboxKind } from './outbox-drainer.js';
import type { VouchersPush } from './store-wire.js';

/** Sales whose vouchers are sent in one request. */
const BATCH = 20;

interface VoucherRow {
  seq: number;
  voucher_id: string | null;
  card_type: string;
  card_number_enc: Buffer | null;
  card_pin_enc: Buffer | null;
  valid_till: string | null;
  amount_paise: number;
}

/**
 * Each sale's vouchers, for the store to seal with its own key. Card numbers and PINs are
 * unsealed here only to go into the request body over the counter's session (never logged);
 * the store keeps them sealed. A sale waits until the sale itself reached the store.
 */
export function voucherOutbox(db: Db, vault: CardVault): OutboxKind {
  const next = db.prepare<[number], { key: string; marked: number }>(
    `SELECT key, marked FROM store_records_outbox o WHERE kind = 'vouchers' AND NOT EXISTS (SELECT 1 FROM store_outbox s WHERE s.sale_id = o.key) ORDER BY key LIMIT ?`,
  );
  const count = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM store_records_outbox WHERE kind = 'vouchers'`);
  const done = db.prepare(`DELETE FROM store_records_outbox WHERE kind = 'vouchers' AND key = ? AND marked = ?`);
  const vouchers = db.prepare<[string], VoucherRow>(
    'SELECT seq, voucher_id, card_type, card_number_enc, card_pin_enc, valid_till, amount_paise FROM vouchers WHERE sale_id = ? ORDER BY seq',
  );
  return {
    name: 'vouchers',
    async sendNext(client) {
      const entries = next.all(BATCH);
      if (entries.length === 0) return false;
      const body: VouchersPush = {
        sales: entries.map((e) => ({
          saleId: e.key,
          vouchers: vouchers.all(e.key).map((v) => ({
            seq: v.seq,
            voucherId: v.voucher_id,
            cardType: v.card_type,
            cardNumber: v.card_number_enc && vault.unseal(v.card_number_enc),
            cardPin: v.card_pin_enc && vault.unseal(v.card_pin_enc),
            validTill: v.valid_till,
            amountPaise: v.amount_paise,
          })),
        })),
      };
      await client.call('POST', '/vouchers', { body });
      db.transaction(() => {
        for (const e of entries) done.run(e.key, e.marked);
      })();
      return true;
    },
    pending: () => count.get()!.n,
  };
}
