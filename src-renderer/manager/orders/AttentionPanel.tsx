import { useState } from 'react';
import { ErrorNote } from '../common/Notice';
import { STATE_LOOK, StateBadge } from '../common/StateBadge';
import { dateTime, inr } from '../format';
import type { SaleListItem, SaleState } from '../../bridge/contract';
import { useAttentionStore } from '../stores/attention-store';
import { useOrdersStore } from '../stores/orders-store';

/** What a manager should do about each kind of stuck sale, in one sentence or two. */
export function whatToDo(state: SaleState): string {
  if (state === 'IN_DOUBT') {
    return 'The service did not say clearly whether this order was placed. Do not sell it again. Press “Check now”: the app asks the service by its reference. If it still cannot tell, try again in a few minutes.';
  }
  return 'This order was still not finished after 15 minutes, so the app stopped asking. Press “Check now”. If it is still open, call partner support with the reference and the request ids shown in the order.';
}

export function AttentionPanel({ onOpen }: { onOpen: (saleId: string) => void }) {
  const { items, status, error, checks, checkNow, load } = useAttentionStore();
  const reloadList = useOrdersStore((s) => s.reload);
  const [announce, setAnnounce] = useState('');

  const check = async (item: SaleListItem) => {
    setAnnounce('');
    const state = await checkNow(item.id);
    if (state) {
      setAnnounce(`Order ${item.referenceId} checked: now ${STATE_LOOK[state].label}.`);
      void reloadList();
    }
  };

  return (
    <section className={items.length > 0 ? 'mgr-attention' : 'mgr-attention mgr-attention-calm'} aria-labelledby="mgr-attention-title">
      <h2 id="mgr-attention-title">
        {items.length > 0 && <span aria-hidden="true">⚠ </span>}
        {items.length > 0 ? `Needs your attention (${items.length})` : 'Needs your attention'}
      </h2>
      <p className="mgr-live" role="status">
        {announce}
      </p>
      {status === 'error' && error && <ErrorNote error={error} title="Could not load the orders that need attention" onRetry={() => void load()} />}
      {status === 'ready' && items.length === 0 && (
        <p className="mgr-muted">
          <span aria-hidden="true">✓ </span>No order is in doubt or stuck.
        </p>
      )}
      {items.length > 0 && (
        <ul className="mgr-attention-list" aria-label="Orders that need attention">
          {items.map((item) => {
            const outcome = checks[item.id];
            return (
              <li key={item.id} className="mgr-attention-card">
                <div className="mgr-attention-head">
                  <StateBadge state={item.state} />
                  <strong className="mgr-big">{item.brandTitle}</strong>
                  <span className="mgr-big">{inr(item.amountPaise)}</span>
                  <span className="mgr-muted">{dateTime(item.createdAt)}</span>
                </div>
                <p>
                  Reference <code>{item.referenceId}</code>
                  {item.orderId && (
                    <>
                      {' '}
                      · Order id <code>{item.orderId}</code>
                    </>
                  )}
                </p>
                {item.supportReason && <p className="mgr-reason">{item.supportReason}</p>}
                <p>
                  <strong>What to do: </strong>
                  {whatToDo(item.state)}
                </p>
                {outcome?.error && <ErrorNote error={outcome.error} title="The check did not finish" />}
                <div className="mgr-actions">
                  <button type="button" className="mgr-btn mgr-btn-primary" disabled={outcome?.busy} onClick={() => void check(item)}>
                    {outcome?.busy ? 'Checking…' : 'Check now'}
                    <span className="mgr-sr"> order {item.referenceId}</span>
                  </button>
                  <button type="button" className="mgr-btn" data-sale-id={item.id} onClick={() => onOpen(item.id)}>
                    Open order<span className="mgr-sr"> {item.referenceId}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
