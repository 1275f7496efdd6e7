/**
 * Time as a store in India reads it: its days run midnight to midnight IST, and its reports and
 * exports show India time. India has kept one offset (+05:30, no daylight saving) since 1945,
 * so a constant is exact (the renderer's ui/india-day.ts makes the same choice).
 */
export const IST_OFFSET_MS = 5.5 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The IST day `YYYY-MM-DD` as [from, to) in epoch ms, or null when it is not a real date. */
export function istDayBounds(day: string): { from: number; to: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = Date.UTC(year, month - 1, date);
  // Date.UTC rolls 2026-02-30 over to March; a day that does not exist is refused, not moved.
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  const from = utc - IST_OFFSET_MS;
  return { from, to: from + DAY_MS };
}

/** `YYYY-MM-DD` of the IST day containing `ms`. */
export function istDay(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

const two = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/**
 * `dd/mm/yyyy HH:MM:SS` in India time, for times in ascending order (a CSV walks a month of
 * rows): the date part is formatted once per IST day, the time of day by arithmetic.
 */
export function istDateTimes(): (ms: number) => string {
  let dayStart = Number.NaN;
  let datePart = '';
  return (ms) => {
    const local = ms + IST_OFFSET_MS;
    const start = Math.floor(local / DAY_MS) * DAY_MS;
    if (start !== dayStart) {
      dayStart = start;
      const d = new Date(start);
      datePart = `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} `;
    }
    const t = local - start;
    return `${datePart}${two(Math.floor(t / 3_600_000))}:${two(Math.floor(t / 60_000) % 60)}:${two(Math.floor(t / 1000) % 60)}`;
  };
}
