import type { Settings } from './settings-schema.js';
import { BUSINESS_MODELS, COUNTER_CODE_FORMAT, ENVIRONMENTS, GSTIN_FORMAT, HTTP_PROTOCOL, isPhoneNumber, PAPER_WIDTHS, SETTINGS_MESSAGES, SETTING, URL_MAX_LENGTH, WEBHOOK_HOSTS } from './settings-rules.js';

/**
 * The settings schema (settings-schema.ts) written out by hand, without zod: the core reads
 * and updates settings with it, so loading zod (tens of ms of CPU) is not on the way to ready.
 * It answers as the zod schema does — the same verdict, the same data (trimmed, defaulted), the
 * same problems in the same order and words — which test/settings/settings-parser.test.ts
 * checks against the schema on generated inputs. A change to the schema is made here too.
 */
export interface SettingsIssue {
  path: PropertyKey[];
  message: string;
}

export type SettingsParseResult = { success: true; data: Settings } | { success: false; error: { issues: SettingsIssue[] } };

/** What SettingsService needs of a parser; the zod schema has the same shape. */
export interface SettingsParser {
  safeParse(input: unknown): SettingsParseResult;
  readonly shape: Record<keyof Settings, unknown>;
}

/** Parses one value; pushes its problems (paths relative to it) and returns what it reads as. */
type Field = (value: unknown, issues: SettingsIssue[]) => unknown;

const STOP = Symbol('stop');

/** zod's name for what it received, as its English messages print it. */
function receivedName(value: unknown): string {
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : Number.isFinite(value) ? 'number' : String(value);
  if (typeof value !== 'object') return typeof value;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const constructor = (value as { constructor?: { name?: unknown } }).constructor;
  return Object.getPrototypeOf(value) !== Object.prototype && 'constructor' in value && constructor ? String(constructor.name) : 'object';
}

const typeIssue = (expected: string, value: unknown): SettingsIssue => ({ path: [], message: `Invalid input: expected ${expected}, received ${receivedName(value)}` });
const quoted = (values: readonly string[], separator: string) => values.map((v) => `"${v}"`).join(separator);

function withDefault(fallback: unknown, field: Field): Field {
  return (value, issues) => (value === undefined ? fallback : field(value, issues));
}

function nullable(field: Field): Field {
  return (value, issues) => (value === null ? null : field(value, issues));
}

function choice(values: readonly string[]): Field {
  return (value, issues) => {
    if (!values.includes(value as string)) issues.push({ path: [], message: `Invalid option: expected one of ${quoted(values, '|')}` });
    return value;
  };
}

/** One of a few exact strings (a zod union of literals: its one message names none of them). */
function literal(values: readonly string[]): Field {
  return (value, issues) => {
    if (!values.includes(value as string)) issues.push({ path: [], message: 'Invalid input' });
    return value;
  };
}

function bool(): Field {
  return (value, issues) => {
    if (typeof value !== 'boolean') issues.push(typeIssue('boolean', value));
    return value;
  };
}

function text(rules: { trim?: boolean; min?: number; max?: number; format?: RegExp; message?: string }): Field {
  return (value, issues) => {
    let v = value;
    if (typeof value !== 'string') issues.push(typeIssue('string', value));
    else {
      v = rules.trim ? value.trim() : value;
      if (rules.format && !rules.format.test(v as string)) issues.push({ path: [], message: rules.message! });
    }
    checkLength(v, rules, issues);
    return v;
  };
}

/**
 * zod's .min()/.max() on a string: counted in code points. zod runs them on a value of the
 * wrong type too, whenever it has a length (an array, a typed array, { length }), comparing
 * that length as JavaScript compares — so this does, to say the same.
 */
function checkLength(value: unknown, rules: { min?: number; max?: number }, issues: SettingsIssue[], message?: string): void {
  if (value === null || value === undefined) return;
  const units = (value as { length?: unknown }).length;
  if (units === undefined) return;
  const length = (typeof value === 'string' ? [...value].length : units) as number;
  const [origin, unit] = Array.isArray(value) ? ['array', ' items'] : typeof value === 'string' ? ['string', ' characters'] : ['unknown', null];
  const verb = unit ? 'to have' : 'to be';
  if (rules.min !== undefined && !(length >= rules.min)) issues.push({ path: [], message: message ?? `Too small: expected ${origin} ${verb} >=${rules.min}${unit ?? ''}` });
  if (rules.max !== undefined && !(length <= rules.max)) issues.push({ path: [], message: message ?? `Too big: expected ${origin} ${verb} <=${rules.max}${unit ?? ''}` });
}

/** Trimmed (and perhaps changed), then either empty or accepted by `ok`. */
function optionalText(change: (v: string) => string, ok: (v: string) => boolean, message: string): Field {
  return (value, issues) => {
    if (typeof value !== 'string') {
      issues.push(typeIssue('string', value));
      return value;
    }
    const v = change(value.trim());
    if (v !== '' && !ok(v)) issues.push({ path: [], message });
    return v;
  };
}

function num(rules: { int?: boolean; min: number; max: number }): Field {
  return (value, issues) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      issues.push(typeIssue('number', value));
      return value;
    }
    const origin = rules.int ? 'int' : 'number';
    if (rules.int && !Number.isInteger(value)) {
      issues.push({ path: [], message: `Invalid input: expected int, received number` });
      return value;
    }
    if (rules.int && !Number.isSafeInteger(value)) {
      issues.push(value > 0 ? { path: [], message: `Too big: expected ${origin} to be <=${Number.MAX_SAFE_INTEGER}` } : { path: [], message: `Too small: expected ${origin} to be >=${Number.MIN_SAFE_INTEGER}` });
    }
    if (value < rules.min) issues.push({ path: [], message: `Too small: expected number to be >=${rules.min}` });
    if (value > rules.max) issues.push({ path: [], message: `Too big: expected number to be <=${rules.max}` });
    return value;
  };
}

