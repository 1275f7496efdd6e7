import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsSchema } from '../../src-main/settings/settings-schema.js';

const store = (patch: Record<string, unknown>) => settingsSchema.safeParse({ store: patch });
const problem = (patch: Record<string, unknown>) => {
  const r = store(patch);
  return r.success ? null : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('store GSTIN and phone', () => {
  it('are empty by default, so nothing extra prints until they are set', () => {
    expect(DEFAULT_SETTINGS.store.gstin).toBe('');
    expect(DEFAULT_SETTINGS.store.phone).toBe('');
  });

  it('accepts a GSTIN of the right shape, trimmed and in capitals', () => {
    expect(store({ gstin: ' 27aapfu0939f1zv ' }).data?.store.gstin).toBe('27AAPFU0939F1ZV');
    expect(store({ gstin: '29ABCDE1234FAZ5' }).data?.store.gstin).toBe('29ABCDE1234FAZ5');
  });

  it.each([
    ['too short', '27AAPFU0939F1Z'],
    ['too long', '27AAPFU0939F1ZVX'],
    ['letters for the state code', 'MHAAPFU0939F1ZV'],
    ['a PAN with digits where letters go', '2712345U0939F1ZV'],
    ['entity number 0', '27AAPFU0939F0ZV'],
    ['no Z in the 14th place', '27AAPFU0939F1XV'],
    ['punctuation', '27AAPFU0939F1Z-'],
  ])('refuses a GSTIN with %s', (_why, value) => {
    expect(problem({ gstin: value })).toEqual([['store.gstin', 'must be a 15-character GSTIN, like 27AAPFU0939F1ZV']]);
  });

  it.each(['9876543210', '+91 98765 43210', '022-2345 6789', '080 2222 3333'])('accepts the phone number %s', (value) => {
    expect(store({ phone: value }).data?.store.phone).toBe(value);
  });

  it.each(['call 98765', '98765@43210', '+91 98765 43210 00000', '12-34', '--------'])('refuses the phone number %s', (value) => {
    expect(problem({ phone: value })).toEqual([['store.phone', 'must be a phone number: digits, spaces, + and -, up to 20 characters']]);
  });
});
