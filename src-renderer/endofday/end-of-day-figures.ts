import type { Discrepancy, DiscrepancyKind, EndOfDayReport } from '../bridge/contract';
import { istDayStartOfText } from '../orders/day-text';
import { formatPaise } from '../ui/format';
import { DAY_MS, istDateInput } from '../ui/india-day';

/** What each kind of disagreement is called on the screen and the printed summary. */
export const DISCREPANCY_TITLE: Record<DiscrepancyKind, string> = {
  SERVICE_DIFFERS: 'The service says otherwise',
  SERVICE_UNKNOWN: 'Not known to the service',
  SERVICE_UNREACHABLE: 'The service could not be asked',
  UNSETTLED: 'Outcome not known yet',
  WALLET_MOVEMENT: 'The wallet does not add up',
  WALLET_NOT_READ: 'The wallet was not read',
  TENDER_MISSING: 'Payment not recorded',
  REFUND_DUE: 'Money not given back',
  DRAWER: 'Drawer',
  COUNTER_NOT_CHECKED: 'A counter has not checked the day',
};

/** The words for a signed difference: [when positive, when negative]. */
const SIGNED: Partial<Record<Discrepancy['kind'], [string, string]>> = {
  WALLET_MOVEMENT: ['more spent than the sales explain', 'less spent than the sales explain'],
  DRAWER: ['over', 'short'],
  TENDER_MISSING: ['not recorded', 'more than the sales account for'],
  SERVICE_DIFFERS: ['more at the service', 'less at the service'],
};

/** The amount in question; a difference says which way (contract/report.ts gives the signs). */
export function amountText(d: Pick<Discrepancy, 'kind' | 'amountPaise'>): string | null {
  if (d.amountPaise === null || d.amountPaise === 0) return null;
  const words = SIGNED[d.kind];
  if (!words) return formatPaise(Math.abs(d.amountPaise));
  return `${formatPaise(Math.abs(d.amountPaise))} ${d.amountPaise > 0 ? words[0] : words[1]}`;
}

/** "26/11/2026": a day as Indian stores write it (orders/day-text.ts reads it back). */
export function dayText(ms: number): string {
  const [y, m, d] = istDateInput(ms).split('-');
  return `${d}/${m}/${y}`;
}

/** The typed dd/mm/yyyy day as main takes it (YYYY-MM-DD) with its India-time bounds; null when not a real day. */
export function dayOfText(text: string): { day: string; from: number; to: number } | null {
  const from = istDayStartOfText(text);
  if (from === null) return null;
  return { day: istDateInput(from), from, to: from + DAY_MS };
}

export interface Gap {
  /** What it is, in paise. */
  actualPaise: number;
  /** What the journal says it should be. */
  expectedPaise: number;
  /** actual − expected: positive is more than expected. */
  differencePaise: number;
}

const gap = (actualPaise: number, expectedPaise: number): Gap => ({ actualPaise, expectedPaise, differencePaise: actualPaise - expectedPaise });

/**
 * The two sums the screen sets side by side: what the wallet spent between its readings
 * against the journal's debits (null when a reading is missing), and the payments taken net of
 * refunds against what the day's sales should have brought in.
 */
export function dayGaps(report: Pick<EndOfDayReport, 'wallet' | 'tenders'>): { wallet: Gap | null; tenders: Gap } {
  const w = report.wallet;
  return {
    wallet: w.spentPaise === null || w.expectedSpentPaise === null ? null : gap(w.spentPaise, w.expectedSpentPaise),
    tenders: gap(report.tenders.netPaise, report.tenders.expectedNetPaise),
  };
}
