/** Money, dates and days the way an Indian counter reads them: ₹1,00,000 and Asia/Kolkata time. */
const INR = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const INR_WHOLE = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const DATE_TIME = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });
const DATE_TIME_SECONDS = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'medium' });
const DATE_ONLY = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'long' });

export const IST_OFFSET_MS = 5.5 * 3_600_000;
export const DAY_MS = 86_400_000;

export function inr(paise: number): string {
  return INR.format(paise / 100);
}

/** Whole rupees when there are no paise (₹1,00,000 rather than ₹1,00,000.00), for tiles and charts. */
export function inrShort(paise: number): string {
  return paise % 100 === 0 ? INR_WHOLE.format(paise / 100) : INR.format(paise / 100);
}

export function dateTime(ms: number): string {
  return DATE_TIME.format(ms);
}

export function dateTimeSeconds(ms: number): string {
  return DATE_TIME_SECONDS.format(ms);
}

export function longDate(ms: number): string {
  return DATE_ONLY.format(ms);
}

const CALENDAR_DAY = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', dateStyle: 'medium' });

/** A calendar date from the service (`YYYY-MM-DD`, e.g. voucher expiry) as "26 Nov 2027", with no time-zone shift. */
export function day(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return m ? CALENDAR_DAY.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : value;
}

/** "3 minutes ago", "just now", "2 days ago": how fresh a reading is, at a glance. */
export function ago(ms: number, now: number = Date.now()): string {
  const seconds = Math.round((now - ms) / 1000);
  if (seconds < 45) return 'just now';
  const rtf = new Intl.RelativeTimeFormat('en-IN', { numeric: 'auto' });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.round(hours / 24), 'day');
}

/** Midnight in India of the day that contains `ms`, as epoch milliseconds. */
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

/** "09:00–10:00" for an hour of the day. */
export function hourRange(hour: number): string {
  const pad = (h: number) => String(h % 24).padStart(2, '0');
  return `${pad(hour)}:00–${pad(hour + 1)}:00`;
}

/** Rupees typed by a person ("10,000", "2500.50") → paise, or null when it is not an amount. */
export function rupeesToPaise(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}
