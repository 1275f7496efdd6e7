import { describe, expect, it } from 'vitest';
import {
  MAX_REFERENCE_ID_LENGTH,
  isValidReferenceId,
  newReferenceId,
  referenceIdGenerator,
} from '../../../src-main/orders/rules/reference-id.js';

const FORMAT = /^POS-[A-Z0-9]{1,6}-[0-9A-Z]{9}-[0-9A-Z]{8}$/;

describe('newReferenceId', () => {
  it('is unique, at most 40 printable ASCII characters, over 100,000 generations', () => {
    const seen = new Set<string>();
    const malformed: string[] = [];
    for (let i = 0; i < 100_000; i++) {
      const id = newReferenceId('C01');
      if (id.length > MAX_REFERENCE_ID_LENGTH || !FORMAT.test(id) || !isValidReferenceId(id)) malformed.push(id);
      seen.add(id);
    }
    expect(malformed).toEqual([]);
    expect(seen.size).toBe(100_000);
  });

  it('longest counter code still fits comfortably', () => {
    const id = newReferenceId('ABC123');
    expect(id).toMatch(FORMAT);
    expect(id.length).toBe(29);
    expect(isValidReferenceId(id)).toBe(true);
  });

  it('sorts by time as a plain string, and never repeats a time within one generator', () => {
    let t = Date.UTC(2026, 10, 25, 6, 0, 0);
    const next = referenceIdGenerator({ now: () => t, fillRandom: (v) => v.fill(0) });
    const ids = [next('C01'), next('C01'), next('C01')];
    t += 60_000;
    ids.push(next('C01'));
    t -= 3_600_000; // the clock steps back: ids still go forward
    ids.push(next('C01'));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]).toBe(`POS-C01-${Date.UTC(2026, 10, 25, 6).toString(36).toUpperCase().padStart(9, '0')}-00000000`);
  });

  it('two tills with the same clock and counter differ by the random part', () => {
    const now = () => 1_800_000_000_000;
    const a = referenceIdGenerator({ now })('C01');
    const b = referenceIdGenerator({ now })('C01');
    expect(a.slice(0, 18)).toBe(b.slice(0, 18));
    expect(a).not.toBe(b);
  });

  it.each(['', 'c01', 'TOO-LONG', 'ABCDEFG', 'C 1', 'C01é'])('refuses counter code %j', (code) => {
    expect(() => newReferenceId(code)).toThrow(RangeError);
  });
});

describe('isValidReferenceId', () => {
  it.each([
    ['POS-C01-0MWVCX6O0-7Z1K0P4D', true],
    ['x', true],
    ['a'.repeat(40), true],
    ['', false],
    ['a'.repeat(41), false],
    ['POS C01', false],
    ['POS-₹', false],
    ['POS\t1', false],
  ])('%j → %s', (id, valid) => {
    expect(isValidReferenceId(id)).toBe(valid);
  });
});
