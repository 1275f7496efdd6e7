/**
 * The choices, defaults, limits, formats and messages of the settings, shared by the zod schema
 * (settings-schema.ts, the reference) and the hand-written parser that reads settings on the
 * way to ready (settings-parser.ts): both say the same thing because they say it from here.
 */
export const ENVIRONMENTS = ['training', 'staging', 'production'] as const;
export const BUSINESS_MODELS = ['B2B', 'B2C'] as const;
export const PAPER_WIDTHS = ['58mm', '80mm', 'A4'] as const;
export const WEBHOOK_HOSTS = ['127.0.0.1', '0.0.0.0'] as const;

/** The service's address in Settings: http or https, written out with "://". */
export const HTTP_PROTOCOL = /^https?$/;
export const URL_MAX_LENGTH = 300;

/**
 * Format only (state code, PAN, entity number, 'Z', check character): the check character itself
 * is not verified, so a mistyped GSTIN of the right shape is accepted.
 */
export const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
export const COUNTER_CODE_FORMAT = /^[A-Z0-9]{1,6}$/;

/** A mobile or a landline with its STD code, as people write them: digits, spaces, + and -. */
export function isPhoneNumber(v: string): boolean {
  return /^\+?[0-9][0-9 -]{0,19}$/.test(v) && v.length <= 20 && v.replace(/\D/g, '').length >= 6;
}

export const SETTINGS_MESSAGES = {
  url: 'must be an http(s) URL',
  gstin: 'must be a 15-character GSTIN, like 27AAPFU0939F1ZV',
  phone: 'must be a phone number: digits, spaces, + and -, up to 20 characters',
  counterCode: 'must be 1–6 capital letters or digits',
  /** Production's secret and its customers' card numbers travel to this address: never in clear. */
  productionHttps: 'must start with https:// for Production (its client secret and card data must not travel in clear)',
} as const;

/** Each setting's default, and its limits (a string's length in characters, a number's value). */
export const SETTING = {
  environment: { default: 'training' },
  businessModel: { default: 'B2B' },
  store: {
    name: { default: 'My Store', min: 1, max: 80 },
    counter: { default: 'Counter 1', min: 1, max: 40 },
    counterCode: { default: 'C1' },
    address: { default: '', max: 200 },
    gstin: { default: '' },
    phone: { default: '' },
  },
  receipt: {
    header: { default: '', max: 200 },
    footer: { default: 'Thank you for shopping with us.', max: 300 },
    paperWidth: { default: '80mm' },
    showStoreLocatorQr: { default: true },
  },
  printer: { deviceName: { default: null, max: 200 }, silent: { default: true } },
  wallet: {
    lowBalanceThreshold: { default: 10_000, min: 0, max: 100_000_000 },
    maxReadingAgeMinutes: { default: 10, min: 1, max: 1_440 },
  },
  /** staging and production alike. */
  endpoint: { baseUrl: { default: null }, clientId: { default: null, min: 1, max: 200 } },
  webhook: { enabled: { default: false }, host: { default: '127.0.0.1' }, port: { default: 8787, min: 1024, max: 65_535 } },
  staff: { lockAfterIdleMinutes: { default: 10, min: 1, max: 240 } },
} as const;
