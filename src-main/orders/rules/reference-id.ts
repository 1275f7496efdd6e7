/**
 * referenceId: the partner's idempotency key for an order (spec §4.4, §8) — at most 40
 * characters, globally unique, never reusable, consumed even by a failed order. The sandbox
 * also insists on printable ASCII without spaces, and support reads these aloud, so:
 *
 *   POS-<counter>-<time>-<random>      e.g. POS-C01-0MWVCX6O0-7Z1K0P4D   (≤ 29 characters)
 *
 * - counter: the till's code (1–6 of A–Z, 0–9) so support can tell which till sold it;
 * - time: milliseconds since 1970 in base 36, fixed width 9 (good until the year 5188), so
 *   one till's ids sort by time as plain strings — handy in logs and the journal;
 * - random: 8 base-36 characters (≈ 41 bits) from the platform's CSPRNG, so two tills (or
 *   two installs that share a counter code) cannot collide in the same millisecond.
 * Within one process the time part never repeats or goes backwards: a second id in the same
 * millisecond (or after the clock steps back) takes the previous time + 1 ms. Uniqueness
 * therefore does not even rest on the random part there; the stamp can run ahead of the
 * clock only while ids are generated faster than one per millisecond, which a till never does.
 * Upper case only: ASCII orders 0-9 before A-Z, matching base-36 digit order.
 */

export const MAX_REFERENCE_ID_LENGTH = 40;
const COUNTER_CODE = /^[A-Z0-9]{1,6}$/;
const TIME_WIDTH = 9;
const RANDOM_WIDTH = 8;
const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** What the service accepts: 1–40 printable ASCII characters, no spaces. */
export function isValidReferenceId(id: string): boolean {
  return id.length >= 1 && id.length <= MAX_REFERENCE_ID_LENGTH && /^[\x21-\x7e]+$/.test(id);
}

export interface ReferenceIdSources {
  now?: () => number;
  /** Fills the array with random 32-bit values (crypto.getRandomValues). */
  fillRandom?: (values: Uint32Array) => void;
}

export type ReferenceIdGenerator = (counterCode: string) => string;

/** A generator with its own "last time used"; tests inject a clock and randomness. */
export function referenceIdGenerator(sources: ReferenceIdSources = {}): ReferenceIdGenerator {
  const now = sources.now ?? Date.now;
  const fillRandom = sources.fillRandom ?? ((values: Uint32Array) => void globalThis.crypto.getRandomValues(values));
  let last = -1;

  return (counterCode: string): string => {
    if (!COUNTER_CODE.test(counterCode)) {
      throw new RangeError(`Counter code must be 1–6 characters of A–Z and 0–9, got ${JSON.stringify(counterCode)}`);
    }
    last = Math.max(Math.floor(now()), last + 1);
    const time = last.toString(36).toUpperCase().padStart(TIME_WIDTH, '0');
    const values = new Uint32Array(RANDOM_WIDTH);
    fillRandom(values);
    // 2^32 mod 36 = 4, so the modulo bias is below one part in a billion.
    const random = Array.from(values, (v) => DIGITS[v % 36]).join('');
    const id = `POS-${counterCode}-${time}-${random}`;
    if (!isValidReferenceId(id)) throw new RangeError(`Generated referenceId ${id} is not valid`);
    return id;
  };
}

/** The app's generator: real clock, platform CSPRNG. `counterCode` is the prefix after "POS-". */
export const newReferenceId: ReferenceIdGenerator = referenceIdGenerator();
