import { useRef } from 'react';
import { Deferred, PrintReceipt } from '../app/lazy-screens';
import { ReceiptPreview } from '../receipt/ReceiptPreview';
import { useSale } from './sale-store';
import { Dialog } from '../ui/Dialog';
import { formatPaise } from '../ui/format';
import { ErrorNotice } from '../ui/Notice';
import { usePending } from './pending-store';
import { canRetry, outcomeText } from './outcome-text';

/**
 * The outcome of a sale. SUCCESS: masked preview and Print (focused, so Enter prints), then
 * Next sale (focused after printing). FAILED / REJECTED: the sentence, the action, Try again.
 * PROCESSING / IN DOUBT: it waits in Pending sales; the cashier moves on.
 */
export function ResultDialog() {
  const sale = useSale((s) => s.result);
  const error = useSale((s) => s.error);
  const retrying = useSale((s) => s.retrying);
  const retry = useSale((s) => s.retry);
  const close = useSale((s) => s.closeResult);
  const dismiss = usePending((s) => s.dismiss);
  const nextRef = useRef<HTMLButtonElement>(null);
  if (!sale) return null;
  const text = outcomeText(sale);
  const success = sale.state === 'SUCCESS';

  return (
    <Dialog title={`${text.title} — ${formatPaise(sale.amountPaise)}`} onClose={close} className={`result-dialog result-dialog--${success ? 'success' : 'other'}`}>
      <div key={sale.id + sale.state}>
        <p className={`result__message ${success ? '' : 'result__message--problem'}`} role={success ? 'status' : 'alert'}>
          {text.message}
        </p>
        <p className="result__action">{text.action}</p>
        {success ? (
          <>
            <ReceiptPreview sale={sale} />
            {/* Its chunk is normally prefetched by now; autoFocus still lands on Print when it arrives later. */}
            <Deferred label="Preparing the receipt…">
              <PrintReceipt
                sale={sale}
                autoFocus
                onPrinted={() => {
                  dismiss(sale.id);
                  nextRef.current?.focus();
                }}
              />
            </Deferred>
          </>
        ) : (
          <dl className="facts">
            <dt>Brand</dt>
            <dd>{sale.brandTitle}</dd>
            <dt>Reference</dt>
            <dd>{sale.referenceId}</dd>
            {sale.errorCode && (
              <>
                <dt>Code</dt>
                <dd>{sale.errorCode}</dd>
              </>
            )}
          </dl>
        )}
        {error && <ErrorNotice error={error} title="Not done" />}
        <div className="actions">
          {canRetry(sale.state) && (
            <button type="button" className="button button--large" onClick={() => void retry(sale.id)} aria-disabled={retrying || undefined}>
              {retrying ? 'Trying again…' : 'Try again'}
            </button>
          )}
          {!success && !canRetry(sale.state) && sale.state !== 'PROCESSING' && sale.state !== 'IN_DOUBT' && sale.state !== 'INTENT' && (
            <button
              type="button"
              className="button button--large"
              onClick={() => {
                dismiss(sale.id);
                close();
              }}
            >
              Dismiss
            </button>
          )}
          <button ref={nextRef} type="button" className="button button--large" onClick={close} data-autofocus={success ? undefined : ''}>
            {canRetry(sale.state) ? 'Back' : 'Next sale'} <kbd>Esc</kbd>
          </button>
        </div>
      </div>
    </Dialog>
  );
}
