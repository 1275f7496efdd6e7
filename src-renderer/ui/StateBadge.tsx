import type { SaleState } from '../bridge/contract';

type Tone = 'ok' | 'bad' | 'wait' | 'warn' | 'none';

/**
 * Each sale state with a word, an icon and a colour, so nothing depends on colour alone; the
 * manager's word, and the cashier's (what it means at the counter). Typed by main's list of
 * states, so a new state is a type error here until it has a look; the order is the order
 * filters show them in.
 */
export const STATE_LOOK: Record<SaleState, { label: string; atCounter: string; icon: string; tone: Tone }> = {
  SUCCESS: { label: 'Success', atCounter: 'Ready to print', icon: '✓', tone: 'ok' },
  PROCESSING: { label: 'Processing', atCounter: 'Processing', icon: '⏳', tone: 'wait' },
  IN_DOUBT: { label: 'In doubt', atCounter: 'Checking', icon: '?', tone: 'warn' },
  NEEDS_SUPPORT: { label: 'Needs support', atCounter: 'Call the manager', icon: '!', tone: 'warn' },
  FAILED: { label: 'Failed', atCounter: 'Failed', icon: '✕', tone: 'bad' },
  REJECTED: { label: 'Refused', atCounter: 'Refused', icon: '✕', tone: 'bad' },
  CANCELLED: { label: 'Cancelled', atCounter: 'Cancelled', icon: '–', tone: 'none' },
  REVERSED: { label: 'Reversed', atCounter: 'Reversed', icon: '↩', tone: 'none' },
  INTENT: { label: 'Not sent yet', atCounter: 'Checking', icon: '…', tone: 'wait' },
};

export const SALE_STATE_ORDER = Object.keys(STATE_LOOK) as SaleState[];

/** Not finished yet: still with the service, or waiting for a person to settle it. */
export const UNSETTLED_STATES: readonly SaleState[] = ['INTENT', 'PROCESSING', 'IN_DOUBT', 'NEEDS_SUPPORT'];

/** The state as a badge: icon and word, coloured by its tone. */
export function StateBadge({ state }: { state: SaleState }) {
  const look = STATE_LOOK[state] ?? { label: state, icon: '•', tone: 'none' };
  return (
    <span className={`badge badge--${look.tone}`}>
      <span aria-hidden="true">{look.icon}</span> {look.label}
    </span>
  );
}
