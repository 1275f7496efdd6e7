import { createHash } from 'node:crypto';
import type { AuditVerification } from '../contract/settings.js';
import type { Db } from '../db/database.js';

export type AuditAction =
  | 'sale.placed'
  | 'sale.retried'
  /** The sale was audited as placed but its intent never reached the journal (full disk, damaged file). */
  | 'sale.not_recorded'
  /** Place was asked again under a sale's id (its first answer lost or unclear): the sale already made was the answer. */
  | 'sale.place_repeated'
  | 'sale.checked'
  | 'voucher.revealed'
  | 'receipt.printed'
  | 'receipt.not_printed'
  | 'receipt.reprinted'
  /** A manager recorded that the customer of a completed sale left without its receipt. */
  | 'receipt.customer_left_without'
  | 'delivery.resent'
  | 'settings.changed'
  | 'credentials.changed'
  | 'staff.created'
  | 'store.joined'
  | 'store.counter_revoked'
  | 'staff.disabled'
  | 'staff.pin_changed'
  /** A manager set a temporary PIN its owner must change at the next sign-in. */
  | 'staff.pin_reset'
  | 'staff.unlocked'
  | 'staff.enabled'
  | 'staff.permissions_changed'
  | 'staff.signed_in'
  | 'staff.sign_in_failed'
  | 'staff.locked'
  | 'manager.approved'
  | 'manager.approval_failed'
  | 'export.csv'
  | 'webhook.reprocessed'
  | 'webhook.dismissed'
  | 'sale.refunded'
  /** A refund was audited but not written (a race lost, a write that failed). */
  | 'sale.refund_not_recorded'
  /** A manager decided about the money of a sale in MANAGER_REVIEW (REFUND or KEEP, with a note). */
  | 'sale.review_decided'
  /** A decision was audited but not written (decided otherwise meanwhile, a write that failed). */
  | 'sale.review_not_recorded'
  | 'shift.opened'
  | 'shift.cash_movement'
  /** A pay-in or pay-out was asked again under its page's id (its first answer lost): nothing more was recorded. */
  | 'shift.cash_movement_repeated'
  | 'shift.x_report'
  /** A drawer change was audited but not written (a race lost, a write that failed). */
  | 'shift.not_recorded'
  | 'shift.closed'
  | 'shift.z_reprinted'
  | 'wallet.top_up_recorded'
  | 'report.end_of_day';

export interface AuditEntry {
  seq: number;
  at: number;
  actor: string | null;
  action: string;
  saleId: string | null;
  details: Record<string, unknown>;
  prevHash: string;
  hash: string;
}


/** The link of the first row: what it names as its previous row's hash. */
export const AUDIT_GENESIS = '0'.repeat(64);

