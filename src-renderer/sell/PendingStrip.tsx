import { useEffect, useState } from 'react';
import type { SaleView } from '../bridge/contract';
import { useSession } from '../app/session-store';
import { useSale } from './sale-store';
import { formatPaise, formatTime } from '../ui/format';
import { STATE_LOOK } from '../ui/StateBadge';
import { LeftWithoutReceiptDialog } from './LeftWithoutReceiptDialog';
import { isPendingState, moneyText, outcomeText, paidPaise } from './outcome-text';
import { usePending } from './pending-store';

const NOT_PRINTED = 'Not printed — print now';

function PendingCard({ sale, onLeftWithoutReceipt }: { sale: SaleView; onLeftWithoutReceipt: (sale: SaleView) => void }) {
  const show = useSale((s) => s.showSale);
  const dismiss = usePending((s) => s.dismiss);
  const text = outcomeText(sale);
  const money = moneyText(sale);
  // Money to give back leads the card until it is given back.
  const moneyFirst = money?.kind === 'refund';
  const refundDue = sale.paymentState === 'REFUND_DUE';
  const waiting = isPendingState(sale.state);
  const owed = sale.state === 'SUCCESS' && sale.receiptOwed;
  const status = owed ? NOT_PRINTED : STATE_LOOK[sale.state].atCounter;
  const name = `${sale.brandTitle} ${formatPaise(sale.amountPaise)}`;
  return (
    // An owed receipt keeps the card's warning look (no state modifier): the customer is still waiting for the voucher.
    <li className={owed ? 'pending-card pending-card--unprinted' : `pending-card pending-card--${sale.state.toLowerCase()}`} aria-label={`${name}: ${status}`}>
      <div className="pending-card__head">
        <span className="pending-card__brand">{sale.brandTitle}</span>
        <span className="pending-card__amount">{formatPaise(sale.amountPaise)}</span>
      </div>
      <p className="pending-card__state">
        {waiting && <span className="spinner" aria-hidden="true" />} {status} · since {formatTime(sale.createdAt)}
      </p>
      {moneyFirst && <p className="pending-card__money">{money.headline}</p>}
      <p className="pending-card__text">
        {owed ? 'Paid for and issued; the customer has not had the receipt with the voucher.' : waiting ? text.action : text.message}
      </p>
      <div className="pending-card__actions">
        {sale.state === 'SUCCESS' ? (
          <button type="button" className="button button--primary" onClick={() => show(sale)}>
            Print receipt
          </button>
        ) : refundDue ? (
          <button type="button" className="button button--danger" onClick={() => show(sale, 'refund')}>
            Give back {formatPaise(paidPaise(sale))}…<span className="visually-hidden">: {name}</span>
          </button>
        ) : (
          <button type="button" className="button" onClick={() => show(sale)}>
            Details
          </button>
        )}
        {owed && (
          <button type="button" className="button button--ghost" onClick={() => onLeftWithoutReceipt(sale)}>
            Customer left without receipt<span className="visually-hidden">: {name}</span>
          </button>
        )}
        {/* A payment still to give back keeps its card until it is given back (or goes with a retry). */}
        {!waiting && sale.state !== 'SUCCESS' && !refundDue && (
          <button type="button" className="button button--ghost" onClick={() => dismiss(sale.id)} aria-label={`Dismiss ${name}`}>
            Dismiss
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * Sales still settling, completed sales whose receipt was never printed, and failures not yet
 * handled, while the cashier serves the next customer. Read again from main whenever the sale
 * dialog closes (Esc included) and when the screen opens, so a sale closed unprinted is pinned here.
 */
export function PendingStrip() {
  const sales = usePending((s) => s.sales);
  const load = usePending((s) => s.load);
  const leftWithoutReceipt = usePending((s) => s.leftWithoutReceipt);
  const resultOpen = useSale((s) => s.result !== null);
  const isManager = useSession((s) => s.me?.role === 'manager');
  const [waiving, setWaiving] = useState<SaleView | null>(null);

  useEffect(() => {
    if (!resultOpen) void load();
  }, [resultOpen, load]);

  if (sales.length === 0) return null;
  return (
    <section className="pending card" aria-labelledby="pending-heading">
      <h2 id="pending-heading" className="pending__heading">
        Pending sales <span className="badge badge--count">{sales.length}</span>
      </h2>
      <ul className="pending__cards" aria-live="polite">
        {sales.map((s) => (
          <PendingCard key={s.id} sale={s} onLeftWithoutReceipt={setWaiving} />
        ))}
      </ul>
      {waiving && (
        <LeftWithoutReceiptDialog
          sale={waiving}
          askPin={!isManager}
          onCancel={() => setWaiving(null)}
          onSubmit={async (approval) => {
            const error = await leftWithoutReceipt(waiving.id, approval);
            if (error) return error.message;
            setWaiving(null);
            // Its card (where focus would return) is gone: back to finding the next brand.
            requestAnimationFrame(() => document.getElementById('brand-search')?.focus());
            return null;
          }}
        />
      )}
    </section>
  );
}
