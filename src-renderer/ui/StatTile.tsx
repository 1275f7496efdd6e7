import { useId, type ReactNode } from 'react';

interface Props {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  tone?: 'ok' | 'bad' | 'warn' | 'none';
  hero?: boolean;
}

/** A big number with its label and a line of context; a named group, so it reads as one thing. */
export function StatTile({ label, value, sub, tone = 'none', hero }: Props) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className={`stat stat--${tone}${hero ? ' stat--hero' : ''}`}>
      <span id={id} className="stat__label">
        {label}
      </span>
      <span className="stat__value">{value}</span>
      {sub && <span className="stat__sub">{sub}</span>}
    </div>
  );
}
