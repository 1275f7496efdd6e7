import { useMemo, useRef } from 'react';
import { useSale } from './sale-store';
import { Dialog } from '../ui/Dialog';
import { problemControl, useFocusAfterAttempt } from '../ui/focus-problem';
import { formatPaise } from '../ui/format';
import { ErrorNotice, Notice } from '../ui/Notice';
import { PaymentStep } from './PaymentStep';
import { checkPayment, firstProblem } from './tender-draft';
import { useFreshPress } from './useFreshPress';
import { refusalTitle } from '../store/store-refusal';

/**
 * The last look before the money moves: what is sold, what the customer pays (and any
 * customer discount), what the wallet is charged, and how the customer pays — cash, exact
 * amount, unless the cashier says otherwise. Enter confirms — a fresh press only
 * (fresh-press.ts), also after a failed attempt — Esc goes back. Digits typed with Confirm
 * focused go to "Cash received", so the change is one number and Enter away. Refused, focus goes
 * to the payment field main names, else back where it was (the fields are disabled meanwhile).
 */
export function ConfirmDialog() {
  const phase = useSale((s) => s.phase);
  const quote = useSale((s) => s.quote);
  const draft = useSale((s) => s.draft);
  const error = useSale((s) => s.error);
  const payment = useSale((s) => s.payment);
  const serverErrors = useSale((s) => s.paymentErrors);
  const editPayment = useSale((s) => s.editPayment);
  const place = useSale((s) => s.place);
  const back = useSale((s) => s.backToEditing);
  const placing = phase === 'placing';
  const fresh = useFreshPress(!placing);
  const cashReceivedRef = useRef<HTMLInputElement>(null);
  const stepRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // The payment's fields are disabled while the order is placed: refused, focus comes back to the field to correct.
  const attempting = useFocusAfterAttempt(placing, stepRef, confirmRef);
  const check = useMemo(() => (quote ? checkPayment(payment, quote.customerPaysPaise) : null), [payment, quote]);
  if (!quote || !draft || !check) return null;
  const customer = [draft.customer.name, draft.customer.phoneNumber, draft.customer.email].map((x) => x.trim()).filter(Boolean).join(' · ');
  const blocked = firstProblem(check) ?? firstServerProblem(serverErrors);
  const confirm = () => {
    if (placing) return;
    if (check.tenders) {
      attempting();
      return void place();
    }
    // Nothing is sent: the first field to fix gets the focus.
    problemControl(stepRef.current)?.focus();
  };
  const oneCashPart = !payment.split && payment.parts[0]?.method === 'CASH';

  return (
    <Dialog title="Confirm sale" onClose={placing ? undefined : back} className="confirm-dialog">
      <div
        ref={stepRef}
        aria-busy={placing}
        onKeyDownCapture={fresh.onKeyDownCapture}
        onKeyUpCapture={fresh.onKeyUpCapture}
        onKeyDown={(event) => {
          const target = event.target as HTMLElement;
          // The customer's notes, typed straight away: from Confirm (or anything not a field) into Cash received.
          if (oneCashPart && /^[0-9]$/.test(event.key) && !isField(target) && !event.ctrlKey && !event.altKey && !event.metaKey) {
            cashReceivedRef.current?.focus();
            return;
          }
          if (event.key === 'Enter' && (target.tagName === 'INPUT' || target.tagName === 'SELECT')) {
            event.preventDefault();
            confirm();
          }
        }}
        className="confirm"
      >
        <div className="confirm__sale">
          <p className="confirm__brand">{quote.brandTitle}</p>
          <ul className="confirm__lines" aria-label="Vouchers">
            {quote.lines.map((l) => (
              <li key={l.denominationPaise}>
                {l.quantity} × {formatPaise(l.denominationPaise)}
              </li>
            ))}
          </ul>
          <div className="confirm__pays">
            <span className="confirm__pays-label">Customer pays</span>
            <strong className="confirm__pays-amount">{formatPaise(quote.customerPaysPaise)}</strong>
          </div>
          <dl className="facts confirm__facts">
            <dt>Vouchers</dt>
            <dd>{formatPaise(quote.totalPaise)}</dd>
            {quote.discountPaise > 0 && (
              <>
                <dt>Customer discount</dt>
                <dd>− {formatPaise(quote.discountPaise)}</dd>
              </>
            )}
            {customer && (
              <>
                <dt>Customer</dt>
                <dd>{customer}</dd>
              </>
            )}
            {draft.delivery.enabled && (
              <>
                <dt>Also sent to</dt>
                <dd>{draft.delivery.recipientPhoneNumber}</dd>
              </>
            )}
          </dl>
          <p className="confirm__wallet">
            Wallet is charged <strong>{formatPaise(quote.debitPaise)}</strong>
          </p>
          {quote.floatWarning && (
            <Notice tone="warning" role="note">
              <p>{quote.floatWarning}</p>
            </Notice>
          )}
        </div>
        <PaymentStep
          payment={payment}
          onChange={(next) => editPayment(() => next)}
          customerPaysPaise={quote.customerPaysPaise}
          check={check}
          serverErrors={serverErrors}
          cashReceivedRef={cashReceivedRef}
          disabled={placing}
        />
        <div className="confirm__end">
          {error && <ErrorNotice error={error} title={refusalTitle(error, 'The sale was not confirmed')} />}
          <div className="actions">
            {blocked && !placing && <p className="confirm__blocked">{blocked}</p>}
            <button type="button" className="button button--large" onClick={back} aria-disabled={placing || undefined}>
              Back <kbd>Esc</kbd>
            </button>
            <button ref={confirmRef} type="button" className="button button--primary button--large" data-autofocus="" onClick={confirm} aria-disabled={placing || blocked !== null || undefined}>
              {placing ? 'Placing the order…' : `Confirm ${formatPaise(quote.customerPaysPaise)}`} {!placing && <kbd>Enter</kbd>}
            </button>
          </div>
          <p className="visually-hidden" role="status">
            {placing ? 'Placing the order, please wait.' : ''}
          </p>
        </div>
      </div>
    </Dialog>
  );
}

/** Where a digit is typed as it is (a choice among radios is not such a place). */
const isField = (el: HTMLElement): boolean =>
  el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && !['radio', 'checkbox'].includes(el.type));

const firstServerProblem = (errors: Record<string, string>): string | null => errors.tenders ?? Object.values(errors)[0] ?? null;
