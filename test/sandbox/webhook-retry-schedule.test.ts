import { describe, expect, it } from 'vitest';
import {
  BACKOFF_CAP_SECS,
  FIRST_BACKOFF_SECS,
  JITTER,
  MAX_RETRIES,
  isRetryableStatus,
  retryDelayMs,
} from '../../src-main/sandbox/webhooks/retry-schedule.js';
import { Wallet } from '../../src-main/sandbox/wallet.js';

const SIX_HOURS_MS = 6 * 3600 * 1000;
/** Base delay (no jitter) of retry 1..14: 1 min doubling, capped at 6 h (spec §6 rule 3). */
const BASE_SECS = [60, 120, 240, 480, 960, 1920, 3840, 7680, 15360, 21600, 21600, 21600, 21600, 21600];
const RETRIES = BASE_SECS.map((base, i) => [i + 1, base] as const);

describe('retry schedule constants (spec §6 rule 3)', () => {
  it('are 14 retries, 60 s first backoff, 6 h cap, ±20 % jitter', () => {
    expect(MAX_RETRIES).toBe(14);
    expect(FIRST_BACKOFF_SECS).toBe(60);
    expect(BACKOFF_CAP_SECS).toBe(21_600);
    expect(JITTER).toBe(0.2);
  });
});

describe('retryDelayMs', () => {
  it.each(RETRIES)('retry %i without jitter (random 0.5) is exactly %i s', (retry, base) => {
    expect(retryDelayMs(retry, () => 0.5)).toBe(base * 1000);
  });

  it.each(RETRIES)('retry %i with random 0 is the lower bound, 80 %% of %i s', (retry, base) => {
    expect(retryDelayMs(retry, () => 0)).toBe(Math.round(base * 0.8 * 1000));
  });

  it.each(RETRIES)('retry %i with random 0.999 is just under the upper bound, 120 %% of %i s', (retry, base) => {
    const delay = retryDelayMs(retry, () => 0.999);
    expect(delay).toBe(Math.round(base * (0.8 + 0.4 * 0.999) * 1000));
    expect(delay).toBeLessThan(base * 1.2 * 1000);
    expect(delay).toBeGreaterThan(base * 1.19 * 1000);
  });

  it('doubles from one retry to the next until the cap', () => {
    for (let retry = 2; retry <= 9; retry++) {
      expect(retryDelayMs(retry, () => 0.5)).toBe(2 * retryDelayMs(retry - 1, () => 0.5));
    }
    // Retry 10 would be 30720 s uncapped; the cap holds it at six hours from there on.
    expect(60 * 2 ** 9).toBeGreaterThan(BACKOFF_CAP_SECS);
    for (let retry = 10; retry <= 14; retry++) expect(retryDelayMs(retry, () => 0.5)).toBe(SIX_HOURS_MS);
  });

  it('starts near one minute whatever the jitter', () => {
    for (const r of [0, 0.25, 0.5, 0.75, 0.999]) {
      const delay = retryDelayMs(1, () => r);
      expect(delay).toBeGreaterThanOrEqual(48_000);
      expect(delay).toBeLessThan(72_000);
    }
  });

  it('stays within ±20 % of the capped base for any random value (Math.random sample)', () => {
    for (let i = 0; i < 500; i++) {
      const retry = 1 + (i % 14);
      const base = BASE_SECS[retry - 1]! * 1000;
      const delay = retryDelayMs(retry, Math.random);
      expect(Number.isInteger(delay)).toBe(true);
      expect(delay).toBeGreaterThanOrEqual(Math.round(base * 0.8));
      expect(delay).toBeLessThanOrEqual(Math.round(base * 1.2));
    }
  });

  it('calls random once per delay, so a seeded source gives a reproducible schedule', () => {
    const values = [0.1, 0.9, 0.3];
    let calls = 0;
    const seq = (): number => values[calls++ % values.length]!;
    expect(retryDelayMs(1, seq)).toBe(Math.round(60 * (0.8 + 0.4 * 0.1) * 1000));
    expect(retryDelayMs(2, seq)).toBe(Math.round(120 * (0.8 + 0.4 * 0.9) * 1000));
    expect(retryDelayMs(3, seq)).toBe(Math.round(240 * (0.8 + 0.4 * 0.3) * 1000));
    expect(calls).toBe(3);
  });

  it('the whole 14-retry chain fits well inside three days even at maximum jitter', () => {
    const total = RETRIES.reduce((acc, [retry]) => acc + retryDelayMs(retry, () => 0.999), 0);
    expect(total).toBeLessThan(3 * 86_400_000);
    expect(RETRIES.reduce((acc, [retry]) => acc + retryDelayMs(retry, () => 0.5), 0)).toBe(138_660_000);
  });
});

describe('isRetryableStatus', () => {
  it.each([408, 429, 500, 501, 502, 503, 504, 520, 599])('%i is retried', (status) => {
    expect(isRetryableStatus(status)).toBe(true);
  });

  it.each([400, 401, 403, 404, 405, 409, 410, 413, 415, 422, 451, 499])('%i is final (any other 4xx)', (status) => {
    expect(isRetryableStatus(status)).toBe(false);
  });
});

