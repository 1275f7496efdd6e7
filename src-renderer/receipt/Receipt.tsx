import type { Ref } from 'react';
import type { ReceiptView } from '../bridge/contract';
import { formatDateTime, formatDay, formatPaise } from '../ui/format';
import { TENDER_WORDS } from '../sell/tender-draft';
import { credentialsOf, instructionsFor, paperClass, redemptionLabel } from './receipt-content';
import './receipt.css';

/**
 * 9867695195606875 → 9867 6951 9560 6875: easier to read out and to type at a till. The spaces
 * are non-breaking, so a narrow roll breaks the line before the number, never inside it.
 */
const groupDigits = (value: string): string => (/^\d{12,19}$/.test(value) ? value.replace(/(\d{4})(?=\d)/g, '$1\u00a0') : value);

interface Props {
  data: ReceiptView;
  /** data: URL of the store-locator QR code, when there is one. */
  qrDataUrl: string | null;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The customer's receipt, as printed (react-to-print clones this node into its print frame).
 * It carries card numbers and PINs in full, so on screen it lives only inside a visually
 * hidden, aria-hidden stage; the cashier sees the masked preview instead.
 */
export function Receipt({ data, qrDataUrl, ref }: Props) {
  const instructions = instructionsFor(data);
  const total = data.vouchers.length;
  const reprintNote = [data.reprintedAt !== null && `reprinted ${formatDateTime(data.reprintedAt)}`, data.approvedByName && `approved by ${data.approvedByName}`]
    .filter(Boolean)
    .join(', ');
  return (
    <div ref={ref} className={`receipt ${paperClass(data.receiptOptions.paperWidth)}`} data-testid="printable-receipt">
      {data.training && <p className="receipt__training">TRAINING — NOT VALID</p>}
      {data.copy > 1 && (
        <p className="receipt__duplicate">
          DUPLICATE #{data.copy}
          {reprintNote && <span className="receipt__duplicate-detail">{` — ${reprintNote}`}</span>}
        </p>
      )}
      <header className="receipt__store">
        {data.receiptOptions.header && <p>{data.receiptOptions.header}</p>}
        <p className="receipt__store-name">{data.store.name}</p>
        {data.store.address && <p>{data.store.address}</p>}
        {data.store.phone && <p>Phone: {data.store.phone}</p>}
        {data.store.gstin && <p>GSTIN: {data.store.gstin}</p>}
      </header>

      <h1 className="receipt__brand">{data.brandTitle}</h1>
      <p>Gift voucher · {redemptionLabel(data.redemptionType)}</p>

      {data.vouchers.map((v) => {
        const { number, pin } = credentialsOf(v);
        return (
          <section key={v.seq} className="receipt__voucher">
            <p className="receipt__voucher-head">
              Voucher {v.seq} of {total} · {formatPaise(v.amountPaise)}
            </p>
            {number && (
              <p>
                Card number: <strong className="receipt__code">{groupDigits(number)}</strong>
              </p>
            )}
            {pin && (
              <p>
                PIN: <strong className="receipt__code">{pin}</strong>
              </p>
            )}
            <p>Valid till: {formatDay(v.validTill)}</p>
          </section>
        );
      })}
      <p className="receipt__total">
        Total: <strong>{formatPaise(data.amountPaise)}</strong>
      </p>
      {data.payment && (
        <section className="receipt__payment" aria-label="Payment">
          {data.payment.discountPaise > 0 && <p>Customer discount: −{formatPaise(data.payment.discountPaise)}</p>}
          {data.payment.tenders.map((t, i) => (
            <p key={i}>
              Paid by {TENDER_WORDS[t.method].inSentence}: {formatPaise(t.amountPaise)}
              {t.receivedPaise !== null && t.receivedPaise !== t.amountPaise && ` (received ${formatPaise(t.receivedPaise)})`}
            </p>
          ))}
          {data.payment.changePaise > 0 && <p>Change: {formatPaise(data.payment.changePaise)}</p>}
        </section>
      )}

      {instructions.kind === 'steps' &&
        instructions.sections.map((h) => (
          <section key={h.retailMode} className="receipt__section">
            <h2>How to use — {h.retailModeName || redemptionLabel(h.retailMode)}</h2>
            <ol>
              {h.instructions.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </section>
        ))}
      {instructions.kind === 'text' && (
        <section className="receipt__section">
          <h2>How to use</h2>
          <p>{instructions.text}</p>
        </section>
      )}

      {data.keyTerms.length > 0 && (
        <section className="receipt__section">
          <h2>Key terms</h2>
          <ul>
            {data.keyTerms.map((t, i) => (
              <li key={i}>{t}</li>
            ))}
          </ul>
        </section>
      )}

      {qrDataUrl && data.storeLocatorUrl && (
        <section className="receipt__section receipt__qr">
          <h2>Find a store</h2>
          <img src={qrDataUrl} alt={`QR code for the store locator: ${data.storeLocatorUrl}`} width={120} height={120} />
          <p className="receipt__url">{data.storeLocatorUrl}</p>
        </section>
      )}

      <dl className="receipt__facts">
        <dt>Order id</dt>
        <dd className="receipt__id">{data.orderId ?? '—'}</dd>
        <dt>Reference</dt>
        <dd className="receipt__id">{data.referenceId}</dd>
        <dt>Date</dt>
        <dd>{formatDateTime(data.issuedAt)}</dd>
        <dt>Store</dt>
        <dd>{data.store.name}</dd>
        <dt>Counter</dt>
        <dd>{data.store.counter}</dd>
        <dt>Cashier</dt>
        <dd>{data.cashierName}</dd>
      </dl>
      {data.receiptOptions.footer && <p className="receipt__footer">{data.receiptOptions.footer}</p>}
      {data.training && <p className="receipt__training">TRAINING — NOT VALID</p>}
    </div>
  );
}
