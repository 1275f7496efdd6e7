import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS, settingsWithoutZod } from '../../src-main/settings/settings-defaults.js';
import { DEFAULT_SETTINGS, settingsSchema } from '../../src-main/settings/settings-schema.js';

/**
 * Start-up reads settings without zod (settings-defaults.ts); the zod schema stays the
 * definition. These check the shortcut against it: it may decline (null) but never disagree.
 */
const SEED = 20_261_126;

/** Values around each field's limits: valid ones, near misses, wrong types, text to trim. */
const fieldValue = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(
    null,
    undefined,
    true,
    false,
    0,
    -0,
    -1,
    1,
    9,
    10,
    240,
    241,
    1023,
    1024,
    8787,
    65_535,
    65_536,
    1.5,
    100_000_000,
    100_000_001,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    '',
    ' ',
    'My Store',
    ' Shop ',
    'C1',
    'c1',
    'ABCDEFG',
    '58mm',
    '99mm',
    'A4',
    'B2C',
    'b2c',
    'staging',
    '0.0.0.0',
    '127.0.0.1',
    'localhost',
    'https://api.example.com',
    'http://10.0.0.5:8080/v1',
    'HTTPS://api.example.com',
    'ftp://example.com',
    'https:/example.com',
    ' https://api.example.com ',
    'https://exa\nmple.com',
    'not a url',
  ) },
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.constant('x'.repeat(81)),
  fc.constant(`https://example.com/${'a'.repeat(290)}`),
  fc.constant([]),
  fc.constant({}),
);

/** Every [section, field] of the settings, plus unknown ones and whole-section replacements. */
const PLACES: [string, string][] = [
  ...Object.entries(SETTINGS_DEFAULTS).flatMap(([section, value]): [string, string][] =>
    typeof value === 'object' && value !== null ? [...Object.keys(value).map((f): [string, string] => [section, f]), [section, '(whole)'], [section, '(remove)'], [section, 'extra']] : [[section, '(whole)'], [section, '(remove)']],
  ),
  ['extra', '(whole)'],
];

/** A settings object built from the defaults, with some fields replaced, removed or added. */
const nearSettings = fc.array(fc.tuple(fc.constantFrom(...PLACES), fieldValue), { maxLength: 2 }).map((edits) => {
  const out = structuredClone(SETTINGS_DEFAULTS) as Record<string, unknown>;
  for (const [[section, field], value] of edits) {
    if (field === '(remove)') delete out[section];
    else if (field === '(whole)' || typeof out[section] !== 'object' || out[section] === null) out[section] = value;
    else (out[section] as Record<string, unknown>)[field] = value;
  }
  return out;
});

describe('settings read without zod', () => {
  it('has the schema’s defaults', () => {
    expect(SETTINGS_DEFAULTS).toEqual(DEFAULT_SETTINGS);
    expect(settingsWithoutZod({})).toEqual(DEFAULT_SETTINGS);
  });

  it('never disagrees with the schema: it declines, or gives exactly what the schema gives', () => {
    fc.assert(
      fc.property(fc.oneof(nearSettings, fieldValue), (raw) => {
        const fast = settingsWithoutZod(raw);
        if (fast === null) return;
        const parsed = settingsSchema.safeParse(raw);
        expect(parsed.success).toBe(true);
        expect(JSON.stringify(fast)).toBe(JSON.stringify(parsed.data));
      }),
      { seed: SEED, numRuns: 10_000 },
    );
  });

  it('reads what the app writes itself without zod, for ordinary values', () => {
    const ordinary = fc.record({
      environment: fc.constantFrom('training', 'staging', 'production'),
      businessModel: fc.constantFrom('B2B', 'B2C'),
      store: fc.record({ name: fc.constantFrom('Kirana', 'My Store'), counter: fc.constant('Counter 2'), counterCode: fc.constantFrom('C2', 'K9X'), address: fc.constantFrom('', 'MG Road') }),
      staging: fc.record({ baseUrl: fc.constantFrom(null, 'https://staging.example.com', 'http://127.0.0.1:4010'), clientId: fc.constantFrom(null, 'client-1') }),
      webhook: fc.record({ enabled: fc.boolean(), host: fc.constantFrom('127.0.0.1', '0.0.0.0'), port: fc.integer({ min: 1024, max: 65_535 }) }),
      wallet: fc.record({ lowBalanceThreshold: fc.double({ min: 0, max: 100_000_000, noNaN: true }) }),
    });
    fc.assert(
      fc.property(ordinary, (input) => {
        const written = JSON.parse(JSON.stringify(settingsSchema.parse(input))) as unknown;
        expect(settingsWithoutZod(written)).toEqual(written);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