/** The hashed content of a row: every column but the hash itself, in a fixed order (also what the store server checks). */
export function auditRowHash(e: Omit<AuditEntry, 'hash'>): string {
  const canonical = JSON.stringify([e.seq, e.at, e.actor, e.action, e.saleId, e.details, e.prevHash]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * Append-only, tamper-evident audit log. Triggers refuse UPDATE and DELETE; each row's hash
 * covers its content and the previous row's hash, so an edit made behind the app's back
 * (triggers dropped, file patched) breaks the chain at that row and `verify()` says where.
 * Details must never hold secrets or card data: callers pass ids and masked values only.
 */
export class AuditLog {
  private readonly last;
  private readonly insert;

  constructor(private readonly db: Db, private readonly now: () => number) {
    this.last = db.prepare<[], { seq: number; hash: string }>('SELECT seq, hash FROM audit_log ORDER BY seq DESC LIMIT 1');
    this.insert = db.prepare(
      'INSERT INTO audit_log (seq, at, actor, action, sale_id, details, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
  }

  append(entry: { actor: string | null; action: AuditAction; saleId?: string | null; details?: Record<string, unknown> }): AuditEntry {
    return this.db.transaction(() => {
      const last = this.last.get();
      const partial = {
        seq: (last?.seq ?? 0) + 1,
        at: this.now(),
        actor: entry.actor,
        action: entry.action,
        saleId: entry.saleId ?? null,
        details: entry.details ?? {},
        prevHash: last?.hash ?? AUDIT_GENESIS,
      };
      const full: AuditEntry = { ...partial, hash: auditRowHash(partial) };
      this.insert.run(full.seq, full.at, full.actor, full.action, full.saleId, JSON.stringify(full.details), full.prevHash, full.hash);
      return full;
    }).immediate();
  }

  list(options: { beforeSeq?: number; limit?: number; saleId?: string } = {}): AuditEntry[] {
    const limit = Math.min(Math.max(options.limit ?? 100, 1), 1000);
    const rows = this.db
      .prepare<unknown[], AuditRow>(
        `SELECT * FROM audit_log WHERE seq < ? ${options.saleId ? 'AND sale_id = ?' : ''} ORDER BY seq DESC LIMIT ?`,
      )
      .all(...[options.beforeSeq ?? Number.MAX_SAFE_INTEGER, ...(options.saleId ? [options.saleId] : []), limit]);
    return rows.map(fromRow);
  }

  /** The entries after `seq`, oldest first: what a store that has up to `seq` is sent next. */
  after(seq: number, limit: number): AuditEntry[] {
    return this.db.prepare<[number, number], AuditRow>('SELECT * FROM audit_log WHERE seq > ? ORDER BY seq LIMIT ?').all(seq, limit).map(fromRow);
  }

  /**
   * The newest entry with one of these actions. Scans back from the end (there is no index on
   * action), so callers read it once and keep what they need in memory.
   */
  latest(actions: readonly AuditAction[]): AuditEntry | undefined {
    if (actions.length === 0) return undefined;
    const row = this.db
      .prepare<string[], AuditRow>(`SELECT * FROM audit_log WHERE action IN (${actions.map(() => '?').join(', ')}) ORDER BY seq DESC LIMIT 1`)
      .get(...actions);
    return row && fromRow(row);
  }

  /** Walks the whole chain; the first row whose hash or link does not match is reported. */
  verify(): AuditVerification {
    return verifyAuditChain(this.db);
  }
}

/**
 * The chain walk on its own, so the verification command (verify-cli.ts) can run it on a
 * database it opened read-only, without the append side of AuditLog.
 */
export function verifyAuditChain(db: Db): AuditVerification {
  let prev = AUDIT_GENESIS;
  let expectedSeq = 1;
  let count = 0;
  for (const row of db.prepare<[], AuditRow>('SELECT * FROM audit_log ORDER BY seq').iterate()) {
    let entry: AuditEntry;
    try {
      entry = fromRow(row);
    } catch {
      return { ok: false, entries: count, brokenAt: row.seq, reason: 'details are not valid JSON' };
    }
    if (entry.seq !== expectedSeq) return { ok: false, entries: count, brokenAt: entry.seq, reason: `row ${expectedSeq} is missing` };
    if (entry.prevHash !== prev) return { ok: false, entries: count, brokenAt: entry.seq, reason: 'link to the previous row does not match' };
    if (auditRowHash(entry) !== entry.hash) return { ok: false, entries: count, brokenAt: entry.seq, reason: 'row content does not match its hash' };
    prev = entry.hash;
    expectedSeq += 1;
    count += 1;
  }
  return { ok: true, entries: count };
}

interface AuditRow {
  seq: number;
  at: number;
  actor: string | null;
  action: string;
  sale_id: string | null;
  details: string;
  prev_hash: string;
  hash: string;
}

const fromRow = (r: AuditRow): AuditEntry => ({
  seq: r.seq,
  at: r.at,
  actor: r.actor,
  action: r.action,
  saleId: r.sale_id,
  details: JSON.parse(r.details) as Record<string, unknown>,
  prevHash: r.prev_hash,
  hash: r.hash,
});
