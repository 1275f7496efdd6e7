import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { inTransaction, type Pool } from '../database/pool.js';
import type { StoreCounterView } from '../../contract/store.js';

/** A pairing code is good for this long after it is printed, and for one counter. */
export const PAIRING_CODE_TTL_MINUTES = 30;
/** How long a counter's session token lasts before it signs in again with its credential. */
export const SESSION_TTL_SECONDS = 3600;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Codes are read aloud and typed at a counter: no 0/O or 1/I/L to confuse. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export interface CounterIdentity {
  id: string;
  storeId: string;
  name: string;
}

export interface PairedCounter extends CounterIdentity {
  /** Prefixes the counter's referenceIds; unique in the store. */
  code: string;
  /** Shown once, to the counter that paired; only its hash is kept here. */
  credential: string;
  environment: 'staging' | 'production';
}

export type PairingRefusal = { code: 'PAIRING_CODE_INVALID'; message: string };

export const normalizeCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

export async function newPairingCode(pool: Pool, storeId: string): Promise<string> {
  const raw = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  await pool.query(
    `INSERT INTO pairing_codes (code_hash, store_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [sha256(raw), storeId, PAIRING_CODE_TTL_MINUTES],
  );
  await audit(pool, storeId, null, 'pairing.code_issued', {});
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

/**
 * Spends the code (once, inside the same commit that creates the counter) and issues the
 * counter's credential. Only a code of `storeId` pairs: another store's code, though in the
 * same database, is as good as a wrong one at this store's server.
 */
export async function pairCounter(pool: Pool, storeId: string, code: string, counterName: string): Promise<PairedCounter | PairingRefusal> {
  const credential = randomBytes(32).toString('base64url');
  return inTransaction(pool, async (client) => {
    const found = await client.query<{ store_id: string; environment: 'staging' | 'production' }>(
      `SELECT p.store_id, s.environment FROM pairing_codes p JOIN stores s ON s.id = p.store_id
        WHERE p.code_hash = $1 AND p.store_id = $2 AND p.used_at IS NULL AND p.expires_at > now() FOR UPDATE OF p`,
      [sha256(normalizeCode(code)), storeId],
    );
    const row = found.rows[0];
    if (!row) return { code: 'PAIRING_CODE_INVALID', message: `That pairing code is not valid: it is wrong, used already, or older than ${PAIRING_CODE_TTL_MINUTES} minutes. Print a new one on the store server.` };
    const id = randomUUID();
    // Counter codes are given in order (C1, C2, …) under the store row's lock, so two pairings never take one.
    await client.query('SELECT 1 FROM stores WHERE id = $1 FOR UPDATE', [row.store_id]);
    const taken = await client.query<{ n: string }>('SELECT count(*) AS n FROM counters WHERE store_id = $1', [row.store_id]);
    const counterCode = `C${Number(taken.rows[0]!.n) + 1}`;
    await client.query('INSERT INTO counters (id, store_id, name, code, credential_hash) VALUES ($1, $2, $3, $4, $5)', [id, row.store_id, counterName, counterCode, sha256(credential)]);
    await client.query('UPDATE pairing_codes SET used_at = now(), used_by = $2 WHERE code_hash = $1', [sha256(normalizeCode(code)), id]);
    await client.query('INSERT INTO store_audit (store_id, counter_id, action, details) VALUES ($1, $2, $3, $4)', [row.store_id, id, 'counter.paired', { name: counterName }]);
    return { id, storeId: row.store_id, name: counterName, code: counterCode, credential, environment: row.environment };
  });
}

/** The counter's sign-in: its id and credential for a session token (revoked counters, and other stores' counters, are refused). */
export async function openCounterSession(pool: Pool, storeId: string, counterId: string, credential: string): Promise<{ token: string; expiresInSecs: number } | null> {
  if (!/^[0-9a-f-]{36}$/.test(counterId)) return null;
  const found = await pool.query<{ credential_hash: string }>('SELECT credential_hash FROM counters WHERE id = $1 AND store_id = $2 AND revoked_at IS NULL', [
    counterId,
    storeId,
  ]);
  const stored = found.rows[0]?.credential_hash;
  if (!stored || !sameHash(stored, sha256(credential))) return null;
  const token = randomBytes(32).toString('base64url');
  await pool.query(`INSERT INTO counter_sessions (token_hash, counter_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [sha256(token), counterId, SESSION_TTL_SECONDS]);
  await pool.query('DELETE FROM counter_sessions WHERE expires_at < now()');
  return { token, expiresInSecs: SESSION_TTL_SECONDS };
}

/**
 * The counter of `storeId` behind a bearer token; null for an unknown, expired or revoked one,
 * or one of another store sharing the database (any replica of the store can answer).
 */
export async function counterOfToken(pool: Pool, storeId: string, token: string): Promise<CounterIdentity | null> {
  const found = await pool.query<{ id: string; store_id: string; name: string; seen_long_ago: boolean }>(
    `SELECT c.id, c.store_id, c.name, c.last_seen_at IS NULL OR c.last_seen_at < now() - interval '1 minute' AS seen_long_ago
       FROM counter_sessions s JOIN counters c ON c.id = s.counter_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND c.store_id = $2 AND c.revoked_at IS NULL`,
    [sha256(token), storeId],
  );
  const row = found.rows[0];
  if (!row) return null;
  // "Last seen" is for the manager's list: written at most once a minute, not on every call.
  if (row.seen_long_ago) await pool.query('UPDATE counters SET last_seen_at = now() WHERE id = $1', [row.id]);
  return { id: row.id, storeId: row.store_id, name: row.name };
}

export type { StoreCounterView as CounterListing } from '../../contract/store.js';

export async function listCounters(pool: Pool, storeId: string): Promise<StoreCounterView[]> {
  const rows = await pool.query<{ id: string; name: string; paired_at: Date; last_seen_at: Date | null; revoked_at: Date | null }>(
    'SELECT id, name, paired_at, last_seen_at, revoked_at FROM counters WHERE store_id = $1 ORDER BY paired_at',
    [storeId],
  );
  return rows.rows.map((r) => ({ id: r.id, name: r.name, pairedAt: r.paired_at.getTime(), lastSeenAt: r.last_seen_at?.getTime() ?? null, revokedAt: r.revoked_at?.getTime() ?? null }));
}

/** Revokes at once: its sessions are dropped, so its very next call is refused. */
export async function revokeCounter(pool: Pool, storeId: string, counterId: string, by: { counterId: string | null; staffId: string | null }): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    const done = await client.query('UPDATE counters SET revoked_at = now() WHERE id = $1 AND store_id = $2 AND revoked_at IS NULL', [counterId, storeId]);
    if (done.rowCount !== 1) return false;
    await client.query('DELETE FROM counter_sessions WHERE counter_id = $1', [counterId]);
    await client.query('INSERT INTO store_audit (store_id, counter_id, action, details) VALUES ($1, $2, $3, $4)', [storeId, by.counterId, 'counter.revoked', { counterId, staffId: by.staffId }]);
    return true;
  });
}

export async function audit(pool: Pool, storeId: string, counterId: string | null, action: string, details: Record<string, unknown>): Promise<void> {
  await pool.query('INSERT INTO store_audit (store_id, counter_id, action, details) VALUES ($1, $2, $3, $4)', [storeId, counterId, action, details]);
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
