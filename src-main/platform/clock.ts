/**
 * Time as the core sees it. Token refresh (80 % of lifetime), the PROCESSING poll protocol
 * (1 min / 5 polls / 15 min) and catalog freshness all read an injected clock, so tests
 * cover 15 minutes in milliseconds. `FakeClock` fires timers when advanced.
 */
export interface Clock {
  now(): number;
  /** Like setTimeout, on this clock; returns a cancel function. Timers never keep the process alive. */
  setTimer(ms: number, fn: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(ms, fn) {
    const handle = setTimeout(fn, Math.max(0, ms));
    handle.unref?.();
    return () => clearTimeout(handle);
  },
};

interface FakeTimer {
  at: number;
  seq: number;
  fn: () => void;
}

export class FakeClock implements Clock {
  private timers: FakeTimer[] = [];
  private seq = 0;

  constructor(private current = Date.UTC(2026, 10, 25, 6, 0, 0)) {}

  now(): number {
    return this.current;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const timer = { at: this.current + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  /** Moves time forward, firing due timers in order (a timer set by a timer fires too if due). */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = target;
  }

  get pendingTimers(): number {
    return this.timers.length;
  }
}
