import { formatDateTime, formatPaise, maskPhone } from '../ui/format';
import { Empty, ErrorNotice, Loading } from '../ui/Notice';
import { StateBadge } from '../ui/StateBadge';
import { useOrdersStore } from './orders-store';
import { Table } from '../ui/Table';

/** The journal, newest first, a page at a time ("Load more" asks for the rows after the last one). */
export function OrderList({ onOpen }: { onOpen: (saleId: string) => void }) {
  const { items, next, status, error, loadingMore, loadMore, reload, filter } = useOrdersStore();
  const filtered = Object.keys(filter).length > 0;

  if (status === 'loading' || status === 'idle') return <Loading label="Loading orders…" />;
  if (status === 'error' && error) return <ErrorNotice error={error} title="Could not load the orders" onRetry={() => void reload()} />;
  if (items.length === 0) {
    return (
      <Empty title={filtered ? 'No order matches these filters' : 'No orders yet'}>
        {filtered ? 'Widen the dates or clear the filters.' : 'Sales made at this counter appear here.'}
      </Empty>
    );
  }

  return (
    <div className="order-list">
      <p className="muted" role="status">
        Showing {items.length} {items.length === 1 ? 'order' : 'orders'}
        {next ? ' (more below)' : ''}
      </p>
      <Table
        caption="Orders, newest first"
        head={
          <>
            <th scope="col">When</th>
            <th scope="col">Brand</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Cashier</th>
            <th scope="col">Reference</th>
            <th scope="col">Phone</th>
            <th scope="col">
              <span className="visually-hidden">Open</span>
            </th>
          </>
        }
      >
        {items.map((o) => (
          <tr key={o.id}>
            <td>{formatDateTime(o.createdAt)}</td>
            <td>
              <strong>{o.brandTitle}</strong>
              {o.failureReason && <span className="hint">{o.failureReason}</span>}
            </td>
            <td className="num">{formatPaise(o.amountPaise)}</td>
            <td>
              <StateBadge state={o.state} />
            </td>
            <td>{o.cashierName ?? '—'}</td>
            <td>
              <code>{o.referenceId}</code>
            </td>
            <td>{o.customerPhone ? maskPhone(o.customerPhone) : '—'}</td>
            <td>
              <button type="button" className="button" data-sale-id={o.id} onClick={() => onOpen(o.id)}>
                Open<span className="visually-hidden"> order {o.referenceId}</span>
              </button>
            </td>
          </tr>
        ))}
      </Table>
      {error && <ErrorNotice error={error} title="Could not load more orders" />}
      {next && (
        <button type="button" className="button button--wide" onClick={() => void loadMore()} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Load more orders'}
        </button>
      )}
    </div>
  );
}
