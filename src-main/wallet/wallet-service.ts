import type { WalletView } from '../contract/index.js';
import type { Db } from '../db/database.js';
import type { KeyShelf } from '../db/kv-shelf.js';
import type { Logger } from '../platform/logger.js';
import type { PartnerClient } from '../partner-api/partner-client.js';
import type { PartnerError } from '../partner-api/partner-error.js';
import type { WalletLowBalanceEvent } from '../partner-api/types.js';
import { formatRupees } from '../orders/rules/money.js';
import { WALLET_NOT_CHARGED_STATES } from './wallet-charge.js';
import { WalletHistory, type WalletTopUp } from './wallet-history.js';
import { walletStatement } from './wallet-statement.js';

export type FloatGuard = { ok: true } | { ok: false; warning: string };

export type TopUpResult = { ok: true; topUp: WalletTopUp } | { ok: false; field: 'at' | 'reference'; message: string };

/** A top-up may be entered a little ahead of this counter's clock (another device's time), not more. */
const TOP_UP_CLOCK_SLACK_MS = 5 * 60_000;

/**
 * A reading this recent is used as it is: the sale's quote read it moments ago, and placing the
 * same sale must not read it a second time.
 */
const FRESH_ENOUGH_MS = 15_000;

const SETTLED_NOT_CHARGED = `(${WALLET_NOT_CHARGED_STATES.map((s) => `'${s}'`).join(', ')})`;

/**
 * The prepaid wallet as the counter knows it: the last balance read (with its time), a
 * low-balance threshold, and a float guard that warns before a sale would spend more than
 * the last known balance minus the sales still in flight.
 */
export class WalletService {
  private readonly inFlight;
  private pendingRead: ReturnType<WalletService['refresh']> | null = null;
  /** Every reading and the managers' top-ups, for the end of day. */
  readonly history: WalletHistory;
  /** The statement: debits, reversals, top-ups and the service's readings, newest first. */
  readonly statement: ReturnType<typeof walletStatement>;

  constructor(
    private readonly deps: {
      db: Db;
      shelf: KeyShelf;
      client: () => PartnerClient;
      thresholdPaise: () => number;
      /** The manager's limit on how old a reading may be before a sale is confirmed on it. */
      maxReadingAgeMs: () => number;
      now: () => number;
      logger: Logger;
    },
  ) {
    this.inFlight = deps.db.prepare<[number], { total: number }>(
      `SELECT COALESCE(SUM(amount_paise - discount_paise), 0) AS total FROM sales
       WHERE created_at >= ? AND state NOT IN ${SETTLED_NOT_CHARGED}`,
    );
    this.history = new WalletHistory(deps.db);
    this.statement = walletStatement(deps.db);
  }

  view(): WalletView {
    const reading = this.reading();
    const thresholdPaise = this.deps.thresholdPaise();
    const inFlightPaise = reading ? this.inFlight.get(reading.at)!.total : 0;
    const estimatedPaise = reading ? reading.balancePaise - inFlightPaise : null;
    const alert = this.alert();
    return {
      balancePaise: reading?.balancePaise ?? null,
      readAt: reading?.at ?? null,
      thresholdPaise,
      inFlightPaise,
      estimatedPaise,
      low: (estimatedPaise !== null && estimatedPaise < thresholdPaise) || (alert !== null && (!reading || alert.at >= reading.at)),
      lowBalanceAlert: alert && (!reading || alert.at >= reading.at) ? alert : null,
    };
  }

  async refresh(): Promise<{ ok: true; view: WalletView } | { ok: false; error: PartnerError; view: WalletView }> {
    const result = await this.deps.client().getWalletBalance();
    if (!result.ok) {
      this.deps.logger.log('warn', 'wallet.refresh_failed', { code: result.error.code, requestIds: result.requestIds });
      return { ok: false, error: result.error, view: this.view() };
    }
    const reading = { balancePaise: Math.round(result.value.balance * 100), at: this.deps.now() };
    // The latest (for the banner) and the history (for the end of day) in one commit: never one without the other.
    this.deps.db.transaction(() => {
      this.deps.shelf.write('wallet_reading', JSON.stringify(reading));
      this.history.recordReading(reading);
    })();
    return { ok: true, view: this.view() };
  }

