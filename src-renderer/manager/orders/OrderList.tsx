import { Empty, ErrorNote, Loading } from '../common/Notice';
import { StateBadge } from '../common/StateBadge';
import { dateTime, inr } from '../format';
import { useOrdersStore } from '../stores/orders-store';

/** The journal, newest first, a page at a time ("Load more" asks for the rows after the last one). */
export function OrderList({ onOpen }: { onOpen: (saleId: string) => void }) {
  const { items, next, status, error, loadingMore, loadMore, reload, filter } = useOrdersStore();
  const filtered = Object.keys(filter).length > 0;

  if (status === 'loading' || status === 'idle') return <Loading label="Loading orders…" />;
  if (status === 'error' && error) return <ErrorNote error={error} title="Could not load the orders" onRetry={() => void reload()} />;
  if (items.length === 0) {
    return (
      <Empty title={filtered ? 'No order matches these filters' : 'No orders yet'}>
        <p>{filtered ? 'Widen the dates or clear the filters.' : 'Sales made at this counter appear here.'}</p>
      </Empty>
    );
  }

  return (
    <div className="mgr-order-list">
      <p className="mgr-muted" role="status">
        Showing {items.length} {items.length === 1 ? 'order' : 'orders'}
        {next ? ' (more below)' : ''}
      </p>
      <div className="mgr-table-wrap">
        <table className="mgr-table">
          <caption className="mgr-sr">Orders, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Brand</th>
              <th scope="col" className="mgr-num">
                Amount
              </th>
              <th scope="col">Status</th>
              <th scope="col">Reference</th>
              <th scope="col">Phone</th>
              <th scope="col">
                <span className="mgr-sr">Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((o) => (
              <tr key={o.id}>
                <td>{dateTime(o.createdAt)}</td>
                <td>
                  <strong>{o.brandTitle}</strong>
                  {o.failureReason && <span className="mgr-hint">{o.failureReason}</span>}
                </td>
                <td className="mgr-num">{inr(o.amountPaise)}</td>
                <td>
                  <StateBadge state={o.state} />
                </td>
                <td>
                  <code>{o.referenceId}</code>
                </td>
                <td>{o.customerPhone ? `••••••${o.customerPhone.slice(-4)}` : '—'}</td>
                <td>
                  <button type="button" className="mgr-btn" data-sale-id={o.id} onClick={() => onOpen(o.id)}>
                    Open<span className="mgr-sr"> order {o.referenceId}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && <ErrorNote error={error} title="Could not load more orders" />}
      {next && (
        <button type="button" className="mgr-btn mgr-btn-wide" onClick={() => void loadMore()} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Load more orders'}
        </button>
      )}
    </div>
  );
}
