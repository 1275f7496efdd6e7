import { z } from 'zod';

/**
 * Partner-wide and per-brand order limits (spec §8): amount (total value) and count
 * (number of orders) over rolling hourly, daily and monthly windows of sandbox time.
 * The spec does not give the numbers, so every limit is off (null) unless configured.
 * A breach is a business failure inside the order result (FAILED, 'Rate limit exceeded'),
 * not an HTTP 429.
 */
const windowSchema = z.strictObject({
  hourly: z.number().positive().nullable().optional(),
  daily: z.number().positive().nullable().optional(),
  monthly: z.number().positive().nullable().optional(),
});
const levelSchema = z.strictObject({ amount: windowSchema.optional(), count: windowSchema.optional() });

export const rateLimitConfigSchema = z.strictObject({
  partner: levelSchema.optional(),
  /** Per brand id; the key `*` applies to every brand without its own entry. */
  brands: z.record(z.string(), levelSchema).optional(),
});

export type RateLimitConfig = z.infer<typeof rateLimitConfigSchema>;
type Level = z.infer<typeof levelSchema>;

const WINDOWS = [
  ['hourly', 3600],
  ['daily', 86_400],
  ['monthly', 30 * 86_400],
] as const;

interface Usage {
  at: number;
  productId: string;
  amountPaise: number;
}

export const RATE_LIMIT_REASON = 'Rate limit exceeded';

export class RateLimiter {
  private usage: Usage[] = [];

  constructor(public config: RateLimitConfig = {}) {}

  /** Describes the first limit this order would breach, or null when it fits. */
  breach(now: number, productId: string, amountPaise: number): string | null {
    this.usage = this.usage.filter((u) => now - u.at < 30 * 86_400_000);
    const brandLevel = this.config.brands?.[productId] ?? this.config.brands?.['*'];
    return (
      this.check('partner', this.config.partner, this.usage, now, amountPaise) ??
      this.check('brand', brandLevel, this.usage.filter((u) => u.productId === productId), now, amountPaise)
    );
  }

  record(now: number, productId: string, amountPaise: number): void {
    this.usage.push({ at: now, productId, amountPaise });
  }

  private check(name: string, level: Level | undefined, usage: Usage[], now: number, amountPaise: number): string | null {
    if (!level) return null;
    for (const [window, secs] of WINDOWS) {
      const inWindow = usage.filter((u) => now - u.at < secs * 1000);
      const countLimit = level.count?.[window];
      if (countLimit != null && inWindow.length + 1 > countLimit) return `${name} ${window} count limit ${countLimit}`;
      const amountLimit = level.amount?.[window];
      const spent = inWindow.reduce((acc, u) => acc + u.amountPaise, 0);
      if (amountLimit != null && spent + amountPaise > Math.round(amountLimit * 100)) {
        return `${name} ${window} amount limit ${amountLimit}`;
      }
    }
    return null;
  }
}
