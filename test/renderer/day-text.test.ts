import { describe, expect, it } from 'vitest';
import { istDayStartOfText } from '../../src-renderer/orders/day-text.js';

/** 26 Nov 2026 00:00 in India is 25 Nov 2026 18:30 UTC. */
const MIDNIGHT_26_NOV_IST = Date.UTC(2026, 10, 25, 18, 30);

describe('istDayStartOfText', () => {
  it('reads dd/mm/yyyy as the day starting at midnight in India', () => {
    expect(istDayStartOfText('26/11/2026')).toBe(MIDNIGHT_26_NOV_IST);
    expect(istDayStartOfText(' 26-11-2026 ')).toBe(MIDNIGHT_26_NOV_IST);
    expect(istDayStartOfText('26.11.2026')).toBe(MIDNIGHT_26_NOV_IST);
    expect(istDayStartOfText('1/2/2026')).toBe(Date.UTC(2026, 1, 1) - 5.5 * 3_600_000);
  });

  it('takes the first number as the day, not the month', () => {
    expect(istDayStartOfText('03/04/2026')).toBe(Date.UTC(2026, 3, 3) - 5.5 * 3_600_000);
    expect(istDayStartOfText('11/26/2026')).toBeNull();
  });

  it.each(['', '2026-11-26', '31/02/2026', '29/02/2025', '00/01/2026', '26/11/26', '26/11/2026x', 'today'])('refuses %j', (text) => {
    expect(istDayStartOfText(text)).toBeNull();
  });

  it('knows leap days', () => {
    expect(istDayStartOfText('29/02/2028')).toBe(Date.UTC(2028, 1, 29) - 5.5 * 3_600_000);
  });
});
