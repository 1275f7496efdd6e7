import { useState } from 'react';
import { useSale } from './sale-store';
import { cleanPhone } from '../ui/phone-number';
import { TextField } from '../ui/TextField';
import type { Draft } from './sale-draft';

type DeliveryKey = Exclude<keyof Draft['delivery'], 'enabled' | 'recipientType'>;

/** Discount and delivery of the vouchers by SMS / email: rarely needed, so behind "More". */
export function MoreOptions() {
  const draft = useSale((s) => s.draft)!;
  const edit = useSale((s) => s.edit);
  const fields = useSale((s) => s.fields);
  const hasProblem = Object.keys(fields).some((f) => f === 'discount' || f.startsWith('delivery'));
  const [open, setOpen] = useState(false);
  const expanded = open || hasProblem;
  const d = draft.delivery;
  const setDelivery = (key: DeliveryKey) => (value: string) => edit((x) => ({ ...x, delivery: { ...x.delivery, [key]: value } }));

  return (
    <section className="disclosure">
      <h3 className="disclosure__heading">
        <button type="button" className="disclosure__toggle" aria-expanded={expanded} aria-controls="more-fields" onClick={() => setOpen(!expanded)}>
          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> More: customer discount and delivery
        </button>
      </h3>
      <div id="more-fields" className="disclosure__body" hidden={!expanded}>
        <TextField
          label="Customer discount (₹)"
          inputMode="decimal"
          autoComplete="off"
          hint="Taken off what the customer pays and what the wallet is charged; not more than the amount"
          value={draft.discountText}
          onChange={(discountText) => edit((x) => ({ ...x, discountText }))}
          error={fields.discount}
        />
        <label className="check">
          <input type="checkbox" checked={d.enabled} onChange={(e) => edit((x) => ({ ...x, delivery: { ...x.delivery, enabled: e.target.checked } }))} />
          Also send the vouchers by SMS / email
        </label>
        {d.enabled && (
          <div className="form-grid">
            <fieldset className="radio-row">
              <legend>Who receives them</legend>
              {(['SELF', 'OTHER'] as const).map((t) => (
                <label key={t} className="check">
                  <input type="radio" name="recipientType" value={t} checked={d.recipientType === t} onChange={() => edit((x) => ({ ...x, delivery: { ...x.delivery, recipientType: t } }))} />
                  {t === 'SELF' ? 'The customer' : 'Someone else (a gift)'}
                </label>
              ))}
            </fieldset>
            <TextField label="Recipient mobile number" inputMode="numeric" autoComplete="off" hint="10 digits, without +91" value={d.recipientPhoneNumber} onChange={(t) => setDelivery('recipientPhoneNumber')(cleanPhone(t))} error={fields['delivery.recipientPhoneNumber']} />
            <TextField label="Recipient name (optional)" autoComplete="off" value={d.recipientName} onChange={setDelivery('recipientName')} error={fields['delivery.recipientName']} />
            <TextField label="Recipient email (optional)" type="email" autoComplete="off" value={d.recipientEmail} onChange={setDelivery('recipientEmail')} error={fields['delivery.recipientEmail']} />
            <TextField label="From (optional)" autoComplete="off" value={d.senderName} onChange={setDelivery('senderName')} error={fields['delivery.senderName']} />
            <TextField label="Message (optional)" autoComplete="off" value={d.wishMessage} onChange={setDelivery('wishMessage')} error={fields['delivery.wishMessage']} />
          </div>
        )}
      </div>
    </section>
  );
}
