import { useEffect, useRef } from 'react';
import { ErrorNote, Loading } from '../common/Notice';
import { StateBadge } from '../common/StateBadge';
import { dateTime, inr } from '../format';
import type { OrderDetail as Detail } from '../../bridge/contract';
import { useAttentionStore } from '../stores/attention-store';
import { useOrderDetailStore } from '../stores/order-detail-store';
import { Attempts } from './Attempts';
import { whatToDo } from './AttentionPanel';
import { ReprintReceipt } from './ReprintReceipt';
import { ResendDelivery } from './ResendDelivery';
import { VoucherList } from './VoucherList';

function Facts({ d }: { d: Detail }) {
  const rows: [string, string | null | undefined][] = [
    ['Reference', d.referenceId],
    ['Service order id', d.orderId ?? 'Not known yet'],
    ['Placed', dateTime(d.createdAt)],
    ['Last change', dateTime(d.updatedAt)],
    ['Amount', inr(d.amountPaise)],
    ['Discount', d.discountPaise ? inr(d.discountPaise) : null],
    ['Why it failed', d.failureReason ? `${d.failureReason}${d.errorCode ? ` (${d.errorCode})` : ''}` : null],
    ['Support note', d.supportReason],
    ['Next automatic check', d.nextCheckAt ? dateTime(d.nextCheckAt) : null],
    ['Retry of', d.retryOf],
    ['Customer', [d.customer?.name, d.customer?.phoneNumber, d.customer?.email].filter(Boolean).join(' · ') || null],
    ['Recipient', d.delivery ? [d.delivery.recipientName, d.delivery.recipientPhoneNumber, d.delivery.recipientEmail].filter(Boolean).join(' · ') : null],
  ];
  return (
    <dl className="mgr-dl mgr-facts">
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
  const { checks, checkNow } = useAttentionStore();
  const refresh = useOrderDetailStore((s) => s.refresh);
  const outcome = checks[d.id];
  return (
    <div className="mgr-callout">
      {(d.state === 'IN_DOUBT' || d.state === 'NEEDS_SUPPORT') && (
        <p>
          <strong>What to do: </strong>
          {whatToDo(d.state)}
        </p>
      )}
      {d.state === 'PROCESSING' && <p>The service is still making the vouchers. The app checks by itself; you can ask now.</p>}
      <button
        type="button"
        className="mgr-btn mgr-btn-primary"
        disabled={outcome?.busy}
        onClick={() => void checkNow(d.id).then(() => refresh())}
      >
        {outcome?.busy ? 'Checking…' : 'Check now'}
      </button>
      {outcome?.error && <ErrorNote error={outcome.error} title="The check did not finish" />}
    </div>
  );
}

/** One sale in full: what happened, its vouchers (masked), reprint, resend, and the request trail. */
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
    <button type="button" className="mgr-btn" onClick={onBack}>
      <span aria-hidden="true">← </span>Back to orders <kbd>Esc</kbd>
    </button>
  );
  if (status === 'loading') return <>{back}<Loading label="Loading the order…" /></>;
  if (status === 'error' && error) return <>{back}<ErrorNote error={error} title="Could not open the order" onRetry={() => void refresh()} /></>;
  if (!detail) return back;
  const d = detail;
  const unsettled = d.state === 'IN_DOUBT' || d.state === 'NEEDS_SUPPORT' || d.state === 'PROCESSING' || d.state === 'INTENT';

  return (
    <article className="mgr-detail" aria-labelledby="mgr-detail-title">
      {back}
      <header className="mgr-detail-head">
        <h2 id="mgr-detail-title" ref={heading} tabIndex={-1}>
          {d.brandTitle} · {inr(d.amountPaise)}
        </h2>
        <StateBadge state={d.state} />
      </header>
      {unsettled && <CheckNow d={d} />}
      <div className="mgr-detail-grid">
        <section aria-labelledby="mgr-facts-title" className="mgr-card">
          <h3 id="mgr-facts-title">Order</h3>
          <Facts d={d} />
        </section>
        <section aria-labelledby="mgr-vouchers-title" className="mgr-card">
          <h3 id="mgr-vouchers-title">Vouchers ({d.vouchers.length})</h3>
          <VoucherList vouchers={d.vouchers} canBalance={d.canBalanceBeFetched} />
        </section>
        {d.state === 'SUCCESS' && (
          <section className="mgr-card" aria-label="Receipt">
            <ReprintReceipt detail={d} />
          </section>
        )}
        {d.state === 'SUCCESS' && (
          <section className="mgr-card" aria-label="Resend delivery">
            <ResendDelivery detail={d} />
          </section>
        )}
      </div>
      <section aria-labelledby="mgr-attempts-title" className="mgr-card">
        <h3 id="mgr-attempts-title">Requests for support</h3>
        <Attempts attempts={d.attempts} />
      </section>
    </article>
  );
}
