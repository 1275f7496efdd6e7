import { z } from 'zod';

/**
 * Every setting the app keeps, with its default, in one schema. Secrets are NOT here: client
 * secrets and the webhook signing secret go through the secret store (secrets/credential-store.ts).
 * A section missing from the file is filled field by field from the defaults below (prefault).
 */
const httpsUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(300);

/**
 * Format only (state code, PAN, entity number, 'Z', check character): the check character itself
 * is not verified, so a mistyped GSTIN of the right shape is accepted.
 */
const GSTIN_FORMAT = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const gstin = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || GSTIN_FORMAT.test(v), 'must be a 15-character GSTIN, like 27AAPFU0939F1ZV')
  .default('');
/** A mobile or a landline with its STD code, as people write them: digits, spaces, + and -. */
const phone = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\+?[0-9][0-9 -]{0,19}$/.test(v) && v.length <= 20 && v.replace(/\D/g, '').length >= 6), 'must be a phone number: digits, spaces, + and -, up to 20 characters')
  .default('');

const environmentEndpoint = z
  .strictObject({
    baseUrl: httpsUrl.nullable().default(null),
    clientId: z.string().trim().min(1).max(200).nullable().default(null),
  })
  .prefault({});

export const settingsSchema = z.strictObject({
  environment: z.enum(['training', 'staging', 'production']).default('training'),
  businessModel: z.enum(['B2B', 'B2C']).default('B2B'),
  store: z
    .strictObject({
      name: z.string().trim().min(1).max(80).default('My Store'),
      counter: z.string().trim().min(1).max(40).default('Counter 1'),
      /** Up to 6 characters that prefix referenceIds from this counter (support can tell counters apart). */
      counterCode: z.string().regex(/^[A-Z0-9]{1,6}$/, 'must be 1–6 capital letters or digits').default('C1'),
      address: z.string().trim().max(200).default(''),
      gstin,
      phone,
    })
    .prefault({}),
  receipt: z
    .strictObject({
      header: z.string().max(200).default(''),
      footer: z.string().max(300).default('Thank you for shopping with us.'),
      paperWidth: z.enum(['58mm', '80mm', 'A4']).default('80mm'),
      showStoreLocatorQr: z.boolean().default(true),
    })
    .prefault({}),
  printer: z.strictObject({ deviceName: z.string().max(200).nullable().default(null), silent: z.boolean().default(true) }).prefault({}),
  wallet: z
    .strictObject({
      lowBalanceThreshold: z.number().finite().min(0).max(100_000_000).default(10_000),
      /** A balance older than this is read again before the next sale is confirmed (other counters and the portal spend it too). */
      maxReadingAgeMinutes: z.number().int().min(1).max(1_440).default(10),
    })
    .prefault({}),
  staging: environmentEndpoint,
  production: environmentEndpoint,
  webhook: z
    .strictObject({
      enabled: z.boolean().default(false),
      host: z.union([z.literal('127.0.0.1'), z.literal('0.0.0.0')]).default('127.0.0.1'),
      port: z.number().int().min(1024).max(65535).default(8787),
    })
    .prefault({}),
  staff: z.strictObject({ lockAfterIdleMinutes: z.number().int().min(1).max(240).default(10) }).prefault({}),
});

export type SettingsSchema = typeof settingsSchema;
export type Settings = z.infer<SettingsSchema>;
export type Environment = Settings['environment'];

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});
