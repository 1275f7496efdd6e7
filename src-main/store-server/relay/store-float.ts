import type { PartnerClient } from '../../partner-api/partner-client.js';
import type { Pool, PoolClient } from '../database/pool.js';

/** A reading older than this is taken again before a sale is let through. */
export const FLOAT_READING_MAX_AGE_MS = 60_000;

export type FloatDecision = { ok: true } | { ok: false; balancePaise: number; heldPaise: number };

/** Orders holding the wallet: sent, or being sent, with no outcome yet, from any store on it. */
const HELD = `SELECT coalesce(sum(r.hold_paise), 0) AS held FROM relayed_orders r JOIN stores s ON s.id = r.store_id
               WHERE s.wallet_id = $1 AND r.state IN ('SENDING', 'IN_DOUBT')`;

/**
 * The partner account's wallet as every counter of every store on it spends it. A sale holds
 * its amount while its outcome is unknown; holds and the balance are read under the wallet
 * row's lock, so two counters' sales are decided one after the other and can never together
 * pass what the wallet holds. A settled sale takes its debit off the balance in the commit
 * that settles it.
 */
export class StoreFloat {
  private reading: Promise<void> | null = null;

  constructor(
    private readonly pool: Pool,
    readonly walletId: string,
    private readonly client: PartnerClient,
  ) {}

  /** Inside the caller's transaction, which inserts the sale's row holding `holdPaise` if this answers ok. */
  async reserve(tx: PoolClient, holdPaise: number): Promise<FloatDecision> {
    const wallet = await tx.query<{ balance_paise: string | null }>('SELECT balance_paise FROM wallets WHERE id = $1 FOR UPDATE', [this.walletId]);
    const balance = wallet.rows[0]?.balance_paise;
    // No reading at all (the service never answered): the service's own check is the only one left.
    if (balance === null || balance === undefined) return { ok: true };
    const held = await tx.query<{ held: string }>(HELD, [this.walletId]);
    const heldPaise = Number(held.rows[0]!.held);
    const balancePaise = Number(balance);
    return heldPaise + holdPaise <= balancePaise ? { ok: true } : { ok: false, balancePaise, heldPaise };
  }

  /** A settled sale's debit comes off the balance (a FAILED order's debit was reversed by the service). */
  async settle(tx: PoolClient, debitPaise: number): Promise<void> {
    await tx.query('UPDATE wallets SET balance_paise = balance_paise - $2, last_settled_at = now() WHERE id = $1', [this.walletId, debitPaise]);
  }

  /** The wallet as a counter sees it: the service's balance less what in-flight sales hold. */
  async available(): Promise<{ balancePaise: number | null; heldPaise: number }> {
    const wallet = await this.pool.query<{ balance_paise: string | null }>('SELECT balance_paise FROM wallets WHERE id = $1', [this.walletId]);
    const held = await this.pool.query<{ held: string }>(HELD, [this.walletId]);
    const balance = wallet.rows[0]?.balance_paise;
    return { balancePaise: balance == null ? null : Number(balance), heldPaise: Number(held.rows[0]!.held) };
  }

  /** Reads the service's balance unless a fresh reading is on record (single-flight per process). */
  async ensureFresh(): Promise<void> {
    const row = await this.pool.query<{ fresh: boolean }>(
      `SELECT balance_paise IS NOT NULL AND read_started_at > now() - make_interval(secs => $2) AS fresh FROM wallets WHERE id = $1`,
      [this.walletId, FLOAT_READING_MAX_AGE_MS / 1000],
    );
    if (row.rows[0]?.fresh) return;
    await this.read();
  }

  read(): Promise<void> {
    this.reading ??= this.readOnce().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async readOnce(): Promise<void> {
    const started = await this.pool.query<{ now: Date }>('SELECT now() AS now');
    const startedAt = started.rows[0]!.now;
    const result = await this.client.getWalletBalance();
    if (!result.ok) return;
    const balancePaise = Math.round(result.value.balance * 100);
    // Every reading is kept for the end of day, as of when its answer came: an order sent
    // before then is in it (one still in flight at that moment is the check's only blind spot).
    await this.pool.query('INSERT INTO wallet_readings (wallet_id, at, balance_paise) VALUES ($1, now(), $2)', [this.walletId, balancePaise]);
    // Kept as the float's balance only if no sale settled since the reading began (its debit
    // may be missing from it), and no reading that began later (here or at another replica) is
    // on record already.
    await this.pool.query(
      `UPDATE wallets SET balance_paise = $2, read_started_at = $3
        WHERE id = $1 AND last_settled_at <= $3 AND (read_started_at IS NULL OR read_started_at <= $3)`,
      [this.walletId, balancePaise, startedAt],
    );
  }
}
