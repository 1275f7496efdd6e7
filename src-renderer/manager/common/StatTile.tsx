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
    <div role="group" aria-labelledby={id} className={`mgr-tile-stat mgr-tone-${tone}${hero ? ' mgr-tile-hero' : ''}`}>
      <span id={id} className="mgr-stat-label">
        {label}
      </span>
      <span className="mgr-stat-value">{value}</span>
      {sub && <span className="mgr-stat-sub">{sub}</span>}
    </div>
  );
}
