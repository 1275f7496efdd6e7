import { useEffect, useRef } from 'react';
import type { OrderDetail as Detail } from '../bridge/contract';
import { formatDateTime, formatPaise } from '../ui/format';
import { ErrorNotice, Loading, Notice } from '../ui/Notice';
import { StateBadge, UNSETTLED_STATES } from '../ui/StateBadge';
import { SupportDetails } from '../ui/SupportDetails';
import { supportText } from '../sell/support-text';
import { useAttentionStore } from './attention-store';
import { useOrderDetailStore } from './order-detail-store';
import { Attempts } from './Attempts';
import { CheckNowButton, ORDER_AT_SERVICE, whatToDo } from './AttentionPanel';
import { GiveBack } from './GiveBack';
import { ReviewDecided, ReviewDecision } from './ReviewDecision';
import { ReprintReceipt } from './ReprintReceipt';
import { ResendDelivery } from './ResendDelivery';
import { VoucherList } from './VoucherList';

function Facts({ d }: { d: Detail }) {
  const rows: [string, string | null | undefined][] = [
    ['Reference', d.referenceId],
    [ORDER_AT_SERVICE, d.orderId ?? 'Not known yet'],
    ['Placed', formatDateTime(d.createdAt)],
    ['Last change', formatDateTime(d.updatedAt)],
    ['Amount', formatPaise(d.amountPaise)],
    ['Discount', d.discountPaise ? formatPaise(d.discountPaise) : null],
    ['Why it failed', d.failureReason ? `${d.failureReason}${d.errorCode ? ` (${d.errorCode})` : ''}` : null],
    ['Support note', d.supportReason],
    ['Next automatic check', d.nextCheckAt ? formatDateTime(d.nextCheckAt) : null],
    ['Retry of', d.retryOf],
    ['Customer', [d.customer?.name, d.customer?.phoneNumber, d.customer?.email].filter(Boolean).join(' · ') || null],
    ['Recipient', d.delivery ? [d.delivery.recipientName, d.delivery.recipientPhoneNumber, d.delivery.recipientEmail].filter(Boolean).join(' · ') : null],
  ];
  return (
    <dl className="facts">
      {rows
        .filter(([, v]) => v)
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

function CheckNow({ d }: { d: Detail }) {
  const error = useAttentionStore((s) => s.checks[d.id]?.error);
  const refresh = useOrderDetailStore((s) => s.refresh);
  return (
    <div className="callout">
      {(d.state === 'IN_DOUBT' || d.state === 'NEEDS_SUPPORT') && (
        <p>
          <strong>What to do: </strong>
          {whatToDo(d.state)}
        </p>
      )}
      {d.state === 'PROCESSING' && <p>The service is still making the vouchers. The app checks by itself; you can ask now.</p>}
      <CheckNowButton saleId={d.id} onChecked={() => void refresh()} />
      {error && <ErrorNotice error={error} title="The check did not finish" />}
    </div>
  );
}

/** One sale in full: what happened, its vouchers (masked), reprint, resend, and (folded) the request trail for support. */
export function OrderDetail({ onBack }: { onBack: () => void }) {
  const { detail, status, error, refresh } = useOrderDetailStore();
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = status === 'ready';

  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) onBack();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onBack]);

  const back = (
    <button type="button" className="button" onClick={onBack}>
      <span aria-hidden="true">← </span>Back to orders <kbd>Esc</kbd>
    </button>
  );
  if (status === 'loading') return <>{back}<Loading label="Loading the order…" /></>;
  if (status === 'error' && error) return <>{back}<ErrorNotice error={error} title="Could not open the order" onRetry={() => void refresh()} /></>;
  if (!detail) return back;
  const d = detail;

  return (
    <article className="order-detail" aria-labelledby="order-detail-title">
      {back}
      <header className="order-detail__head">
        <h2 id="order-detail-title" ref={heading} tabIndex={-1}>
          {d.brandTitle} · {formatPaise(d.amountPaise)}
        </h2>
        <StateBadge state={d.state} />
      </header>
      {d.soldAt ? (
        <Notice tone="info" role="note" title={`Sold at ${d.soldAt.counterName}`}>
          <p>Checking this sale, reprinting its receipt, resending its vouchers and their balances are done at that counter.</p>
        </Notice>
      ) : (
        UNSETTLED_STATES.includes(d.state) && <CheckNow d={d} />
      )}
      <div className="columns">
        <section aria-labelledby="order-facts-title" className="card">
          <h3 id="order-facts-title">Order</h3>
          <Facts d={d} />
        </section>
        <section aria-labelledby="order-vouchers-title" className="card">
          <h3 id="order-vouchers-title">Vouchers ({d.vouchers.length})</h3>
          <VoucherList vouchers={d.vouchers} canBalance={d.canBalanceBeFetched} soldElsewhere={d.soldAt !== undefined} />
        </section>
        {d.paymentState === 'REFUND_DUE' && !d.soldAt && (
          <section className="card" aria-label="Customer’s money">
            <GiveBack detail={d} />
          </section>
        )}
        {d.paymentState === 'MANAGER_REVIEW' && !d.soldAt && (
          <section className="card" aria-label="Customer’s money">
            <ReviewDecision detail={d} />
          </section>
        )}
        {d.reviewDecision && (
          <section className="card" aria-label="Manager’s decision">
            <ReviewDecided detail={d} />
          </section>
        )}
        {d.state === 'SUCCESS' && !d.soldAt && (
          <section className="card" aria-label="Receipt">
            <ReprintReceipt detail={d} />
          </section>
        )}
        {d.state === 'SUCCESS' && !d.soldAt && (
          <section className="card" aria-label="Resend delivery">
            <ResendDelivery detail={d} />
          </section>
        )}
      </div>
      <div className="card">
        <SupportDetails text={supportText(d)}>
          <Attempts attempts={d.attempts} leftOut={d.attemptsLeftOut} />
        </SupportDetails>
      </div>
    </article>
  );
}
