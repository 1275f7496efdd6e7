import type { Clock } from './clock.js';

export interface LedgerEntry {
  at: number;
  kind: 'debit' | 'reversal' | 'set';
  amountPaise: number;
  orderId: string | null;
  balanceAfterPaise: number;
}

/**
 * The partner's prepaid wallet. Every movement is in the ledger so a test can prove the
 * wallet moved by exactly the SUCCESS orders. The low-balance event fires when the balance
 * crosses below the threshold, once, and re-arms when it is back at or above it.
 */
export class Wallet {
  readonly ledger: LedgerEntry[] = [];
  private lowNotified = false;
  private deferred = 0;

  constructor(
    private readonly clock: Clock,
    public balancePaise: number,
    public thresholdPaise: number,
    private readonly onLow: (balancePaise: number, thresholdPaise: number) => void,
  ) {
    this.lowNotified = balancePaise < thresholdPaise;
  }

  /** Debits when the balance covers it; false (and nothing moves) otherwise. */
  debit(orderId: string, amountPaise: number): boolean {
    if (amountPaise > this.balancePaise) return false;
    this.move('debit', -amountPaise, orderId);
    return true;
  }

  reverse(orderId: string, amountPaise: number): void {
    this.move('reversal', amountPaise, orderId);
  }

  set(balancePaise: number): void {
    this.move('set', balancePaise - this.balancePaise, null);
  }

  setThreshold(thresholdPaise: number): void {
    this.thresholdPaise = thresholdPaise;
    this.notifyIfLow();
  }

  private move(kind: LedgerEntry['kind'], deltaPaise: number, orderId: string | null): void {
    this.balancePaise += deltaPaise;
    this.ledger.push({ at: this.clock.now(), kind, amountPaise: Math.abs(deltaPaise), orderId, balanceAfterPaise: this.balancePaise });
    this.notifyIfLow();
  }

  /**
   * Runs `fn` as one wallet step: a debit that is reversed within it (an order that fails at
   * once) never fires a low-balance event for a dip the partner could not have seen.
   */
  atomically<T>(fn: () => T): T {
    this.deferred += 1;
    try {
      return fn();
    } finally {
      this.deferred -= 1;
      this.notifyIfLow();
    }
  }

  private notifyIfLow(): void {
    if (this.deferred > 0) return;
    if (this.balancePaise >= this.thresholdPaise) {
      this.lowNotified = false;
    } else if (!this.lowNotified) {
      this.lowNotified = true;
      this.onLow(this.balancePaise, this.thresholdPaise);
    }
  }
}
