import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { howToUseFor, pageStyleFor } from '../../src-renderer/receipt/receipt-content.js';
import { credentialsOf } from '../../src-renderer/receipt/receipt-content.js';
import {
  formatAgo,
  formatCount,
  formatDate,
  formatDateTime,
  formatDay,
  formatHourRange,
  formatPaise,
  formatRupees,
  formatTime,
  maskEmail,
  maskPhone,
  parseRupeesToPaise,
} from '../../src-renderer/ui/format.js';
import { DAY_MS, istDateInput, istDayStart, istStartOfDay } from '../../src-renderer/ui/india-day.js';

/** 26 Nov 2026, 15:04:05 in India (09:34:05 UTC). */
const AFTERNOON_IST = Date.UTC(2026, 10, 26, 9, 34, 5);

describe('money the Indian way, one rule on every screen', () => {
  it('formats paise as INR with Indian digit grouping', () => {
    expect(formatPaise(10_000_000)).toBe('₹1,00,000');
    expect(formatPaise(1_000_000_000)).toBe('₹1,00,00,000');
    expect(formatPaise(350_000)).toBe('₹3,500');
    expect(formatPaise(123_450)).toBe('₹1,234.50');
  });

  it('shows whole rupees without decimals and paise only when there are some', () => {
    expect(formatPaise(0)).toBe('₹0');
    expect(formatPaise(100_000)).toBe('₹1,000');
    expect(formatPaise(100_005)).toBe('₹1,000.05');
    expect(formatPaise(5)).toBe('₹0.05');
    expect(formatRupees(1250.5)).toBe('₹1,250.50');
    expect(formatRupees(500)).toBe('₹500');
  });

  it('counts with Indian grouping', () => {
    expect(formatCount(100_000)).toBe('1,00,000');
    expect(formatCount(484)).toBe('484');
  });

  it('reads what a cashier or a manager types', () => {
    expect(parseRupeesToPaise('3,500')).toBe(350_000);
    expect(parseRupeesToPaise(' ₹1,250.5 ')).toBe(125_050);
    expect(parseRupeesToPaise('Rs. 100')).toBe(10_000);
    expect(parseRupeesToPaise('10,000')).toBe(1_000_000);
    expect(parseRupeesToPaise('2500.50')).toBe(250_050);
    for (const bad of ['', 'abc', '1.234', '-5', '1e3', '1234567890', '₹']) expect(parseRupeesToPaise(bad)).toBeNull();
  });

  it('reads back what it shows', () => {
    for (const paise of [0, 5, 50_000, 123_450, 10_000_000]) expect(parseRupeesToPaise(formatPaise(paise))).toBe(paise);
  });
});

describe('dates and times in one style, India time', () => {
  it('shows an instant as the date and time in India, whatever the computer’s zone', () => {
    expect(formatDateTime(AFTERNOON_IST)).toBe('26 Nov 2026, 3:04 pm');
    expect(formatDateTime(AFTERNOON_IST, { seconds: true })).toBe('26 Nov 2026, 3:04:05 pm');
    expect(formatTime(AFTERNOON_IST)).toBe('3:04 pm');
    expect(formatDate(AFTERNOON_IST)).toBe('26 Nov 2026');
  });

  it('counts half past midnight in India as the new day (UTC still says the day before)', () => {
    const justAfterMidnight = Date.UTC(2026, 10, 25, 19, 0);
    expect(formatDate(justAfterMidnight)).toBe('26 Nov 2026');
    expect(formatDateTime(justAfterMidnight)).toBe('26 Nov 2026, 12:30 am');
  });

  it('shows an expiry date as the calendar day it is, in any time zone', () => {
    expect(formatDay('2027-11-30')).toBe('30 Nov 2027');
    expect(formatDay('2027-11-30T00:00:00Z')).toBe('30 Nov 2027');
    expect(formatDay(null)).toBe('No expiry');
    expect(formatDay('soon')).toBe('soon');
  });

  it('names an hour of the day on the same clock', () => {
    expect(formatHourRange(9)).toBe('9 am – 10 am');
    expect(formatHourRange(12)).toBe('12 pm – 1 pm');
    expect(formatHourRange(23)).toBe('11 pm – 12 am');
  });

  it('says how fresh a reading is', () => {
    expect(formatAgo(AFTERNOON_IST - 10_000, AFTERNOON_IST)).toBe('just now');
    expect(formatAgo(AFTERNOON_IST - 3 * 60_000, AFTERNOON_IST)).toBe('3 minutes ago');
    expect(formatAgo(AFTERNOON_IST - 5 * 3_600_000, AFTERNOON_IST)).toBe('5 hours ago');
    expect(formatAgo(AFTERNOON_IST - 3 * DAY_MS, AFTERNOON_IST)).toBe('3 days ago');
  });

  it('finds the Indian day of an instant, and the instant a typed day starts', () => {
    const midnight = Date.UTC(2026, 10, 25, 18, 30);
    expect(istStartOfDay(AFTERNOON_IST)).toBe(midnight);
    expect(istStartOfDay(midnight)).toBe(midnight);
    expect(istStartOfDay(midnight - 1)).toBe(midnight - DAY_MS);
    expect(istDateInput(AFTERNOON_IST)).toBe('2026-11-26');
    expect(istDayStart('2026-11-26')).toBe(midnight);
    expect(istDayStart('26/11/2026')).toBeNull();
  });
});

