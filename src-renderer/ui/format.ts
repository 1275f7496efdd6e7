/**
 * How every screen and the receipt show money, counts, dates and times: Indian digit grouping
 * (₹1,00,000) and India time, whatever the computer's own locale or time zone. One rule for
 * money: whole rupees without decimals, paise shown when there are some.
 */
const LOCALE = 'en-IN';
const INDIA = 'Asia/Kolkata';

const rupees = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'INR' });
const wholeRupees = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const counts = new Intl.NumberFormat(LOCALE);

/** Integer paise as INR: ₹1,00,000 for whole rupees, ₹1,234.50 when there are paise. */
export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : rupees.format(paise / 100);
}

/** Rupees as the catalog and the settings hold them (denominations, limits, thresholds). */
export function formatRupees(amount: number): string {
  return formatPaise(Math.round(amount * 100));
}

/** A count with Indian grouping: 1,00,000 brands. */
export const formatCount = (n: number): string => counts.format(n);

/**
 * The one date and time style, in India time: "26 Nov 2026, 3:04 pm". Seconds are added where
 * the order of close events matters (the request trail, a balance reading).
 */
const dateTime = new Intl.DateTimeFormat(LOCALE, { timeZone: INDIA, dateStyle: 'medium', timeStyle: 'short' });
const dateTimeSeconds = new Intl.DateTimeFormat(LOCALE, { timeZone: INDIA, dateStyle: 'medium', timeStyle: 'medium' });
const time = new Intl.DateTimeFormat(LOCALE, { timeZone: INDIA, timeStyle: 'short' });
const date = new Intl.DateTimeFormat(LOCALE, { timeZone: INDIA, dateStyle: 'medium' });
/** Calendar dates and hours of the day carry no instant: formatted in UTC so nothing shifts them. */
const calendarDay = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', dateStyle: 'medium' });
const clockHour = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC', hour: 'numeric' });

export function formatDateTime(ms: number, { seconds = false }: { seconds?: boolean } = {}): string {
  return (seconds ? dateTimeSeconds : dateTime).format(ms);
}

/** "3:04 pm", India time. */
export const formatTime = (ms: number): string => time.format(ms);

/** "26 Nov 2026": the Indian day an instant falls on. */
export const formatDate = (ms: number): string => date.format(ms);

/** A YYYY-MM-DD calendar date from the service (voucher expiry) as "30 Nov 2027", with no time-zone shift. */
export function formatDay(day: string | null): string {
  if (!day) return 'No expiry';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  return calendarDay.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** "9 am – 10 am": one hour of the (Indian) day, 0–23. */
export function formatHourRange(hour: number): string {
  const at = (h: number) => clockHour.format(Date.UTC(1970, 0, 1, h));
  return `${at(hour)} – ${at(hour + 1)}`;
}

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });

/** "just now", "3 minutes ago", "2 days ago": how fresh a reading is, at a glance. */
export function formatAgo(ms: number, now: number = Date.now()): string {
  const seconds = Math.round((now - ms) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 48) return relative.format(-hours, 'hour');
  return relative.format(-Math.round(hours / 24), 'day');
}

/**
 * Rupees typed by a person in paise: "3500", "3,500", "₹3,500.50", "Rs. 100", " 100 ". Null
 * when it is not a number with at most two decimals (the field then shows a message).
 */
export function parseRupeesToPaise(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A mobile number on screen: its last four digits only. */
export const maskPhone = (phone: string): string => `••••••${phone.slice(-4)}`;

/** An email on screen: its first letter and its domain. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}
