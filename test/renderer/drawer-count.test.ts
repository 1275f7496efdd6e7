import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addUpCount, DENOMINATIONS, denominationLabel, overShortOf, parsePieces, type CountText } from '../../src-renderer/drawer/drawer-count.js';
import { minusPaise, overShortText, overShortTone, tendersUsed } from '../../src-renderer/drawer/report-words.js';

describe('counting the drawer note by note', () => {
  it('lists India’s notes and coins largest first, ₹10 as a note and as a coin', () => {
    expect(DENOMINATIONS.map(denominationLabel)).toEqual([
      '₹2000 note', '₹500 note', '₹200 note', '₹100 note', '₹50 note', '₹20 note', '₹10 note',
      '₹10 coin', '₹5 coin', '₹2 coin', '₹1 coin',
    ]);
  });

  it('adds up a float the way a cashier counts it', () => {
    // 2 × 2000 + 3 × 500 + 4 × 100 + 5 × 20 + 6 × ₹10 notes + 7 × ₹10 coins + 8 × 5 + 9 × 2 + 10 × 1
    const result = addUpCount({ n2000: '2', n500: '3', n100: '4', n20: '5', n10: '6', c10: '7', c5: '8', c2: '9', c1: '10' });
    expect(result.totalPaise).toBe((4000 + 1500 + 400 + 100 + 60 + 70 + 40 + 18 + 10) * 100);
    expect(result.linePaise.n500).toBe(150_000);
    expect(result.linePaise.n200).toBe(0);
    expect(result.invalid).toEqual([]);
  });

  it('sends main one line per denomination: the ₹10 notes and coins together, empty rows left out', () => {
    expect(addUpCount({ n500: '1', n10: '6', c10: '7', c1: ' 3 ' }).count).toEqual([
      { denominationPaise: 50_000, quantity: 1 },
      { denominationPaise: 1_000, quantity: 13 },
      { denominationPaise: 100, quantity: 3 },
    ]);
    expect(addUpCount({ n500: '0', n100: '' }).count).toEqual([]);
  });

  it('names the rows that are not a number of pieces and adds nothing for them', () => {
    const result = addUpCount({ n500: '2', n100: '1.5', c5: '-3', c2: 'ten' });
    expect(result.invalid).toEqual(['n100', 'c5', 'c2']);
    expect(result.totalPaise).toBe(100_000);
  });

  it('reads pieces as whole numbers only, blank as none, and refuses a slip of the keyboard', () => {
    expect(parsePieces(undefined)).toBe(0);
    expect(parsePieces('  ')).toBe(0);
    expect(parsePieces('07')).toBe(7);
    expect(parsePieces('100000')).toBe(100_000);
    for (const bad of ['100001', '1e3', '2,000', '+1', '0x10', '1 2']) expect(parsePieces(bad)).toBeNull();
  });

  it('the total is always the sum of pieces × value, whatever is typed', () => {
    const row = fc.oneof(fc.nat({ max: 100_000 }).map(String), fc.constant(''), fc.string({ maxLength: 4 }));
    const count = fc.record(Object.fromEntries(DENOMINATIONS.map((d) => [d.key, row])) as Record<string, fc.Arbitrary<string>>, { requiredKeys: [] });
    fc.assert(
      fc.property(count, (text) => {
        const result = addUpCount(text as CountText);
        const expected = DENOMINATIONS.reduce((sum, d) => sum + (parsePieces((text as CountText)[d.key]) ?? 0) * d.paise, 0);
        expect(result.totalPaise).toBe(expected);
        expect(result.count.reduce((sum, c) => sum + c.denominationPaise * c.quantity, 0)).toBe(expected);
      }),
    );
  });
});

describe('over and short', () => {
  it('counted − expected: positive is over, negative is short, zero balances', () => {
    expect(overShortOf(15_000)).toEqual({ kind: 'over', paise: 15_000 });
    expect(overShortOf(-20_000)).toEqual({ kind: 'short', paise: 20_000 });
    expect(overShortOf(0)).toEqual({ kind: 'balanced' });
  });

  it('says it in the manager’s words, with a tone that never depends on colour alone', () => {
    expect(overShortText(-20_000)).toBe('Short by ₹200');
    expect(overShortText(15_050)).toBe('Over by ₹150.50');
    expect(overShortText(0)).toBe('Balanced');
    expect([overShortTone(-1), overShortTone(1), overShortTone(0)]).toEqual(['bad', 'warn', 'ok']);
  });
});

describe('report lines', () => {
  it('prints money out with a minus, and nothing out as ₹0', () => {
    expect(minusPaise(20_000)).toBe('−₹200');
    expect(minusPaise(0)).toBe('₹0');
  });

  it('lists only the payment methods that were used', () => {
    const t = (method: string, count: number, takenPaise: number, refundedPaise = 0) => ({ method, count, takenPaise, refundedPaise, netPaise: takenPaise - refundedPaise });
    expect(tendersUsed([t('CASH', 2, 5_000), t('UPI', 0, 0), t('CARD', 1, 0, 0), t('OTHER', 0, 0)]).map((x) => x.method)).toEqual(['CASH', 'CARD']);
  });
});