  /**
   * A top-up the manager made outside the app (the partner's portal, a bank transfer), so the
   * end of day can tell it from sales. `at` is when it reached the wallet; now when not given.
   */
  recordTopUp(input: { amountPaise: number; reference: string; at?: number }, recordedBy: string): TopUpResult {
    const now = this.deps.now();
    const at = input.at ?? now;
    if (at > now + TOP_UP_CLOCK_SLACK_MS) return { ok: false, field: 'at', message: 'The top-up time is in the future; enter when the money reached the wallet.' };
    if (at < 0) return { ok: false, field: 'at', message: 'Enter when the money reached the wallet.' };
    const recorded = this.history.recordTopUp({ at, amountPaise: input.amountPaise, reference: input.reference, recordedBy, recordedAt: now });
    if (!recorded.ok) return { ok: false, field: 'reference', message: `A top-up with the reference ${input.reference} was already entered.` };
    return recorded;
  }

  /**
   * Warns (does not block: the service is the authority) when a debit would overdraw the
   * estimate. The balance is read again first when the counter's reading may be out of date
   * — other counters and the partner's portal spend the same wallet: when it is older than
   * the manager's limit, when a Wallet Low Balance event came after it, or when this sale
   * is a large share of it. A reading that fails leaves the estimate, and the warning says so.
   */
  async floatGuard(debitPaise: number): Promise<FloatGuard> {
    const reason = this.rereadReason(debitPaise);
    if (reason) {
      const read = await this.rereadOnce();
      if (!read.ok) {
        const v = read.view;
        if (v.estimatedPaise !== null && debitPaise > v.estimatedPaise) return { ok: false, warning: overdrawWarning(debitPaise, v.estimatedPaise) };
        return { ok: false, warning: `The wallet balance could not be read just now (${reason}). The sale may fail with "Insufficient balance".` };
      }
    }
    return this.guardFromEstimate(debitPaise);
  }

  /** Why the last reading is not good enough for a sale of `debitPaise`, or null. */
  private rereadReason(debitPaise: number): string | null {
    const reading = this.reading();
    const now = this.deps.now();
    if (!reading) return 'it was never read';
    if (now - reading.at < FRESH_ENOUGH_MS) return null;
    if (now - reading.at > this.deps.maxReadingAgeMs()) return 'the last reading is old';
    const alert = this.alert();
    if (alert && alert.at >= reading.at) return 'the service reported a low balance';
    if (debitPaise * 2 > reading.balancePaise) return 'this sale is more than half of it';
    return null;
  }

  /** One balance read at a time: a quote and the placing of the same sale share it. */
  private rereadOnce(): ReturnType<WalletService['refresh']> {
    this.pendingRead ??= this.refresh().finally(() => {
      this.pendingRead = null;
    });
    return this.pendingRead;
  }

  private guardFromEstimate(debitPaise: number): FloatGuard {
    const v = this.view();
    if (v.estimatedPaise === null) return { ok: true };
    if (debitPaise > v.estimatedPaise) return { ok: false, warning: overdrawWarning(debitPaise, v.estimatedPaise) };
    return { ok: true };
  }

  onLowBalanceEvent(event: WalletLowBalanceEvent): void {
    this.deps.shelf.write(
      'wallet_low_alert',
      JSON.stringify({
        balancePaise: Math.round(event.balance * 100),
        thresholdPaise: event.threshold === null ? null : Math.round(event.threshold * 100),
        at: this.deps.now(),
      }),
    );
  }

  private reading(): { balancePaise: number; at: number } | null {
    return parseStored(this.deps.shelf.read('wallet_reading'), (v) => typeof v.balancePaise === 'number' && typeof v.at === 'number');
  }

  private alert(): WalletView['lowBalanceAlert'] {
    return parseStored(this.deps.shelf.read('wallet_low_alert'), (v) => typeof v.balancePaise === 'number' && typeof v.at === 'number');
  }
}

function overdrawWarning(debitPaise: number, estimatedPaise: number): string {
  return `This sale (${formatRupees(debitPaise)}) is more than the wallet probably holds (${formatRupees(estimatedPaise)} after sales in progress). It may fail with "Insufficient balance".`;
}

/** Stored JSON is read defensively: a damaged value means "unknown", not a crash. */
function parseStored<T>(raw: string | undefined, valid: (v: Record<string, unknown>) => boolean): T | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    return value && typeof value === 'object' && valid(value) ? (value as T) : null;
  } catch {
    return null;
  }
}
