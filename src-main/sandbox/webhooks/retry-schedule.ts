/**
 * Spec §6 rule 3: a failed delivery is retried up to 14 times, backoff starting near one
 * minute, doubling, capped at six hours, with jitter. So at most 15 attempts in all
 * (the first delivery and 14 retries); after the last the delivery is dead-lettered.
 */
export const MAX_RETRIES = 14;
export const FIRST_BACKOFF_SECS = 60;
export const BACKOFF_CAP_SECS = 6 * 3600;
/** ±20 %: enough to spread a thundering herd, small enough that "about 1 minute" stays true. */
export const JITTER = 0.2;

/** Delay before retry number `retry` (1-based), in ms; `random` in [0, 1). */
export function retryDelayMs(retry: number, random: () => number): number {
  const base = Math.min(FIRST_BACKOFF_SECS * 2 ** (retry - 1), BACKOFF_CAP_SECS);
  const factor = 1 - JITTER + 2 * JITTER * random();
  return Math.round(base * factor * 1000);
}

/** Timeouts, connection errors, 408, 429 and 5xx are retried; any other 4xx is final. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
