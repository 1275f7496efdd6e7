import { randomBytes } from 'node:crypto';

/** How long a receipt copy's token names it: a print job is sent at once, or not at all. */
export const PRINT_TOKEN_TTL_MS = 5 * 60_000;

/**
 * One-time names for receipt copies handed to the printer (receipt.print → printer.print): the
 * shell says what became of a copy by its token, once, so a page cannot un-count any copy it
 * likes by naming a sale and a number.
 */
export class PrintTokens<T> {
  private readonly issued = new Map<string, { value: T; expiresAt: number }>();

  issue(value: T, now: number): string {
    for (const [token, entry] of this.issued) if (entry.expiresAt <= now) this.issued.delete(token);
    const token = randomBytes(18).toString('base64url');
    this.issued.set(token, { value, expiresAt: now + PRINT_TOKEN_TTL_MS });
    return token;
  }

  /** The value `token` names, spending it; null when unknown, spent or expired. */
  take(token: string, now: number): T | null {
    const entry = this.issued.get(token);
    this.issued.delete(token);
    return entry && entry.expiresAt > now ? entry.value : null;
  }
}
