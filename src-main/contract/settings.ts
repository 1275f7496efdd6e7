import { z } from 'zod';
import type { Environment, Settings } from '../settings/settings-schema.js';
import { manager } from './define.js';
import { empty } from './fields.js';

/** The audit log's hash chain, checked from the first entry. */
export type AuditVerification = { ok: true; entries: number } | { ok: false; entries: number; brokenAt: number; reason: string };

export interface SettingsView {
  settings: Settings;
  environment: Environment;
  hasClientSecret: boolean;
}

export const settingsMethods = {
  'settings.get': manager(empty).returns<SettingsView>(),
  /** A partial settings object; the settings schema validates the merged whole before anything is written. */
  'settings.update': manager(z.record(z.string(), z.unknown())).returns<{ settings: Settings }>(),
  /** The secret goes only to the keychain-backed store; it can never be read back. */
  'settings.setCredentials': manager(
    z.strictObject({
      environment: z.enum(['staging', 'production']),
      baseUrl: z.url({ protocol: /^https?$/ }).max(300),
      clientId: z.string().min(1).max(200),
      clientSecret: z.string().min(1).max(500),
    }),
  ).returns<{ saved: true }>(),
  'settings.switchEnvironment': manager(z.strictObject({ environment: z.enum(['training', 'staging', 'production']) })).returns<{ environment: Environment }>(),
  'settings.setWebhookSecret': manager(z.strictObject({ secret: z.string().min(16, 'use at least 16 characters').max(500) })).returns<{ saved: true }>(),
  /** Starts or stops the webhook receiver to match Settings; answers where it listens. */
  'webhook.apply': manager(empty).returns<{ listening: string | null; message: string | null }>(),
  'audit.verify': manager(empty).returns<AuditVerification>(),
};
