import { useState, type FormEvent } from 'react';
import { fieldError } from '../../bridge/api';
import { ErrorNote, Success } from '../common/Notice';
import type { DeliveryChannel, OrderDetail } from '../../bridge/contract';
import { useOrderDetailStore } from '../stores/order-detail-store';

const PHONE = /^[6-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

const maskPhone = (p: string) => `••••••${p.slice(-4)}`;
const maskEmail = (e: string) => {
  const [local = '', domain = ''] = e.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
};

/** Where each channel would go for this order (spec §4.7: the contacts stored on the order). */
function routes(detail: OrderDetail): Record<DeliveryChannel, { to: string | null; missing: string }> {
  const email = detail.customer?.email && EMAIL.test(detail.customer.email) ? detail.customer.email : null;
  const phone = [detail.customer?.phoneNumber, detail.delivery?.recipientPhoneNumber].find((p) => p && PHONE.test(p)) ?? null;
  const noPhone = 'Not possible: the order has no mobile number of the customer or the recipient.';
  return {
    EMAIL: { to: email && `To the customer's email ${maskEmail(email)}.`, missing: 'Not possible: the order has no customer email address.' },
    SMS: { to: phone && `To ${maskPhone(phone)}.`, missing: noPhone },
    WHATSAPP: { to: phone && `To ${maskPhone(phone)}.`, missing: noPhone },
  };
}

const NAMES: Record<DeliveryChannel, string> = { EMAIL: 'Email', SMS: 'SMS', WHATSAPP: 'WhatsApp' };

export function ResendDelivery({ detail }: { detail: OrderDetail }) {
  const { resend, resendDelivery } = useOrderDetailStore();
  const [picked, setPicked] = useState<DeliveryChannel[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const where = routes(detail);

  const toggle = (c: DeliveryChannel) => setPicked((p) => (p.includes(c) ? p.filter((x) => x !== c) : [...p, c]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.length === 0) {
      setProblem('Tick at least one way to resend.');
      return;
    }
    setProblem(null);
    void resendDelivery(picked);
  };
  const generalError = resend.error && !(['EMAIL', 'SMS', 'WHATSAPP'] as const).some((c) => fieldError(resend.error, c)) ? resend.error : null;

  if (!where.EMAIL.to && !where.SMS.to) {
    return (
      <div>
        <h3>Resend the vouchers to the customer</h3>
        <p>Nothing can be resent: this sale was made without the customer&apos;s email address or mobile number, and contacts cannot be added now.</p>
        <p className="mgr-muted">Give the customer a printed receipt instead.</p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="mgr-form" aria-labelledby="mgr-resend-title">
      <h3 id="mgr-resend-title">Resend the vouchers to the customer</h3>
      <p className="mgr-muted">
        Delivery uses the contact details saved with the order; they cannot be changed now. Email needs a valid customer email address; SMS and WhatsApp need a valid 10-digit mobile number
        of the customer or the recipient.
      </p>
      <fieldset className="mgr-channel-set" aria-describedby={problem ? 'mgr-resend-problem' : undefined}>
        <legend>Send by</legend>
        {(Object.keys(NAMES) as DeliveryChannel[]).map((c) => {
          const route = where[c];
          const error = fieldError(resend.error, c);
          const id = `mgr-resend-${c}`;
          return (
            <div key={c} className={picked.includes(c) ? 'mgr-channel mgr-channel-on' : 'mgr-channel'}>
              <label className="mgr-channel-label">
                <input type="checkbox" checked={picked.includes(c)} onChange={() => toggle(c)} aria-describedby={`${id}-to${error ? ` ${id}-err` : ''}`} aria-invalid={error ? true : undefined} />
                <span className="mgr-tile-label">{NAMES[c]}</span>
              </label>
              <span id={`${id}-to`} className="mgr-hint">
                {route.to ?? <strong>{route.missing}</strong>}
              </span>
              {error && (
                <span id={`${id}-err`} className="mgr-field-error">
                  <span aria-hidden="true">! </span>
                  {error}
                </span>
              )}
            </div>
          );
        })}
      </fieldset>
      {problem && (
        <p id="mgr-resend-problem" className="mgr-field-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="mgr-btn mgr-btn-primary" disabled={resend.busy}>
        {resend.busy ? 'Sending…' : 'Resend delivery'}
      </button>
      {resend.message && <Success>Sent. {resend.message}</Success>}
      {resend.error && !generalError && (
        <p className="mgr-sr" role="alert">
          Nothing was resent: {resend.error.message}
        </p>
      )}
      {generalError && <ErrorNote error={generalError} title="Nothing was resent" />}
    </form>
  );
}
