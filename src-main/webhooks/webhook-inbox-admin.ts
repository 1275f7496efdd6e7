import type { AuditLog } from '../audit/audit-log.js';
import type { ReprocessResult, UnrecognisedWebhook } from '../contract/index.js';
import type { WebhookInbox } from './unrecognised-webhooks.js';

/**
 * What a manager does with recorded (signed, not understood) webhook deliveries: list them,
 * re-process them through the current parser, dismiss them. Each re-process and dismissal
 * is audited here, with the manager who did it; the body itself never goes into the audit log.
 */
export interface WebhookInboxAdmin {
  list(): { items: UnrecognisedWebhook[]; total: number };
  reprocess(id: number, actor: string): Promise<ReprocessResult>;
  reprocessAll(actor: string): Promise<ReprocessResult[]>;
  dismiss(id: number, actor: string): boolean;
}

export function webhookInboxAdmin(inbox: WebhookInbox, audit: AuditLog): WebhookInboxAdmin {
  const record = (actor: string, r: ReprocessResult) => {
    if (r.outcome !== 'not-found') audit.append({ actor, action: 'webhook.reprocessed', details: { id: r.id, outcome: r.outcome } });
  };
  return {
    list: () => ({ items: inbox.unrecognised(), total: inbox.count() }),
    async reprocess(id, actor) {
      const result = await inbox.reprocess(id);
      record(actor, result);
      return result;
    },
    async reprocessAll(actor) {
      const results = await inbox.reprocessAll();
      for (const r of results) record(actor, r);
      return results;
    },
    dismiss(id, actor) {
      const dismissed = inbox.dismiss(id);
      if (dismissed) audit.append({ actor, action: 'webhook.dismissed', details: { id } });
      return dismissed;
    },
  };
}
