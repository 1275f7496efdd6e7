import { useRef, type RefObject } from 'react';
import { Deferred, PrintReceipt } from '../app/lazy-screens';
import type { SaleView } from '../bridge/contract';
import { ReceiptPreview } from '../receipt/ReceiptPreview';
import { changeDue, useSale } from './sale-store';
import { Dialog } from '../ui/Dialog';
import { formatPaise } from '../ui/format';
import { ErrorNotice } from '../ui/Notice';
import { usePending } from './pending-store';
import { canCheckNow, canRetry, moneyText, outcomeText, paidPaise } from './outcome-text';
import { useCheckNow } from './check-now';
import { MoneyNotice } from './MoneyNotice';
import { PayAgainStep } from './PayAgainStep';
import { RefundStep } from './RefundStep';
import { SaleSupportDetails } from './SaleSupportDetails';
import { refusalTitle } from '../store/store-refusal';

/**
 * The outcome of a sale. SUCCESS: the change due (large), masked preview and Print (focused,
 * so Enter prints), then Next sale (focused after printing). FAILED / REJECTED: the sentence,
 * the action, what to do with the customer's money (give it back: a confirm step), Try again.
 * PROCESSING / IN DOUBT / NEEDS SUPPORT: keep the payment on hold, and Check now; it waits in
 * Pending sales and the cashier moves on. The ids stay folded in Details for support.
 */
export function ResultDialog() {
  const sale = useSale((s) => s.result);
  const step = useSale((s) => s.resultStep);
  const close = useSale((s) => s.closeResult);
  // While a retry or a refund is on its way the dialog stays: closed, its answer would land on a
  // screen that already went back to the sale's form (and its customer's details).
  const busy = useSale((s) => s.retrying || s.refunding);
  if (!sale) return null;
  // A refund step only while there is something to give back (another till may have done it).
  const shown = step === 'refund' && sale.paymentState !== 'REFUND_DUE' ? 'outcome' : step;
  const title =
    shown === 'refund'
      ? `Give the money back — ${formatPaise(paidPaise(sale))}`
      : shown === 'pay-again'
        ? `Take the payment again — ${formatPaise(sale.customerPaysPaise)}`
        : `${outcomeText(sale).title} — ${formatPaise(sale.amountPaise)}`;
  return (
    <Dialog title={title} onClose={busy ? undefined : close} className={`result-dialog result-dialog--${sale.state === 'SUCCESS' ? 'success' : 'other'}`}>
      {shown === 'refund' ? (
        <RefundStep key={`refund-${sale.id}`} sale={sale} />
      ) : shown === 'pay-again' ? (
        <PayAgainStep key={`pay-${sale.id}`} sale={sale} />
      ) : (
        // Keyed by state: a sale that settles while shown starts afresh (focus, the last check's note).
        <Outcome key={sale.id + sale.state + sale.paymentState} sale={sale} />
      )}
    </Dialog>
  );
}

function Outcome({ sale }: { sale: SaleView }) {
  const error = useSale((s) => s.error);
  const retrying = useSale((s) => s.retrying);
  const retry = useSale((s) => s.retry);
  const close = useSale((s) => s.closeResult);
  const setStep = useSale((s) => s.setResultStep);
  const changePaise = useSale(changeDue);
  const dismiss = usePending((s) => s.dismiss);
  const checkNow = useCheckNow(sale);
  const nextRef = useRef<HTMLButtonElement>(null);
  const text = outcomeText(sale);
  const money = moneyText(sale);
  const success = sale.state === 'SUCCESS';
  const unsettled = canCheckNow(sale.state);
  const refundDue = sale.paymentState === 'REFUND_DUE';
  // The payment goes with a retry while it is still held; given back (or never recorded), it is taken again.
  const retryable = canRetry(sale.state) && sale.paymentState !== 'CARRIED_TO_RETRY';
  const payAgain = retryable && (sale.paymentState === 'REFUNDED' || sale.paymentState === 'NOT_RECORDED');

  return (
    <div className="result__outcome">
      {changePaise > 0 && (
        <p className="change-due" role="status">
          <span className="change-due__label">Change due</span> <strong className="change-due__amount">{formatPaise(changePaise)}</strong>
        </p>
      )}
      <p className={`result__message ${success ? '' : 'result__message--problem'}`} role={success ? 'status' : 'alert'}>
        {text.message}
      </p>
      <p className="result__action">{text.action}</p>
      {money && (
        <MoneyNotice money={money}>
          {refundDue && (
            <button type="button" className="button button--danger" onClick={() => setStep('refund')}>
              Give back {formatPaise(paidPaise(sale))}…
            </button>
          )}
        </MoneyNotice>
      )}
      {success ? (
        <Receipt sale={sale} nextRef={nextRef} />
      ) : (
        <div className="result__facts">
          <p className="result__brand">{sale.brandTitle}</p>
          <SaleSupportDetails sale={sale} />
        </div>
      )}
      {error && <ErrorNotice error={error} title={refusalTitle(error, 'Not done')} />}
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
        {retryable && (
          <button
            type="button"
            className="button button--large"
            onClick={() => (payAgain ? setStep('pay-again') : void retry(sale.id))}
            aria-disabled={retrying || undefined}
          >
            {retrying ? 'Trying again…' : payAgain ? 'Try again…' : 'Try again'}
          </button>
        )}
        {!success && !retryable && !refundDue && sale.state !== 'PROCESSING' && sale.state !== 'IN_DOUBT' && sale.state !== 'INTENT' && (
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
        {/* data-autofocus for the dialog's first focus; autoFocus when the outcome changes in place (after a refund). */}
        <button ref={nextRef} type="button" className="button button--large" onClick={close} data-autofocus={success ? undefined : ''} autoFocus={!success}>
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
