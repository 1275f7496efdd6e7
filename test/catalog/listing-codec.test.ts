import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePosting, forEachPosting, joinTexts, MAX_POSTING_CHARS, POSTINGS_SEPARATOR, splitTexts } from '../../src-main/catalog/shared/listing-codec.js';

describe('the listing codec', () => {
  it('gives back any strings joined, those holding the separator included', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'é', '\n', ' ', '"', '\\') })), (values) => {
        const column = JSON.parse(JSON.stringify(joinTexts(values)));
        expect(splitTexts(column, values.length)).toEqual(values);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('refuses a column with another count of strings than the listing says', () => {
    expect(() => splitTexts(joinTexts(['a', 'b']), 3)).toThrow('A listing column holds 2 strings where 3 were expected');
  });

  it('gives back any ascending positions and their named bits, in JSON-safe characters without the separator', () => {
    const entries = fc.uniqueArray(fc.nat({ max: 200_000_000 })).chain((ps) =>
      fc.tuple(fc.constant([...ps].sort((a, b) => a - b)), fc.array(fc.boolean(), { minLength: ps.length, maxLength: ps.length })),
    );
    fc.assert(
      fc.property(entries, ([positions, named]) => {
        const out = new Uint16Array(positions.length * MAX_POSTING_CHARS);
        let at = 0;
        let last = 0;
        positions.forEach((p, i) => {
          at = encodePosting((p - last) * 2 + (named[i] ? 1 : 0), out, at);
          last = p;
        });
        const list = String.fromCharCode(...out.subarray(0, at));
        expect(JSON.stringify(list)).toBe(`"${list}"`);
        expect(list.includes(POSTINGS_SEPARATOR)).toBe(false);
        const back: [number, boolean][] = [];
        forEachPosting(list, (p, n) => back.push([p, n]));
        expect(back).toEqual(positions.map((p, i) => [p, named[i]]));
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});
