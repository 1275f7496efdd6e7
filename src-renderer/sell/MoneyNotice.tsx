import type { ReactNode } from 'react';
import { Notice } from '../ui/Notice';
import type { MoneyText } from './outcome-text';

const TONE = { refund: 'error', done: 'info' } as const;

/** What to do with the customer's money (outcome-text.ts says it), boxed by how urgent it is. */
export function MoneyNotice({ money, children }: { money: MoneyText; children?: ReactNode }) {
  return (
    <div className={`money money--${money.kind}`}>
      <Notice tone={TONE[money.kind]} title={<span className="money__headline">{money.headline}</span>} role={money.kind === 'refund' ? 'note' : 'status'}>
        <p>{money.detail}</p>
        {children}
      </Notice>
    </div>
  );
}
