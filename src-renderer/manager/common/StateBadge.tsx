import type { SaleState } from '../../bridge/contract';

/**
 * Each state with a word, an icon and a colour, so nothing depends on colour alone. Typed
 * by main's list of states, so a new state is a type error here until it has a look; the
 * order is the order filters show them in.
 */
export const STATE_LOOK: Record<SaleState, { label: string; icon: string; tone: 'ok' | 'bad' | 'wait' | 'warn' | 'none' }> = {
  SUCCESS: { label: 'Success', icon: '✓', tone: 'ok' },
  PROCESSING: { label: 'Processing', icon: '⏳', tone: 'wait' },
  IN_DOUBT: { label: 'In doubt', icon: '?', tone: 'warn' },
  NEEDS_SUPPORT: { label: 'Needs support', icon: '!', tone: 'warn' },
  FAILED: { label: 'Failed', icon: '✕', tone: 'bad' },
  REJECTED: { label: 'Refused', icon: '✕', tone: 'bad' },
  CANCELLED: { label: 'Cancelled', icon: '–', tone: 'none' },
  REVERSED: { label: 'Reversed', icon: '↩', tone: 'none' },
  INTENT: { label: 'Not sent yet', icon: '…', tone: 'wait' },
};

export const SALE_STATE_ORDER = Object.keys(STATE_LOOK) as SaleState[];

export function StateBadge({ state }: { state: SaleState }) {
  const look = STATE_LOOK[state] ?? { label: state, icon: '•', tone: 'none' };
  return (
    <span className={`mgr-badge mgr-badge-${look.tone}`}>
      <span aria-hidden="true">{look.icon}</span> {look.label}
    </span>
  );
}