/**
 * An http(s) address as zod's z.url({ protocol }) reads one: trimmed, "http(s)://" written out,
 * parsed by WHATWG URL, kept as typed (less tabs and newlines, which the parser ignores too).
 * Every problem it has is told in the one message.
 */
function httpUrl(): Field {
  return (value, issues) => {
    const problem = () => issues.push({ path: [], message: SETTINGS_MESSAGES.url });
    let v = value;
    if (typeof value !== 'string') problem();
    else {
      const trimmed = value.trim();
      const url = /^https?:\/\//i.test(trimmed) ? parseUrl(trimmed) : null;
      if (!url) problem();
      else {
        if (!HTTP_PROTOCOL.test(url.protocol.endsWith(':') ? url.protocol.slice(0, -1) : url.protocol)) problem();
        v = trimmed.replace(/[\t\n\r]/g, '');
      }
    }
    checkLength(v, { max: URL_MAX_LENGTH }, issues, SETTINGS_MESSAGES.url);
    return v;
  };
}

function parseUrl(s: string): URL | null {
  try {
    return new URL(s);
  } catch {
    return null;
  }
}

/** A zod strictObject: each field in order, then the keys it does not know, as one problem. */
function strictObject(fields: Record<string, Field>): Field {
  const known = new Set(Object.keys(fields));
  return (value, issues) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      issues.push(typeIssue('object', value));
      return STOP;
    }
    const input = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const own: SettingsIssue[] = [];
      out[key] = field(input[key], own);
      for (const issue of own) issues.push({ path: [key, ...issue.path], message: issue.message });
    }
    const unknown: string[] = [];
    // for…in, as zod walks them: inherited enumerable keys count as well.
    for (const key in input) if (!known.has(key)) unknown.push(key);
    if (unknown.length > 0) issues.push({ path: [], message: `Unrecognized key${unknown.length > 1 ? 's' : ''}: ${quoted(unknown, ', ')}` });
    return out;
  };
}

/** A section: missing from the input, it is read as {} so every field takes its default. */
const section = (fields: Record<string, Field>): Field => {
  const object = strictObject(fields);
  return (value, issues) => object(value === undefined ? {} : value, issues);
};

const { store, receipt, printer, wallet, endpoint, webhook, staff } = SETTING;

const environmentEndpoint = section({
  baseUrl: withDefault(endpoint.baseUrl.default, nullable(httpUrl())),
  clientId: withDefault(endpoint.clientId.default, nullable(text({ trim: true, ...endpoint.clientId }))),
});

const SECTIONS: Record<keyof Settings, Field> = {
  environment: withDefault(SETTING.environment.default, choice(ENVIRONMENTS)),
  businessModel: withDefault(SETTING.businessModel.default, choice(BUSINESS_MODELS)),
  store: section({
    name: withDefault(store.name.default, text({ trim: true, ...store.name })),
    counter: withDefault(store.counter.default, text({ trim: true, ...store.counter })),
    counterCode: withDefault(store.counterCode.default, text({ format: COUNTER_CODE_FORMAT, message: SETTINGS_MESSAGES.counterCode })),
    address: withDefault(store.address.default, text({ trim: true, ...store.address })),
    gstin: withDefault(store.gstin.default, optionalText((v) => v.toUpperCase(), (v) => GSTIN_FORMAT.test(v), SETTINGS_MESSAGES.gstin)),
    phone: withDefault(store.phone.default, optionalText((v) => v, isPhoneNumber, SETTINGS_MESSAGES.phone)),
  }),
  receipt: section({
    header: withDefault(receipt.header.default, text(receipt.header)),
    footer: withDefault(receipt.footer.default, text(receipt.footer)),
    paperWidth: withDefault(receipt.paperWidth.default, choice(PAPER_WIDTHS)),
    showStoreLocatorQr: withDefault(receipt.showStoreLocatorQr.default, bool()),
  }),
  printer: section({
    deviceName: withDefault(printer.deviceName.default, nullable(text(printer.deviceName))),
    silent: withDefault(printer.silent.default, bool()),
  }),
  wallet: section({
    lowBalanceThreshold: withDefault(wallet.lowBalanceThreshold.default, num(wallet.lowBalanceThreshold)),
    maxReadingAgeMinutes: withDefault(wallet.maxReadingAgeMinutes.default, num({ int: true, ...wallet.maxReadingAgeMinutes })),
  }),
  staging: environmentEndpoint,
  production: environmentEndpoint,
  webhook: section({
    enabled: withDefault(webhook.enabled.default, bool()),
    host: withDefault(webhook.host.default, literal(WEBHOOK_HOSTS)),
    port: withDefault(webhook.port.default, num({ int: true, ...webhook.port })),
  }),
  staff: section({
    lockAfterIdleMinutes: withDefault(staff.lockAfterIdleMinutes.default, num({ int: true, ...staff.lockAfterIdleMinutes })),
  }),
};

const whole = strictObject(SECTIONS);

export const settingsParser: SettingsParser = {
  shape: SECTIONS,
  safeParse(input) {
    const issues: SettingsIssue[] = [];
    const data = whole(input, issues);
    // Every field was checked: with no problem, the output has the Settings shape.
    return issues.length === 0 ? { success: true, data: data as Settings } : { success: false, error: { issues } };
  },
};
