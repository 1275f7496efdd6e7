import type { Settings } from './settings-schema.js';

/**
 * Every setting's default, as plain data. The zod schema (settings-schema.ts) takes its
 * defaults from here, so there is one list; this module imports no zod, so the start-up path
 * can use it without loading zod's ~95 modules.
 */
export const SETTINGS_DEFAULTS = {
  environment: 'training',
  businessModel: 'B2B',
  store: { name: 'My Store', counter: 'Counter 1', counterCode: 'C1', address: '' },
  receipt: { header: '', footer: 'Thank you for shopping with us.', paperWidth: '80mm', showStoreLocatorQr: true },
  printer: { deviceName: null, silent: true },
  wallet: { lowBalanceThreshold: 10_000 },
  staging: { baseUrl: null, clientId: null },
  production: { baseUrl: null, clientId: null },
  webhook: { enabled: false, host: '127.0.0.1', port: 8787 },
  staff: { lockAfterIdleMinutes: 10 },
} as const; // not annotated as Settings: that type is inferred from the schema, which reads these


type Check = (v: unknown) => boolean;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);
/** Only text the schema would keep exactly as it is: already trimmed where it trims. */
const text = (min: number, max: number, trimmed: boolean): Check => (v) =>
  typeof v === 'string' && v.length >= min && v.length <= max && (!trimmed || v.trim() === v);
const oneOf = (...values: unknown[]): Check => (v) => values.includes(v);
const bool: Check = (v) => typeof v === 'boolean';
const int = (min: number, max: number): Check => (v) => Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
const nullable = (check: Check): Check => (v) => v === null || check(v);
/** A plain http(s)://… address, which the schema's z.url keeps as it is; anything unusual is left to zod. */
const plainHttpUrl: Check = (v) =>
  typeof v === 'string' && v.length <= 300 && v.trim() === v && !/[\t\n\r]/.test(v) && /^https?:\/\//.test(v) && URL.canParse(v) && /^https?:$/.test(new URL(v).protocol);

const SECTIONS: Record<Exclude<keyof Settings, 'environment' | 'businessModel'>, Record<string, Check>> = {
  store: { name: text(1, 80, true), counter: text(1, 40, true), counterCode: (v) => typeof v === 'string' && /^[A-Z0-9]{1,6}$/.test(v), address: text(0, 200, true) },
  receipt: { header: text(0, 200, false), footer: text(0, 300, false), paperWidth: oneOf('58mm', '80mm', 'A4'), showStoreLocatorQr: bool },
  printer: { deviceName: nullable(text(0, 200, false)), silent: bool },
  wallet: { lowBalanceThreshold: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 100_000_000 },
  staging: { baseUrl: nullable(plainHttpUrl), clientId: nullable(text(1, 200, true)) },
  production: { baseUrl: nullable(plainHttpUrl), clientId: nullable(text(1, 200, true)) },
  webhook: { enabled: bool, host: oneOf('127.0.0.1', '0.0.0.0'), port: int(1024, 65535) },
  staff: { lockAfterIdleMinutes: int(1, 240) },
};
const TOP: Record<'environment' | 'businessModel', Check> = { environment: oneOf('training', 'staging', 'production'), businessModel: oneOf('B2B', 'B2C') };

/**
 * The settings as the schema would parse them, for the common case (what the app itself wrote,
 * or nothing yet), without loading zod. Conservative: it answers only when every present value
 * is one the schema keeps unchanged, filling absent keys with their defaults as the schema
 * does; for anything else (an unknown key, a value to trim or reject) it answers null and the
 * caller parses with the zod schema. test/settings checks it never disagrees with the schema.
 */
export function settingsWithoutZod(raw: unknown): Settings | null {
  if (!isPlainObject(raw)) return null;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(raw)) if (!Object.hasOwn(SETTINGS_DEFAULTS, key)) return null;
  for (const [key, check] of Object.entries(TOP)) {
    const v = raw[key];
    if (v === undefined) out[key] = SETTINGS_DEFAULTS[key as keyof typeof TOP];
    else if (check(v)) out[key] = v;
    else return null;
  }
  for (const [key, fields] of Object.entries(SECTIONS)) {
    const section = raw[key];
    const defaults = SETTINGS_DEFAULTS[key as keyof typeof SECTIONS] as Record<string, unknown>;
    if (section === undefined) {
      out[key] = { ...defaults };
      continue;
    }
    if (!isPlainObject(section)) return null;
    for (const field of Object.keys(section)) if (!Object.hasOwn(fields, field)) return null;
    const parsed: Record<string, unknown> = {};
    for (const [field, check] of Object.entries(fields)) {
      const v = section[field];
      if (v === undefined) parsed[field] = defaults[field];
      else if (check(v)) parsed[field] = v;
      else return null;
    }
    out[key] = parsed;
  }
  return out as unknown as Settings;
}
