import { describe, expect, it } from 'vitest';
import { howToUseFor, pageStyleFor } from '../../src-renderer/receipt/receipt-content.js';
import { credentialsOf } from '../../src-renderer/receipt/receipt-content.js';
import { formatDay, formatPaise, parseRupeesToPaise } from '../../src-renderer/ui/format.js';

describe('money and dates the Indian way', () => {
  it('formats paise as INR with Indian digit grouping', () => {
    expect(formatPaise(10_000_000)).toBe('₹1,00,000');
    expect(formatPaise(350_000)).toBe('₹3,500');
    expect(formatPaise(123_450)).toBe('₹1,234.50');
  });

  it('reads what a cashier types', () => {
    expect(parseRupeesToPaise('3,500')).toBe(350_000);
    expect(parseRupeesToPaise(' ₹1,250.5 ')).toBe(125_050);
    expect(parseRupeesToPaise('Rs. 100')).toBe(10_000);
    for (const bad of ['', 'abc', '1.234', '-5', '1e3']) expect(parseRupeesToPaise(bad)).toBeNull();
  });

  it('shows an expiry date as the calendar day it is, in any time zone', () => {
    expect(formatDay('2027-11-30')).toBe('30 Nov 2027');
    expect(formatDay(null)).toBe('No expiry');
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
