import type { z } from 'zod';
import { AUDIT_GENESIS, auditRowHash } from '../../audit/audit-log.js';
import type { auditPush } from '../../store-link/store-wire.js';
import { inTransaction, type Pool } from '../database/pool.js';
import { HttpError } from '../http/http-kit.js';

/** The last line of this counter's audit log the store keeps (seq 0 and the genesis link when none). */
export async function counterAuditPosition(pool: Pool, counterId: string): Promise<{ seq: number; hash: string }> {
  const last = await pool.query<{ seq: string; hash: string }>('SELECT seq, hash FROM counter_audit WHERE counter_id = $1 ORDER BY seq DESC LIMIT 1', [counterId]);
  const row = last.rows[0];
  return row ? { seq: Number(row.seq), hash: row.hash } : { seq: 0, hash: AUDIT_GENESIS };
}

/**
 * Appends a counter's audit lines after the last one kept. Each must be the next seq, link to
 * the line before it and hash to what it says, or the whole batch is refused (a gap, an edited
 * line, a line sent twice with other content). A batch the store has already (a re-send after a
 * lost answer) is taken as done when every line is the one kept.
 */
export async function appendCounterAudit(pool: Pool, counterId: string, lines: z.infer<typeof auditPush>['lines']): Promise<{ seq: number }> {
  return inTransaction(pool, async (tx) => {
    // One batch of a counter at a time: two racing senders must not both link to the same line.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`counter_audit:${counterId}`]);
    const last = await tx.query<{ seq: string; hash: string }>('SELECT seq, hash FROM counter_audit WHERE counter_id = $1 ORDER BY seq DESC LIMIT 1', [counterId]);
    let seq = Number(last.rows[0]?.seq ?? 0);
    let hash = last.rows[0]?.hash ?? AUDIT_GENESIS;
    for (const line of lines) {
      if (auditRowHash(line) !== line.hash) throw new HttpError(400, 'AUDIT_CHAIN_BROKEN', `Audit line ${line.seq} does not match its own hash (edited after it was written): nothing of this batch was kept`);
      if (line.seq <= seq) {
        const kept = await tx.query<{ hash: string }>('SELECT hash FROM counter_audit WHERE counter_id = $1 AND seq = $2', [counterId, line.seq]);
        if (kept.rows[0]?.hash === line.hash) continue;
        throw new HttpError(409, 'AUDIT_CHAIN_BROKEN', `Audit line ${line.seq} differs from the one the store kept: nothing of this batch was kept`);
      }
      if (line.seq !== seq + 1) throw new HttpError(400, 'AUDIT_CHAIN_BROKEN', `Audit line ${seq + 1} is missing (the batch jumps to ${line.seq}): nothing of this batch was kept`);
      if (line.prevHash !== hash) throw new HttpError(400, 'AUDIT_CHAIN_BROKEN', `Audit line ${line.seq} does not link to line ${seq} the store kept: nothing of this batch was kept`);
      await tx.query('INSERT INTO counter_audit (counter_id, seq, at, actor, action, sale_id, details, prev_hash, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [
        counterId,
        line.seq,
        line.at,
        line.actor,
        line.action,
        line.saleId,
        JSON.stringify(line.details),
        line.prevHash,
        line.hash,
      ]);
      seq = line.seq;
      hash = line.hash;
    }
    return { seq };
  });
}
