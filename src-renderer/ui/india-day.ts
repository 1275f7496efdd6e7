/**
 * Days as a store in India counts them (midnight to midnight, Asia/Kolkata), as epoch
 * milliseconds: what the Orders filters and the end-of-day summary ask main for. India has had
 * one fixed offset (+05:30, no daylight saving) since 1945, so a constant is exact.
 */
const IST_OFFSET_MS = 5.5 * 3_600_000;
export const DAY_MS = 86_400_000;

/** Midnight in India of the day that contains `ms`. */
export function istStartOfDay(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS) * DAY_MS - IST_OFFSET_MS;
}

/** `YYYY-MM-DD` (an <input type="date"> value) of the Indian day containing `ms`. */
export function istDateInput(ms: number): string {
  return new Date(istStartOfDay(ms) + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight in India at the start of a `YYYY-MM-DD` day, or null when the text is not a date. */
export function istDayStart(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(utc) ? null : utc - IST_OFFSET_MS;
}
