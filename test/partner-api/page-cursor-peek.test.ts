import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { peekNextCursor } from '../../src-main/partner-api/page-cursor-peek.js';

const body = (text: string) => Buffer.from(text);
const page = (value: unknown) => body(JSON.stringify(value));
const BRAND = { id: 'b1', title: 'Brand', status: 'ACTIVE' };

describe('peekNextCursor', () => {
  it('reads the cursor a page shaped as spec §4.2 closes with, compact or spaced', () => {
    expect(peekNextCursor(page({ data: [BRAND], nextCursor: { pageNo: 2, limit: 100 } }))).toEqual({ pageNo: 2, limit: 100 });
    expect(peekNextCursor(body(JSON.stringify({ data: [BRAND, BRAND], nextCursor: { pageNo: 31, limit: 50 } }, null, 2) + '\n'))).toEqual({ pageNo: 31, limit: 50 });
  });

  it('reads nothing from a page that does not plainly name a next page', () => {
    const unread = [
      // The end of the list, and an empty page (whatever its cursor says, the list ends there).
      page({ data: [BRAND], nextCursor: null }),
      page({ data: [], nextCursor: { pageNo: 2, limit: 100 } }),
      page({ data: [] }),
      // Another member order, another cursor spelling, a member after the cursor.
      page({ nextCursor: { pageNo: 2, limit: 100 }, data: [BRAND] }),
      page({ data: [BRAND], nextCursor: { limit: 100, pageNo: 2 } }),
      page({ data: [BRAND], nextCursor: { pageNo: '2', limit: '100' } }),
      page({ data: [BRAND], nextCursor: { pageNo: 2.5, limit: 100 } }),
      page({ data: [BRAND], nextCursor: { pageNo: 2, limit: 100, more: true } }),
      page({ data: [BRAND], nextCursor: { pageNo: 2, limit: 100 }, total: 10 }),
      // A first entry that is not an object; a body cut short; not an object at all.
      page({ data: [7, BRAND], nextCursor: { pageNo: 2, limit: 100 } }),
      body('{"data":[{"id":"b1"},"nextCursor":{"pageNo":2,"limit":100}'),
      page([{ nextCursor: { pageNo: 2, limit: 100 } }]),
      body(''),
      // The words inside a brand's text, with the real cursor null.
      page({ data: [{ ...BRAND, description: '"nextCursor":{"pageNo":9,"limit":1}}' }], nextCursor: null }),
      // A last member whose name only ends in the words (an escaped quote before them).
      body('{"data":[{"id":"b1"}],"nextCursor":null,"x\\"nextCursor":{"pageNo":2,"limit":100}}'),
      body('{"data":[{"id":"b1"}],"nextCursor":{"pageNo":3,"limit":100},"\\"nextCursor":{"pageNo":9,"limit":100}}'),
      // A byte that is no JSON whitespace (0xA0, read as latin1) where whitespace would be.
      Buffer.concat([body('{"data":[{"id":"b1"}],'), Buffer.from([0xa0]), body('"nextCursor":{"pageNo":2,"limit":100}}')]),
    ];
    for (const b of unread) expect(peekNextCursor(b), b.toString()).toBeNull();
  });

  it('never reads from valid JSON a cursor other than the one JSON.parse gives a non-empty page (property)', () => {
    // Texts that look like the parts the peek reads, alone or after other text.
    const lookalike = fc.constantFrom('"nextCursor":{"pageNo":9,"limit":1}}', ',"nextCursor":{"pageNo":9,"limit":1}}', '"data":[{', '}', '"', '\\', '{"data":[{');
    const text = fc.oneof(fc.string(), lookalike, fc.tuple(fc.string(), lookalike).map(([a, b]) => a + b));
    const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.constantFrom(null, true, 2.5),
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(fc.oneof(text, fc.constantFrom('nextCursor', 'data')), tie('v'), { maxKeys: 3 }),
      ),
    })).v;
    const cursor = fc.oneof({ arbitrary: fc.record({ pageNo: fc.nat(), limit: fc.nat() }), weight: 4 }, { arbitrary: value, weight: 1 });
    // Member names other than `data`, the page's own `nextCursor` among them (repeated names allowed: JSON.parse keeps the last).
    const name = fc.oneof(text.filter((k) => k !== 'data'), fc.constantFrom('nextCursor', 'x"nextCursor', '"nextCursor', 'nextCursor '));
    const data = fc.oneof({ arbitrary: fc.array(fc.dictionary(text, value, { maxKeys: 3 }), { maxLength: 3 }), weight: 4 }, { arbitrary: value, weight: 1 });
    const page = fc.record({
      dataFirst: fc.boolean(),
      data,
      middle: fc.array(fc.tuple(name, value), { maxLength: 3 }),
      last: fc.option(fc.tuple(fc.oneof({ arbitrary: fc.constant('nextCursor'), weight: 3 }, { arbitrary: name, weight: 1 }), cursor), { freq: 5 }),
      space: fc.constantFrom('', ' ', '\n  ', '\t'),
    });
    let read = 0;
    fc.assert(
      fc.property(page, ({ dataFirst, data, middle, last, space }) => {
        const members: [string, unknown][] = [...middle, ...(last ? [last] : [])];
        members.splice(dataFirst ? 0 : members.length, 0, ['data', data]);
        const text = `{${space}${members.map(([k, v]) => `${JSON.stringify(k)}${space}:${space}${JSON.stringify(v, null, space ? 1 : undefined)}`).join(`${space},${space}`)}${space}}`;
        const peeked = peekNextCursor(Buffer.from(text));
        if (peeked === null) return;
        read++;
        const parsed = JSON.parse(text) as { data: unknown; nextCursor: unknown };
        expect(peeked).toEqual(parsed.nextCursor);
        expect(Array.isArray(parsed.data) && parsed.data.length > 0 && typeof parsed.data[0] === 'object' && parsed.data[0] !== null).toBe(true);
      }),
      { numRuns: 3000 },
    );
    // The property is not empty: well-shaped pages were generated and read.
    expect(read).toBeGreaterThan(0);
  });
});
