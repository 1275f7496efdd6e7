import { useRef, useState } from 'react';
import { api, type BridgeError } from '../bridge/api';
import type { OrderDetail } from '../bridge/contract';
import { paidPaise, refundStep } from '../sell/outcome-text';
import { usePending } from '../sell/pending-store';
import { formatPaise } from '../ui/format';
import { ErrorNotice } from '../ui/Notice';
import { useOrderDetailStore } from './order-detail-store';

/**
 * A paid sale that did not go through, its money not given back yet, from Orders (where End of
 * day's refund-due line opens it): what to give back per tender, then recorded once against this
 * counter's open drawer (main refuses a second).
 */
export function GiveBack({ detail }: { detail: OrderDetail }) {
  const refresh = useOrderDetailStore((s) => s.refresh);
  const [busy, setBusy] = useState(false);
  // A second press before the first one's answer re-renders the button is no second refund.
  const sending = useRef(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const amount = formatPaise(paidPaise(detail));

  const record = async () => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    const result = await api('sale.refund', { saleId: detail.id });
    sending.current = false;
    setBusy(false);
    if (!result.ok) return setError(result.error);
    // Given back: the Sell screen's Pending strip has nothing more to ask for it.
    usePending.getState().dismiss(detail.id);
    await refresh();
  };

  return (
    <div className="stack">
      <h3>Give {amount} back</h3>
      <p>No voucher was issued. Give the customer the money back the way they paid, then record it here:</p>
      <ul aria-label="What to give back">
        {(detail.payment?.tenders ?? []).map((t, i) => (
          <li key={i}>{refundStep(t)}</li>
        ))}
      </ul>
      {error && <ErrorNotice error={error} title="The refund was not recorded" />}
      <button type="button" className="button button--danger" onClick={() => void record()} aria-disabled={busy || undefined}>
        {busy ? 'Recording…' : `Given back: ${amount}`}
      </button>
    </div>
  );
}
