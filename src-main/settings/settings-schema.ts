import { z } from 'zod';
import { BUSINESS_MODELS, COUNTER_CODE_FORMAT, ENVIRONMENTS, GSTIN_FORMAT, HTTP_PROTOCOL, isPhoneNumber, PAPER_WIDTHS, SETTINGS_MESSAGES, SETTING, URL_MAX_LENGTH, WEBHOOK_HOSTS } from './settings-rules.js';

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

const { store, receipt, printer, wallet, endpoint, webhook, staff } = SETTING;

const gstin = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || GSTIN_FORMAT.test(v), SETTINGS_MESSAGES.gstin)
  .default(store.gstin.default);
const phone = z
  .string()
  .trim()
  .refine((v) => v === '' || isPhoneNumber(v), SETTINGS_MESSAGES.phone)
  .default(store.phone.default);

const environmentEndpoint = z
  .strictObject({
    baseUrl: httpsUrl.nullable().default(endpoint.baseUrl.default),
    clientId: z.string().trim().min(endpoint.clientId.min).max(endpoint.clientId.max).nullable().default(endpoint.clientId.default),
  })
  .prefault({});

export const settingsSchema = z.strictObject({
  environment: z.enum(ENVIRONMENTS).default(SETTING.environment.default),
  businessModel: z.enum(BUSINESS_MODELS).default(SETTING.businessModel.default),
  store: z
    .strictObject({
      name: z.string().trim().min(store.name.min).max(store.name.max).default(store.name.default),
      counter: z.string().trim().min(store.counter.min).max(store.counter.max).default(store.counter.default),
      /** Up to 6 characters that prefix referenceIds from this counter (support can tell counters apart). */
      counterCode: z.string().regex(COUNTER_CODE_FORMAT, SETTINGS_MESSAGES.counterCode).default(store.counterCode.default),
      address: z.string().trim().max(store.address.max).default(store.address.default),
      gstin,
      phone,
    })
    .prefault({}),
  receipt: z
    .strictObject({
      header: z.string().max(receipt.header.max).default(receipt.header.default),
      footer: z.string().max(receipt.footer.max).default(receipt.footer.default),
      paperWidth: z.enum(PAPER_WIDTHS).default(receipt.paperWidth.default),
      showStoreLocatorQr: z.boolean().default(receipt.showStoreLocatorQr.default),
    })
    .prefault({}),
  printer: z
    .strictObject({ deviceName: z.string().max(printer.deviceName.max).nullable().default(printer.deviceName.default), silent: z.boolean().default(printer.silent.default) })
    .prefault({}),
  wallet: z
    .strictObject({
      lowBalanceThreshold: z.number().finite().min(wallet.lowBalanceThreshold.min).max(wallet.lowBalanceThreshold.max).default(wallet.lowBalanceThreshold.default),
      /** A balance older than this is read again before the next sale is confirmed (other counters and the portal spend it too). */
      maxReadingAgeMinutes: z.number().int().min(wallet.maxReadingAgeMinutes.min).max(wallet.maxReadingAgeMinutes.max).default(wallet.maxReadingAgeMinutes.default),
    })
    .prefault({}),
  staging: environmentEndpoint,
  production: environmentEndpoint,
  webhook: z
    .strictObject({
      enabled: z.boolean().default(webhook.enabled.default),
      host: z.union([z.literal(WEBHOOK_HOSTS[0]), z.literal(WEBHOOK_HOSTS[1])]).default(webhook.host.default),
      port: z.number().int().min(webhook.port.min).max(webhook.port.max).default(webhook.port.default),
    })
    .prefault({}),
  staff: z.strictObject({ lockAfterIdleMinutes: z.number().int().min(staff.lockAfterIdleMinutes.min).max(staff.lockAfterIdleMinutes.max).default(staff.lockAfterIdleMinutes.default) }).prefault({}),
});

export type SettingsSchema = typeof settingsSchema;
export type Settings = z.infer<SettingsSchema>;
export type Environment = Settings['environment'];

export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});
