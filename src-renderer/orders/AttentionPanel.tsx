import { useEffect, useRef, useState } from 'react';
import type { BridgeError } from '../bridge/api';
import type { SaleListItem, SaleState } from '../bridge/contract';
import { LeftWithoutReceiptDialog } from '../sell/LeftWithoutReceiptDialog';
import { formatCount, formatDateTime, formatPaise } from '../ui/format';
import { ErrorNotice, Notice } from '../ui/Notice';
import { STATE_LOOK, StateBadge } from '../ui/StateBadge';
import { useStoreLink } from '../store/store-status-store';
import { useAttentionStore } from './attention-store';
import { useOrderDetailStore } from './order-detail-store';
import { useOrdersStore } from './orders-store';

/** The service's own number for an order, as screens label it (the reference is the app's). */
export const ORDER_AT_SERVICE = 'Order number at the service';

/** What a manager should do about each kind of stuck sale, in one sentence or two. */
export function whatToDo(state: SaleState): string {
  if (state === 'IN_DOUBT') {
    return 'The service did not say clearly whether this order was placed. Do not sell it again. Press “Check now”: the app asks the service by its reference. If it still cannot tell, try again in a few minutes.';
  }
  return 'This order was still not finished after 15 minutes, so the app stopped asking. Press “Check now”. If it is still open, open the order and call partner support with its “Details for support”.';
}

/** The only completed sales on the attention list are those whose receipt is still owed. */
const receiptOwed = (item: SaleListItem) => item.state === 'SUCCESS';

const RECEIPT_OWED_TO_DO =
  'The customer paid and the vouchers were issued, but the receipt was never printed, so the customer may not have the voucher. If they are still here, open the order and print it; if they left without it, record that.';

/** Asks the service about one sale now; its error, if any, is shown by the caller (`checks[saleId]`). */
export function CheckNowButton({ saleId, reference, onChecked }: { saleId: string; reference?: string; onChecked: (state: SaleState | null) => void }) {
  const busy = useAttentionStore((s) => s.checks[saleId]?.busy);
  const checkNow = useAttentionStore((s) => s.checkNow);
  return (
    <button type="button" className="button button--primary" disabled={busy} onClick={() => void checkNow(saleId).then(onChecked)}>
      {busy ? 'Checking…' : 'Check now'}
      {reference && <span className="visually-hidden"> order {reference}</span>}
    </button>
  );
}

/**
 * One sale needing attention. On a store's counter each says which counter sold it; another
 * counter's sale is resolved there (checking it, printing its receipt or recording that the
 * customer left without it are that counter's), so only "Open order" is offered here.
 */
export function AttentionCard({
  item,
  self,
  outcome,
  onChecked,
  onOpen,
  onLeftWithoutReceipt,
}: {
  item: SaleListItem;
  /** This counter's id when it belongs to a store. */
  self: string | undefined;
  outcome: { error?: BridgeError } | undefined;
  onChecked: (state: SaleState | null) => void;
  onOpen: () => void;
  onLeftWithoutReceipt: () => void;
}) {
  const owed = receiptOwed(item);
  const elsewhere = item.counterId !== undefined && item.counterId !== self;
  return (
    <li className="attention__card">
      <div className="attention__head">
        <StateBadge state={item.state} />
        {owed && <span className="badge badge--warn">Receipt not printed</span>}
        <strong className="big">{item.brandTitle}</strong>
        <span className="big">{formatPaise(item.amountPaise)}</span>
        <span className="muted">{formatDateTime(item.createdAt)}</span>
        {item.counterName && (
          <span className="badge">
            Sold at {item.counterName}
            {!elsewhere && ' (this counter)'}
          </span>
        )}
      </div>
      <p>
        Reference <code>{item.referenceId}</code>
        {item.orderId && (
          <>
            {' '}
            · {ORDER_AT_SERVICE} <code>{item.orderId}</code>
          </>
        )}
      </p>
      {item.supportReason && <p className="attention__reason">{item.supportReason}</p>}
      <p>
        <strong>{elsewhere ? `What to do, at ${item.counterName}: ` : 'What to do: '}</strong>
        {owed ? RECEIPT_OWED_TO_DO : whatToDo(item.state)}
      </p>
      {outcome?.error && <ErrorNotice error={outcome.error} title="The check did not finish" />}
      <div className="actions">
        {!owed && !elsewhere && <CheckNowButton saleId={item.id} reference={item.referenceId} onChecked={onChecked} />}
        <button type="button" className="button" data-sale-id={item.id} onClick={onOpen}>
          Open order<span className="visually-hidden"> {item.referenceId}</span>
        </button>
        {owed && !elsewhere && (
          <button type="button" className="button" onClick={onLeftWithoutReceipt}>
            Customer left without receipt<span className="visually-hidden"> order {item.referenceId}</span>
          </button>
        )}
      </div>
    </li>
  );
}

