interface Props {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
}

/** − n + with large touch targets; the buttons say what they change for screen readers. */
export function Stepper({ label, value, min, max, onChange }: Props) {
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button type="button" className="button stepper__button" aria-label={`One less: ${label}`} disabled={value <= min} onClick={() => onChange(value - 1)}>
        −
      </button>
      <output className="stepper__value" aria-live="polite" aria-label={`${label}: ${value}`}>
        {value}
      </output>
      <button type="button" className="button stepper__button" aria-label={`One more: ${label}`} disabled={value >= max} onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
