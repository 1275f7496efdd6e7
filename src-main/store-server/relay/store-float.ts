import type { PartnerClient } from '../../partner-api/partner-client.js';
import type { Pool, PoolClient } from '../database/pool.js';

/** A reading older than this is taken again before a sale is let through. */
export const FLOAT_READING_MAX_AGE_MS = 60_000;

export type FloatDecision = { ok: true } | { ok: false; balancePaise: number; heldPaise: number };

/** A relayed order's state in the store's journal (`relayed_orders.state`). */
export type RelayedState = 'SENDING' | 'IN_DOUBT' | 'ACCEPTED' | 'REJECTED' | 'REFUSED' | 'NOT_PLACED';

/** Where an order stands for the float: its journal state and the service's last status for it. */
export interface OrderStanding {
  state: RelayedState;
  orderStatus: string | null;
}

/** The statuses whose order keeps its wallet debit at the service (spec §3.1: FAILED, CANCELLED and REVERSED give it back). */
const KEEPS_DEBIT = new Set(['SUCCESS', 'PROCESSING']);

/**
 * Whether the float's balance has this order's debit taken off: only once the service has
 * answered with a status that keeps it. An order still unknown holds it instead (HELD), and one
 * refused, rejected or never placed has nothing at the service to take.
 */
const debitTaken = (o: OrderStanding): boolean => o.state === 'ACCEPTED' && o.orderStatus !== null && KEEPS_DEBIT.has(o.orderStatus);

/**
 * What an order's move from `before` to `after` takes off the float's balance (negative: gives
 * back), for any path it takes (a refused send the service then reports SUCCESS, a debited
 * order cancelled or reversed). It depends only on the two standings, so the balance always
 * matches the order's last recorded status, and an answer recorded again moves nothing.
 */
export function floatChange(before: OrderStanding, after: OrderStanding, debitPaise: number): number {
  return (Number(debitTaken(after)) - Number(debitTaken(before))) * debitPaise;
}

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

  /**
   * In the transaction that records the order's move (under its row's lock, so two answers
   * about it are applied one after the other): the balance follows the service's wallet.
   */
  async move(tx: PoolClient, before: OrderStanding, after: OrderStanding, debitPaise: number): Promise<void> {
    const change = floatChange(before, after, debitPaise);
    if (change === 0) return;
    // A debit given back may be in the reading on record already (the service gave it back
    // before that reading, and the store heard of it after): the next sale reads again first
    // rather than spend it twice.
    await tx.query(
      `UPDATE wallets SET balance_paise = balance_paise - $2, last_settled_at = now(), read_started_at = CASE WHEN $2 < 0 THEN NULL ELSE read_started_at END WHERE id = $1`,
      [this.walletId, change],
    );
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
