/**
 * The sandbox's notion of "now". Everything time-dependent in the emulator (token expiry,
 * PROCESSING outcomes, webhook retries, rate-limit windows, voucher expiry dates) reads
 * this clock, so a test or a training scenario can jump 15 minutes ahead in one call.
 */
export interface Clock {
  /** Milliseconds since the epoch, as the emulated service sees it. */
  now(): number;
}

export class SandboxClock implements Clock {
  private offsetMs = 0;

  constructor(private readonly realNow: () => number = Date.now) {}

  now(): number {
    return this.realNow() + this.offsetMs;
  }

  /** Moves the emulated time forward; time never moves backwards. */
  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('seconds must be a finite number ≥ 0');
    this.offsetMs += Math.round(seconds * 1000);
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
}
