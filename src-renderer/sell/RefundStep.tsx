import type { SaleView } from '../bridge/contract';
import { formatPaise } from '../ui/format';
import { outcomeUnknown } from '../bridge/outcome-unknown';
import { ErrorNotice } from '../ui/Notice';
import { paidPaise, refundStep } from './outcome-text';
import { useSale } from './sale-store';
import { useFreshPress } from './useFreshPress';

/**
 * The refund's confirm step: what to give back, part by part, the way the customer paid; then
 * it is recorded once (main refuses a second). A fresh press only, as for Confirm sale.
 */
export function RefundStep({ sale }: { sale: SaleView }) {
  const refunding = useSale((s) => s.refunding);
  const refund = useSale((s) => s.refund);
  const error = useSale((s) => s.error);
  const back = useSale((s) => s.closeResult);
  const fresh = useFreshPress(!refunding);
  const amount = formatPaise(paidPaise(sale));
  const tenders = sale.payment?.tenders ?? [];

  return (
    <div onKeyDownCapture={fresh.onKeyDownCapture} onKeyUpCapture={fresh.onKeyUpCapture} aria-busy={refunding}>
      <p className="refund__lead">
        {sale.brandTitle}: the order did not go through and no voucher was issued. Give the customer {amount} back:
      </p>
      <ul className="refund__steps" aria-label="What to give back">
        {tenders.map((t, i) => (
          <li key={i}>{refundStep(t)}</li>
        ))}
      </ul>
      <p className="refund__note">Record it once the money is back with the customer. It is recorded once, against this shift’s drawer.</p>
      {error &&
        (outcomeUnknown(error) ? (
          // The answer was lost: the refund may be recorded. Main records one refund per sale, so pressing again is safe.
          <ErrorNotice error={error} title="Not known whether the refund was recorded">
            <p className="notice__action">Press “Given back” again: a refund is recorded once, and if it already was, this sale then shows it given back.</p>
          </ErrorNotice>
        ) : (
          <ErrorNotice error={error} title="The refund was not recorded" />
        ))}
      <div className="actions">
        <button type="button" className="button button--large" onClick={back} aria-disabled={refunding || undefined}>
          Back <kbd>Esc</kbd>
        </button>
        {/* data-autofocus when the dialog opens on this step (from Pending); autoFocus when it replaces the outcome in place. */}
        <button
          type="button"
          className="button button--danger button--large"
          autoFocus
          data-autofocus=""
          onClick={() => {
            if (!refunding) void refund(sale.id);
          }}
          aria-disabled={refunding || undefined}
        >
          {refunding ? 'Recording…' : `Given back: ${amount}`} {!refunding && <kbd>Enter</kbd>}
        </button>
      </div>
    </div>
  );
}
