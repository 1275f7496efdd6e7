import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** Label and input side by side (a filter bar), instead of stacked. */
  inline?: boolean;
}

/** Main's schema messages start in lower case ("must be …"); next to a field they read as a sentence. */
export const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A labelled input with its hint and its error tied to it for screen readers. */
export function TextField({ label, value, onChange, error, hint, inputRef, inline, className, ...rest }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const classes = ['field', inline && 'field--inline', error && 'field--invalid', className].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        ref={inputRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {error && (
        <p id={errorId} className="field__error">
          {sentence(error)}
        </p>
      )}
    </div>
  );
}
