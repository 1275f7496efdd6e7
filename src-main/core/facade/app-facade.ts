import type { AuditLog } from '../../audit/audit-log.js';
import type { AppInfo, CheckLine } from '../../contract/index.js';
import type { Clock } from '../../platform/clock.js';
import type { SettingsService } from '../../settings/settings-service.js';
import { UnrecognisedWebhooks } from '../../webhooks/unrecognised-webhooks.js';
import type { EnvironmentContext } from '../environment-context.js';
import { localKeyWarning } from '../environment-keys.js';

/** What the app says about itself: the window's header facts and the integrator's self-check. */
export interface AppFacade {
  info(version: string): AppInfo;
  /** The start-up self-check (product brief: clock, token, whitelisted IP, catalog age), for the current environment. */
  selfCheck(): Promise<{ lines: CheckLine[] }>;
}

export function appFacade(deps: { env: () => EnvironmentContext; settings: SettingsService; audit: AuditLog; clock: Clock }): AppFacade {
  const { env, clock } = deps;
  return {
    info(version) {
      const { environment, keyProtection } = env();
      return {
        name: 'Gift Voucher POS',
        version,
        environment,
        training: environment === 'training',
        store: deps.settings.get().store,
        ready: true,
        keyProtection,
        keyWarning: keyProtection === 'local-file' ? localKeyWarning(environment) : null,
      };
    },
    async selfCheck() {
      const ctx = env();
      const lines: CheckLine[] = [];
      const wallet = await ctx.client.getWalletBalance();
      if (wallet.ok) {
        lines.push({ name: 'Service and token', ok: true, detail: `Signed in to ${ctx.baseUrl}; wallet ₹${wallet.value.balance.toLocaleString('en-IN')}` });
      } else {
        lines.push({ name: 'Service and token', ok: false, detail: wallet.error.message, action: wallet.error.action });
      }
      const synced = ctx.catalog.lastFullSyncAt();
      const ageHours = synced === null ? null : (clock.now() - synced) / 3_600_000;
      lines.push({
        name: 'Catalog',
        ok: ageHours !== null && ageHours < 24,
        detail: ageHours === null ? 'Never synced' : `Last synced ${ageHours.toFixed(1)} h ago (${ctx.catalog.count().listed} brands)`,
        action: ageHours === null || ageHours >= 24 ? 'Sync the catalog from the Catalog screen' : undefined,
      });
      const attention = ctx.history.countNeedingAttention();
      lines.push({ name: 'Sales needing attention', ok: attention === 0, detail: `${attention} in doubt or stuck`, action: attention ? 'Open Orders: they are pinned on top' : undefined });
      // Counted with plain SQL: the event parser loads only when a manager opens the list.
      const notUnderstood = new UnrecognisedWebhooks(ctx.db).count();
      lines.push({
        name: 'Webhook events not understood',
        ok: notUnderstood === 0,
        detail: notUnderstood === 0 ? 'None recorded' : `${notUnderstood} signed event${notUnderstood === 1 ? '' : 's'} kept for re-processing`,
        action: notUnderstood ? 'Open Settings → Webhook events not understood: re-process them after an update, or send their details to support' : undefined,
      });
      lines.push({ name: 'Clock', ok: true, detail: `This machine says ${new Date(clock.now()).toISOString()}` });
      const audit = deps.audit.verify();
      lines.push({ name: 'Audit log', ok: audit.ok, detail: audit.ok ? `${audit.entries} entries, chain intact` : `Broken at entry ${audit.brokenAt}: ${audit.reason}` });
      return { lines };
    },
  };
}
