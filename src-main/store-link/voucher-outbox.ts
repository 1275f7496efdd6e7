import type { Db } from '../db/database.js';
import type { CardVault } from '../platform/card-vault.js';
import type { OutboxKind } from './outbox-drainer.js';
import type { StoreClient } from './store-client.js';
import type { VouchersPush } from './store-wire.js';

type VoucherWire = VouchersPush['sales'][number]['vouchers'][number];

/** Sales looked at per round, and the most vouchers in one request (its body stays well under the store's limit). */
const BATCH = 50;
export const VOUCHERS_PER_REQUEST = 500;
const PER_REQUEST = VOUCHERS_PER_REQUEST;

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
  const toWire = (v: VoucherRow): VoucherWire => ({
    seq: v.seq,
    voucherId: v.voucher_id,
    cardType: v.card_type,
    cardNumber: v.card_number_enc && vault.unseal(v.card_number_enc),
    cardPin: v.card_pin_enc && vault.unseal(v.card_pin_enc),
    validTill: v.valid_till,
    amountPaise: v.amount_paise,
  });
  const send = (client: StoreClient, sales: VouchersPush['sales']) => client.call('POST', '/vouchers', { body: { sales } });
  return {
    name: 'vouchers',
    async sendNext(client) {
      const entries = next.all(BATCH);
      if (entries.length === 0) return false;
      // Sales together up to PER_REQUEST vouchers; a bulk sale with more goes alone, in parts.
      const sales: VouchersPush['sales'] = [];
      const taken: typeof entries = [];
      let size = 0;
      for (const e of entries) {
        const rows = vouchers.all(e.key);
        if (rows.length > PER_REQUEST) {
          if (sales.length > 0) break;
          for (let i = 0; i < rows.length; i += PER_REQUEST) await send(client, [{ saleId: e.key, vouchers: rows.slice(i, i + PER_REQUEST).map(toWire) }]);
          taken.push(e);
          break;
        }
        if (sales.length > 0 && size + rows.length > PER_REQUEST) break;
        sales.push({ saleId: e.key, vouchers: rows.map(toWire) });
        taken.push(e);
        size += rows.length;
      }
      if (sales.length > 0) await send(client, sales);
      db.transaction(() => {
        for (const e of taken) done.run(e.key, e.marked);
      })();
      return true;
    },
    pending: () => count.get()!.n,
  };
}
