import type { CashMovementKind } from '../bridge/contract';
import { formatPaise } from '../ui/format';
import { overShortOf } from './drawer-count';

export const MOVEMENT_LABEL: Record<CashMovementKind, string> = { PAY_IN: 'Pay-in', PAY_OUT: 'Pay-out' };

/** Money out, as a report line shows it: −₹200, and ₹0 when nothing went out. */
export const minusPaise = (paise: number): string => (paise === 0 ? formatPaise(0) : `−${formatPaise(paise)}`);

/** The methods that were used (main lists every method, most with nothing taken). */
export const tendersUsed = <T extends { count: number; takenPaise: number; refundedPaise: number }>(byTender: T[]): T[] =>
  byTender.filter((t) => t.count > 0 || t.takenPaise !== 0 || t.refundedPaise !== 0);

/** A movement's amount with its direction: +₹500 into the drawer, −₹200 out of it. */
export const signedMovement = (kind: CashMovementKind, amountPaise: number): string => `${kind === 'PAY_IN' ? '+' : '−'}${formatPaise(amountPaise)}`;

/** "Short by ₹200", "Over by ₹150", "Balanced": counted − expected, in the words a manager uses. */
export function overShortText(overShortPaise: number): string {
  const o = overShortOf(overShortPaise);
  if (o.kind === 'balanced') return 'Balanced';
  return `${o.kind === 'over' ? 'Over' : 'Short'} by ${formatPaise(o.paise)}`;
}

/** The tone a drawer's over/short is shown in: short is money missing, over is money unexplained. */
export function overShortTone(overShortPaise: number): 'ok' | 'bad' | 'warn' {
  const o = overShortOf(overShortPaise);
  return o.kind === 'balanced' ? 'ok' : o.kind === 'short' ? 'bad' : 'warn';
}
