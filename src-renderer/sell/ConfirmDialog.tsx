import { useEffect, useState, type KeyboardEvent } from 'react';
import { useSale } from './sale-store';
import { FreshPressGuard } from './fresh-press';
import { Dialog } from '../ui/Dialog';
import { formatPaise } from '../ui/format';
import { ErrorNotice, Notice } from '../ui/Notice';

/**
 * The last look before the money moves: what is sold, and what the wallet will be debited.
 * Enter confirms — a fresh press only (fresh-press.ts), also after a failed attempt — Esc goes back.
 */
export function ConfirmDialog() {
  const phase = useSale((s) => s.phase);
  const quote = useSale((s) => s.quote);
  const draft = useSale((s) => s.draft);
  const error = useSale((s) => s.error);
  const place = useSale((s) => s.place);
  const back = useSale((s) => s.backToEditing);
  const [guard] = useState(() => new FreshPressGuard());
  const placing = phase === 'placing';
  // After the Dialog's own effect has shown it and focused Confirm.
  useEffect(() => {
    if (!placing) guard.shown(performance.now());
  }, [guard, placing]);
  if (!quote || !draft) return null;
  const onlyFresh = (acts: boolean, event: KeyboardEvent) => {
    if (acts) return;
    event.preventDefault();
    event.stopPropagation();
  };
  const customer = [draft.customer.name, draft.customer.phoneNumber, draft.customer.email].map((x) => x.trim()).filter(Boolean).join(' · ');

  return (
    <Dialog title="Confirm sale" onClose={placing ? undefined : back} className="confirm-dialog">
      <div aria-busy={placing} onKeyDownCapture={(e) => onlyFresh(guard.keyDown(e.nativeEvent), e)} onKeyUpCapture={(e) => onlyFresh(guard.keyUp(e.nativeEvent), e)}>
        <p className="confirm__brand">{quote.brandTitle}</p>
        <ul className="confirm__lines" aria-label="Vouchers">
          {quote.lines.map((l) => (
            <li key={l.denominationPaise}>
              {l.quantity} × {formatPaise(l.denominationPaise)}
            </li>
          ))}
        </ul>
        <dl className="facts">
          <dt>Total</dt>
          <dd className="confirm__total">{formatPaise(quote.totalPaise)}</dd>
          {quote.totalPaise !== quote.debitPaise && (
            <>
              <dt>Discount</dt>
              <dd>{formatPaise(quote.totalPaise - quote.debitPaise)}</dd>
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
        <p className="confirm__debit">Wallet will be debited {formatPaise(quote.debitPaise)}</p>
        {quote.floatWarning && (
          <Notice tone="warning" role="note">
            <p>{quote.floatWarning}</p>
          </Notice>
        )}
        {error && <ErrorNotice error={error} title="The sale was not confirmed" />}
        <div className="actions">
          <button type="button" className="button button--large" onClick={back} aria-disabled={placing || undefined}>
            Back <kbd>Esc</kbd>
          </button>
          <button
            type="button"
            className="button button--primary button--large"
            data-autofocus=""
            onClick={() => {
              if (!placing) void place();
            }}
            aria-disabled={placing || undefined}
          >
            {placing ? 'Placing the order…' : `Confirm ${formatPaise(quote.debitPaise)}`} {!placing && <kbd>Enter</kbd>}
          </button>
        </div>
        <p className="visually-hidden" role="status">
          {placing ? 'Placing the order, please wait.' : ''}
        </p>
      </div>
    </Dialog>
  );
}
