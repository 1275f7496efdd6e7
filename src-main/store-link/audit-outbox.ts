import type { AuditLog } from '../audit/audit-log.js';
import type { OutboxKind } from './outbox-drainer.js';
import { auditPosition } from './store-wire.js';

/** Audit lines sent in one request. */
const BATCH = 200;

/**
 * This counter's audit log (append-only in the app database, so it needs no outbox): the
 * store says the last line it has, and the lines after it are sent. The store checks each links
 * to the one before, so a line lost or edited on the way is refused, not kept. Once this counter
 * knows how far the store is, it asks again only when it has newer lines.
 */
export function auditOutbox(audit: AuditLog): OutboxKind {
  let storeHas: number | null = null;
  return {
    name: 'audit',
    async sendNext(client) {
      if (storeHas !== null && audit.after(storeHas, 1).length === 0) return false;
      storeHas = null;
      const position = await client.parsed(auditPosition, 'GET', '/audit/position');
      const lines = audit.after(position.seq, BATCH);
      if (lines.length > 0) await client.call('POST', '/audit', { body: { lines } });
      storeHas = lines.at(-1)?.seq ?? position.seq;
      return lines.length === BATCH;
    },
    /** Lines newer than the store is known to have (none counted before it was first asked). */
    pending: () => (storeHas === null ? 0 : audit.after(storeHas, BATCH).length),
  };
}