export function AttentionPanel({ onOpen }: { onOpen: (saleId: string) => void }) {
  const { items, total, status, error, checks, load, leftWithoutReceipt, scope, notice } = useAttentionStore();
  const self = useStoreLink()?.counterId;
  const reloadList = useOrdersStore((s) => s.reload);
  const openSaleId = useOrderDetailStore((s) => s.saleId);
  const [announce, setAnnounce] = useState('');
  const [waiving, setWaiving] = useState<SaleListItem | null>(null);

  // Back from an order (where a receipt may have been printed): the pinned list is asked again.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !openSaleId && status !== 'idle') void load();
    wasOpen.current = openSaleId !== null;
  }, [openSaleId, status, load]);

  const checked = (item: SaleListItem) => (state: SaleState | null) => {
    if (!state) return;
    setAnnounce(`Order ${item.referenceId} checked: now ${STATE_LOOK[state].label}.`);
    void reloadList();
  };

  return (
    <section className={items.length > 0 ? 'attention' : 'attention attention--calm'} aria-labelledby="attention-title">
      <h2 id="attention-title">
        {items.length > 0 && <span aria-hidden="true">⚠ </span>}
        {items.length > 0 ? `Needs your attention (${formatCount(total)})` : 'Needs your attention'}
      </h2>
      {scope === 'counter' && (
        <Notice tone="warning" role="status" title="Only this counter’s orders needing attention are listed">
          <p>{notice ?? 'The store server did not answer, so the other counters’ orders cannot be listed now.'}</p>
        </Notice>
      )}
      {total > items.length && <p className="muted">The oldest {formatCount(items.length)} are listed; as they are settled, the next ones appear.</p>}
      <p className="live" role="status">
        {announce}
      </p>
      {status === 'error' && error && <ErrorNotice error={error} title="Could not load the orders that need attention" onRetry={() => void load()} />}
      {status === 'ready' && items.length === 0 && (
        <p className="muted">
          <span aria-hidden="true">✓ </span>No order is in doubt or stuck, and no receipt is waiting to be printed.
        </p>
      )}
      {items.length > 0 && (
        <ul className="attention__list" aria-label="Orders that need attention">
          {items.map((item) => (
            <AttentionCard
              key={item.id}
              item={item}
              self={self}
              outcome={checks[item.id]}
              onChecked={checked(item)}
              onOpen={() => onOpen(item.id)}
              onLeftWithoutReceipt={() => setWaiving(item)}
            />
          ))}
        </ul>
      )}
      {waiving && (
        <LeftWithoutReceiptDialog
          sale={waiving}
          askPin={false}
          onCancel={() => setWaiving(null)}
          onSubmit={async ({ reason }) => {
            const problem = await leftWithoutReceipt(waiving.id, reason);
            if (problem) return problem.message;
            setAnnounce(`Order ${waiving.referenceId}: recorded that the customer left without the receipt.`);
            setWaiving(null);
            return null;
          }}
        />
      )}
    </section>
  );
}
