import type { Clock } from '../../platform/clock.js';
import type { Logger } from '../../platform/logger.js';

/**
 * The order engine's work per sale: one operation at a time (a poll and a webhook for the same
 * order never interleave), and at most one timer waiting (the next poll or recheck). After
 * stop() nothing new is scheduled.
 */
export class SaleWork {
  private readonly timers = new Map<string, () => void>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private stopped = false;

  constructor(private readonly deps: { clock: Clock; logger: Logger }) {}

  /** Runs `fn` once the sale's earlier operations have finished (whether they failed or not). */
  withLock<T>(saleId: string, fn: () => Promise<T> | T): Promise<T> {
    const previous = this.locks.get(saleId) ?? Promise.resolve();
    const next = previous.then(fn, fn);
    const settled = next.catch(() => undefined);
    this.locks.set(saleId, settled);
    void settled.then(() => {
      if (this.locks.get(saleId) === settled) this.locks.delete(saleId);
    });
    return next;
  }

  /** The sale's one timer, replacing any it had; a failure is logged, never thrown. */
  schedule(saleId: string, at: number, fn: () => Promise<unknown>): void {
    if (this.stopped) return;
    this.cancel(saleId);
    const cancel = this.deps.clock.setTimer(at - this.deps.clock.now(), () => {
      this.timers.delete(saleId);
      fn().catch((error: unknown) => this.deps.logger.log('error', 'sale.timer_failed', { saleId, error }));
    });
    this.timers.set(saleId, cancel);
  }

  cancel(saleId: string): void {
    this.timers.get(saleId)?.();
    this.timers.delete(saleId);
  }

  /** Resolves when no sale has an operation in progress. */
  async idle(): Promise<void> {
    while (this.locks.size > 0) await Promise.all([...this.locks.values()]);
  }

  stop(): void {
    this.stopped = true;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
  }
}
