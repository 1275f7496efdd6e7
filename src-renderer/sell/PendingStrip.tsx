import type { SaleView } from '../bridge/contract';
import { useSale } from './sale-store';
import { formatPaise, formatTime } from '../ui/format';
import { STATE_LOOK } from '../ui/StateBadge';
import { isPendingState, outcomeText } from './outcome-text';
import { usePending } from './pending-store';

function PendingCard({ sale }: { sale: SaleView }) {
  const show = useSale((s) => s.showSale);
  const dismiss = usePending((s) => s.dismiss);
  const text = outcomeText(sale);
  const waiting = isPendingState(sale.state);
  return (
    <li className={`pending-card pending-card--${sale.state.toLowerCase()}`} aria-label={`${sale.brandTitle} ${formatPaise(sale.amountPaise)}: ${STATE_LOOK[sale.state].atCounter}`}>
      <div className="pending-card__head">
        <span className="pending-card__brand">{sale.brandTitle}</span>
        <span className="pending-card__amount">{formatPaise(sale.amountPaise)}</span>
      </div>
      <p className="pending-card__state">
        {waiting && <span className="spinner" aria-hidden="true" />} {STATE_LOOK[sale.state].atCounter} · since {formatTime(sale.createdAt)}
      </p>
      <p className="pending-card__text">{waiting ? text.action : text.message}</p>
      <div className="pending-card__actions">
        {sale.state === 'SUCCESS' ? (
          <button type="button" className="button button--primary" onClick={() => show(sale)}>
            Print receipt
          </button>
        ) : (
          <button type="button" className="button" onClick={() => show(sale)}>
            Details
          </button>
        )}
        {!waiting && sale.state !== 'SUCCESS' && (
          <button type="button" className="button button--ghost" onClick={() => dismiss(sale.id)} aria-label={`Dismiss ${sale.brandTitle} ${formatPaise(sale.amountPaise)}`}>
            Dismiss
          </button>
        )}
      </div>
    </li>
  );
}

/** Sales still settling (or settled but not yet handled) while the cashier serves the next customer. */
export function PendingStrip() {
  const sales = usePending((s) => s.sales);
  if (sales.length === 0) return null;
  return (
    <section className="pending card" aria-labelledby="pending-heading">
      <h2 id="pending-heading" className="pending__heading">
        Pending sales <span className="badge badge--count">{sales.length}</span>
      </h2>
      <ul className="pending__cards" aria-live="polite">
        {sales.map((s) => (
          <PendingCard key={s.id} sale={s} />
        ))}
      </ul>
    </section>
  );
}
