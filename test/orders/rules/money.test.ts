import { describe, expect, it } from 'vitest';
import { formatRupees, isPositivePaise, listRupees, paiseFromRupees, toPaise, toRupees } from '../../../src-main/orders/rules/money.js';

describe('money in paise', () => {
  it.each([
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1500.5, 150_050],
    [200_000, 20_000_000],
    [0, 0],
    [1e9, 1e11],
  ])('paiseFromRupees(%s) = %s', (rupees, paise) => {
    expect(paiseFromRupees(rupees)).toBe(paise);
    expect(toPaise(rupees)).toBe(paise);
  });

  it.each([0.305, 19.999, Number.NaN, Infinity, 1e300])('paiseFromRupees(%s) refuses more than two decimals or non-finite', (rupees) => {
    expect(paiseFromRupees(rupees)).toBeNull();
  });

  it('toRupees is the exact two-decimal number', () => {
    expect(toRupees(1999)).toBe(19.99);
    expect(toRupees(30)).toBe(0.3);
  });

  it('isPositivePaise', () => {
    expect([1, 100, 1e11].map(isPositivePaise)).toEqual([true, true, true]);
    expect([0, -1, 1.5, 1e11 + 1, Number.NaN].map(isPositivePaise)).toEqual([false, false, false, false, false]);
  });

  it('formats with Indian grouping, paise only when present', () => {
    expect(formatRupees(20_000_000)).toBe('₹2,00,000');
    expect(formatRupees(150_050)).toBe('₹1,500.50');
    expect(formatRupees(50)).toBe('₹0.50');
    expect(formatRupees(100_000_000_000)).toBe('₹1,00,00,00,000');
  });

  it('lists amounts as a sentence', () => {
    expect(listRupees([])).toBe('');
    expect(listRupees([50_000])).toBe('₹500');
    expect(listRupees([50_000, 30_000])).toBe('₹500 and ₹300');
    expect(listRupees([50_000, 30_000, 20_000])).toBe('₹500, ₹300 and ₹200');
  });
});
