import { useSession } from '../app/session-store';
import type { Discrepancy } from '../bridge/contract';
import { useOrderDetailStore } from '../orders/order-detail-store';
import { formatPaise } from '../ui/format';
import { SupportDetails } from '../ui/SupportDetails';
import { DISCREPANCY_TITLE } from './end-of-day-figures';

/** Signed amounts (wallet, drawer) say which way; the others are an amount in question. */
function amountText(d: Discrepancy): string | null {
  if (d.amountPaise === null) return null;
  if (d.kind === 'WALLET_MOVEMENT') return d.amountPaise > 0 ? `${formatPaise(d.amountPaise)} more than expected` : `${formatPaise(-d.amountPaise)} less than expected`;
  if (d.kind === 'DRAWER') return d.amountPaise === 0 ? null : d.amountPaise > 0 ? `over by ${formatPaise(d.amountPaise)}` : `short by ${formatPaise(-d.amountPaise)}`;
  return formatPaise(Math.abs(d.amountPaise));
}

const supportText = (d: Discrepancy): string =>
  [d.referenceId && `Reference: ${d.referenceId}`, d.orderId && `Order id: ${d.orderId}`, d.saleId && `Sale: ${d.saleId}`].filter(Boolean).join('\n');

/** Each thing that does not agree, with what to do about it and (for a sale) a way to its order. */
export function Discrepancies({ items }: { items: Discrepancy[] }) {
  const navigate = useSession((s) => s.navigate);
  const openOrder = (saleId: string) => {
    void useOrderDetailStore.getState().open(saleId);
    navigate('orders');
  };
  return (
    <ol className="discrepancies">
      {items.map((d, i) => {
        const amount = amountText(d);
        const support = supportText(d);
        return (
          <li key={i} className="discrepancy">
            <p className="discrepancy__head">
              <span className="badge badge--bad">
                <span aria-hidden="true">!</span> {DISCREPANCY_TITLE[d.kind]}
              </span>
              {amount && <strong className="discrepancy__amount">{amount}</strong>}
            </p>
            <p className="discrepancy__message">{d.message}</p>
            <p className="discrepancy__action">
              <span className="discrepancy__action-label">What to do: </span>
              {d.action}
            </p>
            <div className="discrepancy__more">
              {d.saleId && (
                <button type="button" className="button button--small" onClick={() => openOrder(d.saleId!)}>
                  Open the order
                </button>
              )}
              {support && <SupportDetails text={support} />}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
