import { acceptedBytesHash } from '../../src-main/partner-api/accepted-bytes.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitPageEntries } from '../../src-main/partner-api/brand-page-split.js';
import { parseBrandList, splitBrandList } from '../../src-main/partner-api/wire-schemas.js';
import { loadCatalogFile } from '../../src-main/sandbox/catalog/catalog-file.js';
import { brandForWire } from '../../src-main/sandbox/catalog/catalog-store.js';

/**
 * The page scanner against JSON.parse, the reference: every range it gives is exactly one
 * element of the parsed `data` array, and whatever JSON.parse refuses (or the scanner does not
 * fully understand) it refuses.
 */

/** Characters that trip a careless scanner: quotes, backslashes, brackets, separators, controls, non-ASCII. */
const tricky = fc.constantFrom('"', '\\', '[', ']', '{', '}', ',', ':', ' ', '\n', '\u0000', '\u001f', '/', 'é', '€', '😀', '\u2028', 'a', '0', 'u');
const text = fc.oneof(fc.string(), fc.string({ unit: tricky }), fc.string({ unit: 'grapheme' }));
const json: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    text,
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(true, false, null, -0, 1e21, 5e-324),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(text, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const entries = fc.array(json, { maxLength: 6 });
/** The page's other members; their names need no escape (a name spelled with one is refused, see below). */
const others = fc.dictionary(
  text.filter((k) => k !== 'data' && !JSON.stringify(k).includes('\\')),
  json,
  { maxKeys: 3 },
);

/** A body the way JSON.stringify writes it, with `data` among the other members. */
const compactPage = fc.tuple(entries, others, fc.nat()).map(([data, rest, at]) => {
  const members = Object.entries(rest);
  members.splice(at % (members.length + 1), 0, ['data', data]);
  return { data, body: Buffer.from(`{${members.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`) };
});

/** JSON text with random JSON whitespace between tokens and some characters written as \u escapes. */
function spaced(value: unknown, rand: () => number): string {
  const ws = () => [' ', '\t', '\n', '\r', ''][Math.floor(rand() * 5)]!.repeat(Math.floor(rand() * 3));
  const unit = (c: string) => (rand() < 0.3 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c === '/' && rand() < 0.5 ? '\\/' : JSON.stringify(c).slice(1, -1));
  const str = (s: string) => `"${Array.from({ length: s.length }, (_, i) => unit(s[i]!)).join('')}"`;
  const go = (v: unknown, top: boolean): string => {
    if (Array.isArray(v)) return `[${ws()}${v.map((x) => go(x, false)).join(`${ws()},${ws()}`)}${ws()}]`;
    if (v && typeof v === 'object') {
      // The page's own member names stay plain: one spelled with an escape is refused (see below).
      const name = (k: string) => (top ? JSON.stringify(k) : str(k));
      return `{${ws()}${Object.entries(v).map(([k, x]) => `${name(k)}${ws()}:${ws()}${go(x, false)}`).join(`${ws()},${ws()}`)}${ws()}}`;
    }
    return typeof v === 'string' ? str(v) : JSON.stringify(v);
  };
  return go(value, true);
}

const spacedPage = fc.tuple(entries, fc.option(json), fc.integer()).map(([data, cursor, seed]) => {
  let s = seed;
  const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const value = cursor === null ? { data } : { nextCursor: cursor, data };
  return { data, body: Buffer.from(` \n${spaced(value, rand)}\r\n\t`) };
});

const textOf = (body: Buffer, start: number, end: number) => body.toString('utf8', start, end);

describe('splitPageEntries: each data entry’s exact bytes', () => {
  it('a page as JSON.stringify writes it: every range is the text JSON.stringify gives its element', () => {
    fc.assert(
      fc.property(compactPage, ({ data, body }) => {
        const split = splitPageEntries(body);
        expect(split).not.toBeNull();
        const parsed = (JSON.parse(body.toString('utf8')) as { data: unknown[] }).data;
        expect(split!.starts.map((start, i) => textOf(body, start, split!.ends[i]!))).toEqual(parsed.map((e) => JSON.stringify(e)));
        expect(parsed).toEqual(JSON.parse(JSON.stringify(data)));
      }),
      { numRuns: 400 },
    );
  });

  it('whitespace anywhere and escaped characters: every range parses to its element and starts and ends on it', () => {
    fc.assert(
      fc.property(spacedPage, ({ body }) => {
        const split = splitPageEntries(body);
        expect(split).not.toBeNull();
        const parsed = (JSON.parse(body.toString('utf8')) as { data: unknown[] }).data;
        expect(split!.starts.length).toBe(parsed.length);
        split!.starts.forEach((start, i) => {
          const entry = textOf(body, start, split!.ends[i]!);
          expect(entry).toBe(entry.trim());
          expect(JSON.parse(entry)).toEqual(parsed[i]);
        });
        expect(JSON.parse(textOf(body, 0, split!.dataStart) + '[]' + textOf(body, split!.dataEnd, body.length))).toEqual({ ...JSON.parse(body.toString('utf8')), data: [] });
      }),
      { numRuns: 300 },
    );
  });

  it('whatever JSON.parse refuses is refused: truncated bodies, a byte changed, inserted or dropped', () => {
    const mutated = fc.tuple(fc.oneof(compactPage, spacedPage), fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('cut', 'set', 'insert', 'drop')).map(([{ body }, at, byte, how]) => {
      const i = body.length === 0 ? 0 : at % body.length;
      if (how === 'cut') return body.subarray(0, i);
      if (how === 'set') return Buffer.concat([body.subarray(0, i), Buffer.from([byte]), body.subarray(i + 1)]);
      if (how === 'insert') return Buffer.concat([body.subarray(0, i), Buffer.from([byte]), body.subarray(i)]);
      return Buffer.concat([body.subarray(0, i), body.subarray(i + 1)]);
    });
    fc.assert(
      fc.property(mutated, (body) => {
        const split = splitPageEntries(body);
        let parsed: unknown;
        try {
          parsed = JSON.parse(body.toString('utf8'));
        } catch {
          expect(split).toBeNull();
          return;
        }
        if (split === null) return; // valid JSON it does not understand (no data array, a data twice, …): parsed whole
        const data = (parsed as { data: unknown[] }).data;
        expect(split.starts.map((start, i) => JSON.parse(textOf(body, start, split.ends[i]!)) as unknown)).toEqual(data);
      }),
      { numRuns: 1500 },
    );
  });

  it('refuses what it does not fully understand, which JSON.parse would read another way', () => {
    const refused = [
      '{"data":[1],"data":[2]}', // JSON.parse keeps the last
      '{"d\\u0061ta":[1]}', // "data" spelled with an escape
      '\uFEFF{"data":[]}', // a byte-order mark
      '{"data":{"0":1}}',
      '[{"data":[]}]',
      '{"data":[1,]}',
      '{"data":[01]}',
      '{"data":["a\tb"]}', // a raw control character in a string
      '{"data":["\\x"]}',
      '{"data":["\\u12G4"]}',
      '{"data":[1]} x',
      '{"data":[tru]}',
      '{"data":[1]',
      `{"data":[${'['.repeat(70)}${']'.repeat(70)}]}`, // deeper than it follows
      '',
    ];
    for (const body of refused) expect(splitPageEntries(Buffer.from(body)), body).toBeNull();
    const dupInside = Buffer.from('{"data":[{"id":"a","id":"b"}, {"x":"]}\\"{["}],"nextCursor":null}');
    const split = splitPageEntries(dupInside)!;
    expect(split.starts.map((s, i) => textOf(dupInside, s, split.ends[i]!))).toEqual(['{"id":"a","id":"b"}', '{"x":"]}\\"{["}']);
  });
});

describe('splitBrandList: a page split, its entries read only when asked', () => {
  const wires = loadCatalogFile()
    .slice(0, 6)
    .map((wire) => brandForWire(wire, 'http://127.0.0.1:4010', 'as-stored') as unknown as Record<string, unknown>);
  const body = Buffer.from(JSON.stringify({ data: [...wires, { ...wires[0], title: 42 }, 'not a brand'], nextCursor: { pageNo: '2', limit: 100 } }));

  it('reads every entry exactly as parseBrandList reads the whole page, malformed ones skipped with the same reasons', () => {
    const whole = parseBrandList(JSON.parse(body.toString('utf8')));
    const split = splitBrandList(body)!;
    expect(whole.ok).toBe(true);
    if (!whole.ok) return;
    const read = split.read(() => true);
    expect(read.brands.map((b) => b.brand)).toEqual(whole.value.brands);
    expect(read.skipped).toEqual(whole.value.skipped);
    expect(split.nextCursor).toEqual(whole.value.nextCursor);
    expect(split.entryHashes).toHaveLength(8);
    expect(new Set(split.entryHashes).size).toBe(8);
  });

  it('reads only the entries asked for, each with its index', () => {
    const read = splitBrandList(body)!.read((i) => i === 2 || i === 6);
    expect(read.brands.map((b) => [b.index, b.brand.id])).toEqual([[2, wires[2]!.id]]);
    expect(read.skipped.map((s) => s.index)).toEqual([6]);
  });

  it('an envelope parseBrandList refuses is not split: the page is parsed whole and refused as before', () => {
    expect(splitBrandList(Buffer.from(JSON.stringify({ data: wires, nextCursor: { pageNo: 'two', limit: 100 } })))).toBeNull();
    expect(parseBrandList({ data: wires, nextCursor: { pageNo: 'two', limit: 100 } }).ok).toBe(false);
  });

  it('entries known from the last sync: hashed where they were, so the same split and the same reading, right guess or wrong', () => {
    const entryOf = (b: Buffer) => {
      const split = splitBrandList(b)!;
      return split.entryHashes.map((hash, i) => ({ hash, length: split.entryLengths[i]! }));
    };
    const pageOf = (data: unknown[]) => Buffer.from(JSON.stringify({ data, nextCursor: null }));
    const same = (b: Buffer, known: { hash: string; length: number }[]) => {
      const plain = splitBrandList(b)!;
      const guessed = splitBrandList(b, known)!;
      expect(guessed.entryHashes).toEqual(plain.entryHashes);
      expect(guessed.entryLengths).toEqual(plain.entryLengths);
      expect(guessed.read(() => true)).toEqual(plain.read(() => true));
    };
    fc.assert(
      fc.property(fc.shuffledSubarray(wires.map((_, i) => i)), fc.nat(5), fc.integer({ min: -3, max: 3 }), (order, changed, shift) => {
        const before = pageOf(wires);
        const data: unknown[] = order.map((i) => wires[i]);
        if (data.length > 0) data[changed % data.length] = { ...(data[changed % data.length] as object), title: 'Changed' };
        const after = pageOf(data);
        same(after, entryOf(before));
        same(after, entryOf(after));
        same(after, entryOf(before).map((e) => ({ ...e, length: e.length + shift })));
      }),
      { numRuns: 60 },
    );
  });

  it('a known entry is not scanned: bytes the scanner would refuse are vouched for by their hash alone', () => {
    // Valid JSON nested deeper than the scanner follows: JSON.parse reads it, the scanner gives up.
    const deep = `{"id":"deep","x":${'['.repeat(70)}${']'.repeat(70)}}`;
    const body = Buffer.from(`{"data":[${JSON.stringify(wires[0])},${deep}],"nextCursor":null}`);
    expect(splitBrandList(body)).toBeNull();
    const start = body.indexOf(deep);
    const known = [null, { length: Buffer.byteLength(deep), hash: acceptedBytesHash(body.subarray(start, start + Buffer.byteLength(deep))) }];
    const split = splitBrandList(body, known.map((k) => k ?? { length: 0, hash: '' }))!;
    expect(split.entryLengths).toEqual([Buffer.byteLength(JSON.stringify(wires[0])), Buffer.byteLength(deep)]);
    // A wrong hash for it is no voucher: scanned, refused, parsed whole.
    expect(splitBrandList(body, [{ length: 0, hash: '' }, { length: Buffer.byteLength(deep), hash: 'not-its-hash' }])).toBeNull();
  });
});
