import type { SaleState } from '../manager-types';

/** Each state with a word, an icon and a colour, so nothing depends on colour alone. */
export const STATE_LOOK: Record<SaleState, { label: string; icon: string; tone: 'ok' | 'bad' | 'wait' | 'warn' | 'none' }> = {
  SUCCESS: { label: 'Success', icon: '✓', tone: 'ok' },
  PROCESSING: { label: 'Processing', icon: '⏳', tone: 'wait' },
  INTENT: { label: 'Not sent yet', icon: '…', tone: 'wait' },
  IN_DOUBT: { label: 'In doubt', icon: '?', tone: 'warn' },
  NEEDS_SUPPORT: { label: 'Needs support', icon: '!', tone: 'warn' },
  FAILED: { label: 'Failed', icon: '✕', tone: 'bad' },
  REJECTED: { label: 'Refused', icon: '✕', tone: 'bad' },
  CANCELLED: { label: 'Cancelled', icon: '–', tone: 'none' },
  REVERSED: { label: 'Reversed', icon: '↩', tone: 'none' },
};

export function StateBadge({ state }: { state: SaleState }) {
  const look = STATE_LOOK[state] ?? { label: state, icon: '•', tone: 'none' };
  return (
    <span className={`mgr-badge mgr-badge-${look.tone}`}>
      <span aria-hidden="true">{look.icon}</span> {look.label}
    </span>
  );
}
