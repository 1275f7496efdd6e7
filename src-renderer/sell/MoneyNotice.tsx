import type { ReactNode } from 'react';
import { Notice } from '../ui/Notice';
import type { MoneyText } from './outcome-text';

const TONE = { refund: 'error', hold: 'warning', kept: 'ok', done: 'info' } as const;

/** What to do with the customer's money (outcome-text.ts says it), boxed by how urgent it is. */
export function MoneyNotice({ money, children, compact }: { money: MoneyText; children?: ReactNode; compact?: boolean }) {
  return (
    <div className={`money money--${money.kind}${compact ? ' money--compact' : ''}`}>
      <Notice tone={TONE[money.kind]} title={<span className="money__headline">{money.headline}</span>} role={money.kind === 'refund' || money.kind === 'hold' ? 'note' : 'status'}>
        {!compact && <p>{money.detail}</p>}
        {children}
      </Notice>
    </div>
  );
}
