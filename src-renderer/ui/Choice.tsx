import { useId, type ReactNode } from 'react';
import { sentence } from './TextField';

interface Props<T extends string> {
  legend: string;
  name: string;
  value: T | null;
  options: readonly { value: T; label: string; hint?: string }[];
  onChange: (value: T) => void;
  error?: string | undefined;
  /** Shown in place of the tiles when there is nothing to choose. */
  empty?: ReactNode;
  /** The chosen tile (or the first) takes the focus when its dialog opens. */
  autoFocus?: boolean;
}

/** Big radio tiles in a fieldset: arrow keys move between them, as with any radio group. */
export function Choice<T extends string>({ legend, name, value, options, onChange, error, empty, autoFocus }: Props<T>) {
  const errorId = useId();
  return (
    <fieldset className="choice" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.length === 0 && empty}
      <div className="choice__tiles">
        {options.map((o, i) => (
          <label key={o.value} className={o.value === value ? 'choice__tile choice__tile--on' : 'choice__tile'}>
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={o.value === value}
              onChange={() => onChange(o.value)}
              data-autofocus={autoFocus && (value === null ? i === 0 : o.value === value) ? '' : undefined}
            />
            <span>
              <span className="choice__label">{o.label}</span>
              {o.hint && <span className="hint">{o.hint}</span>}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {sentence(error)}
        </p>
      )}
    </fieldset>
  );
}
