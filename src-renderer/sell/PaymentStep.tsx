import { useId, type Ref } from 'react';
import type { TenderMethod } from '../bridge/contract';
import { formatPaise } from '../ui/format';
import { TextField } from '../ui/TextField';
import { addPart, chooseMethod, editPart, MAX_PARTS, METHODS, REFERENCE_MAX, removePart, startSplit, TENDER_WORDS, type PaymentCheck, type PaymentDraft } from './tender-draft';

interface Props {
  payment: PaymentDraft;
  onChange: (payment: PaymentDraft) => void;
  customerPaysPaise: number;
  /** checkPayment(payment, customerPaysPaise), worked out once by the dialog. */
  check: PaymentCheck;
  /** Main's problems with the payment the last time it was sent, shown until it is changed. */
  serverErrors: Record<string, string>;
  /** The cash received field of a one-part cash payment: digits typed on Confirm go there. */
  cashReceivedRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/**
 * How the customer pays: a method (cash, exact amount, unless the cashier says otherwise),
 * or a split into parts where the last part takes the rest. Cash shows the change due, large.
 * Problems are spelled out as the cashier types; Enter in any field confirms (the dialog's).
 */
export function PaymentStep({ payment, onChange, customerPaysPaise, check, serverErrors, cashReceivedRef, disabled }: Props) {
  const problem = (field: string): string | undefined => check.problems[field] ?? serverErrors[field];
  const whole = check.problems.tenders ?? serverErrors.tenders;
  const name = useId();
  if (customerPaysPaise <= 0) {
    return (
      <section className="payment" aria-label="How the customer pays">
        <p className="payment__nothing">Nothing to collect: the discount covers the whole amount.</p>
      </section>
    );
  }
  const single = payment.parts[0]!;
  const taken = check.parts.reduce((sum, f) => sum + (f.amountPaise ?? 0), 0);

  return (
    <section className="payment" aria-labelledby={`${name}-heading`}>
      <h3 id={`${name}-heading`} className="payment__heading">
        How the customer pays
      </h3>
      {!payment.split ? (
        <>
          <fieldset className="payment__methods" disabled={disabled}>
            <legend className="visually-hidden">Payment method</legend>
            {METHODS.map((m) => (
              <label key={m} className={m === single.method ? 'payment__method payment__method--on' : 'payment__method'}>
                <input type="radio" name={`${name}-method`} value={m} checked={m === single.method} onChange={() => onChange(chooseMethod(payment, m))} />
                {TENDER_WORDS[m].label}
              </label>
            ))}
            <button type="button" className="button button--ghost payment__split" onClick={() => onChange(startSplit(payment))}>
              Split…
            </button>
          </fieldset>
          <PartFields payment={payment} index={0} onChange={onChange} problem={problem} cashReceivedRef={cashReceivedRef} customerPaysPaise={customerPaysPaise} disabled={disabled} />
        </>
      ) : (
        <>
          <ol className="payment__parts" aria-label="Parts of the payment">
            {payment.parts.map((p, i) => (
              <li key={i} className="payment__part">
                <div className="payment__part-head">
                  <label className="field field--inline">
                    <span className="field__label">Part {i + 1}</span>
                    <select value={p.method} disabled={disabled} onChange={(e) => onChange(editPart(payment, i, { method: e.target.value as TenderMethod, receivedText: '', reference: '' }))} aria-invalid={problem(`tenders.${i}.method`) ? true : undefined}>
                      {METHODS.map((m) => (
                        <option key={m} value={m}>
                          {TENDER_WORDS[m].label}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="button" className="button button--ghost button--small" disabled={disabled} onClick={() => onChange(removePart(payment, i))}>
                    Remove<span className="visually-hidden"> part {i + 1}</span>
                  </button>
                </div>
                {problem(`tenders.${i}.method`) && <p className="field__error">{problem(`tenders.${i}.method`)}</p>}
                <PartFields payment={payment} index={i} onChange={onChange} problem={problem} customerPaysPaise={customerPaysPaise} disabled={disabled} restPaise={check.parts[i]?.isRest ? check.parts[i]!.amountPaise : undefined} />
              </li>
            ))}
          </ol>
          <div className="payment__split-foot">
            <button type="button" className="button" disabled={disabled || payment.parts.length >= MAX_PARTS} onClick={() => onChange(addPart(payment))}>
              Add a part
            </button>
            <p className="payment__taken" role="status">
              {taken === customerPaysPaise ? `The parts make the ${formatPaise(customerPaysPaise)}.` : `Taken so far ${formatPaise(taken)} of ${formatPaise(customerPaysPaise)}.`}
            </p>
          </div>
        </>
      )}
      {whole && (
        <p className="field__error payment__problem" role="alert">
          {whole}
        </p>
      )}
      <ChangeDue check={check} payment={payment} />
    </section>
  );
}

interface PartProps {
  payment: PaymentDraft;
  index: number;
  onChange: (payment: PaymentDraft) => void;
  problem: (field: string) => string | undefined;
  customerPaysPaise: number;
  cashReceivedRef?: Ref<HTMLInputElement> | undefined;
  disabled?: boolean | undefined;
  /** Split: the last part's amount when left blank (the rest). */
  restPaise?: number | null | undefined;
}

function PartFields({ payment, index, onChange, problem, customerPaysPaise, cashReceivedRef, disabled, restPaise }: PartProps) {
  const p = payment.parts[index]!;
  const words = TENDER_WORDS[p.method];
  const set = (change: Parameters<typeof editPart>[2]) => onChange(editPart(payment, index, change));
  const isLast = index === payment.parts.length - 1;
  return (
    <div className="payment__fields">
      {payment.split && (
        <TextField
          label={`Amount of part ${index + 1} (₹)`}
          className="field--money"
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          placeholder={isLast && restPaise ? `${restPaise / 100}` : undefined}
          hint={isLast ? (restPaise ? `Leave blank for the rest: ${formatPaise(restPaise)}` : 'Leave blank for the rest') : undefined}
          value={p.amountText}
          onChange={(amountText) => set({ amountText })}
          error={problem(`tenders.${index}.amountPaise`)}
        />
      )}
      {p.method === 'CASH' ? (
        <TextField
          label={payment.split ? `Cash received for part ${index + 1} (₹)` : 'Cash received (₹)'}
          className="field--money"
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          inputRef={cashReceivedRef}
          hint={payment.split ? 'Blank: the exact amount' : `Blank: the exact ${formatPaise(customerPaysPaise)}. Type the notes handed over to see the change.`}
          value={p.receivedText}
          onChange={(receivedText) => set({ receivedText })}
          error={problem(`tenders.${index}.receivedPaise`)}
        />
      ) : (
        <TextField
          label={payment.split ? `${words.reference} for part ${index + 1}` : (words.reference ?? 'Reference')}
          autoComplete="off"
          maxLength={REFERENCE_MAX}
          disabled={disabled}
          hint={words.referenceHint}
          value={p.reference}
          onChange={(reference) => set({ reference })}
          error={problem(`tenders.${index}.reference`)}
        />
      )}
    </div>
  );
}

/** The cash to hand back, large: the number the cashier counts out while the customer waits. */
function ChangeDue({ check, payment }: { check: PaymentCheck; payment: PaymentDraft }) {
  const cash = payment.parts.some((p) => p.method === 'CASH');
  if (!cash) return null;
  const typed = payment.parts.some((p) => p.method === 'CASH' && p.receivedText.trim() !== '');
  return (
    <p className="payment__change" role="status" aria-live="polite">
      {check.changePaise > 0 ? (
        <>
          <span className="payment__change-label">Change due</span> <strong className="payment__change-amount">{formatPaise(check.changePaise)}</strong>
        </>
      ) : (
        <span className="payment__change-label">{typed && !check.tenders ? 'Change due: —' : 'No change: exact amount'}</span>
      )}
    </p>
  );
}
