/**
 * The order journal's state machine, written down once. A sale row only ever moves along
 * these arrows; anything else is a bug and is refused at the repository, so no code path
 * can, say, turn a FAILED sale back into PROCESSING and send it again.
 *
 *   INTENT ──send──► SUCCESS | FAILED | PROCESSING | REJECTED | IN_DOUBT
 *   IN_DOUBT ──lookup/resend──► SUCCESS | FAILED | PROCESSING | REJECTED | NEEDS_SUPPORT
 *   PROCESSING ──poll/webhook──► SUCCESS | FAILED | NEEDS_SUPPORT | CANCELLED | REVERSED
 *   NEEDS_SUPPORT ──manager check/webhook──► SUCCESS | FAILED | CANCELLED | REVERSED
 *   SUCCESS ──service reversal──► REVERSED | CANCELLED
 *
 * INTENT: committed before the request is sent (a crash here is recovered by lookup).
 * IN_DOUBT: sent, outcome unknown (timeout, reset, 5xx, unreadable answer, crash).
 * REJECTED: refused with a 4xx; the referenceId counts as consumed; a retry is a new sale.
 * NEEDS_SUPPORT: still PROCESSING after 15 minutes, or unresolvable; a human must look.
 */
export const SALE_STATES = [
  'INTENT',
  'IN_DOUBT',
  'PROCESSING',
  'SUCCESS',
  'FAILED',
  'REJECTED',
  'NEEDS_SUPPORT',
  'CANCELLED',
  'REVERSED',
] as const;

export type SaleState = (typeof SALE_STATES)[number];

const TRANSITIONS: Record<SaleState, readonly SaleState[]> = {
  INTENT: ['SUCCESS', 'FAILED', 'PROCESSING', 'REJECTED', 'IN_DOUBT', 'CANCELLED', 'REVERSED'],
  IN_DOUBT: ['SUCCESS', 'FAILED', 'PROCESSING', 'REJECTED', 'NEEDS_SUPPORT', 'CANCELLED', 'REVERSED'],
  PROCESSING: ['SUCCESS', 'FAILED', 'NEEDS_SUPPORT', 'CANCELLED', 'REVERSED'],
  NEEDS_SUPPORT: ['SUCCESS', 'FAILED', 'CANCELLED', 'REVERSED'],
  SUCCESS: ['REVERSED', 'CANCELLED'],
  FAILED: [],
  REJECTED: [],
  CANCELLED: [],
  REVERSED: [],
};

/** States whose outcome is not yet settled: recovery at start-up looks at exactly these. */
export const UNFINISHED_STATES: readonly SaleState[] = ['INTENT', 'IN_DOUBT', 'PROCESSING'];

/** States a manager must see pinned on top of the order list. */
export const ATTENTION_STATES: readonly SaleState[] = ['IN_DOUBT', 'NEEDS_SUPPORT'];

export function canTransition(from: SaleState, to: SaleState): boolean {
  return from === to ? false : TRANSITIONS[from].includes(to);
}

export class IllegalTransitionError extends Error {
  constructor(readonly saleId: string, readonly from: SaleState, readonly to: SaleState) {
    super(`Sale ${saleId} cannot move from ${from} to ${to}`);
    this.name = 'IllegalTransitionError';
  }
}
