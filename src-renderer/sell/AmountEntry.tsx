import type { PartnerBrand } from '../bridge/contract';
import { useSale } from './sale-store';
import { formatRupees } from '../ui/format';
import { TextField } from '../ui/TextField';
import { pickDenomination, setQuantity } from './sale-draft';
import { Stepper } from '../ui/Stepper';

/** FIXED: denomination buttons (digit N adds one of the Nth) with quantities, or an amount split automatically. FLEXIBLE: amount and count (one larger amount is split by main). */
export function AmountEntry({ brand, amountRef }: { brand: PartnerBrand; amountRef: React.RefObject<HTMLInputElement | null> }) {
  const draft = useSale((s) => s.draft)!;
  const edit = useSale((s) => s.edit);
  const fields = useSale((s) => s.fields);
  const r = brand.amountRestrictions!;
  // The amount field is the same on both kinds of brand; only its label, hint and effect differ.
  const amountField = { inputRef: amountRef, inputMode: 'decimal', autoComplete: 'off', className: 'field--amount', value: draft.amountText, error: fields.amount ?? fields.lines } as const;

  if (!draft.fixed) {
    return (
      <fieldset className="amount">
        <legend>Amount</legend>
        <TextField
          label="Amount of each voucher (₹)"
          hint={`From ${formatRupees(r.minVoucherAmount)} to ${formatRupees(r.maxVoucherAmount)} a voucher; with 1 voucher a larger amount is split into several; orders ${formatRupees(r.minOrderAmount)} – ${formatRupees(r.maxOrderAmount)}`}
          {...amountField}
          onChange={(amountText) => edit((d) => ({ ...d, amountText }))}
        />
        <div className="field">
          <span className="field__label" id="flex-qty-label">
            Number of vouchers
          </span>
          <Stepper label="Number of vouchers" value={draft.flexQuantity} min={1} max={r.maxVouchersPerOrder} onChange={(n) => edit((d) => ({ ...d, flexQuantity: n }))} />
        </div>
      </fieldset>
    );
  }

  const perDenomination = r.maxVouchersPerDenomination ?? r.maxVouchersPerOrder;
  return (
    <fieldset className="amount">
      <legend>
        Denominations <span className="amount__keys">— press 1–{Math.min(9, draft.denominations.length)} to add one</span>
      </legend>
      <ul className="denominations">
        {draft.denominations.map((d, i) => {
          const quantity = draft.quantities[d] ?? 0;
          return (
            <li key={d} className={`denomination ${quantity > 0 ? 'denomination--chosen' : ''}`}>
              <button type="button" className="button denomination__pick" aria-keyshortcuts={i < 9 ? String(i + 1) : undefined} onClick={() => edit((x) => pickDenomination(x, i + 1))}>
                {i < 9 && <kbd aria-hidden="true">{i + 1}</kbd>}
                <span className="denomination__value">{formatRupees(d / 100)}</span>
              </button>
              <Stepper label={`${formatRupees(d / 100)} vouchers`} value={quantity} min={0} max={perDenomination} onChange={(n) => edit((x) => setQuantity(x, d, n))} />
            </li>
          );
        })}
      </ul>
      <TextField
        label="Or enter an amount to split (₹)"
        hint={`Split automatically into the amounts above; orders ${formatRupees(r.minOrderAmount)} – ${formatRupees(r.maxOrderAmount)}, up to ${r.maxVouchersPerOrder} vouchers`}
        {...amountField}
        onChange={(amountText) => edit((x) => ({ ...x, amountText, quantities: amountText.trim() ? {} : x.quantities }))}
      />
    </fieldset>
  );
}
