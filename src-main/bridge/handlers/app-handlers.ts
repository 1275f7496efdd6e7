import type { CheckLine, CoreHandlers } from '../../contract/index.js';
import type { Core } from '../../core/create-core.js';
import { UnrecognisedWebhooks } from '../../webhooks/unrecognised-webhooks.js';

export function appHandlers(core: Core, version: string) {
  return {
    'app.info': () => {
      const s = core.settings.get();
      const env = core.env();
      return { name: 'Gift Voucher POS', version, environment: env.environment, training: env.environment === 'training', store: s.store, ready: true as const };
    },
    /** The integrator's start-up self-check (product brief: clock, token, whitelisted IP, catalog age). */
    'selfCheck.run': async () => {
      const env = core.env();
      const lines: CheckLine[] = [];
      const wallet = await env.client.getWalletBalance();
      if (wallet.ok) {
        lines.push({ name: 'Service and token', ok: true, detail: `Signed in to ${env.baseUrl}; wallet ₹${wallet.value.balance.toLocaleString('en-IN')}` });
      } else {
        lines.push({ name: 'Service and token', ok: false, detail: wallet.error.message, action: wallet.error.action });
      }
      const synced = env.catalog.lastFullSyncAt();
      const ageHours = synced === null ? null : (core.clock.now() - synced) / 3_600_000;
      lines.push({
        name: 'Catalog',
        ok: ageHours !== null && ageHours < 24,
        detail: ageHours === null ? 'Never synced' : `Last synced ${ageHours.toFixed(1)} h ago (${env.catalog.count().listed} brands)`,
        action: ageHours === null || ageHours >= 24 ? 'Sync the catalog from the Catalog screen' : undefined,
      });
      const attention = env.history.needingAttention().length;
      lines.push({ name: 'Sales needing attention', ok: attention === 0, detail: `${attention} in doubt or stuck`, action: attention ? 'Open Orders: they are pinned on top' : undefined });
      // Counted with plain SQL: the event parser loads only when a manager opens the list.
      const notUnderstood = new UnrecognisedWebhooks(env.db).count();
      lines.push({
        name: 'Webhook events not understood',
        ok: notUnderstood === 0,
        detail: notUnderstood === 0 ? 'None recorded' : `${notUnderstood} signed event${notUnderstood === 1 ? '' : 's'} kept for re-processing`,
        action: notUnderstood ? 'Open Settings → Webhook events not understood: re-process them after an update, or send their details to support' : undefined,
      });
      lines.push({ name: 'Clock', ok: true, detail: `This machine says ${new Date(core.clock.now()).toISOString()}` });
      const audit = core.audit.verify();
      lines.push({ name: 'Audit log', ok: audit.ok, detail: audit.ok ? `${audit.entries} entries, chain intact` : `Broken at entry ${audit.brokenAt}: ${audit.reason}` });
      return { lines };
    },
  } satisfies Partial<CoreHandlers>;
}