describe('Wallet low-balance edge triggering', () => {
  const RUPEE = 100;

  function makeWallet(balance: number, threshold: number): {
    wallet: Wallet;
    events: { balance: number; threshold: number }[];
    clock: { t: number; now: () => number };
  } {
    const clock = { t: Date.UTC(2026, 0, 1), now: () => clock.t };
    const events: { balance: number; threshold: number }[] = [];
    const wallet = new Wallet(clock, balance * RUPEE, threshold * RUPEE, (b, t) => events.push({ balance: b / RUPEE, threshold: t / RUPEE }));
    return { wallet, events, clock };
  }

  it('fires once when a debit crosses below the threshold, not again while it stays below', () => {
    const { wallet, events } = makeWallet(12_000, 10_000);
    expect(wallet.debit('o1', 1_000 * RUPEE)).toBe(true);
    expect(events).toEqual([]);
    expect(wallet.debit('o2', 1_500 * RUPEE)).toBe(true);
    expect(events).toEqual([{ balance: 9_500, threshold: 10_000 }]);
    wallet.debit('o3', 500 * RUPEE);
    wallet.debit('o4', 100 * RUPEE);
    expect(events).toHaveLength(1);
    expect(wallet.balancePaise).toBe(8_900 * RUPEE);
  });

  it('a balance exactly at the threshold is not low', () => {
    const { wallet, events } = makeWallet(10_500, 10_000);
    wallet.debit('o1', 500 * RUPEE);
    expect(wallet.balancePaise).toBe(10_000 * RUPEE);
    expect(events).toEqual([]);
    wallet.debit('o2', 0.01 * RUPEE);
    expect(events).toEqual([{ balance: 9_999.99, threshold: 10_000 }]);
  });

  it('re-arms when the balance is back at or above the threshold (set or reversal) and fires on the next crossing', () => {
    const { wallet, events } = makeWallet(10_100, 10_000);
    wallet.debit('o1', 200 * RUPEE);
    expect(events).toHaveLength(1);
    wallet.set(20_000 * RUPEE);
    expect(events).toHaveLength(1);
    wallet.debit('o2', 10_500 * RUPEE);
    expect(events).toEqual([
      { balance: 9_900, threshold: 10_000 },
      { balance: 9_500, threshold: 10_000 },
    ]);
    wallet.reverse('o2', 500 * RUPEE); // back to exactly the threshold: re-armed
    expect(events).toHaveLength(2);
    wallet.debit('o3', 1 * RUPEE);
    expect(events).toHaveLength(3);
    expect(events[2]).toEqual({ balance: 9_999, threshold: 10_000 });
  });

  it('a reversal that leaves the balance below does not fire again', () => {
    const { wallet, events } = makeWallet(10_000, 10_000);
    wallet.debit('o1', 3_000 * RUPEE);
    wallet.reverse('o1', 1_000 * RUPEE);
    expect(wallet.balancePaise).toBe(8_000 * RUPEE);
    expect(events).toHaveLength(1);
  });

  it('a refused debit moves nothing and fires nothing', () => {
    const { wallet, events } = makeWallet(10_500, 10_000);
    expect(wallet.debit('o1', 20_000 * RUPEE)).toBe(false);
    expect(wallet.balancePaise).toBe(10_500 * RUPEE);
    expect(wallet.ledger).toEqual([]);
    expect(events).toEqual([]);
  });

  it('a wallet that starts below the threshold has not crossed it: no event until it goes above and falls again', () => {
    const { wallet, events } = makeWallet(5_000, 10_000);
    wallet.debit('o1', 100 * RUPEE);
    expect(events).toEqual([]);
    wallet.set(15_000 * RUPEE);
    wallet.debit('o2', 6_000 * RUPEE);
    expect(events).toEqual([{ balance: 9_000, threshold: 10_000 }]);
  });

  it('setting the balance below the threshold counts as falling below', () => {
    const { wallet, events } = makeWallet(50_000, 10_000);
    wallet.set(2_000 * RUPEE);
    expect(events).toEqual([{ balance: 2_000, threshold: 10_000 }]);
  });

  it('raising the threshold above the balance fires; lowering it below re-arms', () => {
    const { wallet, events } = makeWallet(8_000, 5_000);
    wallet.setThreshold(9_000 * RUPEE);
    expect(events).toEqual([{ balance: 8_000, threshold: 9_000 }]);
    wallet.setThreshold(9_500 * RUPEE);
    expect(events).toHaveLength(1);
    wallet.setThreshold(1_000 * RUPEE);
    wallet.debit('o1', 7_500 * RUPEE);
    expect(events).toEqual([
      { balance: 8_000, threshold: 9_000 },
      { balance: 500, threshold: 1_000 },
    ]);
  });

  it('records every movement in the ledger with the (fake) clock time', () => {
    const { wallet, clock } = makeWallet(12_000, 10_000);
    const t0 = clock.t;
    wallet.debit('o1', 2_500 * RUPEE);
    clock.t += 60_000;
    wallet.reverse('o1', 2_500 * RUPEE);
    clock.t += 60_000;
    wallet.set(30_000 * RUPEE);
    expect(wallet.ledger).toEqual([
      { at: t0, kind: 'debit', amountPaise: 2_500 * RUPEE, orderId: 'o1', balanceAfterPaise: 9_500 * RUPEE },
      { at: t0 + 60_000, kind: 'reversal', amountPaise: 2_500 * RUPEE, orderId: 'o1', balanceAfterPaise: 12_000 * RUPEE },
      { at: t0 + 120_000, kind: 'set', amountPaise: 18_000 * RUPEE, orderId: null, balanceAfterPaise: 30_000 * RUPEE },
    ]);
  });
});
