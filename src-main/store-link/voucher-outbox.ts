import type { Db } from '../db/database.js';
import type { CardVault } from '../platform/card-vault.js';
import type { Logger } from '../platform/logger.js';
import type { OutboxKind } from './outbox-drainer.js';
import { rowOutboxKind, type OutboxRow } from './outbox-rows.js';
import type { StoreClient } from './store-client.js';
import type { VouchersPush } from './store-wire.js';

type SaleVouchers = VouchersPush['sales'][number];
type VoucherWire = SaleVouchers['vouchers'][number];

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
export function voucherOutbox(db: Db, vault: CardVault, logger: Logger, now: () => number = Date.now): OutboxKind {
  const next = db.prepare<[string, number], { key: string; marked: number }>(
    `SELECT key, marked FROM store_records_outbox o WHERE kind = 'vouchers' AND key NOT IN (SELECT value FROM json_each(?))
       AND NOT EXISTS (SELECT 1 FROM store_outbox s WHERE s.sale_id = o.key) ORDER BY key LIMIT ?`,
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
  return rowOutboxKind<OutboxRow<SaleVouchers>>(
    {
      name: 'vouchers',
      // Sales together up to PER_REQUEST vouchers; a bulk sale with more goes alone.
      next(skip) {
        const rows: OutboxRow<SaleVouchers>[] = [];
        let size = 0;
        for (const e of next.all(JSON.stringify(skip), BATCH)) {
          const sale = { saleId: e.key, vouchers: vouchers.all(e.key).map(toWire) };
          if (rows.length > 0 && size + sale.vouchers.length > PER_REQUEST) break;
          rows.push({ id: e.key, marked: e.marked, wire: sale });
          size += sale.vouchers.length;
        }
        return rows;
      },
      async send(client, rows) {
        const sales = rows.map((row) => row.wire);
        const bulk = sales.length === 1 && sales[0]!.vouchers.length > PER_REQUEST ? sales[0]! : null;
        if (!bulk) await send(client, sales);
        // A bulk sale's vouchers go in parts, each kept by its seq.
        else for (let i = 0; i < bulk.vouchers.length; i += PER_REQUEST) await send(client, [{ saleId: bulk.saleId, vouchers: bulk.vouchers.slice(i, i + PER_REQUEST) }]);
      },
      taken(rows) {
        db.transaction(() => {
          for (const row of rows) done.run(row.id, row.marked);
        })();
      },
      pending: () => count.get()!.n,
    },
    db,
    logger,
    now,
  );
}
