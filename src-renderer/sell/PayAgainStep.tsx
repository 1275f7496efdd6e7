import { useMemo, useRef, useState } from 'react';
import type { SaleView } from '../bridge/contract';
import { formatPaise } from '../ui/format';
import { problemControl, useFocusAfterAttempt } from '../ui/focus-problem';
import { ErrorNotice } from '../ui/Notice';
import { PaymentStep } from './PaymentStep';
import { useSale } from './sale-store';
import { checkPayment, defaultPayment, firstProblem } from './tender-draft';
import { useFreshPress } from './useFreshPress';
import { refusalTitle } from '../store/store-refusal';

/**
 * Try again for a sale whose payment is not held any more (given back, or never recorded):
 * the customer pays again, the same way as at Confirm sale, before the new order is sent.
 */
export function PayAgainStep({ sale }: { sale: SaleView }) {
  const retrying = useSale((s) => s.retrying);
  const retry = useSale((s) => s.retry);
  const error = useSale((s) => s.error);
  const serverErrors = useSale((s) => s.paymentErrors);
  const back = useSale((s) => s.closeResult);
  const [payment, setPayment] = useState(defaultPayment);
  const fresh = useFreshPress(!retrying);
  const pays = sale.customerPaysPaise;
  const check = useMemo(() => checkPayment(payment, pays), [payment, pays]);
  const blocked = firstProblem(check);
  const stepRef = useRef<HTMLDivElement>(null);
  const goRef = useRef<HTMLButtonElement>(null);
  // The payment's fields are disabled while the retry is on its way: refused, focus comes back to the field to correct.
  const attempting = useFocusAfterAttempt(retrying, stepRef, goRef);
  const go = () => {
    if (retrying) return;
    if (check.tenders) {
      attempting();
      return void retry(sale.id, check.tenders);
    }
    problemControl(stepRef.current)?.focus();
  };

  return (
    <div
      ref={stepRef}
      onKeyDownCapture={fresh.onKeyDownCapture}
      onKeyUpCapture={fresh.onKeyUpCapture}
      onKeyDown={(event) => {
        const target = event.target as HTMLElement;
        if (event.key === 'Enter' && (target.tagName === 'INPUT' || target.tagName === 'SELECT')) {
          event.preventDefault();
          go();
        }
      }}
      aria-busy={retrying}
    >
      <p className="refund__lead">
        {sale.paymentState === 'REFUNDED' ? 'The first payment was given back.' : 'No payment was recorded for this sale.'} Take {formatPaise(pays)} from the customer to try{' '}
        {sale.brandTitle} again as a new order.
      </p>
      <PaymentStep payment={payment} onChange={setPayment} customerPaysPaise={pays} check={check} serverErrors={serverErrors} disabled={retrying} />
      {error && <ErrorNotice error={error} title={refusalTitle(error, 'Not tried again')} />}
      <div className="actions">
        {blocked && !retrying && <p className="confirm__blocked">{blocked}</p>}
        <button type="button" className="button button--large" onClick={back} aria-disabled={retrying || undefined}>
          Back <kbd>Esc</kbd>
        </button>
        {/* data-autofocus when the dialog opens on this step (from Pending); autoFocus when it replaces the outcome in place. */}
        <button ref={goRef} type="button" className="button button--primary button--large" autoFocus data-autofocus="" onClick={go} aria-disabled={retrying || blocked !== null || undefined}>
          {retrying ? 'Trying again…' : `Take ${formatPaise(pays)} and try again`} {!retrying && <kbd>Enter</kbd>}
        </button>
      </div>
    </div>
  );
}
