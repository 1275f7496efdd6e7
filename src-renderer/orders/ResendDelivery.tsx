import { useState, type FormEvent } from 'react';
import { fieldError } from '../bridge/api';
import type { DeliveryChannel, OrderDetail } from '../bridge/contract';
import { maskEmail, maskPhone } from '../ui/format';
import { ErrorNotice, Success } from '../ui/Notice';
import { useOrderDetailStore } from './order-detail-store';

const PHONE = /^[6-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

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
        <p className="muted">Give the customer a printed receipt instead.</p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="form" aria-labelledby="resend-title">
      <h3 id="resend-title">Resend the vouchers to the customer</h3>
      <p className="muted">
        Delivery uses the contact details saved with the order; they cannot be changed now. Email needs a valid customer email address; SMS and WhatsApp need a valid 10-digit mobile number
        of the customer or the recipient.
      </p>
      <fieldset className="channels" aria-describedby={problem ? 'resend-problem' : undefined}>
        <legend>Send by</legend>
        {(Object.keys(NAMES) as DeliveryChannel[]).map((c) => {
          const route = where[c];
          const error = fieldError(resend.error, c);
          const id = `resend-${c}`;
          return (
            <div key={c} className={picked.includes(c) ? 'channel channel--on' : 'channel'}>
              <label className="channel__label">
                <input type="checkbox" checked={picked.includes(c)} onChange={() => toggle(c)} aria-describedby={`${id}-to${error ? ` ${id}-err` : ''}`} aria-invalid={error ? true : undefined} />
                <span className="channel__name">{NAMES[c]}</span>
              </label>
              <span id={`${id}-to`} className="hint">
                {route.to ?? <strong>{route.missing}</strong>}
              </span>
              {error && (
                <span id={`${id}-err`} className="field__error">
                  {error}
                </span>
              )}
            </div>
          );
        })}
      </fieldset>
      {problem && (
        <p id="resend-problem" className="field__error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={resend.busy}>
        {resend.busy ? 'Sending…' : 'Resend delivery'}
      </button>
      {resend.message && <Success>Sent. {resend.message}</Success>}
      {resend.error && !generalError && (
        <p className="visually-hidden" role="alert">
          Nothing was resent: {resend.error.message}
        </p>
      )}
      {generalError && <ErrorNotice error={generalError} title="Nothing was resent" />}
    </form>
  );
}
