import { z } from 'zod';
import { SETTINGS_DEFAULTS as D } from './settings-defaults.js';
import { provideSettingsSchema } from './settings-service.js';

/**
 * Every setting the app keeps, with its default, in one schema. Secrets are NOT here: client
 * secrets and the webhook signing secret go through the secret store (credential-store.ts).
 * The defaults live in settings-defaults.ts, which start-up reads without loading zod.
 */
const httpsUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).max(300);

const environmentEndpoint = z.strictObject({
  baseUrl: httpsUrl.nullable().default(D.staging.baseUrl),
  clientId: z.string().trim().min(1).max(200).nullable().default(D.staging.clientId),
});

export const settingsSchema = z.strictObject({
  environment: z.enum(['training', 'staging', 'production']).default(D.environment),
  businessModel: z.enum(['B2B', 'B2C']).default(D.businessModel),
  store: z
    .strictObject({
      name: z.string().trim().min(1).max(80).default(D.store.name),
      counter: z.string().trim().min(1).max(40).default(D.store.counter),
      /** Up to 6 characters that prefix referenceIds from this counter (support can tell counters apart). */
      counterCode: z.string().regex(/^[A-Z0-9]{1,6}$/, 'must be 1–6 capital letters or digits').default(D.store.counterCode),
      address: z.string().trim().max(200).default(D.store.address),
    })
    .default(D.store),
  receipt: z
    .strictObject({
      header: z.string().max(200).default(D.receipt.header),
      footer: z.string().max(300).default(D.receipt.footer),
      paperWidth: z.enum(['58mm', '80mm', 'A4']).default(D.receipt.paperWidth),
      showStoreLocatorQr: z.boolean().default(D.receipt.showStoreLocatorQr),
    })
    .default(D.receipt),
  printer: z
    .strictObject({ deviceName: z.string().max(200).nullable().default(D.printer.deviceName), silent: z.boolean().default(D.printer.silent) })
    .default(D.printer),
  wallet: z
    .strictObject({
      lowBalanceThreshold: z.number().finite().min(0).max(100_000_000).default(D.wallet.lowBalanceThreshold),
    })
    .default(D.wallet),
  staging: environmentEndpoint.default(D.staging),
  production: environmentEndpoint.default(D.production),
  webhook: z
    .strictObject({
      enabled: z.boolean().default(D.webhook.enabled),
      host: z.union([z.literal('127.0.0.1'), z.literal('0.0.0.0')]).default(D.webhook.host),
      port: z.number().int().min(1024).max(65535).default(D.webhook.port),
    })
    .default(D.webhook),
  staff: z
    .strictObject({ lockAfterIdleMinutes: z.number().int().min(1).max(240).default(D.staff.lockAfterIdleMinutes) })
    .default(D.staff),
});

export type Settings = z.infer<typeof settingsSchema>;
export type Environment = Settings['environment'];

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

// Whoever imports the schema also makes it available to SettingsService, without an await.
provideSettingsSchema({ settingsSchema, DEFAULT_SETTINGS });
