import type { AuditLog } from '../../audit/audit-log.js';
import type { SettingsView } from '../../contract/index.js';
import type { ClientSecrets } from '../../secrets/client-secrets.js';
import type { Environment, Settings } from '../../settings/settings-schema.js';
import { SETTINGS_MESSAGES } from '../../settings/settings-rules.js';
import type { DeepPartial, SettingsService, SettingsUpdate } from '../../settings/settings-service.js';
import type { WebhookLifecycle } from '../../webhooks/webhook-lifecycle.js';
import type { EnvironmentContext } from '../environment-context.js';

export type SwitchOutcome = { ok: true } | { ok: false; message: string };

export interface ServiceCredentials {
  environment: 'staging' | 'production';
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** What a manager changes in Settings. Every change is audited here, with who made it. */
export interface SettingsAdmin {
  view(): SettingsView;
  update(patch: DeepPartial<Settings>, actor: string | null): SettingsUpdate;
  /**
   * A service's address, client id and secret. Without an OS keychain it throws
   * SecretStoreUnavailableError before anything is written; the secret goes only to that
   * environment's keychain-wrapped store.
   */
  setCredentials(credentials: ServiceCredentials, actor: string | null): SettingsUpdate;
  /** Closes the current environment and opens another; a refusal leaves the counter where it was. */
  switchEnvironment(environment: Environment, actor: string | null): Promise<SwitchOutcome>;
  /** The current environment's webhook signing secret, replaced; write-only. */
  setWebhookSecret(secret: string, actor: string | null): void;
  /** Starts or stops the webhook receiver to match Settings; answers where it listens. */
  applyWebhooks: WebhookLifecycle['apply'];
}

export interface SettingsAdminDeps {
  settings: SettingsService;
  audit: AuditLog;
  env: () => EnvironmentContext;
  secrets: ClientSecrets;
  switchEnvironment: (environment: Environment) => Promise<SwitchOutcome>;
  webhooks: Pick<WebhookLifecycle, 'apply'>;
}

export function settingsAdmin(deps: SettingsAdminDeps): SettingsAdmin {
  const { settings, audit, env } = deps;
  return {
    view() {
      const { environment, credentials } = env();
      return { settings: settings.get(), environment, hasClientSecret: credentials.has('client_secret') };
    },
    update(patch, actor) {
      const result = settings.update(patch);
      if (result.ok) audit.append({ actor, action: 'settings.changed', details: { keys: Object.keys(patch) } });
      return result;
    },
    setCredentials({ environment, baseUrl, clientId, clientSecret }, actor) {
      if (environment === 'production' && new URL(baseUrl).protocol !== 'https:') {
        return { ok: false, problems: [{ field: 'production.baseUrl', message: `The address ${SETTINGS_MESSAGES.productionHttps}` }] };
      }
      deps.secrets.assertCanStore();
      const result = settings.update({ [environment]: { baseUrl, clientId } });
      if (!result.ok) return result;
      deps.secrets.put(environment, clientSecret);
      audit.append({ actor, action: 'credentials.changed', details: { environment, clientId } });
      return result;
    },
    async switchEnvironment(environment, actor) {
      const result = await deps.switchEnvironment(environment);
      if (result.ok) audit.append({ actor, action: 'settings.changed', details: { environment } });
      return result;
    },
    setWebhookSecret(secret, actor) {
      env().credentials.put('webhook_secret', secret);
      audit.append({ actor, action: 'credentials.changed', details: { webhookSecret: 'replaced' } });
    },
    applyWebhooks: () => deps.webhooks.apply(),
  };
}
