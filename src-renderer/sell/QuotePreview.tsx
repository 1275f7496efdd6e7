import { useSale } from './sale-store';
import { formatPaise } from '../ui/format';
import { ErrorNotice, Notice } from '../ui/Notice';
import { chosenLines } from './sale-draft';

/** The vouchers the sale will issue (the automatic split), the total, and anything blocking it. */
export function QuotePreview() {
  const quote = useSale((s) => s.quote);
  const quoting = useSale((s) => s.quoting);
  const error = useSale((s) => s.error);
  const fields = useSale((s) => s.fields);
  const draft = useSale((s) => s.draft);
  const brandProblem = fields.brand ?? fields.productId;
  const problems = Object.keys(fields).length;
  // Before a quote answers (or while fields need fixing) the denominations picked are still shown.
  const lines = quote?.lines ?? (draft ? chosenLines(draft) : []);
  const status = quoting
    ? 'Checking the amount with the service…'
    : quote
      ? `${quote.voucherCount} voucher${quote.voucherCount === 1 ? '' : 's'}, total ${formatPaise(quote.totalPaise)}`
      : problems > 0
        ? `Fix the ${problems === 1 ? 'field' : `${problems} fields`} marked ⚠ to continue.`
        : error
          ? 'The amount could not be checked: see why below.'
          : 'Pick an amount to see the vouchers.';

  return (
    <section className="quote" aria-labelledby="quote-heading" aria-busy={quoting}>
      {/* The total says what it is on screen; the heading names the region for screen readers. */}
      <h3 id="quote-heading" className="visually-hidden">
        Vouchers
      </h3>
      <div role="status" className="quote__status">
        {status}
      </div>
      {lines.length > 0 && (
        <ul className="quote__lines">
          {lines.map((l) => (
            <li key={l.denominationPaise}>
              {l.quantity} × {formatPaise(l.denominationPaise)} = <strong>{formatPaise(l.quantity * l.denominationPaise)}</strong>
            </li>
          ))}
        </ul>
      )}
      {quote && quote.discountPaise > 0 && (
        <dl className="facts quote__money">
          <dt>Customer discount</dt>
          <dd>− {formatPaise(quote.discountPaise)}</dd>
          <dt>Customer pays</dt>
          <dd>{formatPaise(quote.customerPaysPaise)}</dd>
          <dt>Wallet is charged</dt>
          <dd>{formatPaise(quote.debitPaise)}</dd>
        </dl>
      )}
      {quote?.floatWarning && (
        <Notice tone="warning" role="note">
          <p>{quote.floatWarning}</p>
        </Notice>
      )}
      {brandProblem && <ErrorNotice error={{ code: 'INVALID_SALE', message: brandProblem }} />}
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
