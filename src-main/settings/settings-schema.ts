import { z } from 'zod';
import { BUSINESS_MODELS, COUNTER_CODE_FORMAT, ENVIRONMENTS, GSTIN_FORMAT, HTTP_PROTOCOL, isPhoneNumber, PAPER_WIDTHS, SETTINGS_MESSAGES, URL_MAX_LENGTH, WEBHOOK_HOSTS } from './settings-rules.js';

/**
 * Every setting the app keeps, with its default, in one schema. Secrets are NOT here: client
 * secrets and the webhook signing secret go through the secret store (secrets/credential-store.ts).
 * A section missing from the file is filled field by field from the defaults below (prefault).
 *
 * The start-up reads the file with settings-parser.ts instead (zod costs tens of ms to load);
 * this schema is the reference it is tested against (test/settings/settings-parser.test.ts),
 * so a change here must be made there too.
 */
const httpsUrl = z.url({ protocol: HTTP_PROTOCOL, error: SETTINGS_MESSAGES.url }).max(URL_MAX_LENGTH);

const gstin = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || GSTIN_FORMAT.test(v), SETTINGS_MESSAGES.gstin)
  .default('');
const phone = z
  .string()
  .trim()
  .refine((v) => v === '' || isPhoneNumber(v), SETTINGS_MESSAGES.phone)
  .default('');

const environmentEndpoint = z
  .strictObject({
    baseUrl: httpsUrl.nullable().default(null),
    clientId: z.string().trim().min(1).max(200).nullable().default(null),
  })
  .prefault({});

export const settingsSchema = z.strictObject({
  environment: z.enum(ENVIRONMENTS).default('training'),
  businessModel: z.enum(BUSINESS_MODELS).default('B2B'),
  store: z
    .strictObject({
      name: z.string().trim().min(1).max(80).default('My Store'),
      counter: z.string().trim().min(1).max(40).default('Counter 1'),
      /** Up to 6 characters that prefix referenceIds from this counter (support can tell counters apart). */
      counterCode: z.string().regex(COUNTER_CODE_FORMAT, SETTINGS_MESSAGES.counterCode).default('C1'),
      address: z.string().trim().max(200).default(''),
      gstin,
      phone,
    })
    .prefault({}),
  receipt: z
    .strictObject({
      header: z.string().max(200).default(''),
      footer: z.string().max(300).default('Thank you for shopping with us.'),
      paperWidth: z.enum(PAPER_WIDTHS).default('80mm'),
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
      host: z.union([z.literal(WEBHOOK_HOSTS[0]), z.literal(WEBHOOK_HOSTS[1])]).default('127.0.0.1'),
      port: z.number().int().min(1024).max(65535).default(8787),
    })
    .prefault({}),
  staff: z.strictObject({ lockAfterIdleMinutes: z.number().int().min(1).max(240).default(10) }).prefault({}),
});

export type SettingsSchema = typeof settingsSchema;
export type Settings = z.infer<SettingsSchema>;
export type Environment = Settings['environment'];

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});
