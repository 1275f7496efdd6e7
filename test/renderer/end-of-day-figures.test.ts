import { describe, expect, it } from 'vitest';
import { amountText, dayGaps, dayOfText, dayText } from '../../src-renderer/endofday/end-of-day-figures.js';

/** 26 Nov 2026 00:00 in India is 25 Nov 2026 18:30 UTC. */
const MIDNIGHT_26_NOV_IST = Date.UTC(2026, 10, 25, 18, 30);
const DAY = 86_400_000;

const wallet = (spentPaise: number | null, expectedSpentPaise: number | null) => ({
  openingBalancePaise: null, openingReadAt: null, closingBalancePaise: null, closingReadAt: null, topUpsPaise: 0, spentPaise, expectedSpentPaise,
});
const tenders = (netPaise: number, expectedNetPaise: number) => ({ byTender: [], takenPaise: netPaise, refundedPaise: 0, netPaise, expectedNetPaise });

describe('the day asked for', () => {
  it('is typed dd/mm/yyyy and sent as YYYY-MM-DD with its India-time bounds', () => {
    expect(dayOfText('26/11/2026')).toEqual({ day: '2026-11-26', from: MIDNIGHT_26_NOV_IST, to: MIDNIGHT_26_NOV_IST + DAY });
    expect(dayOfText('1-2-2026')?.day).toBe('2026-02-01');
    expect(dayOfText('31/02/2026')).toBeNull();
    expect(dayOfText('2026-11-26')).toBeNull();
  });

  it('defaults to the Indian day of the moment, even just after midnight India time', () => {
    expect(dayText(MIDNIGHT_26_NOV_IST)).toBe('26/11/2026');
    expect(dayText(MIDNIGHT_26_NOV_IST - 1)).toBe('25/11/2026');
    expect(dayText(MIDNIGHT_26_NOV_IST + DAY - 1)).toBe('26/11/2026');
    expect(dayOfText(dayText(MIDNIGHT_26_NOV_IST + 3_600_000))?.from).toBe(MIDNIGHT_26_NOV_IST);
  });
});

describe('the gaps the screen shows', () => {
  it('sets what the wallet spent against the sales charged, and the payments net of refunds against the sales', () => {
    const gaps = dayGaps({ wallet: wallet(260_000, 250_000), tenders: tenders(245_000, 250_000) });
    expect(gaps.wallet).toEqual({ actualPaise: 260_000, expectedPaise: 250_000, differencePaise: 10_000 });
    expect(gaps.tenders).toEqual({ actualPaise: 245_000, expectedPaise: 250_000, differencePaise: -5_000 });
  });

  it('cannot check the wallet without both readings', () => {
    expect(dayGaps({ wallet: wallet(null, 250_000), tenders: tenders(0, 0) }).wallet).toBeNull();
    expect(dayGaps({ wallet: wallet(250_000, null), tenders: tenders(0, 0) }).wallet).toBeNull();
    expect(dayGaps({ wallet: wallet(0, 0), tenders: tenders(0, 0) })).toEqual({
      wallet: { actualPaise: 0, expectedPaise: 0, differencePaise: 0 },
      tenders: { actualPaise: 0, expectedPaise: 0, differencePaise: 0 },
    });
  });
});

describe('the amount beside a discrepancy', () => {
  it('says which way a difference goes, by the contract’s signs', () => {
    expect(amountText({ kind: 'WALLET_MOVEMENT', amountPaise: -5_000_000 })).toBe('₹50,000 less spent than the sales explain');
    expect(amountText({ kind: 'WALLET_MOVEMENT', amountPaise: 10_000 })).toBe('₹100 more spent than the sales explain');
    expect(amountText({ kind: 'DRAWER', amountPaise: -5_000 })).toBe('₹50 short');
    expect(amountText({ kind: 'DRAWER', amountPaise: 10_000 })).toBe('₹100 over');
    expect(amountText({ kind: 'TENDER_MISSING', amountPaise: 50_000 })).toBe('₹500 not recorded');
    expect(amountText({ kind: 'TENDER_MISSING', amountPaise: -50_000 })).toBe('₹500 more than the sales account for');
    expect(amountText({ kind: 'SERVICE_DIFFERS', amountPaise: -25_000 })).toBe('₹250 less at the service');
  });

  it('gives the plain amount where there is no direction, and nothing where there is no amount', () => {
    expect(amountText({ kind: 'REFUND_DUE', amountPaise: 50_000 })).toBe('₹500');
    expect(amountText({ kind: 'SERVICE_UNKNOWN', amountPaise: null })).toBeNull();
    expect(amountText({ kind: 'DRAWER', amountPaise: 0 })).toBeNull();
  });
});
