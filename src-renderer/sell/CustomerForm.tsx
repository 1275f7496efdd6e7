import { useSale } from './sale-store';
import { useSettingsStore } from '../settings/settings-store';
import { TextField } from '../ui/TextField';
import { cleanPhone } from '../ui/phone-number';

/**
 * The customer's details: required under B2C, optional under B2B. Cashiers cannot read the
 * business model, so the form starts collapsed unless a manager's settings say B2C, and opens
 * itself when main answers with a customer field problem.
 *
 * A mobile number typed with +91, a leading 0, spaces or hyphens becomes its 10 digits as soon
 * as it is complete, so the field shows exactly what the sale will send.
 */
export function CustomerForm() {
  const draft = useSale((s) => s.draft)!;
  const edit = useSale((s) => s.edit);
  const fields = useSale((s) => s.fields);
  const open = useSale((s) => s.customerOpen);
  const setOpen = useSale((s) => s.setCustomerOpen);
  const b2c = useSettingsStore((s) => s.view?.settings.businessModel) === 'B2C';
  const expanded = open || b2c;
  const set = (key: keyof typeof draft.customer) => (value: string) => edit((d) => ({ ...d, customer: { ...d.customer, [key]: value } }));
  const title = b2c ? 'Customer (required)' : 'Customer (optional for B2B)';

  return (
    <section className="disclosure">
      <h3 className="disclosure__heading">
        {b2c ? (
          <span className="disclosure__fixed">{title}</span>
        ) : (
          <button type="button" className="disclosure__toggle" aria-expanded={expanded} aria-controls="customer-fields" onClick={() => setOpen(!open)}>
            <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> {title}
          </button>
        )}
      </h3>
      <div id="customer-fields" className="disclosure__body form-grid" hidden={!expanded}>
        <TextField label="Customer name" autoComplete="off" value={draft.customer.name} onChange={set('name')} error={fields['customer.name']} hint="Letters and single spaces" />
        <TextField
          label="Mobile number"
          autoComplete="off"
          inputMode="numeric"
          value={draft.customer.phoneNumber}
          onChange={(typed) => set('phoneNumber')(cleanPhone(typed))}
          error={fields['customer.phoneNumber']}
          hint="10 digits; +91, a leading 0 and spaces are dropped"
        />
        <TextField label="Email (optional)" type="email" autoComplete="off" value={draft.customer.email} onChange={set('email')} error={fields['customer.email']} />
      </div>
    </section>
  );
}
