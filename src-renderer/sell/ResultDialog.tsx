import { useRef, type RefObject } from 'react';
import { Deferred, PrintReceipt } from '../app/lazy-screens';
import type { SaleView } from '../bridge/contract';
import { ReceiptPreview } from '../receipt/ReceiptPreview';
import { useSale } from './sale-store';
import { Dialog } from '../ui/Dialog';
import { formatPaise } from '../ui/format';
import { ErrorNotice } from '../ui/Notice';
import { usePending } from './pending-store';
import { canCheckNow, canRetry, outcomeText } from './outcome-text';
import { useCheckNow } from './check-now';
import { SaleSupportDetails } from './SaleSupportDetails';

/**
 * The outcome of a sale. SUCCESS: masked preview and Print (focused, so Enter prints), then
 * Next sale (focused after printing). FAILED / REJECTED: the sentence, the action, Try again.
 * PROCESSING / IN DOUBT / NEEDS SUPPORT: what to do with the payment meanwhile, and Check now;
 * it waits in Pending sales and the cashier moves on. The ids stay folded in Details for support.
 */
export function ResultDialog() {
  const sale = useSale((s) => s.result);
  const close = useSale((s) => s.closeResult);
  if (!sale) return null;
  const text = outcomeText(sale);
  const success = sale.state === 'SUCCESS';
  return (
    <Dialog title={`${text.title} — ${formatPaise(sale.amountPaise)}`} onClose={close} className={`result-dialog result-dialog--${success ? 'success' : 'other'}`}>
      {/* Keyed by state: a sale that settles while shown starts afresh (focus, the last check's note). */}
      <Outcome key={sale.id + sale.state} sale={sale} />
    </Dialog>
  );
}

function Outcome({ sale }: { sale: SaleView }) {
  const error = useSale((s) => s.error);
  const retrying = useSale((s) => s.retrying);
  const retry = useSale((s) => s.retry);
  const close = useSale((s) => s.closeResult);
  const dismiss = usePending((s) => s.dismiss);
  const checkNow = useCheckNow(sale);
  const nextRef = useRef<HTMLButtonElement>(null);
  const text = outcomeText(sale);
  const success = sale.state === 'SUCCESS';
  const unsettled = canCheckNow(sale.state);

  return (
    <div>
      <p className={`result__message ${success ? '' : 'result__message--problem'}`} role={success ? 'status' : 'alert'}>
        {text.message}
      </p>
      <p className="result__action">{text.action}</p>
      {success ? (
        <Receipt sale={sale} nextRef={nextRef} />
      ) : (
        <div className="result__facts">
          <p className="result__brand">{sale.brandTitle}</p>
          <SaleSupportDetails sale={sale} />
        </div>
      )}
      {error && <ErrorNotice error={error} title="Not done" />}
      {unsettled && (
        <p className="result__check-note" role="status">
          {checkNow.note}
        </p>
      )}
      <div className="actions">
        {unsettled && (
          <button type="button" className="button button--large" onClick={() => void checkNow.check()} aria-disabled={checkNow.busy || undefined}>
            {checkNow.busy ? 'Checking…' : 'Check now'}
          </button>
        )}
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
  );
}

function Receipt({ sale, nextRef }: { sale: SaleView; nextRef: RefObject<HTMLButtonElement | null> }) {
  const dismiss = usePending((s) => s.dismiss);
  return (
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
  );
}
