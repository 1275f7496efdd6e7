import { z } from 'zod';
import type { Environment, Settings } from '../settings/settings-schema.js';
import { needs, signedIn } from './define.js';
import { empty } from './fields.js';

/** The audit log's hash chain, checked from the first entry. */
export type AuditVerification = { ok: true; entries: number } | { ok: false; entries: number; brokenAt: number; reason: string };

export interface SettingsView {
  settings: Settings;
  environment: Environment;
  hasClientSecret: boolean;
}

export const settingsMethods = {
  'settings.get': signedIn(empty).returns<SettingsView>(),
  /** A partial settings object; the settings schema validates the merged whole before anything is written. */
  'settings.update': needs('settings')(z.record(z.string(), z.unknown())).returns<{ settings: Settings }>(),
  /** The secret goes only to the keychain-backed store; it can never be read back. */
  'settings.setCredentials': needs('manageConnection')(
    z.strictObject({
      environment: z.enum(['staging', 'production']),
      baseUrl: z.url({ protocol: /^https?$/ }).max(300),
      clientId: z.string().min(1).max(200),
      clientSecret: z.string().min(1).max(500),
    }),
  ).returns<{ saved: true }>(),
  'settings.switchEnvironment': needs('goLive')(z.strictObject({ environment: z.enum(['training', 'staging', 'production']) })).returns<{ environment: Environment }>(),
  'settings.setWebhookSecret': needs('manageConnection')(z.strictObject({ secret: z.string().min(16, 'use at least 16 characters').max(500) })).returns<{ saved: true }>(),
  /** Starts or stops the webhook receiver to match Settings; answers where it listens. */
  'webhook.apply': needs('manageConnection')(empty).returns<{ listening: string | null; message: string | null }>(),
  'audit.verify': needs('settings')(empty).returns<AuditVerification>(),
};
