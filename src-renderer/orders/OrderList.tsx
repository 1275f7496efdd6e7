import { useStoreLink } from '../store/store-status-store';
import { formatDateTime, formatPaise, maskPhone } from '../ui/format';
import { Empty, ErrorNotice, Loading, Notice } from '../ui/Notice';
import { StateBadge } from '../ui/StateBadge';
import { useOrdersStore } from './orders-store';
import { Table } from '../ui/Table';

/** The list's columns: the header, and each cell's label when the table reflows into cards. */
const COLUMN = { when: 'When', brand: 'Brand', amount: 'Amount', status: 'Status', counter: 'Counter', cashier: 'Cashier', reference: 'Reference', phone: 'Phone' } as const;

/** A store's counter lists only this counter's sales while the store server does not answer, and says so above the list. */
function CounterOnlyNotice({ notice }: { notice: string | null }) {
  return (
    <Notice tone="warning" role="status" title="Only this counter’s sales are listed">
      <p>{notice ?? 'The store server did not answer, so the other counters’ sales cannot be listed now.'}</p>
      <p>Show the orders again once the store server answers to see every counter’s.</p>
    </Notice>
  );
}

/**
 * The journal, newest first, a page at a time ("Load more" asks for the rows after the last one).
 * On a store's counter it lists every counter's sales with the counter that sold each; another
 * counter's sale is opened at that counter, which holds its vouchers and attempts.
 */
export function OrderList({ onOpen }: { onOpen: (saleId: string) => void }) {
  const { items, next, status, error, loadingMore, loadMore, reload, filter, scope, notice } = useOrdersStore();
  const self = useStoreLink()?.counterId;
  const filtered = Object.keys(filter).length > 0;
  const byCounter = scope === 'store';

  if (status === 'loading' || status === 'idle') return <Loading label="Loading orders…" />;
  if (status === 'error' && error) return <ErrorNotice error={error} title="Could not load the orders" onRetry={() => void reload()} />;
  const counterOnly = scope === 'counter' && <CounterOnlyNotice notice={notice} />;
  if (items.length === 0) {
    return (
      <>
        {counterOnly}
        <Empty title={filtered ? 'No order matches these filters' : 'No orders yet'}>
          {filtered ? 'Widen the dates or clear the filters.' : byCounter ? 'Sales made at the store’s counters appear here.' : 'Sales made at this counter appear here.'}
        </Empty>
      </>
    );
  }

  return (
    <div className="order-list">
      {counterOnly}
      <p className="muted" role="status">
        Showing {items.length} {items.length === 1 ? 'order' : 'orders'}
        {next ? ' (more below)' : ''}
      </p>
      <Table
        caption="Orders, newest first"
        reflow
        className="order-table"
        head={
          <>
            <th scope="col">{COLUMN.when}</th>
            <th scope="col">{COLUMN.brand}</th>
            <th scope="col" className="num">
              {COLUMN.amount}
            </th>
            <th scope="col">{COLUMN.status}</th>
            {byCounter && <th scope="col">{COLUMN.counter}</th>}
            <th scope="col">{COLUMN.cashier}</th>
            <th scope="col">{COLUMN.reference}</th>
            <th scope="col">{COLUMN.phone}</th>
            <th scope="col">
              <span className="visually-hidden">Open</span>
            </th>
          </>
        }
      >
        {items.map((o) => (
          <tr key={o.id}>
            <td data-label={COLUMN.when}>{formatDateTime(o.createdAt)}</td>
            <td data-label={COLUMN.brand}>
              <strong>{o.brandTitle}</strong>
              {o.failureReason && <span className="hint">{o.failureReason}</span>}
            </td>
            <td data-label={COLUMN.amount} className="num">
              {formatPaise(o.amountPaise)}
            </td>
            <td data-label={COLUMN.status}>
              <StateBadge state={o.state} />
            </td>
            {byCounter && (
              <td data-label={COLUMN.counter}>
                {o.counterName ?? '—'}
                {o.counterId === self && <span className="visually-hidden"> (this counter)</span>}
              </td>
            )}
            <td data-label={COLUMN.cashier}>{o.cashierName ?? '—'}</td>
            <td data-label={COLUMN.reference} className="order-table__reference">
              <code>{o.referenceId}</code>
            </td>
            <td data-label={COLUMN.phone}>{o.customerPhone ? maskPhone(o.customerPhone) : '—'}</td>
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
