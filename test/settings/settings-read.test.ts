import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../../src-main/settings/settings-schema.js';
import { SettingsService, type SettingsBackend } from '../../src-main/settings/settings-service.js';

/**
 * Whatever is in the settings file — what the app wrote, a hand edit, damage — the service
 * starts: each top-level section the schema accepts is kept as the schema reads it, each one
 * it rejects is reset to its defaults, and what it holds is what it would write back.
 */
const SEED = 20_261_126;

/** Values around each field's limits: valid ones, near misses, wrong types, text to trim. */
const fieldValue = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom(
      null,
      undefined,
      true,
      false,
      0,
      -1,
      1,
      240,
      241,
      1023,
      1024,
      65_535,
      65_536,
      1.5,
      100_000_001,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '',
      ' ',
      ' Shop ',
      'C1',
      'c1',
      'ABCDEFG',
      '58mm',
      '99mm',
      'B2C',
      'staging',
      '0.0.0.0',
      'localhost',
      'https://api.example.com',
      'HTTPS://api.example.com',
      'ftp://example.com',
      ' https://api.example.com ',
      'not a url',
    ),
  },
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.double(),
  fc.constant('x'.repeat(81)),
  fc.constant([]),
  fc.constant({}),
);

const SECTIONS = Object.keys(settingsSchema.shape) as (keyof Settings)[];
/** Every [section, field], plus unknown fields and whole-section replacements and removals. */
const PLACES: [string, string][] = [
  ...SECTIONS.flatMap((section): [string, string][] => {
    const value = DEFAULT_SETTINGS[section];
    const whole: [string, string][] = [
      [section, '(whole)'],
      [section, '(remove)'],
    ];
    return typeof value === 'object' && value !== null ? [...Object.keys(value).map((f): [string, string] => [section, f]), [section, 'extra'], ...whole] : whole;
  }),
  ['extra', '(whole)'],
];

/** A settings file built from the defaults, with a few fields replaced, removed or added. */
const storedSettings = fc.array(fc.tuple(fc.constantFrom(...PLACES), fieldValue), { maxLength: 3 }).map((edits) => {
  const out = structuredClone(DEFAULT_SETTINGS) as Record<string, unknown>;
  for (const [[section, field], value] of edits) {
    if (field === '(remove)') delete out[section];
    else if (field === '(whole)' || typeof out[section] !== 'object' || out[section] === null) out[section] = value;
    else (out[section] as Record<string, unknown>)[field] = value;
  }
  return out;
});

function memoryBackend(stored: unknown): SettingsBackend & { written: Settings[] } {
  const written: Settings[] = [];
  return { written, read: () => stored, write: (value) => void written.push(structuredClone(value)) };
}

describe('reading the settings file', () => {
  it('keeps each section the schema accepts, resets each one it rejects, and never throws', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 4, arbitrary: storedSettings }, fieldValue), (stored) => {
        const backend = memoryBackend(structuredClone(stored));
        const read = new SettingsService(settingsSchema, backend).get();
        const file = stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
        for (const section of SECTIONS) {
          const alone = settingsSchema.safeParse({ [section]: file[section] });
          expect(read[section]).toEqual(alone.success ? alone.data[section] : DEFAULT_SETTINGS[section]);
        }
        expect(backend.written).toEqual([]); // reading repairs in memory only; the file changes on the next update
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });

  it('reads back exactly what it writes', () => {
    fc.assert(
      fc.property(storedSettings, (stored) => {
        const first = memoryBackend(stored);
        const service = new SettingsService(settingsSchema, first);
        expect(service.update({ staff: { lockAfterIdleMinutes: 5 } }).ok).toBe(true);
        const written = first.written.at(-1)!;
        expect(new SettingsService(settingsSchema, memoryBackend(JSON.parse(JSON.stringify(written)))).get()).toEqual(written);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});
