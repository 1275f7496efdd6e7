import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settingsParser } from '../../src-main/settings/settings-parser.js';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../src-main/settings/settings-schema.js';
import { SettingsService, type SettingsBackend } from '../../src-main/settings/settings-service.js';

/**
 * The hand-written parser the core starts with answers exactly as the zod schema it mirrors:
 * the same verdict, the same data, the same problems (field and words, in order), for settings
 * files, hand edits, damage and the patches a screen sends.
 */
const SEED = 20_261_127;

const answer = (parser: { safeParse(input: unknown): unknown }, input: unknown) => {
  const r = parser.safeParse(input) as { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  return r.success ? { ok: true, data: r.data } : { ok: false, problems: r.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) };
};

/** Addresses around what z.url({ protocol: /^https?$/ }) accepts: spacing, case, schemes, lengths, control characters. */
const address = fc
  .tuple(
    fc.constantFrom('http://', 'https://', 'HTTPS://', 'Http://', 'ftp://', 'http:', 'https:/', 'http:///', 'mailto:', '', 'javascript://'),
    fc.oneof(fc.domain(), fc.constantFrom('', '[::1]', '127.0.0.1:8080', 'exa\tmple.com', 'a b.com', '%zz', 'xn--d1acufc.xn--p1ai', 'ex\nample.com')),
    fc.oneof(fc.constant(''), fc.webPath(), fc.constant(`/${'p'.repeat(290)}`), fc.constant('?q=1#x')),
    fc.constantFrom('', ' ', '  ', '\t', '\n', '\u00a0'),
    fc.constantFrom('', ' ', '\t', '\r\n'),
  )
  .map(([scheme, host, path, before, after]) => `${before}${scheme}${host}${path}${after}`);

/** Values around each field's limits, text to trim or to put in capitals, and any value at all. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.constantFrom(
      null, undefined, true, false, 0, -0, -1, 1, 5, 1.5, 240, 241, 1023, 1024, 1440, 1441, 65_535, 65_536, 100_000_000, 100_000_001,
      2 ** 53, -(2 ** 53), 1e21, -1e21, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_VALUE, Number.MIN_VALUE,
      '', ' ', ' Shop ', '\tShop\n', 'C1', 'c1', 'ABCDEF', 'ABCDEFG', ' C1', '58mm', '80mm', 'A4', '99mm', 'B2B', 'B2C', 'b2c',
      'training', 'staging', 'production', 'Training', '127.0.0.1', '0.0.0.0', 'localhost',
      '27AAPFU0939F1ZV', ' 27aapfu0939f1zv ', '27AAPFU0939F0ZV', '27AAPFU0939F1Z', '98765 43210', '+91 98765-43210', '12345', '+', '022 2345 6789', 'ß'.repeat(8),
      'x'.repeat(40), 'x'.repeat(41), 'x'.repeat(80), 'x'.repeat(81), ` ${'x'.repeat(80)} `, 'x'.repeat(200), 'x'.repeat(201), 'x'.repeat(300), 'x'.repeat(301),
    ),
  },
  { weight: 4, arbitrary: address },
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.integer(),
  fc.double(),
  fc.anything({ maxDepth: 1, withBoxedValues: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withTypedArray: true, withSparseArray: true, withBigInt: true }),
);

const SECTIONS = Object.keys(settingsSchema.shape) as (keyof Settings)[];
const FIELDS = SECTIONS.flatMap((section): [string, string | null][] => {
  const value = DEFAULT_SETTINGS[section];
  return typeof value === 'object' && value !== null ? [...Object.keys(value).map((f): [string, string] => [section, f]), [section, 'extra'], [section, '__proto__'], [section, 'constructor'], [section, null]] : [[section, null]];
});

/** Settings (or a patch of them) built from the defaults or from nothing, with a few places set to generated values or removed. */
const settingsLike = fc
  .tuple(fc.boolean(), fc.array(fc.tuple(fc.constantFrom(...FIELDS, ['extra', null] as [string, null]), fieldValue, fc.boolean()), { maxLength: 5 }))
  .map(([fromDefaults, edits]) => {
    const out = (fromDefaults ? structuredClone(DEFAULT_SETTINGS) : {}) as Record<string, unknown>;
    for (const [[section, field], value, remove] of edits) {
      if (field === null) {
        if (remove) delete out[section];
        else out[section] = value;
        continue;
      }
      const place = out[section] !== null && typeof out[section] === 'object' && !Array.isArray(out[section]) ? (out[section] as Record<string, unknown>) : (out[section] = {});
      if (remove) delete place[field];
      // defineProperty: "__proto__" becomes an own key, as JSON.parse makes it.
      else Object.defineProperty(place, field, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  });

function memoryBackend(stored: unknown): SettingsBackend & { written: Settings[] } {
  const written: Settings[] = [];
  return { written, read: () => stored, write: (value) => void written.push(structuredClone(value)) };
}

describe('the hand-written settings parser', () => {
  it('gives the zod schema’s verdict, data and problems on any input', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 6, arbitrary: settingsLike }, fieldValue), (input) => {
        expect(answer(settingsParser, input)).toEqual(answer(settingsSchema, input));
      }),
      { seed: SEED, numRuns: 20_000 },
    );
  });

  it('reads a damaged settings file as the zod schema does, section by section', () => {
    fc.assert(
      fc.property(settingsLike, (stored) => {
        const byParser = new SettingsService(settingsParser, memoryBackend(structuredClone(stored)));
        const bySchema = new SettingsService(settingsSchema, memoryBackend(structuredClone(stored)));
        expect(byParser.get()).toEqual(bySchema.get());
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });

  it('accepts and refuses the same updates, and writes the same settings', () => {
    fc.assert(
      fc.property(settingsLike, settingsLike, (stored, patch) => {
        const parserFile = memoryBackend(structuredClone(stored));
        const schemaFile = memoryBackend(structuredClone(stored));
        const byParser = new SettingsService(settingsParser, parserFile).update(structuredClone(patch));
        const bySchema = new SettingsService(settingsSchema, schemaFile).update(structuredClone(patch));
        expect(byParser).toEqual(bySchema);
        expect(parserFile.written).toEqual(schemaFile.written);
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });

  // Pinned cases, each a kind of problem, so a failure names the field in words.
  it.each<[string, unknown]>([
    ['not an object', 'settings'],
    ['unknown keys, top and nested, after the field problems', { foo: 1, store: { name: '', zz: 1, yy: 2 }, bar: 2 }],
    ['an address twice wrong: not a URL and too long', { staging: { baseUrl: `nope${'a'.repeat(300)}` } }],
    ['an address of the wrong scheme, and one without "//"', { staging: { baseUrl: 'ftp://x.test' }, production: { baseUrl: 'http:x.test' } }],
    ['an address trimmed and rid of tabs', { staging: { baseUrl: ' https://exa\tmple.test/a ' } }],
    ['an integer outside the safe range, and above the maximum', { webhook: { port: 1e20 } }],
    ['a fraction where an integer goes (no range check after it)', { wallet: { maxReadingAgeMinutes: 5000.5 } }],
    ['numbers that are not finite', { wallet: { lowBalanceThreshold: Number.POSITIVE_INFINITY }, staff: { lockAfterIdleMinutes: Number.NaN } }],
    ['boxed and dated values', { printer: { silent: new Boolean(true), deviceName: new Date(0) } }],
    ['a GSTIN in small letters, trimmed', { store: { gstin: ' 27aapfu0939f1zv ' } }],
  ])('%s', (_what, input) => {
    expect(answer(settingsParser, input)).toEqual(answer(settingsSchema, input));
  });
});
