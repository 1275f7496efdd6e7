import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentHash } from '../../src-main/catalog/catalog-text.js';

/** The stored brand's content hash is a function of its JSON text, computed without writing it. */
describe('contentHash', () => {
  it('hashes a value as its JSON: the same after a round trip through the stored text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.anything({ withNullPrototype: false }), (json, any) => {
        expect(contentHash(JSON.parse(JSON.stringify(json)))).toBe(contentHash(json));
        const text = JSON.stringify(any);
        if (text !== undefined) expect(contentHash(JSON.parse(text))).toBe(contentHash(any));
      }),
      { numRuns: 2000 },
    );
    // Values JSON writes differently from how they look.
    expect(contentHash([[Infinity]])).toBe(contentHash([[null]]));
    expect(contentHash({ a: -0, b: undefined })).toBe(contentHash({ a: 0 }));
    expect(contentHash([undefined])).toBe(contentHash([null]));
  });

  it('tells values with different JSON apart', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        if (JSON.stringify(a) !== JSON.stringify(b)) expect(contentHash(a)).not.toBe(contentHash(b));
      }),
      { numRuns: 2000 },
    );
    // Near misses a flat concatenation would confuse.
    const near = [['ab'], ['a', 'b'], { a: 'b' }, { ab: '' }, ['1'], [1], [true], ['true'], [null], [], {}, '', [[]], [{}], { a: { b: 1 } }, { a: {}, b: 1 }];
    expect(new Set(near.map(contentHash)).size).toBe(near.length);
  });

  it('one changed character in a brand-sized value changes the hash', () => {
    const brand = { id: 'B1', title: 'Brand One', description: 'x'.repeat(2000), amountRestrictions: { minOrderAmount: 100, denominations: [100, 500] } };
    const seen = new Set([contentHash(brand)]);
    for (let i = 0; i < 2000; i += 97) seen.add(contentHash({ ...brand, description: `${'x'.repeat(i)}y${'x'.repeat(1999 - i)}` }));
    seen.add(contentHash({ ...brand, amountRestrictions: { minOrderAmount: 101, denominations: [100, 500] } }));
    seen.add(contentHash({ ...brand, amountRestrictions: { minOrderAmount: 100, denominations: [500, 100] } }));
    expect(seen.size).toBe(1 + Math.ceil(2000 / 97) + 2);
  });
});
