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
            {payment.parts.map((_, i) => (
              <SplitRow key={i} payment={payment} index={i} onChange={onChange} problem={problem} check={check} disabled={disabled} />
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
}

/** One method for the whole amount: cash received (for the change), or the method's reference. */
function PartFields({ payment, index, onChange, problem, customerPaysPaise, cashReceivedRef, disabled }: PartProps) {
  const p = payment.parts[index]!;
  const words = TENDER_WORDS[p.method];
  const set = (change: Parameters<typeof editPart>[2]) => onChange(editPart(payment, index, change));
  return (
    <div className="payment__fields">
      {p.method === 'CASH' ? (
        <TextField
          label="Cash received (₹)"
          className="field--money"
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          inputRef={cashReceivedRef}
          hint={`Blank: the exact ${formatPaise(customerPaysPaise)}. Type the notes handed over to see the change.`}
          value={p.receivedText}
          onChange={(receivedText) => set({ receivedText })}
          error={problem(`tenders.${index}.receivedPaise`)}
        />
      ) : (
        <TextField
          label={words.reference ?? 'Reference'}
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

/**
 * One part of a split, on one row: method, amount (the last part's, left blank, is the rest),
 * and cash received or the reference. Each label names its part for screen readers.
 */
function SplitRow({ payment, index, onChange, problem, check, disabled }: Omit<PartProps, 'customerPaysPaise' | 'cashReceivedRef'> & { check: PaymentCheck }) {
  const p = payment.parts[index]!;
  const words = TENDER_WORDS[p.method];
  const id = useId();
  const set = (change: Parameters<typeof editPart>[2]) => onChange(editPart(payment, index, change));
  const figures = check.parts[index];
  const rest = figures?.isRest && figures.amountPaise !== null ? figures.amountPaise : null;
  const isLast = index === payment.parts.length - 1;
  const part = <span className="visually-hidden"> for part {index + 1}</span>;
  const extraField = p.method === 'CASH' ? `tenders.${index}.receivedPaise` : `tenders.${index}.reference`;
  const errors = [problem(`tenders.${index}.method`), problem(`tenders.${index}.amountPaise`), problem(extraField)].filter((e): e is string => Boolean(e));
  const errorId = `${id}-error`;
  const invalid = (field: string) => (problem(field) ? { 'aria-invalid': true, 'aria-describedby': errorId } : {});
  return (
    <li className="split-row">
      <span className="split-row__n" aria-hidden="true">
        {index + 1}
      </span>
      <label className="split-row__field">
        <span className="split-row__label">
          Method{part}
        </span>
        <select value={p.method} disabled={disabled} onChange={(e) => set({ method: e.target.value as TenderMethod, receivedText: '', reference: '' })} {...invalid(`tenders.${index}.method`)}>
          {METHODS.map((m) => (
            <option key={m} value={m}>
              {TENDER_WORDS[m].label}
            </option>
          ))}
        </select>
      </label>
      <label className="split-row__field">
        <span className="split-row__label">
          Amount{part} (₹)
        </span>
        <input
          value={p.amountText}
          inputMode="decimal"
          autoComplete="off"
          disabled={disabled}
          placeholder={isLast ? 'the rest' : undefined}
          onChange={(e) => set({ amountText: e.target.value })}
          {...invalid(`tenders.${index}.amountPaise`)}
        />
      </label>
      <label className="split-row__field split-row__field--wide">
        <span className="split-row__label">
          {p.method === 'CASH' ? (
            <>
              Received{part} (₹)
            </>
          ) : (
            <>
              {words.referenceShort}
              {part}
            </>
          )}
        </span>
        {p.method === 'CASH' ? (
          <input value={p.receivedText} inputMode="decimal" autoComplete="off" disabled={disabled} placeholder="exact" onChange={(e) => set({ receivedText: e.target.value })} {...invalid(extraField)} />
        ) : (
          <input value={p.reference} autoComplete="off" maxLength={REFERENCE_MAX} disabled={disabled} placeholder="optional" onChange={(e) => set({ reference: e.target.value })} {...invalid(extraField)} />
        )}
      </label>
      <button type="button" className="button button--ghost button--small split-row__remove" disabled={disabled} onClick={() => onChange(removePart(payment, index))}>
        Remove<span className="visually-hidden"> part {index + 1}</span>
      </button>
      {rest !== null && <p className="split-row__note">Blank: the rest, {formatPaise(rest)}</p>}
      {errors.length > 0 && (
        <p id={errorId} className="field__error split-row__note">
          {errors.join(' ')}
        </p>
      )}
    </li>
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
