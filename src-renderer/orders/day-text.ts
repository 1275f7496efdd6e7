import { istDayStart } from '../ui/india-day';

/**
 * A day typed as dd/mm/yyyy, as Indian stores write dates (an <input type="date"> shows the
 * browser's locale instead, mm/dd/yyyy on this machine). One or two digits for day and month;
 * "/", "-", "." or a space between the parts.
 */
export const DAY_TEXT_HINT = 'dd/mm/yyyy, for example 26/11/2026';

/** Midnight in India at the start of the day typed, or null when it is not a real dd/mm/yyyy day. */
export function istDayStartOfText(text: string): number | null {
  const m = /^(\d{1,2})[/.\- ](\d{1,2})[/.\- ](\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31/02 over into March; a day that does not exist is refused instead.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return istDayStart(`${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
}
