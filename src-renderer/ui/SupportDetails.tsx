import type { ReactNode } from 'react';
import { CopyButton } from './CopyButton';

/**
 * The ids and codes behind something that went wrong, folded away: the person at the counter
 * needs them only when support asks, and then copies them in one press.
 */
export function SupportDetails({ text, label = 'Details for support', className, children }: { text: string; label?: string; className?: string; children?: ReactNode }) {
  return (
    <details className={className ? `details ${className}` : 'details'}>
      <summary>Details for support</summary>
      <pre className="support-text" aria-label={label}>
        {text}
      </pre>
      <CopyButton text={text} />
      {children}
    </details>
  );
}
