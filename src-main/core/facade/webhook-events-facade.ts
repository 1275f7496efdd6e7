import type { AuditLog } from '../../audit/audit-log.js';
import type { ReprocessResult, UnrecognisedWebhook } from '../../contract/index.js';
import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';
import { lazy } from '../../platform/lazy.js';
import type { WebhookInbox } from '../../webhooks/unrecognised-webhooks.js';
import type { CoreEvents } from '../core-events.js';
import type { EnvironmentContext } from '../environment-context.js';

/**
 * What a manager does with recorded (signed, not understood) webhook deliveries of the current
 * environment: list them, re-process them through the current parser (applied exactly once),
 * dismiss them. Each re-process and dismissal is audited here, with the manager who did it;
 * the body itself never goes into the audit log.
 */
export interface WebhookEventsFacade {
  list(): Promise<{ items: UnrecognisedWebhook[]; total: number }>;
  reprocess(id: number, actor: string): Promise<ReprocessResult>;
  reprocessAll(actor: string): Promise<ReprocessResult[]>;
  dismiss(id: number, actor: string): Promise<boolean>;
}

export function webhookEventsFacade(deps: { env: () => EnvironmentContext; events: CoreEvents; logger: Logger; clock: Clock; audit: AuditLog }): WebhookEventsFacade {
  // The event schemas (zod) load only when a manager opens the list or a receiver starts.
  const wiring = lazy(() => import('../webhook-wiring.js'));
  // Bound to the environment current at the call: a switch part-way must not send its events elsewhere.
  const inbox = async (): Promise<WebhookInbox> => (await wiring()).createWebhookInbox(deps.env, deps.events, deps.logger, () => deps.clock.now());
  const record = (actor: string, r: ReprocessResult) => {
    if (r.outcome !== 'not-found') deps.audit.append({ actor, action: 'webhook.reprocessed', details: { id: r.id, outcome: r.outcome } });
  };
  return {
    async list() {
      const current = await inbox();
      return { items: current.unrecognised(), total: current.count() };
    },
    async reprocess(id, actor) {
      const result = await (await inbox()).reprocess(id);
      record(actor, result);
      return result;
    },
    async reprocessAll(actor) {
      const results = await (await inbox()).reprocessAll();
      for (const r of results) record(actor, r);
      return results;
    },
    async dismiss(id, actor) {
      const dismissed = (await inbox()).dismiss(id);
      if (dismissed) deps.audit.append({ actor, action: 'webhook.dismissed', details: { id } });
      return dismissed;
    },
  };
}