describe('contacts on screen', () => {
  it('shows only the last four digits of a phone and the first letter of an email', () => {
    expect(maskPhone('9876543210')).toBe('••••••3210');
    expect(maskEmail('ravi@example.in')).toBe('r•••@example.in');
  });
});

describe('one formatting module', () => {
  it('is the only place in the renderer that formats numbers or dates', () => {
    const root = fileURLToPath(new URL('../../src-renderer/', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && f.replace(/\\/g, '/') !== 'ui/format.ts');
    const found: string[] = [];
    for (const file of files) {
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/\bIntl\.|\.toLocale\w*String\(|\.toFixed\(/.test(line)) found.push(`${file}:${i + 1}`);
        });
    }
    expect(found).toEqual([]);
  });
});

describe('what a receipt prints', () => {
  it('prints exactly the credentials the card type has', () => {
    const v = { cardNumber: '9123456789012345', cardPin: '123456' };
    expect(credentialsOf({ ...v, cardType: 'CARD_AND_PIN_NO_SECURED' })).toEqual({ number: v.cardNumber, pin: v.cardPin });
    expect(credentialsOf({ ...v, cardType: 'PIN_NO_SECURED' })).toEqual({ number: null, pin: v.cardPin });
    expect(credentialsOf({ ...v, cardType: 'CARD_NUMBER_SECURED' })).toEqual({ number: v.cardNumber, pin: null });
    expect(credentialsOf({ cardType: 'CARD_AND_PIN_NO_SECURED', cardNumber: null, cardPin: '1' })).toEqual({ number: null, pin: '1' });
  });

  it('prints the how-to-use steps of the brand’s redemption channel', () => {
    const steps = [
      { retailMode: 'ONLINE', retailModeName: 'Online', instructions: ['Enter the code'] },
      { retailMode: 'OFFLINE', retailModeName: 'In store', instructions: ['Show it'] },
    ];
    expect(howToUseFor('ONLINE', steps).map((s) => s.retailMode)).toEqual(['ONLINE']);
    expect(howToUseFor('OFFLINE', steps).map((s) => s.retailMode)).toEqual(['OFFLINE']);
    expect(howToUseFor('ONLINE_AND_OFFLINE', steps).map((s) => s.retailMode)).toEqual(['ONLINE', 'OFFLINE']);
  });

  it('sizes the page to the paper: a roll as long as the receipt, A4 as A4', () => {
    expect(pageStyleFor('80mm', 960)).toContain('size: 80mm 264mm');
    expect(pageStyleFor('58mm', 100)).toContain('size: 58mm 100mm');
    expect(pageStyleFor('A4', 5000)).toContain('size: A4');
  });
});
