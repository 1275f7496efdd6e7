import { useId, type Ref } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (pin: string) => void;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
  disabled?: boolean;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * A PIN field that works three ways: typing on a keyboard (Enter submits the surrounding
 * form), the number row of a touchscreen keypad, or a numeric on-screen keyboard. The PIN is
 * never shown; the dots tell how many digits were entered.
 */
export function PinPad({ label, value, onChange, error, inputRef, autoFocus, disabled }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const press = (digit: string) => value.length < 8 && onChange(value + digit);
  return (
    <div className="pinpad">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        className="pinpad__input"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        pattern="\d*"
        maxLength={8}
        value={value}
        readOnly={disabled}
        autoFocus={autoFocus}
        data-autofocus={autoFocus ? '' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 8))}
      />
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="pinpad__keys" role="group" aria-label={`${label} keypad`}>
        {KEYS.map((k) => (
          <button key={k} type="button" className="button pinpad__key" tabIndex={-1} disabled={disabled} onClick={() => press(k)}>
            {k}
          </button>
        ))}
        <button type="button" className="button pinpad__key pinpad__key--word" tabIndex={-1} disabled={disabled} onClick={() => onChange('')} aria-label="Clear PIN">
          Clear
        </button>
        <button type="button" className="button pinpad__key" tabIndex={-1} disabled={disabled} onClick={() => press('0')}>
          0
        </button>
        <button type="button" className="button pinpad__key" tabIndex={-1} disabled={disabled} onClick={() => onChange(value.slice(0, -1))} aria-label="Delete last digit">
          ⌫
        </button>
      </div>
    </div>
  );
}
