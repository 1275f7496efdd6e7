import { useSession } from '../app/session-store';
import type { Discrepancy } from '../bridge/contract';
import { useOrderDetailStore } from '../orders/order-detail-store';
import { SupportDetails } from '../ui/SupportDetails';
import { amountText, DISCREPANCY_TITLE } from './end-of-day-figures';

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
