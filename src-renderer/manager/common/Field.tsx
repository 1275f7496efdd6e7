import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  hint?: ReactNode;
  error?: string;
}

/** A labelled input with its hint and its error next to it, tied together for screen readers. */
export function Field({ label, value, onValue, hint, error, className, ...rest }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`mgr-field ${className ?? ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={hintId} className="mgr-hint">
          {hint}
        </span>
      )}
      <input id={id} value={value} onChange={(e) => onValue(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} />
      {error && (
        <span id={errorId} className="mgr-field-error">
          <span aria-hidden="true">! </span>
          {sentence(error)}
        </span>
      )}
    </div>
  );
}

/** Main's schema messages start in lower case ("must be …"); next to a field they read as a sentence. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface ChoiceProps<T extends string> {
  legend: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string; hint?: string }[];
  onValue: (value: T) => void;
  error?: string;
}

/** Big radio tiles in a fieldset: arrow keys move between them, as with any radio group. */
export function Choice<T extends string>({ legend, name, value, options, onValue, error }: ChoiceProps<T>) {
  const errorId = useId();
  return (
    <fieldset className="mgr-choice" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="mgr-choice-row">
        {options.map((o) => (
          <label key={o.value} className={o.value === value ? 'mgr-tile mgr-tile-on' : 'mgr-tile'}>
            <input type="radio" name={name} value={o.value} checked={o.value === value} onChange={() => onValue(o.value)} />
            <span>
              <span className="mgr-tile-label">{o.label}</span>
              {o.hint && <span className="mgr-hint">{o.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <span id={errorId} className="mgr-field-error">
          {sentence(error)}
        </span>
      )}
    </fieldset>
  );
}
