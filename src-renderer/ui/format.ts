/** How the counter shows money, dates and card numbers: Indian formats, Indian time. */

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const inrWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** ₹1,00,000 for whole rupees, ₹1,234.50 otherwise. Input is integer paise. */
export function formatPaise(paise: number): string {
  return paise % 100 === 0 ? inrWhole.format(paise / 100) : inr.format(paise / 100);
}

/** Rupees as the catalog lists them (e.g. denominations, limits). */
export function formatRupees(rupees: number): string {
  return formatPaise(Math.round(rupees * 100));
}

const dateTime = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' });
const time = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', timeStyle: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', dateStyle: 'medium' });

export const formatDateTime = (ms: number): string => dateTime.format(ms);
export const formatTime = (ms: number): string => time.format(ms);

/** A YYYY-MM-DD calendar date (voucher expiry) shown as a date, without a time-zone shift. */
export function formatDay(day: string | null): string {
  if (!day) return 'No expiry';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!match) return day;
  return dateOnly.format(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/**
 * The cashier's typed amount in paise: "3500", "3,500", "₹3,500.50", " 100 ". Null when it is
 * not a number with at most two decimals (the field then shows a message).
 */
export function parseRupeesToPaise(text: string): number | null {
  const cleaned = text.replace(/[₹,\s]/g, '').replace(/^rs\.?/i, '');
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Last four characters behind bullets, for anything sensitive shown on screen. */
export function maskLast4(value: string | null): string | null {
  if (!value) return null;
  return `•••• ${value.slice(-4)}`;
}

/** "TEST_FIXED_STANDARD" → "Test Fixed Standard"; "FOOD" → "Food"; keeps words readable in chips. */
export function titleCase(code: string): string {
  return code
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}
